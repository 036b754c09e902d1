/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * backend/portable/ntt.c, mlkem_portable_ntt: the forward NTT (MLKEM_OP_NTT's
 * contract, backend/backend.h): from |x| <= q, the seven layers' bounds chain
 * to |x| < 8q; every zeta table within (q-1)/2. The layers are replaced by
 * their contracts (LAYER_CONTRACT), whose own harnesses are still in
 * proofs/pending (docs/PROOFS.md). z3: 26 s near a load of 0, where CBMC's
 * SAT back-end took 60 s (5.5 million clauses).
 * @enforce mlkem_portable_ntt
 * @replace ntt_layer ntt_layer_z
 * @solver z3
 * @check conversion
 */
#include "backend/portable/ntt.c"

void harness(void) {
  mlkem_poly p;
  mlkem_portable_ntt(&p);
}
