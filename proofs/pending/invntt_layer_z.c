/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * backend/portable/ntt.c, invntt_layer_z: a layer of the inverse NTT with a
 * zeta per coefficient (half-blocks of 2 to 16).
 * @enforce invntt_layer_z
 * @replace mlkem_fqmul
 * @unwind invntt_layer_z.0:65 gs_butterflies_z.0:17
 * @solver sat
 * @check conversion
 */
#include "backend/portable/ntt.c"

void harness(void) {
  int16_t r[256], z[128];
  unsigned len;
  invntt_layer_z(r, len, z);
}
