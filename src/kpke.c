/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * kpke.c - K-PKE (FIPS 203 section 5, Algorithms 13-15), written once for
 * all parameter sets and all backends, compiled per set with buffers sized
 * for its rank (level.h). All polynomial arithmetic goes through the
 * backend table; this file fixes the order of operations, which hashes run
 * side by side, and which buffers hold secrets (wiped before return).
 *
 * Noise is kept as PRF output bytes (64 eta bytes per polynomial, against
 * 512 for the polynomial) until the step that uses it, where it is turned
 * into a polynomial by SamplePolyCBD; that keeps the stack small.
 */
#include "level.h"

#include <string.h>

#include "bytes.h"
#include "ct.h"
#include "ct_testing.h"
#include "kpke.h"
#include "kpke_internal.h"
#include "sample.h"
#include "symmetric.h"

#define K MLKEM_K

/*
 * Key generation as a pipeline (FIPS 203 Algorithm 13 steps 3-19, with
 * Algorithm 16's H(ek) when asked for). One list samples A-hat and the
 * noise; the arithmetic runs inside the scheduler's sinks, and the H(ek)
 * job, streaming its input, absorbs ek as it is written, while later rows
 * are still being sampled.
 *
 * ek is written a part (MLKEM_PART_COEFFS coefficients, 96 bytes) at a
 * time, not a row at a time. An NTT-domain polynomial holds its
 * coefficients in the standard order on every backend, since rej_uniform
 * appends SampleNTT's values in order (backend.h); MultiplyNTTs (Algorithm 11)
 * works pair by pair, and the addition of e-hat and ByteEncode_12
 * coefficient by coefficient. So a part of t-hat[i] needs only the same
 * part of the row's entries (and of s-hat and e-hat[i]). Once s-hat and
 * e-hat[i] are computed and every entry of row i holds the coefficients
 * of a part, the part is computed and encoded into ek, once (the
 * multiply-accumulate, addition and encoding take a coefficient range,
 * backend.h), rows in order. H(ek) then absorbs each block as soon as its
 * bytes are final, and what it has left once the last entry is complete
 * is the end of the last row: two blocks, where a row at a time left
 * four (step counts: docs/SCHEDULE.md).
 */
typedef struct {
  const mlkem_backend *be;
  const mlkem_matrix_entry *entries;
  const mlkem_poly *a;
  mlkem_poly *s;                      /* s-hat once s is complete */
  mlkem_poly *t;                      /* t-hat[rows], parts [0, done) */
  mlkem_poly *ehat;                   /* e-hat[rows], from its first part */
  uint8_t (*noise)[MLKEM_ETA1_BYTES]; /* PRF output for s, then e */
  unsigned noise_have[2 * K];         /* bytes received of each */
  unsigned s_left;                    /* polynomials of s incomplete */
  unsigned rows;                      /* rows of t-hat complete in ek */
  unsigned done;                      /* coefficients of row `rows` in ek */
  uint8_t *ek;
  size_t ek_ready; /* bytes of ek final */
} keygen_pipe;

typedef struct {
  keygen_pipe *kp;
  unsigned i;
} keygen_noise_sink;

/* Steps 18-19 for the parts whose inputs are complete, rows in order:
 * t-hat[i] = A-hat[i] s-hat + e-hat[i], ek[384 i :] = ByteEncode_12(t-hat[i]),
 * over the coefficients that every entry of row i holds (rounded down to
 * a part) and that are not yet in ek. The entries' counts are public (the
 * rejection runs on rho's SHAKE128 output). */
static void keygen_advance(keygen_pipe *kp) {
  const mlkem_backend *be = kp->be;
  while (kp->s_left == 0 && kp->rows < K &&
         kp->noise_have[K + kp->rows] == MLKEM_ETA1_BYTES) {
    const unsigned i = kp->rows;
    const mlkem_matrix_entry *row = &kp->entries[i * K];
    const size_t at = (size_t)MLKEM_POLYBYTES * i;
    unsigned have = MLKEM_N, j;
    for (j = 0; j < K; j++)
      if (row[j].ctr < have) have = row[j].ctr;
    have &= ~(unsigned)(MLKEM_PART_COEFFS - 1);
    if (have <= kp->done) return;
    if (kp->done == 0) { /* the row's first part */
      be->cbd(kp->ehat, kp->noise[K + i], MLKEM_ETA1);
      be->ntt(kp->ehat);
    }
    be->basemul_acc(kp->t, &kp->a[i * K], kp->s, K, kp->done, have);
    be->add_reduce(kp->t, kp->ehat, kp->done, have);
    be->encode12(kp->ek + at, kp->t, kp->done, have);
    kp->done = have;
    /* rho, the last 32 bytes, is in place from the start. */
    kp->ek_ready = at + 3 * (size_t)have / 2;
    if (have < MLKEM_N) return;
    if (i + 1 == K) kp->ek_ready = MLKEM_EK_BYTES_K;
    kp->rows++;
    kp->done = 0;
  }
}

