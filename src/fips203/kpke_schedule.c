/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * kpke_schedule.c - FIPS 203's symmetric functions for K-PKE, the suite
 * mlkem_kpke_fips203 (kpke_internal.h), and how their hashes run: which
 * jobs go into one list for the sponge scheduler (sha3.h), in which
 * order, and, in key generation, when the algorithm's steps, which kpke.c
 * gives as a table, run as the hashes' outputs arrive. Compiled per
 * parameter set, like kpke.c (level.h).
 *
 * The algorithms are in kpke.c; the choices here change only speed: the
 * order of a list decides which lanes run side by side (lanes take jobs
 * in list order), and was measured per lane width (step counts over 300
 * seeds, docs/SCHEDULE.md).
 */
#include "fips203/level.h"

#include <string.h>

#include "platform/bytes.h"
#include "platform/ct.h"
#include "fips203/kpke_internal.h"
#include "fips203/sample.h"
#include "fips203/symmetric.h"
#include "sha3/sha3.h"

#define K MLKEM_K

/* K-PKE.KeyGen step 1: (rho, sigma) = G(d || k), with the rank byte of
 * the final standard (domain separation between parameter sets). */
static void g_with_rank(const mlkem_backend *be,
                        uint8_t rho_sigma[2 * MLKEM_SYMBYTES],
                        const uint8_t d[MLKEM_SYMBYTES]) {
  uint8_t in[MLKEM_SYMBYTES + 1];
  mlkem_sponge_job g;
  memcpy(in, d, MLKEM_SYMBYTES);
  in[MLKEM_SYMBYTES] = (uint8_t)K;
  g = mlkem_job_g(in, sizeof in, rho_sigma);
  mlkem_hash_run(be, &g, 1);
  mlkem_zeroize(in, sizeof in);
}

/* The suite's matrix_entry: A-hat[i][j] = SampleNTT(rho || j || i), on
 * one sponge (sample.c), for the small-stack configuration. rho is
 * public. */
void mlkem_kpke_matrix_entry(const mlkem_backend *be, mlkem_poly *out,
                             const uint8_t rho[MLKEM_SYMBYTES], unsigned i,
                             unsigned j) {
  uint8_t in[MLKEM_SYMBYTES + 2];
  memcpy(in, rho, MLKEM_SYMBYTES);
  in[MLKEM_SYMBYTES] = (uint8_t)j;
  in[MLKEM_SYMBYTES + 1] = (uint8_t)i;
  mlkem_sample_ntt(be, out, in);
}

/* The suite's prf: PRF_eta(key, n) (@spec{FIPS203, eq. 4.3}) into out, on
 * one sponge. The permutation's spills stay below the caller's frame: the
 * caller scrubs them (mlkem_scrub_stack) once it is done. */
void mlkem_kpke_prf(const mlkem_backend *be, uint8_t *out,
                    const uint8_t key[MLKEM_SYMBYTES], unsigned n,
                    unsigned eta) {
  mlkem_keccak_ctx ctx;
  (void)be;
  mlkem_shake256_init(&ctx);
  mlkem_keccak_absorb(&ctx, key, MLKEM_SYMBYTES);
  mlkem_keccak_absorb(&ctx, &mlkem_prf_nonces[n & 15], 1);
  mlkem_keccak_finalize(&ctx);
  mlkem_keccak_squeeze(&ctx, out, 64 * (size_t)eta);
  mlkem_zeroize(&ctx, sizeof ctx);
}

#ifndef MLKEM_SMALL_STACK
/*
 * Key generation as a pipeline (@spec{FIPS203, Alg. 13, l. 3-19}, with
 * @spec{FIPS203, Alg. 16}'s H(ek) when asked for). One list samples A-hat, s
 * and e; the steps that turn them into ek run inside the scheduler's sinks, and
 * the H(ek) job, streaming its input, absorbs ek as it is written, while
 * later rows are still being sampled.
 *
 * ek is written a part (MLKEM_PART_COEFFS coefficients, 96 bytes) at a
 * time, not a row at a time. An NTT-domain polynomial holds its
 * coefficients in the standard order on every backend, since rej_uniform
 * appends SampleNTT's values in order (backend.h); MultiplyNTTs
 * (@spec{FIPS203, Alg. 11}) works pair by pair, and the addition of e-hat and
 * ByteEncode_12 coefficient by coefficient. So a part of t-hat[i] needs
 * only the same part of the row's entries (and of s-hat and e-hat[i]).
 * Once s-hat and e-hat[i] are computed and every entry of row i holds the
 * coefficients of a part, the part is computed and encoded into ek, once,
 * rows in order. H(ek) then absorbs each block as soon as its bytes are
 * final, and what it has left once the last entry is complete is the end
 * of the last row: two blocks, where a row at a time left four.
 */
