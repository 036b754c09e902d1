/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * backend/portable/ntt.c, ntt_layer: a layer of the forward NTT with one zeta
 * per block (half-blocks of 128, 64 or 32): every block's butterflies within
 * the layer's bounds, every zeta read from the table.
 * @enforce ntt_layer
 * @replace mlkem_fqmul
 * @unwind ntt_layer.0:5 ct_butterflies.0:129
 * @solver sat
 * @check conversion
 */
#include "backend/portable/ntt.c"

void harness(void) {
  int16_t r[256];
  unsigned len, k0;
  ntt_layer(r, len, k0);
}