/* Sink of noise polynomial i (PRF_eta1(sigma, i), steps 8-15); when the
 * last polynomial of s is complete, s-hat = NTT(s) (steps 16-17). */
static int keygen_noise_block(void *arg, const uint64_t *lane, size_t stride,
                              size_t len) {
  keygen_noise_sink *ns = arg;
  keygen_pipe *kp = ns->kp;
  unsigned have = kp->noise_have[ns->i], i;
  size_t n = MLKEM_ETA1_BYTES - have < len ? MLKEM_ETA1_BYTES - have : len;
  mlkem_lane_bytes(kp->noise[ns->i] + have, lane, stride, n);
  kp->noise_have[ns->i] = have + (unsigned)n;
  if (kp->noise_have[ns->i] < MLKEM_ETA1_BYTES) return 0;
  if (ns->i < K && --kp->s_left == 0)
    for (i = 0; i < K; i++) {
      kp->be->cbd(&kp->s[i], kp->noise[i], MLKEM_ETA1);
      kp->be->ntt(&kp->s[i]);
    }
  keygen_advance(kp);
  return 1;
}

/* After each block of a matrix entry: a part of its row may be complete,
 * if the row is the one whose turn it is. */
static void keygen_entry_progress(void *arg, const mlkem_matrix_entry *e) {
  keygen_pipe *kp = arg;
  if (e->row == kp->rows) keygen_advance(kp);
}

/* Appends the job of PRF_eta1(sigma, N) (Algorithm 13 steps 9 and 13),
 * its output handed to sink N. */
