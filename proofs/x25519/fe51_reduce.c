/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * x25519/fe51.h, fe51_reduce: the carries of five 128-bit columns below
 * 2^114.58: every carry fits 64 bits (no truncation of a 128-bit value), the
 * result tight.
 * @enforce fe51_reduce
 * @check unsigned-overflow
 */
#include "harness.h"
#include "x25519/fe51.h"

void harness(void) {
  fe x, y;
  fe *r = either(&x, &y);
  mlkem_u128 c0, c1, c2, c3, c4;
  fe51_reduce(r, c0, c1, c2, c3, c4);
}
