/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * x25519/fe51.h, fe_sq: the square of a loose element: no 128-bit column
 * overflows, the result tight.
 * @enforce fe_sq
 * @replace fe51_reduce
 * @check unsigned-overflow
 */
#include "harness.h"
#include "x25519/fe51.h"

void harness(void) {
  fe x, y;
  fe *r = either(&x, &y);
  fe *a = &x;
  fe_sq(r, a);
}