typedef struct {
  const mlkem_backend *be;
  mlkem_kpke_keygen_vars *v;
  const mlkem_kpke_keygen_steps *steps; /* kpke.c's */
  const mlkem_matrix_entry *entries;
  const mlkem_poly *a_hat;  /* A-hat[i][j] at i k + j */
  unsigned prf_have[2 * K]; /* bytes of each PRF output received */
  unsigned s_left;          /* polynomials of s incomplete */
  unsigned rows;            /* rows of t-hat complete in ek */
  unsigned done;            /* coefficients of row `rows` in ek */
  size_t ek_ready;          /* bytes of ek final, for H(ek) */
} keygen_pipe;

typedef struct {
  keygen_pipe *kp;
  unsigned n; /* the PRF's N: s[N] for N < k, else e[N - k] */
} keygen_prf_sink;

/* Steps 17-19 for the parts whose inputs are complete, rows in order:
 * over the coefficients that every entry of row i holds (rounded down to
 * a part) and that are not yet in ek. The entries' counts are public (the
 * rejection runs on rho's SHAKE128 output). */
static void keygen_advance(keygen_pipe *kp) {
  while (kp->s_left == 0 && kp->rows < K &&
         kp->prf_have[K + kp->rows] == MLKEM_ETA1_BYTES) {
    const unsigned i = kp->rows;
    const mlkem_matrix_entry *row = &kp->entries[i * K];
    unsigned have = MLKEM_N, j;
    for (j = 0; j < K; j++)
      if (row[j].ctr < have) have = row[j].ctr;
    have &= ~(unsigned)(MLKEM_PART_COEFFS - 1);
    if (have <= kp->done) return;
    if (kp->done == 0) kp->steps->e_hat(kp->be, kp->v, i);
    kp->steps->t_hat(kp->be, kp->v, &kp->a_hat[i * K], i, kp->done, have);
    kp->done = have;
    /* rho, the last 32 bytes, is in place from the start. */
    kp->ek_ready = (size_t)MLKEM_POLYBYTES * i + 3 * (size_t)have / 2;
    if (have < MLKEM_N) return;
    if (i + 1 == K) kp->ek_ready = MLKEM_EK_BYTES_K;
    kp->rows++;
    kp->done = 0;
  }
}

/* Sink of PRF_eta1(sigma, N) (steps 9 and 13): its bytes go to v->prf[N];
 * once all of s's are in, s-hat (step 16). */
static int keygen_prf_block(void *arg, const uint64_t *lane, size_t stride,
                            size_t len) {
  keygen_prf_sink *ps = arg;
  keygen_pipe *kp = ps->kp;
  unsigned have = kp->prf_have[ps->n];
  size_t n = MLKEM_ETA1_BYTES - have < len ? MLKEM_ETA1_BYTES - have : len;
  mlkem_lane_bytes(kp->v->prf[ps->n] + have, lane, stride, n);
  kp->prf_have[ps->n] = have + (unsigned)n;
  if (kp->prf_have[ps->n] < MLKEM_ETA1_BYTES) return 0;
  if (ps->n < K && --kp->s_left == 0) kp->steps->s_hat(kp->be, kp->v);
  keygen_advance(kp);
  return 1;
}

/* After each block of a matrix entry: a part of its row may be complete,
 * if the row is the one whose turn it is. */
static void keygen_entry_progress(void *arg, const mlkem_matrix_entry *e) {
  keygen_pipe *kp = arg;
  if (e->row == kp->rows) keygen_advance(kp);
}

/* Appends the job of PRF_eta1(sigma, N), its output handed to sink N. */
static void keygen_prf_job(mlkem_job_list *list,
                           const uint8_t sigma[MLKEM_SYMBYTES],
                           keygen_prf_sink *sinks, unsigned n) {
  mlkem_sponge_job job = mlkem_job_prf(sigma, n, NULL, MLKEM_ETA1);
  job.sink = keygen_prf_block;
  job.sink_arg = &sinks[n];
  mlkem_jobs_add(list, job);
}

