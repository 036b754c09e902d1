/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * kpke_internal.h - K-PKE inside the library: as ML-KEM (kem.c) and
 * round-3 Kyber (kyber/kyber_kem.c) run it, on the symmetric functions
 * their caller chooses; key generation that also hashes ek, and
 * K-PKE.Encrypt split in two around the caller's own hashes, so that
 * encapsulation and decapsulation run every hash of the operation in one
 * list (docs/ARCHITECTURE.md).
 *
 * Compiled per parameter set, like kpke.c and kem.c (level.h): the types
 * are sized by MLKEM_K, and the functions are mlkem_k<k>_kpke_...
 */
#ifndef MLKEM_KPKE_INTERNAL_H
#define MLKEM_KPKE_INTERNAL_H

#include "fips203/level.h"

#include <stdint.h>

#include "backend/backend.h"
#include "fips203/kpke.h"
#include "fips203/params.h"
#include "fips203/sample.h"
#include "fips203/symmetric.h"

/* The variables of K-PKE.KeyGen that its steps (kpke.c) share with the
 * schedule that runs them (a suite's keygen_schedule, below). t-hat and
 * e-hat are held one row at a time: row i of t-hat goes into ek as it is
 * computed. A-hat is the schedule's: it hands the steps one row at a time
 * (all of it at once, or, in the small-stack configuration, a row). */
typedef struct {
  mlkem_poly s_hat[MLKEM_K];
  mlkem_poly e_hat; /* e-hat[i] of the row being written */
  mlkem_poly t_hat; /* t-hat[i] of the row being written */
  /* PRF_eta1(sigma, N) for N < 2k: s[N] for N < k, then e[N - k]. */
  uint8_t (*prf)[MLKEM_ETA1_BYTES];
  uint8_t *ek;
  uint8_t *at; /* NULL, or where A-hat transposed goes (keygen_h) */
} mlkem_kpke_keygen_vars;

/* The noise of K-PKE.Encrypt (@spec{FIPS203, Alg. 14, l. 9-17}) as PRF
 * output, until the steps that turn it into polynomials: y, e1 and e2.
 * Secret. */
typedef struct {
  uint8_t y[MLKEM_K][MLKEM_ETA1_BYTES];
  uint8_t e1[MLKEM_K][MLKEM_ETA2_BYTES];
  uint8_t e2[MLKEM_ETA2_BYTES];
} mlkem_kpke_noise;

/* What K-PKE.Encrypt samples: A-hat transposed (steps 4-8) and the
 * noise. */
typedef struct {
  mlkem_poly at[MLKEM_K * MLKEM_K];
  mlkem_matrix_entry entries[MLKEM_K * MLKEM_K];
  mlkem_kpke_noise noise;
} mlkem_kpke_encrypt_samples;

/* The steps of K-PKE.KeyGen (kpke.c) that a schedule runs as their
 * inputs arrive, given to it by kpke.c. s_hat: steps 8-11 and 16, once
 * v->prf holds PRF_eta1(sigma, N) for every N < k. e_hat: steps 12-15 and
 * 17 for row i, once v->prf[k + i] is complete. t_hat: steps 18-19 of row
 * i over the coefficients [from, to) (whole parts, MLKEM_PART_COEFFS),
 * once s-hat, e-hat[i] and those coefficients of row i of A-hat (a_row,
 * A-hat[i][j] at a_row[j]) are complete; the last part (to = 256) also
 * copies the row into v->at when it is set. */
typedef struct {
  void (*s_hat)(const mlkem_backend *be, mlkem_kpke_keygen_vars *v);
  void (*e_hat)(const mlkem_backend *be, mlkem_kpke_keygen_vars *v, unsigned i);
  void (*t_hat)(const mlkem_backend *be, mlkem_kpke_keygen_vars *v,
                const mlkem_poly *a_row, unsigned i, unsigned from,
                unsigned to);
} mlkem_kpke_keygen_steps;

