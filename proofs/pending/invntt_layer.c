/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * backend/portable/ntt.c, invntt_layer: a layer of the inverse NTT with one
 * zeta per block (half-blocks of 32 to 128).
 * @enforce invntt_layer
 * @replace mlkem_fqmul
 * @unwind invntt_layer.0:5 gs_butterflies.0:129
 * @solver sat
 * @check conversion
 */
#include "backend/portable/ntt.c"

void harness(void) {
  int16_t r[256];
  unsigned len, k0;
  invntt_layer(r, len, k0);
}
