/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * backend/portable/ntt.c, ntt_layer_z: a layer of the forward NTT with a zeta
 * per coefficient (half-blocks of 16 to 2).
 * @enforce ntt_layer_z
 * @replace mlkem_fqmul
 * @unwind ntt_layer_z.0:65 ct_butterflies_z.0:17
 * @solver sat
 * @check conversion
 */
#include "backend/portable/ntt.c"

void harness(void) {
  int16_t r[256], z[128];
  unsigned len;
  ntt_layer_z(r, len, z);
}