/* The symmetric functions K-PKE runs on, chosen by its caller: FIPS 203's
 * (mlkem_kpke_fips203, kpke_schedule.c) for ML-KEM, round 3's
 * (kyber/sym_shake.c, kyber/sym_90s.c) for Kyber, whose K-PKE differs from
 * ML-KEM's in them only. kpke.c runs whichever it is given.
 *  g: K-PKE.KeyGen step 1, (rho, sigma) = G(d || k) into rho_sigma
 *     (round 3: G(d), which is SHA-512(d) in the 90s variant).
 *  keygen_schedule: steps 3-19 from rho and sigma, with rho already in
 *     ek: A-hat, s and e sampled, and the steps kpke.c gives it run on
 *     them as they arrive; with h not NULL, also H(ek) into h
 *     (@spec{FIPS203, Alg. 16, l. 3}), hashed as ek is written. H is
 *     SHA3-256 there: a suite whose H is another hash is given NULL.
 *  encrypt_samples: K-PKE.Encrypt steps 3-17 at once: fills es from ek's
 *     rho and the randomness r.
 *  matrix_entry, prf (NULL in a suite that the small-stack encryption,
 *     mlkem_kpke_encrypt_rows, does not run on): the entry A-hat[i][j]
 *     into out (@spec{FIPS203, Alg. 13, l. 3-7}; the transpose's A-hat[j][i],
 *     @spec{FIPS203, Alg. 14, l. 4-8}), and PRF_eta(key, n) into out (64 eta
 *     bytes), one at a time. */
typedef struct MLKEM_NS(kpke_suite) {
  void (*g)(const mlkem_backend *be, uint8_t rho_sigma[2 * MLKEM_SYMBYTES],
            const uint8_t d[MLKEM_SYMBYTES]);
  void (*keygen_schedule)(const mlkem_backend *be, mlkem_kpke_keygen_vars *v,
                          const mlkem_kpke_keygen_steps *steps,
                          const uint8_t rho[MLKEM_SYMBYTES],
                          const uint8_t sigma[MLKEM_SYMBYTES], uint8_t *h);
  void (*encrypt_samples)(const mlkem_backend *be,
                          mlkem_kpke_encrypt_samples *es, const uint8_t *ek,
                          const uint8_t r[MLKEM_SYMBYTES]);
  void (*matrix_entry)(const mlkem_backend *be, mlkem_poly *out,
                       const uint8_t rho[MLKEM_SYMBYTES], unsigned i,
                       unsigned j);
  void (*prf)(const mlkem_backend *be, uint8_t *out,
              const uint8_t key[MLKEM_SYMBYTES], unsigned n, unsigned eta);
} mlkem_kpke_suite;

/* K-PKE.KeyGen (@spec{FIPS203, Alg. 13}) into ek and dk_PKE from the seed
 * d, on the suite sym; with h not NULL, also H(ek) into h (ML-KEM.KeyGen_
 * internal, @spec{FIPS203, Alg. 16}; see keygen_schedule above). With at not
 * NULL, also A-hat transposed into the k^2 polynomials at at (bytes, any
 * alignment): row i, the entries A-hat[j][i], at polynomial i k + j, as
 * SampleNTT gave them (an expanded key's layout). */
void mlkem_kpke_keygen_h(const mlkem_backend *be, uint8_t *ek, uint8_t *dkpke,
                         const uint8_t d[MLKEM_SYMBYTES], uint8_t *h,
                         uint8_t *at, const mlkem_kpke_suite *sym);

/* FIPS 203's suite: G(d || k) = SHA3-512, the pipelined key generation
 * (a row at a time in the small-stack configuration) and K-PKE.Encrypt's
 * jobs on SHAKE128 and SHAKE256 (kpke_schedule.c). Its keygen_schedule,
 * encrypt_samples, matrix_entry and prf are also round 3's SHAKE variant's
 * (kyber/sym_shake.c). */
