/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * backend/portable/ntt.c, invntt_layer for half-blocks of 128 coefficients
 * (mlkem_portable_invntt): by induction over the blocks (its loop contract),
 * gs_butterflies replaced by its contract, every zeta read within mlkem_zetas.
 * @enforce invntt_layer
 * @replace gs_butterflies
 * @loops
 * @solver sat
 * @check conversion
 */
#include "backend/portable/ntt.c"

void harness(void) {
  int16_t r[MLKEM_N];
  invntt_layer(r, 128, 1);
}
