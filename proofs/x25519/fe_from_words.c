/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * x25519/fe51.h, fe_from_words: 256 bits into five limbs below 2^51.
 * @enforce fe_from_words
 * @check unsigned-overflow
 */
#include "harness.h"
#include "x25519/fe51.h"

void harness(void) {
  fe x, y;
  fe *r = either(&x, &y);
  uint64_t w[4];
  fe_from_words(r, w);
}
