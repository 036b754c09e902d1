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

#include "ct.h"
#include "ct_testing.h"
#include "kpke.h"
#include "sample.h"
#include "symmetric.h"

#define K MLKEM_K

/* Normal-domain addition: r += a. Coefficient order in the normal domain
 * is the standard's for every backend. */
static void poly_add(mlkem_poly *r, const mlkem_poly *a) {
  unsigned i;
  for (i = 0; i < MLKEM_N; i++)
    r->coeffs[i] = (int16_t)(r->coeffs[i] + a->coeffs[i]);
}

/* Normal-domain subtraction: r = a - r. */
static void poly_sub_from(mlkem_poly *r, const mlkem_poly *a) {
  unsigned i;
  for (i = 0; i < MLKEM_N; i++)
    r->coeffs[i] = (int16_t)(a->coeffs[i] - r->coeffs[i]);
}

/* FIPS 203 Algorithm 13. */
void mlkem_kpke_keygen(const mlkem_backend *be, const mlkem_params *p,
                       uint8_t *ek, uint8_t *dkpke,
                       const uint8_t d[MLKEM_SYMBYTES]) {
  uint8_t in[MLKEM_SYMBYTES + 1];
  uint8_t rho_sigma[2 * MLKEM_SYMBYTES]; /* rho public, sigma secret */
  mlkem_poly a[K * K], s[K], t;
  uint8_t noise[2 * K][MLKEM_ETA1_BYTES]; /* PRF output for s, then e */
  mlkem_matrix_entry entries[K * K];
  mlkem_sponge_job jobs[K * K + 2 * K];
  mlkem_job_list list = {jobs, 0, K * K + 2 * K};
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

  /* Steps 3-7: A-hat[i][j] = SampleNTT(rho || j || i); steps 8-15: s and
   * e from PRF_eta1(sigma, N), N = 0 .. 2k - 1; all in one batch. */
  list.n = 0;
  mlkem_matrix_jobs(&list, be, entries, a, K, rho_sigma, 0);
  for (i = 0; i < 2 * K; i++)
    mlkem_jobs_add(&list, mlkem_job_prf(rho_sigma + MLKEM_SYMBYTES, i,
                                        noise[i], MLKEM_ETA1));
  mlkem_hash_run(be, list.job, list.n);

  /* Steps 16-18: s-hat = NTT(s), e-hat = NTT(e), t-hat = A-hat s-hat +
   * e-hat, a row at a time; step 19: ek = ByteEncode_12(t-hat) || rho.
   * Once row i of A-hat is used, its first entry holds e-hat[i] (saving a
   * polynomial of stack) and is wiped after. */
  for (i = 0; i < K; i++) {
    be->cbd(&s[i], noise[i], MLKEM_ETA1);
    be->ntt(&s[i]);
  }
  for (i = 0; i < K; i++) {
    mlkem_poly *e = &a[i * K];
    be->basemul_acc(&t, &a[i * K], s, K);
    be->cbd(e, noise[K + i], MLKEM_ETA1);
    be->ntt(e);
    be->add_reduce(&t, e);
    be->encode12(ek + i * MLKEM_POLYBYTES, &t);
    mlkem_zeroize(e, sizeof *e);
  }
  memcpy(ek + p->dkpke_bytes, rho_sigma, MLKEM_SYMBYTES);
  /* Step 20: dk_PKE = ByteEncode_12(s-hat). */
  for (i = 0; i < K; i++) be->encode12(dkpke + i * MLKEM_POLYBYTES, &s[i]);

  mlkem_zeroize(in, sizeof in);
  mlkem_zeroize(rho_sigma, sizeof rho_sigma);
  mlkem_zeroize(s, sizeof s);
  mlkem_zeroize(noise, sizeof noise);
  mlkem_zeroize(&t, sizeof t);
}

/* What K-PKE.Encrypt (FIPS 203 Algorithm 14) samples: A-hat transposed
 * (steps 4-8) and the PRF output of y, e1 and e2 (steps 9-17). The caller
 * runs the jobs, together with its own. */
typedef struct {
  mlkem_poly at[K * K];
  mlkem_matrix_entry entries[K * K];
  uint8_t y[K][MLKEM_ETA1_BYTES];
  uint8_t e1[K][MLKEM_ETA2_BYTES];
  uint8_t e2[MLKEM_ETA2_BYTES];
} kpke_encrypt_samples;

/* Jobs of K-PKE.Encrypt that are in the list besides the caller's. */
#define KPKE_ENCRYPT_JOBS (K * K + 2 * K + 1)

/* Appends the jobs that fill es from ek's rho and the randomness r; the
 * noise jobs start after job r_after of the list (the one that writes r),
 * or at once if r_after is -1. */
