/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * x25519/fe51.h, fe_cswap: the masked swap: with a zero mask nothing changes,
 * with an all-ones mask a and b are exchanged, for every aliasing.
 * @enforce fe_cswap
 * @check unsigned-overflow
 * @unwind fe_cswap.0:6
 */
#include "harness.h"
#include "x25519/fe51.h"

void harness(void) {
  fe x, y, z;
  fe *a = &x;
  fe *b = pick(&x, &y, &z);
  uint64_t mask;
  fe_cswap(a, b, mask);
}
