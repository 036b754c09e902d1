/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * backend/portable/ntt.c, mlkem_portable_invntt: the inverse NTT
 * (MLKEM_OP_INVNTT's contract): from |x| < q, the layers' bounds chain through
 * the Barrett pass to 8 (q-1)/2 and the last scaling below q. The layers are
 * replaced by their contracts (LAYER_CONTRACT; their harnesses are still in
 * proofs/pending, docs/PROOFS.md), the Barrett pass and the scaling by
 * theirs (barrett_reduce_all.c, invntt_scale.c).
 * @enforce mlkem_portable_invntt
 * @replace invntt_layer invntt_layer_z barrett_reduce_all invntt_scale
 * @solver z3
 * @check conversion
 */
#include "backend/portable/ntt.c"

void harness(void) {
  mlkem_poly p;
  mlkem_portable_invntt(&p);
}