extern const mlkem_kpke_suite mlkem_kpke_fips203;
void mlkem_kpke_keygen_schedule(const mlkem_backend *be,
                                mlkem_kpke_keygen_vars *v,
                                const mlkem_kpke_keygen_steps *steps,
                                const uint8_t rho[MLKEM_SYMBYTES],
                                const uint8_t sigma[MLKEM_SYMBYTES],
                                uint8_t *h);
void mlkem_kpke_sample_encrypt(const mlkem_backend *be,
                               mlkem_kpke_encrypt_samples *es,
                               const uint8_t *ek,
                               const uint8_t r[MLKEM_SYMBYTES]);
void mlkem_kpke_matrix_entry(const mlkem_backend *be, mlkem_poly *out,
                             const uint8_t rho[MLKEM_SYMBYTES], unsigned i,
                             unsigned j);
void mlkem_kpke_prf(const mlkem_backend *be, uint8_t *out,
                    const uint8_t key[MLKEM_SYMBYTES], unsigned n,
                    unsigned eta);

/* The jobs of the noise (2k + 1 PRFs), and those mlkem_kpke_encrypt_jobs
 * appends: k^2 matrix entries, then the noise. */
#define MLKEM_KPKE_NOISE_JOBS (2 * MLKEM_K + 1)
#define MLKEM_KPKE_ENCRYPT_JOBS (MLKEM_K * MLKEM_K + MLKEM_KPKE_NOISE_JOBS)

/* For the proofs (docs/PROOFS.md): A-hat of the samples in [0, q), as
 * SampleNTT's rejection step leaves every entry (rej_uniform's contract);
 * and ek fails the modulus check of @spec{FIPS203, sec. 7.2}: a 12-bit
 * value of one of its k ByteEncode_12 polynomials (128 pairs of values
 * each) is q or more. Written as one quantifier a polynomial, decode12's
 * (backend.h), so that the solvers need not relate one over 128 k pairs
 * to k over 128. */
#define MLKEM_KPKE_SAMPLES_OK(es) \
  MLKEM_CBMC_within_each((es)->at, MLKEM_K *MLKEM_K, 0, MLKEM_N, 0, MLKEM_Q - 1)
#define MLKEM_KPKE_POLY_BAD(b, j) MLKEM_CBMC_q12_bad((b) + (j)*MLKEM_POLYBYTES)
#if MLKEM_K == 2
#define MLKEM_KPKE_EK_BAD(b) \
  (MLKEM_KPKE_POLY_BAD(b, 0) || MLKEM_KPKE_POLY_BAD(b, 1))
#elif MLKEM_K == 3
#define MLKEM_KPKE_EK_BAD(b)                                 \
  (MLKEM_KPKE_POLY_BAD(b, 0) || MLKEM_KPKE_POLY_BAD(b, 1) || \
   MLKEM_KPKE_POLY_BAD(b, 2))
#else
#define MLKEM_KPKE_EK_BAD(b)                                 \
  (MLKEM_KPKE_POLY_BAD(b, 0) || MLKEM_KPKE_POLY_BAD(b, 1) || \
   MLKEM_KPKE_POLY_BAD(b, 2) || MLKEM_KPKE_POLY_BAD(b, 3))
#endif

/* The first half of K-PKE.Encrypt (kpke_schedule.c): appends to list the
 * jobs that fill es from ek's rho and the randomness r. The noise jobs start
 * after job r_after of the list (the one that writes r), or at once if r_after
 * is -1. The caller runs the list, with its own jobs. */
void mlkem_kpke_encrypt_jobs(const mlkem_backend *be,
                             mlkem_kpke_encrypt_samples *es,
                             mlkem_job_list *list, const uint8_t *ek,
                             const uint8_t *r, int r_after);

/* The noise jobs alone (steps 9-17: PRF_eta1(r, 0 .. k-1), PRF_eta2(r, k ..
 * 2k)), starting after job r_after as above: for a caller that holds A-hat
 * already (an expanded key, kem.c). */
