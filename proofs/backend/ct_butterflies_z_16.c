/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * backend/portable/ntt.c, ct_butterflies_z for half-blocks of 16 coefficients
 * (ntt_layer_z): by induction over the pairs (its loop contract), every output
 * within the layer's bound for every input within the bound before it.
 * @enforce ct_butterflies_z
 * @replace mlkem_fqmul
 * @loops
 * @solver sat
 * @check conversion
 */
#include "backend/portable/ntt.c"

void harness(void) {
  int16_t r[32], z[16];
  ct_butterflies_z(r, r + 16, 16, z);
}
