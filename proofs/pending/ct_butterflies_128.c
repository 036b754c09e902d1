/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * backend/portable/ntt.c, ct_butterflies for half-blocks of 128 coefficients
 * (ntt_layer): by induction over the pairs (its loop contract), every output
 * within the layer's bound for every input within the bound before it.
 * @enforce ct_butterflies
 * @replace mlkem_fqmul
 * @loops
 * @solver sat
 * @check conversion
 */
#include "backend/portable/ntt.c"

void harness(void) {
  int16_t r[MLKEM_N], zeta;
  ct_butterflies(r, r + 128, 128, zeta);
}