void mlkem_kpke_noise_jobs(mlkem_kpke_noise *noise, mlkem_job_list *list,
                           const uint8_t *r, int r_after);

/* Step 2 of K-PKE.Encrypt (@spec{FIPS203, Alg. 14, l. 2}): t-hat =
 * ByteDecode_12(ek[0 : 384k]) into the k polynomials t, each in [0, q).
 * Returns non-zero exactly when ek fails the modulus check of
 * @spec{FIPS203, sec. 7.2} (a 12-bit value q or more), computed as t-hat is
 * decoded: the encryption's and kem_check_ek's one check. */
unsigned mlkem_kpke_decode_t_hat(const mlkem_backend *be, mlkem_poly *t,
                                 const uint8_t *ek);

/* The second half (kpke.c), once the jobs have run: writes ct for the message m
 * under ek, and wipes the noise in es. Returns non-zero if ek fails the
 * modulus check of @spec{FIPS203, sec. 7.2}, computed as t-hat is decoded
 * (ct is then written all the same; the caller releases nothing). */
unsigned mlkem_kpke_encrypt_finish(const mlkem_backend *be, uint8_t *ct,
                                   const uint8_t *ek,
                                   const uint8_t m[MLKEM_SYMBYTES],
                                   mlkem_kpke_encrypt_samples *es);

/* Steps 18-23 of K-PKE.Encrypt from t-hat (step 2, decoded: k
 * polynomials in [0, q)) and A-hat transposed (k^2 in [0, q), row i of
 * the transpose at at[i k]): writes ct for the message m and wipes the
 * noise. mlkem_kpke_encrypt_finish decodes t-hat and calls it; the
 * expanded keys (kem.c) hold both. */
void mlkem_kpke_encrypt_hat(const mlkem_backend *be, uint8_t *ct,
                            const mlkem_poly *at, const mlkem_poly *t_hat,
                            const uint8_t m[MLKEM_SYMBYTES],
                            mlkem_kpke_noise *noise);

/* K-PKE.Decrypt (@spec{FIPS203, Alg. 15}) with s-hat decoded (step 5: k
 * polynomials in [0, q)): the 32-byte message of ct. */
void mlkem_kpke_decrypt_hat(const mlkem_backend *be, uint8_t m[MLKEM_SYMBYTES],
                            const mlkem_poly *s_hat, const uint8_t *ct);

/* The small-stack configuration (MLKEM_SMALL_STACK, docs/BENCHMARKS.md
 * "Cortex-M4"): K-PKE.Encrypt (@spec{FIPS203, Alg. 14}) with A-hat sampled
 * an entry at a time, each row of u accumulated as its entries arrive and
 * compressed, and the noise sampled where it is used, on the suite's
 * matrix_entry and prf. ct is written to out->ct, or, with out->ct
 * NULL, compared with out->cmp as it is produced: the difference mask
 * (0 or 0xFF, mlkem_ct_memneq's, accumulated over the whole ciphertext in
 * constant time) ORed into out->diff. Returns non-zero if ek fails the
 * modulus check of @spec{FIPS203, sec. 7.2} (as mlkem_kpke_encrypt_finish). */
typedef struct {
  uint8_t *ct;
  const uint8_t *cmp;
  uint8_t diff;
} mlkem_kpke_ct_out;
unsigned mlkem_kpke_encrypt_rows(const mlkem_backend *be,
                                 mlkem_kpke_ct_out *out, const uint8_t *ek,
                                 const uint8_t m[MLKEM_SYMBYTES],
                                 const uint8_t r[MLKEM_SYMBYTES],
                                 const mlkem_kpke_suite *sym);

/* Wipes the secret part of es (the noise; A-hat is public), for a caller
 * that does not finish the encryption; and the noise alone. */
void mlkem_kpke_encrypt_samples_wipe(mlkem_kpke_encrypt_samples *es);
void mlkem_kpke_noise_wipe(mlkem_kpke_noise *noise);

#endif
