/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * x25519/fe51.h, fe_sub: limb by limb a + 2p - b without wrapping below zero,
 * for a tight b and a below 2^54 - 2^52, every aliasing (stated exactly).
 * @enforce fe_sub
 * @check unsigned-overflow
 */
#include "harness.h"
#include "x25519/fe51.h"

void harness(void) {
  fe x, y, z;
  fe *r = either(&x, &y);
  fe *a = &x;
  fe *b = pick(&x, &y, &z);
  fe_sub(r, a, b);
}
