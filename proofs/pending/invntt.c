/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * backend/portable/ntt.c, mlkem_portable_invntt: the inverse NTT
 * (MLKEM_OP_INVNTT's contract): from |x| < q, the layers' bounds chain through
 * the Barrett pass to 8 (q-1)/2 and the last scaling below q.
 * @enforce mlkem_portable_invntt
 * @replace invntt_layer invntt_layer_z barrett_reduce_all mlkem_fqmul
 * @unwind mlkem_portable_invntt.0:257
 * @solver sat
 * @check conversion
 */
#include "backend/portable/ntt.c"

void harness(void) {
  mlkem_poly p;
  mlkem_portable_invntt(&p);
}
