/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * x25519/fe51.h, fe_to_words: the canonical encoding of an element with limbs
 * below 2^63: no overflow in its carries, bit 255 clear.
 * @enforce fe_to_words
 * @replace fe_carry
 * @check unsigned-overflow
 */
#include "harness.h"
#include "x25519/fe51.h"

void harness(void) {
  fe x, y;
  fe *f = &x;
  uint64_t w[4];
  fe_to_words(w, f);
}
