/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ML-KEM.Decaps with the hash check of FIPS 203 sec. 7.3 (fips203/kem.c,
 * kem_decaps), per parameter set: for every ss, ct and dk (buffers here;
 * a NULL one: kem_decaps_null.c), every backend (none or the portable one:
 * mlkem_backend_get's contract) and every result of the hash check, the result
 * is MLKEM_OK or one of the documented errors (a NULL argument, no backend,
 * MLKEM_ERR_INVALID_DK), and on every error ss is all zero; no access
 * outside ss, ct, dk and the stack; the job list is long enough for every
 * job appended (symmetric.h's assertion), the re-encryption's samples
 * meet what encrypt_finish requires. Real code: the job list
 * (mlkem_kpke_encrypt_jobs, mlkem_matrix_jobs, the noise jobs). Replaced
 * by their contracts (kpke.c linked for theirs): K-PKE.Decrypt
 * (proofs/fips203/kpke_decrypt.c), encrypt_finish (kpke_encrypt_finish.c),
 * mlkem_kem_decaps_select (kem_decaps_select.c), mlkem_backend_get
 * (assumed),
 * mlkem_ct_memneq
 * (ct.h: 0 or 0xFF, assumed) and mlkem_zeroize. The scheduler
 * (mlkem_hash_run) is the stub below, with this stated contract: every
 * job without a sink writes any value into its outlen bytes of out, and
 * every matrix entry's job leaves its polynomial complete with every
 * coefficient in [0, q) (rej_uniform's contract once ctr reaches 256).
 * @enforce mlkem_k{K}_kem_decaps
 * @replace mlkem_k{K}_kpke_decrypt mlkem_k{K}_kpke_encrypt_finish
 * @replace mlkem_k{K}_kem_decaps_select mlkem_backend_get
 * @replace mlkem_ct_memneq mlkem_zeroize
 * @unwind mlkem_matrix_jobs.0:5 mlkem_matrix_row_jobs.0:5
 * @unwind mlkem_k{K}_kpke_noise_jobs.0-1:5 mlkem_hash_run.0:33
 * @source src/fips203/sample.c src/fips203/kpke_schedule.c
 * @source src/fips203/kpke.c
 * @sets 2 3 4
 * @flags --object-bits 10
 * @solver z3
 */
#include "fips203/kem.c"

#include "frontend.h"

const uint8_t mlkem_prf_nonces[16];

void mlkem_hash_run(const mlkem_backend *be, const mlkem_sponge_job *jobs,
                    unsigned njobs) {
  unsigned j;
  (void)be;
  for (j = 0; j < njobs; j++) {
    if (jobs[j].sink == NULL) {
      __CPROVER_assert(__CPROVER_w_ok(jobs[j].out, jobs[j].outlen),
                       "a job's output is writable");
      __CPROVER_havoc_slice(jobs[j].out, jobs[j].outlen);
    } else {
      mlkem_matrix_entry *e = jobs[j].sink_arg;
      __CPROVER_havoc_slice(e->out, sizeof *e->out);
      __CPROVER_assume(all_within(e->out->coeffs, 0, MLKEM_N, 0, MLKEM_Q - 1));
      e->ctr = MLKEM_N;
    }
  }
}

void harness(void) {
  uint8_t ss[MLKEM_SS_BYTES], ct[MLKEM_CT_BYTES_K], dk[MLKEM_DK_BYTES_K];
  (void)MLKEM_NS(kem_decaps)(ss, ct, dk);
}
