/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * backend/portable/ntt.c, ntt_layer_z for half-blocks of 4 coefficients
 * (mlkem_portable_ntt): by induction over the blocks (its loop contract),
 * ct_butterflies_z replaced by its contract, every zeta read within its table.
 * @enforce ntt_layer_z
 * @replace ct_butterflies_z
 * @loops
 * @solver sat
 * @check conversion
 */
#include "backend/portable/ntt.c"

void harness(void) {
  int16_t r[MLKEM_N];
  ntt_layer_z(r, 4, zetas_len4);
}
