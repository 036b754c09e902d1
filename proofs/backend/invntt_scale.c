/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * backend/portable/ntt.c, invntt_scale: the last step of the inverse
 * NTT, the scaling by 128^-1: every coefficient below q.
 * @enforce invntt_scale
 * @replace mlkem_fqmul
 * @loops
 * @solver z3
 * @check conversion
 */
#include "backend/portable/ntt.c"

void harness(void) {
  int16_t r[256];
  invntt_scale(r);
}
