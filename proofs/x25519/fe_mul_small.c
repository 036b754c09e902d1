/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * x25519/fe51.h, fe_mul_small: a loose element times a constant below 2^17 (the
 * ladder's a24): no overflow, the result tight.
 * @enforce fe_mul_small
 * @replace fe51_reduce
 * @check unsigned-overflow
 */
#include "harness.h"
#include "x25519/fe51.h"

void harness(void) {
  fe x, y;
  fe *r = either(&x, &y);
  fe *a = &x;
  uint32_t c;
  fe_mul_small(r, a, c);
}
