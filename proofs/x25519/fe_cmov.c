/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * x25519/fe51.h, fe_cmov: the masked selection of the ladder: with a zero
 * mask r is unchanged, with an all-ones mask it becomes b, for every
 * aliasing.
 * @enforce fe_cmov
 * @check unsigned-overflow
 * @unwind fe_cmov.0:6
 */
#include "harness.h"
#include "x25519/fe51.h"

void harness(void) {
  fe x, y, z;
  fe *r = &x;
  const fe *b = pick(&x, &y, &z);
  uint64_t mask;
  fe_cmov(r, b, mask);
}
