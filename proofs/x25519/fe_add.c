/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * x25519/fe51.h, fe_add: limb by limb a + b without overflow, for every
 * aliasing of r, a and b (the sum stated exactly: the ladder derives its bounds
 * from it).
 * @enforce fe_add
 * @check unsigned-overflow
 * @unwind fe_add.0:6
 */
#include "harness.h"
#include "x25519/fe51.h"

void harness(void) {
  fe x, y, z;
  fe *r = either(&x, &y);
  fe *a = &x;
  fe *b = pick(&x, &y, &z);
  fe_add(r, a, b);
}