/* The tail of H(ek) declared to the choice of width (sha3.h): the blocks
 * that hold bytes of the last row of t-hat (it starts at byte 384 (k - 1)
 * of ek), 4 for every k. Written a part at a time, about two of them are
 * left once the last matrix entry is complete, but declaring 2 made the
 * eight-lane lists run more steps and 3 changed none (docs/SCHEDULE.md).
 * H(ek) runs (384 k + 32) / 136 + 1 permutations (the last block
 * padded). */
#define KEYGEN_H_TAIL                                                 \
  ((MLKEM_POLYBYTES * K + MLKEM_SYMBYTES) / MLKEM_SHA3_256_RATE + 1 - \
   MLKEM_POLYBYTES * (K - 1) / MLKEM_SHA3_256_RATE)

#define KEYGEN_JOBS (K * K + 2 * K + 1)
_Static_assert(KEYGEN_JOBS <= MLKEM_SPONGE_MAX_JOBS,
               "key generation's list exceeds the scheduler's limit");

#endif

/* K-PKE.KeyGen's steps 3-19: the pipeline above; or, in the small-stack
 * configuration (MLKEM_SMALL_STACK), with A-hat a row at a time (one row
 * on the stack, not k): the noise PRF_eta1(sigma, N), N < 2k, first, into
 * v->prf (dk_PKE, not the stack); then s-hat, and, row by row, A-hat's
 * row i, e-hat[i] and t-hat[i] into ek; H(ek) at the end. */
void mlkem_kpke_keygen_schedule(const mlkem_backend *be,
                                mlkem_kpke_keygen_vars *v,
                                const mlkem_kpke_keygen_steps *steps,
                                const uint8_t rho[MLKEM_SYMBYTES],
                                const uint8_t sigma[MLKEM_SYMBYTES],
                                uint8_t *h) {
#ifndef MLKEM_SMALL_STACK
  mlkem_poly a_hat[K * K];
  mlkem_matrix_entry entries[K * K];
  keygen_prf_sink sinks[2 * K];
  mlkem_sponge_job jobs[KEYGEN_JOBS];
  mlkem_job_list list = {jobs, 0, KEYGEN_JOBS};
  keygen_pipe kp;
  /* Whether the backend runs eight lanes (below). */
  const int eight = be->keccak->x8 != NULL;
  unsigned i;

  kp.be = be;
  kp.v = v;
  kp.steps = steps;
  kp.entries = entries;
  kp.a_hat = a_hat;
  kp.s_left = K;
  kp.rows = 0;
  kp.done = 0;
  kp.ek_ready = 0;
  for (i = 0; i < 2 * K; i++) {
    sinks[i].kp = &kp;
    sinks[i].n = i;
    kp.prf_have[i] = 0;
  }

  /* One list: H(ek) streaming ek as it is written, s and e from
   * PRF_eta1(sigma, N), N = 0 .. 2k - 1, and A-hat[i][j] =
   * SampleNTT(rho || j || i). Lanes take jobs in list order, so the list
   * is in the order ek needs them: all of s, row 0 of A-hat and e[0], then
   * H(ek), which takes a lane as soon as ek's first block is final; then
   * the later rows and their e[i]. Where e[i] goes was measured (step
   * counts over 300 seeds, docs/SCHEDULE.md): with four lanes e[0] after
   * row 0 and the other e[i] before row 1, with eight e[0] before row 0
   * and each other e[i] after its row. */
  for (i = 0; i < K; i++) keygen_prf_job(&list, sigma, sinks, i);
  if (eight) keygen_prf_job(&list, sigma, sinks, K);
  mlkem_matrix_row_jobs(&list, be, entries, a_hat, K, rho, 0, 0);
  if (!eight) keygen_prf_job(&list, sigma, sinks, K);
  if (h != NULL) {
    mlkem_sponge_job hj = mlkem_job_h(v->ek, MLKEM_EK_BYTES_K, h);
    hj.avail = &kp.ek_ready;
    hj.tail = KEYGEN_H_TAIL;
    mlkem_jobs_add(&list, hj);
  }
  if (!eight)
    for (i = 1; i < K; i++) keygen_prf_job(&list, sigma, sinks, K + i);
  for (i = 1; i < K; i++) {
    mlkem_matrix_row_jobs(&list, be, &entries[i * K], &a_hat[i * K], K, rho, 0,
                          i);
    if (eight) keygen_prf_job(&list, sigma, sinks, K + i);
  }
  for (i = 0; i < K * K; i++) {
    entries[i].progress = keygen_entry_progress;
    entries[i].progress_arg = &kp;
  }
  mlkem_hash_run(be, list.job, list.n);
#else
  mlkem_poly a_row[K];
  unsigned i, j;
  /* Steps 9 and 13. */
  for (i = 0; i < 2 * K; i++)
    mlkem_kpke_prf(be, v->prf[i], sigma, i, MLKEM_ETA1);
  /* Steps 8-11 and 16. */
  steps->s_hat(be, v);
  for (i = 0; i < K; i++) {
    /* Steps 3-7 for row i; 12-15 and 17-19. */
    for (j = 0; j < K; j++) mlkem_kpke_matrix_entry(be, &a_row[j], rho, i, j);
    steps->e_hat(be, v, i);
    steps->t_hat(be, v, a_row, i, 0, MLKEM_N);
  }
  /* @spec{FIPS203, Alg. 16, l. 3}. */
  if (h != NULL) mlkem_sha3_256(h, v->ek, MLKEM_EK_BYTES_K);
  /* The PRFs' last states, below this frame (mlkem_kpke_prf). */
  mlkem_scrub_stack();
#endif
}

