/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * x25519/fe51.h, fe_mul: the product of two loose elements: no 128-bit column
 * overflows (each below 2^114.58, what fe51_reduce takes), the result tight.
 * @enforce fe_mul
 * @replace fe51_reduce
 * @check unsigned-overflow
 */
#include "harness.h"
#include "x25519/fe51.h"

void harness(void) {
  fe x, y, z;
  fe *r = either(&x, &y);
  fe *a = &x;
  fe *b = pick(&x, &y, &z);
  fe_mul(r, a, b);
}
