/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * x25519/fe51.h, fe_carry: one carry pass over limbs below 2^63: no overflow,
 * the result tight.
 * @enforce fe_carry
 * @check unsigned-overflow
 */
#include "harness.h"
#include "x25519/fe51.h"

void harness(void) {
  fe x, y;
  fe *r = either(&x, &y);
  fe_carry(r);
}