static void keygen_noise_job(mlkem_job_list *list,
                             const uint8_t rho_sigma[2 * MLKEM_SYMBYTES],
                             keygen_noise_sink *sinks, unsigned n) {
  mlkem_sponge_job nj =
      mlkem_job_prf(rho_sigma + MLKEM_SYMBYTES, n, NULL, MLKEM_ETA1);
  nj.sink = keygen_noise_block;
  nj.sink_arg = &sinks[n];
  mlkem_jobs_add(list, nj);
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

_Static_assert(2 * K * MLKEM_ETA1_BYTES <= K * MLKEM_POLYBYTES,
               "the noise bytes of key generation do not fit in dk_PKE");

/* FIPS 203 Algorithm 13; with h not NULL, also H(ek) into h. */
void mlkem_kpke_keygen_h(const mlkem_backend *be, uint8_t *ek, uint8_t *dkpke,
                         const uint8_t d[MLKEM_SYMBYTES], uint8_t *h) {
  uint8_t in[MLKEM_SYMBYTES + 1];
  uint8_t rho_sigma[2 * MLKEM_SYMBYTES]; /* rho public, sigma secret */
  mlkem_poly a[K * K], s[K], t, ehat;
  /* The noise bytes wait in dk_PKE, which step 20 overwrites. */
  uint8_t(*noise)[MLKEM_ETA1_BYTES] = (uint8_t(*)[MLKEM_ETA1_BYTES])dkpke;
  mlkem_matrix_entry entries[K * K];
  keygen_noise_sink sinks[2 * K];
  mlkem_sponge_job jobs[K * K + 2 * K + 1];
  mlkem_job_list list = {jobs, 0, K * K + 2 * K + 1};
  keygen_pipe kp;
  /* Whether the backend runs eight lanes (above, and below). */
  const int eight = be->keccak->x8 != NULL;
  unsigned i;

  /* Step 1: (rho, sigma) = G(d || k), with the rank byte of the final
   * standard (domain separation between parameter sets). */
  memcpy(in, d, MLKEM_SYMBYTES);
  in[MLKEM_SYMBYTES] = (uint8_t)K;
  mlkem_jobs_add(&list, mlkem_job_g(in, sizeof in, rho_sigma));
  mlkem_hash_run(be, list.job, list.n);
  /* Declassified for the constant-time check (ct_testing.h): rho is
   * public, the last 32 bytes of ek (step 19), and SampleNTT's rejection
   * loop runs on SHAKE128(rho || j || i). sigma stays secret. */
  MLKEM_CT_UNPOISON(rho_sigma, MLKEM_SYMBYTES);
  memcpy(ek + MLKEM_DKPKE_BYTES_K, rho_sigma, MLKEM_SYMBYTES);

  kp.be = be;
  kp.entries = entries;
  kp.a = a;
  kp.s = s;
  kp.t = &t;
  kp.ehat = &ehat;
  kp.noise = noise;
  kp.s_left = K;
  kp.rows = 0;
  kp.ek = ek;
  kp.ek_ready = 0;
  kp.done = 0;

  /* One list: H(ek) streaming ek as it is written, steps 8-15's s and e
   * from PRF_eta1(sigma, N), N = 0 .. 2k - 1, and steps 3-7's A-hat[i][j] =
   * SampleNTT(rho || j || i). Lanes take jobs in list order, so the list
   * is in the order ek needs them: all of s, row 0 of A-hat and e[0], then
   * H(ek), which takes a lane as soon as ek's first block is final; then
   * the later rows and their e[i]. Where e[i] goes was measured (step
   * counts over 300 seeds, docs/SCHEDULE.md): with four lanes e[0] after
   * row 0 and the other e[i] before row 1, with eight e[0] before row 0
   * and each other e[i] after its row. */
  for (i = 0; i < 2 * K; i++) {
    sinks[i].kp = &kp;
    sinks[i].i = i;
    kp.noise_have[i] = 0;
  }
  list.n = 0;
  for (i = 0; i < K; i++) keygen_noise_job(&list, rho_sigma, sinks, i);
  if (eight) keygen_noise_job(&list, rho_sigma, sinks, K);
  mlkem_matrix_row_jobs(&list, be, entries, a, K, rho_sigma, 0, 0);
  if (!eight) keygen_noise_job(&list, rho_sigma, sinks, K);
  if (h != NULL) {
    mlkem_sponge_job hj = mlkem_job_h(ek, MLKEM_EK_BYTES_K, h);
    hj.avail = &kp.ek_ready;
    hj.tail = KEYGEN_H_TAIL;
    mlkem_jobs_add(&list, hj);
  }
  if (!eight)
    for (i = 1; i < K; i++) keygen_noise_job(&list, rho_sigma, sinks, K + i);
  for (i = 1; i < K; i++) {
    mlkem_matrix_row_jobs(&list, be, entries, a, K, rho_sigma, 0, i);
    if (eight) keygen_noise_job(&list, rho_sigma, sinks, K + i);
  }
  for (i = 0; i < K * K; i++) {
    entries[i].progress = keygen_entry_progress;
    entries[i].progress_arg = &kp;
  }
  mlkem_hash_run(be, list.job, list.n);

  /* Step 20: dk_PKE = ByteEncode_12(s-hat), over the noise bytes. */
  for (i = 0; i < K; i++)
    be->encode12(dkpke + i * MLKEM_POLYBYTES, &s[i], 0, MLKEM_N);

  mlkem_zeroize(in, sizeof in);
  mlkem_zeroize(rho_sigma, sizeof rho_sigma);
  mlkem_zeroize(s, sizeof s);
  mlkem_zeroize(&t, sizeof t);
  mlkem_zeroize(&ehat, sizeof ehat);
}

/* FIPS 203 Algorithm 13 (the hazmat entry point). */
void mlkem_kpke_keygen(const mlkem_backend *be, uint8_t *ek, uint8_t *dkpke,
                       const uint8_t d[MLKEM_SYMBYTES]) {
  mlkem_kpke_keygen_h(be, ek, dkpke, d, NULL);
}

/* The hashes of FIPS 203 Algorithm 14 (kpke_internal.h). */
void mlkem_kpke_encrypt_jobs(const mlkem_backend *be,
                             mlkem_kpke_encrypt_samples *es,
                             mlkem_job_list *list, const uint8_t *ek,
                             const uint8_t *r, int r_after) {
  unsigned i;
  /* Steps 3-8: rho = ek[384k :], A-hat transposed. */
  mlkem_matrix_jobs(list, be, es->entries, es->at, K, ek + MLKEM_DKPKE_BYTES_K,
                    1);
  /* Steps 9-17: y from PRF_eta1(r, 0 .. k-1), e1 from PRF_eta2(r, k ..
   * 2k-1), e2 from PRF_eta2(r, 2k). */
  for (i = 0; i < K; i++) {
    mlkem_sponge_job j = mlkem_job_prf(r, i, es->y[i], MLKEM_ETA1);
    j.after = r_after;
    mlkem_jobs_add(list, j);
  }
  for (i = 0; i < K; i++) {
    mlkem_sponge_job j = mlkem_job_prf(r, K + i, es->e1[i], MLKEM_ETA2);
    j.after = r_after;
    mlkem_jobs_add(list, j);
  }
  {
    mlkem_sponge_job j = mlkem_job_prf(r, 2 * K, es->e2, MLKEM_ETA2);
    j.after = r_after;
    mlkem_jobs_add(list, j);
  }
}

void mlkem_kpke_encrypt_samples_wipe(mlkem_kpke_encrypt_samples *es) {
  mlkem_zeroize(es->y, sizeof es->y);
  mlkem_zeroize(es->e1, sizeof es->e1);
  mlkem_zeroize(es->e2, sizeof es->e2);
}

/* The arithmetic of FIPS 203 Algorithm 14, once es is filled
 * (kpke_internal.h). */
unsigned mlkem_kpke_encrypt_finish(const mlkem_backend *be, uint8_t *ct,
                                   const uint8_t *ek,
                                   const uint8_t m[MLKEM_SYMBYTES],
                                   mlkem_kpke_encrypt_samples *es) {
  mlkem_poly t[K], y[K], u, noise;
  unsigned i, bad = 0;

  /* Step 2: t-hat = ByteDecode_12(ek[0 : 384k]), which also tells whether
   * ek passes the modulus check (FIPS 203 section 7.2). Step 18: y-hat =
   * NTT(y). */
  for (i = 0; i < K; i++) {
    bad |= be->decode12(&t[i], ek + i * MLKEM_POLYBYTES);
    be->cbd(&y[i], es->y[i], MLKEM_ETA1);
    be->ntt(&y[i]);
  }

  /* Steps 19 and 22: u = NTT^-1(A-hat^T y-hat) + e1, c1 = ByteEncode_du(
   * Compress_du(u)). */
  for (i = 0; i < K; i++) {
    be->basemul_acc(&u, &es->at[i * K], y, K, 0, MLKEM_N);
    be->invntt(&u);
    be->cbd(&noise, es->e1[i], MLKEM_ETA2);
    be->add(&u, &noise);
    be->compress_encode(ct + i * 32 * MLKEM_DU, &u, MLKEM_DU);
  }

  /* Steps 20-21 and 23: mu = Decompress_1(ByteDecode_1(m)),
   * v = NTT^-1(t-hat^T y-hat) + e2 + mu, c2 = ByteEncode_dv(Compress_dv(v)). */
  be->basemul_acc(&u, t, y, K, 0, MLKEM_N);
  be->invntt(&u);
  be->cbd(&noise, es->e2, MLKEM_ETA2);
  be->add(&u, &noise);
  be->decode_decompress_msg(&noise, m);
  be->add(&u, &noise);
  be->compress_encode(ct + MLKEM_U_BYTES_K, &u, MLKEM_DV);

  mlkem_zeroize(y, sizeof y);
  mlkem_zeroize(&u, sizeof u);
  mlkem_zeroize(&noise, sizeof noise);
  mlkem_kpke_encrypt_samples_wipe(es);
  return bad;
}

/* FIPS 203 Algorithm 14, alone (the hazmat entry point; ML-KEM runs the
 * two halves with its own hashes in between, kem.c). */
void mlkem_kpke_encrypt(const mlkem_backend *be, uint8_t *ct, const uint8_t *ek,
                        const uint8_t m[MLKEM_SYMBYTES],
                        const uint8_t r[MLKEM_SYMBYTES]) {
  mlkem_kpke_encrypt_samples es;
  mlkem_sponge_job jobs[MLKEM_KPKE_ENCRYPT_JOBS];
  mlkem_job_list list = {jobs, 0, MLKEM_KPKE_ENCRYPT_JOBS};
  mlkem_kpke_encrypt_jobs(be, &es, &list, ek, r, -1);
  mlkem_hash_run(be, list.job, list.n);
  (void)mlkem_kpke_encrypt_finish(be, ct, ek, m, &es);
}

/* FIPS 203 Algorithm 15. */
void mlkem_kpke_decrypt(const mlkem_backend *be, uint8_t m[MLKEM_SYMBYTES],
                        const uint8_t *dkpke, const uint8_t *ct) {
  mlkem_poly u[K], s[K], w, v;
  unsigned i;

  /* Steps 3-4: u' = Decompress_du(ByteDecode_du(c1)),
   * v' = Decompress_dv(ByteDecode_dv(c2)). */
  for (i = 0; i < K; i++) {
    be->decode_decompress(&u[i], ct + i * 32 * MLKEM_DU, MLKEM_DU);
    be->ntt(&u[i]);
  }
  be->decode_decompress(&v, ct + MLKEM_U_BYTES_K, MLKEM_DV);

  /* Steps 5-6: s-hat = ByteDecode_12(dk_PKE), w = v' - NTT^-1(s-hat^T
   * NTT(u')). */
  for (i = 0; i < K; i++)
    (void)be->decode12(&s[i], dkpke + i * MLKEM_POLYBYTES);
  be->basemul_acc(&w, s, u, K, 0, MLKEM_N);
  be->invntt(&w);
  be->sub_from(&w, &v);

  /* Step 7: m = ByteEncode_1(Compress_1(w)). */
  be->compress_encode_msg(m, &w);

  mlkem_zeroize(s, sizeof s);
  mlkem_zeroize(&w, sizeof w);
}