static void kpke_encrypt_jobs(const mlkem_backend *be, const mlkem_params *p,
                              kpke_encrypt_samples *es, mlkem_job_list *list,
                              const uint8_t *ek, const uint8_t *r,
                              int r_after) {
  unsigned i;
  /* Steps 3-8: rho = ek[384k :], A-hat transposed. */
  mlkem_matrix_jobs(list, be, es->entries, es->at, K, ek + p->dkpke_bytes, 1);
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

/* The arithmetic of K-PKE.Encrypt once es is filled: writes ct for the
 * message m under ek. Wipes the noise in es. */
static void kpke_encrypt_finish(const mlkem_backend *be,
                                const mlkem_params *p, uint8_t *ct,
                                const uint8_t *ek,
                                const uint8_t m[MLKEM_SYMBYTES],
                                kpke_encrypt_samples *es) {
  mlkem_poly t[K], y[K], u, noise;
  unsigned i;

  /* Step 2: t-hat = ByteDecode_12(ek[0 : 384k]). Step 18: y-hat = NTT(y). */
  for (i = 0; i < K; i++) {
    be->decode12(&t[i], ek + i * MLKEM_POLYBYTES);
    be->cbd(&y[i], es->y[i], MLKEM_ETA1);
    be->ntt(&y[i]);
  }

  /* Steps 19 and 22: u = NTT^-1(A-hat^T y-hat) + e1, c1 = ByteEncode_du(
   * Compress_du(u)). */
  for (i = 0; i < K; i++) {
    be->basemul_acc(&u, &es->at[i * K], y, K);
    be->invntt(&u);
    be->cbd(&noise, es->e1[i], MLKEM_ETA2);
    poly_add(&u, &noise);
    be->compress_encode(ct + i * 32 * p->du, &u, p->du);
  }

  /* Steps 20-21 and 23: mu = Decompress_1(ByteDecode_1(m)),
   * v = NTT^-1(t-hat^T y-hat) + e2 + mu, c2 = ByteEncode_dv(Compress_dv(v)). */
  be->basemul_acc(&u, t, y, K);
  be->invntt(&u);
  be->cbd(&noise, es->e2, MLKEM_ETA2);
  poly_add(&u, &noise);
  be->decode_decompress_msg(&noise, m);
  poly_add(&u, &noise);
  be->compress_encode(ct + p->u_bytes, &u, p->dv);

  mlkem_zeroize(y, sizeof y);
  mlkem_zeroize(&u, sizeof u);
  mlkem_zeroize(&noise, sizeof noise);
  mlkem_zeroize(es->y, sizeof es->y);
  mlkem_zeroize(es->e1, sizeof es->e1);
  mlkem_zeroize(es->e2, sizeof es->e2);
}

/* FIPS 203 Algorithm 14, alone (the hazmat entry point; ML-KEM runs the
 * two halves with its own hashes in between, kem.c). */
void mlkem_kpke_encrypt(const mlkem_backend *be, const mlkem_params *p,
                        uint8_t *ct, const uint8_t *ek,
                        const uint8_t m[MLKEM_SYMBYTES],
                        const uint8_t r[MLKEM_SYMBYTES]) {
  kpke_encrypt_samples es;
  mlkem_sponge_job jobs[KPKE_ENCRYPT_JOBS];
  mlkem_job_list list = {jobs, 0, KPKE_ENCRYPT_JOBS};
  kpke_encrypt_jobs(be, p, &es, &list, ek, r, -1);
  mlkem_hash_run(be, list.job, list.n);
  kpke_encrypt_finish(be, p, ct, ek, m, &es);
}

/* FIPS 203 Algorithm 15. */
void mlkem_kpke_decrypt(const mlkem_backend *be, const mlkem_params *p,
                        uint8_t m[MLKEM_SYMBYTES], const uint8_t *dkpke,
                        const uint8_t *ct) {
  mlkem_poly u[K], s[K], w, v;
  unsigned i;

  /* Steps 3-4: u' = Decompress_du(ByteDecode_du(c1)),
   * v' = Decompress_dv(ByteDecode_dv(c2)). */
  for (i = 0; i < K; i++) {
    be->decode_decompress(&u[i], ct + i * 32 * p->du, p->du);
    be->ntt(&u[i]);
  }
  be->decode_decompress(&v, ct + p->u_bytes, p->dv);

  /* Steps 5-6: s-hat = ByteDecode_12(dk_PKE), w = v' - NTT^-1(s-hat^T
   * NTT(u')). */
  for (i = 0; i < K; i++) be->decode12(&s[i], dkpke + i * MLKEM_POLYBYTES);
  be->basemul_acc(&w, s, u, K);
  be->invntt(&w);
  poly_sub_from(&w, &v);

  /* Step 7: m = ByteEncode_1(Compress_1(w)). */
  be->compress_encode_msg(m, &w);

  mlkem_zeroize(s, sizeof s);
  mlkem_zeroize(&w, sizeof w);
}
