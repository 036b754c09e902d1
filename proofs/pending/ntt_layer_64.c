/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * backend/portable/ntt.c, ntt_layer for half-blocks of 64 coefficients
 * (mlkem_portable_ntt): by induction over the blocks (its loop contract),
 * ct_butterflies replaced by its contract, every zeta read within mlkem_zetas.
 * @enforce ntt_layer
 * @replace ct_butterflies
 * @loops
 * @solver sat
 * @check conversion
 */
#include "backend/portable/ntt.c"

void harness(void) {
  int16_t r[MLKEM_N];
  ntt_layer(r, 64, 2);
}
