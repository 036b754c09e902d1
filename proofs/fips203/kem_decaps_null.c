/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * kem_decaps (fips203/kem.c) with ss, ct or dk NULL (any of them, any
 * combination): its contract's other cases (kem_decaps.c), proven apart:
 * MLKEM_ERR_NULL_ARGUMENT, and ss all zero when it is given; nothing else
 * written. Replaced as in kem_decaps.c.
 * @enforce mlkem_k{K}_kem_decaps
 * @replace mlkem_k{K}_kpke_decrypt mlkem_k{K}_kpke_encrypt_finish
 * @replace mlkem_k{K}_kem_decaps_select mlkem_backend_get
 * @replace mlkem_ct_memneq mlkem_zeroize
 * @source src/fips203/kpke.c
 * @sets 2 3 4
 * @solver z3
 */
#include "fips203/kem.c"

#include "frontend.h"

void mlkem_hash_run(const mlkem_backend *be, const mlkem_sponge_job *jobs,
                    unsigned njobs) {
  (void)be;
  (void)jobs;
  (void)njobs;
  __CPROVER_assert(0, "not reached with a NULL argument");
}

void harness(void) {
  uint8_t ssb[MLKEM_SS_BYTES], ctb[MLKEM_CT_BYTES_K], dkb[MLKEM_DK_BYTES_K];
  _Bool s, c, d;
  __CPROVER_assume(!s || !c || !d);
  (void)MLKEM_NS(kem_decaps)(s ? ssb : NULL, c ? ctb : NULL, d ? dkb : NULL);
}
