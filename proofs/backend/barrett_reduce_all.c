/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * backend/portable/ntt.c, barrett_reduce_all: the Barrett pass of the inverse
 * NTT: every coefficient centered.
 * @enforce barrett_reduce_all
 * @replace mlkem_barrett_reduce
 * @loops
 * @solver z3
 * @check conversion
 */
#include "backend/portable/ntt.c"

void harness(void) {
  int16_t r[256];
  barrett_reduce_all(r);
}
