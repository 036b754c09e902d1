/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * backend/portable/ntt.c, gs_butterflies for half-blocks of 32 coefficients
 * (invntt_layer): by induction over the pairs (its loop contract), every output
 * within the layer's bound for every input within the bound before it.
 * @enforce gs_butterflies
 * @replace mlkem_fqmul
 * @loops
 * @solver sat
 * @check conversion
 */
#include "backend/portable/ntt.c"

void harness(void) {
  int16_t r[MLKEM_N], zeta;
  gs_butterflies(r, r + 32, 32, zeta);
}
