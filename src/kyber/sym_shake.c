/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * sym_shake.c - the symmetric functions of Kyber round 3's SHAKE variant,
 * the suite mlkem_kyber_shake (kyber_suite.h): FIPS 203's functions but
 * G, which hashes the seed d without the rank byte in K-PKE.KeyGen step 1.
 * Its K-PKE runs on FIPS 203's schedule (kpke_schedule.c), H(pk) streamed
 * as pk is written; encapsulation and decapsulation put H(pk), G and
 * K-PKE.Encrypt's samples (and H(c) in decapsulation) in one list, as
 * ML-KEM does. Compiled per parameter set (level.h).
 */
#include "fips203/level.h"

#include "fips203/kpke_internal.h"
#include "fips203/symmetric.h"
#include "kyber/kyber_suite.h"

/* K-PKE.KeyGen step 1 in round 3: (rho, sigma) = G(d). */
static void shake_g(const mlkem_backend *be,
                    uint8_t rho_sigma[2 * MLKEM_SYMBYTES],
                    const uint8_t d[MLKEM_SYMBYTES]) {
  mlkem_sponge_job g = mlkem_job_g(d, MLKEM_SYMBYTES, rho_sigma);
  mlkem_hash_run(be, &g, 1);
}

static const mlkem_kpke_suite shake_kpke = {
    shake_g,
    mlkem_kpke_keygen_schedule,
    mlkem_kpke_sample_encrypt,
    mlkem_kpke_matrix_entry,
    mlkem_kpke_prf,
};

static void shake_keygen(const mlkem_backend *be, uint8_t *pk, uint8_t *dkpke,
                         const uint8_t d[MLKEM_SYMBYTES],
                         uint8_t h[MLKEM_SYMBYTES]) {
  mlkem_kpke_keygen_h(be, pk, dkpke, d, h, NULL, &shake_kpke);
}

static void shake_h(const mlkem_backend *be, uint8_t out[MLKEM_SYMBYTES],
                    const uint8_t *in, size_t len) {
  mlkem_sponge_job job = mlkem_job_h(in, len, out);
  mlkem_hash_run(be, &job, 1);
}

/* KDF = SHAKE256 to 32 bytes: FIPS 203's J. */
static void shake_kdf(const mlkem_backend *be, uint8_t out[MLKEM_SYMBYTES],
                      const uint8_t in[2 * MLKEM_SYMBYTES]) {
  mlkem_sponge_job job = mlkem_job_j(in, 2 * MLKEM_SYMBYTES, NULL, 0, out);
  mlkem_hash_run(be, &job, 1);
}

/* One list: H(pk), G after it, the noise after G. */
static void shake_encaps_hashes(const mlkem_backend *be,
                                mlkem_kpke_encrypt_samples *es,
                                const uint8_t *pk,
                                uint8_t in[2 * MLKEM_SYMBYTES],
                                uint8_t kr[2 * MLKEM_SYMBYTES]) {
  mlkem_sponge_job jobs[2 + MLKEM_KPKE_ENCRYPT_JOBS];
  mlkem_job_list list = {jobs, 0, 2 + MLKEM_KPKE_ENCRYPT_JOBS};
  mlkem_sponge_job g = mlkem_job_g(in, 2 * MLKEM_SYMBYTES, kr);
  int g_job;
  g.after = (int8_t)mlkem_jobs_add(
      &list, mlkem_job_h(pk, MLKEM_EK_BYTES_K, in + MLKEM_SYMBYTES));
  g_job = mlkem_jobs_add(&list, g);
  mlkem_kpke_encrypt_jobs(be, es, &list, pk, kr + MLKEM_SYMBYTES, g_job);
  mlkem_hash_run(be, list.job, list.n);
}

/* One list: H(pk) and H(c) ahead, G, the noise after G. */
static void shake_decaps_hashes(const mlkem_backend *be,
                                mlkem_kpke_encrypt_samples *es,
                                const uint8_t *pk, const uint8_t *c,
                                const uint8_t in[2 * MLKEM_SYMBYTES],
                                uint8_t kr[2 * MLKEM_SYMBYTES],
                                uint8_t h[MLKEM_SYMBYTES],
                                uint8_t hc[MLKEM_SYMBYTES]) {
  mlkem_sponge_job jobs[3 + MLKEM_KPKE_ENCRYPT_JOBS];
  mlkem_job_list list = {jobs, 0, 3 + MLKEM_KPKE_ENCRYPT_JOBS};
  int g_job;
  mlkem_jobs_add(&list, mlkem_job_h(pk, MLKEM_EK_BYTES_K, h));
  mlkem_jobs_add(&list, mlkem_job_h(c, MLKEM_CT_BYTES_K, hc));
  g_job = mlkem_jobs_add(&list, mlkem_job_g(in, 2 * MLKEM_SYMBYTES, kr));
  mlkem_kpke_encrypt_jobs(be, es, &list, pk, kr + MLKEM_SYMBYTES, g_job);
  mlkem_hash_run(be, list.job, list.n);
}

const mlkem_kyber_suite mlkem_kyber_shake = {
    shake_keygen, shake_h, shake_kdf, shake_encaps_hashes, shake_decaps_hashes,
};
