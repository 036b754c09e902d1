/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * x25519/fe51.h, fe_set_small: a small constant as an element (tight).
 * @enforce fe_set_small
 * @check unsigned-overflow
 */
#include "harness.h"
#include "x25519/fe51.h"

void harness(void) {
  fe x, y;
  fe *r = either(&x, &y);
  uint64_t c;
  fe_set_small(r, c);
}