/* K-PKE.Encrypt's hashes: one job per matrix entry, then the noise, which
 * waits for the job that writes r when there is one. */
void mlkem_kpke_encrypt_jobs(const mlkem_backend *be,
                             mlkem_kpke_encrypt_samples *es,
                             mlkem_job_list *list, const uint8_t *ek,
                             const uint8_t *r, int r_after) {
  /* Steps 3-8: rho = ek[384k :], A-hat transposed. */
  mlkem_matrix_jobs(list, be, es->entries, es->at, K, ek + MLKEM_DKPKE_BYTES_K,
                    1);
  mlkem_kpke_noise_jobs(&es->noise, list, r, r_after);
}

/* Steps 9-17 of K-PKE.Encrypt: y from PRF_eta1(r, 0 .. k-1), e1 from
 * PRF_eta2(r, k .. 2k-1), e2 from PRF_eta2(r, 2k). */
void mlkem_kpke_noise_jobs(mlkem_kpke_noise *noise, mlkem_job_list *list,
                           const uint8_t *r, int r_after) {
  unsigned i;
  for (i = 0; i < K; i++) {
    mlkem_sponge_job j = mlkem_job_prf(r, i, noise->y[i], MLKEM_ETA1);
    j.after = r_after;
    mlkem_jobs_add(list, j);
  }
  for (i = 0; i < K; i++) {
    mlkem_sponge_job j = mlkem_job_prf(r, K + i, noise->e1[i], MLKEM_ETA2);
    j.after = r_after;
    mlkem_jobs_add(list, j);
  }
  {
    mlkem_sponge_job j = mlkem_job_prf(r, 2 * K, noise->e2, MLKEM_ETA2);
    j.after = r_after;
    mlkem_jobs_add(list, j);
  }
}

/* K-PKE.Encrypt's samples alone: the jobs above in a list of their own. */
void mlkem_kpke_sample_encrypt(const mlkem_backend *be,
                               mlkem_kpke_encrypt_samples *es,
                               const uint8_t *ek,
                               const uint8_t r[MLKEM_SYMBYTES]) {
  mlkem_sponge_job jobs[MLKEM_KPKE_ENCRYPT_JOBS];
  mlkem_job_list list = {jobs, 0, MLKEM_KPKE_ENCRYPT_JOBS};
  mlkem_kpke_encrypt_jobs(be, es, &list, ek, r, -1);
  mlkem_hash_run(be, list.job, list.n);
}

const mlkem_kpke_suite mlkem_kpke_fips203 = {
    g_with_rank,
    mlkem_kpke_keygen_schedule,
    mlkem_kpke_sample_encrypt,
    mlkem_kpke_matrix_entry,
    mlkem_kpke_prf,
};
