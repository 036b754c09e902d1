/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * backend/portable/ntt.c, invntt_layer for half-blocks of 32 coefficients
 * (mlkem_portable_invntt): its blocks unwound (at most 4; its loop contract
 * took over 240 s for len = 128), gs_butterflies replaced by its contract,
 * every zeta read within mlkem_zetas.
 * @enforce invntt_layer
 * @replace gs_butterflies
 * @unwind invntt_layer.0:5
 * @solver sat
 * @check conversion
 */
#include "backend/portable/ntt.c"

void harness(void) {
  int16_t r[MLKEM_N];
  invntt_layer(r, 32, 4);
}
