/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * backend/portable/ntt.c, invntt_layer_z for half-blocks of 2 coefficients
 * (mlkem_portable_invntt): by induction over the blocks (its loop contract),
 * gs_butterflies_z replaced by its contract, every zeta read within its table.
 * @enforce invntt_layer_z
 * @replace gs_butterflies_z
 * @loops
 * @solver sat
 * @check conversion
 */
#include "backend/portable/ntt.c"

void harness(void) {
  int16_t r[MLKEM_N];
  invntt_layer_z(r, 2, izetas_len2);
}
