/*
 * kpke.c - K-PKE (FIPS 203 section 5, Algorithms 13-15), written once for
 * all parameter sets and all backends. All polynomial arithmetic goes
 * through the backend table; this file fixes only the order of operations
 * and which buffers hold secrets (wiped before return).
 */
#include "kpke.h"

#include <string.h>

#include "ct.h"
#include "ct_testing.h"
#include "sample.h"
#include "sha3/sha3.h"
#include "symmetric.h"


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

static void noise_job(mlkem_noise_job *job, mlkem_poly *out, unsigned nonce,
                      unsigned eta) {
  job->out = out;
  job->nonce = (uint8_t)nonce;
  job->eta = (uint8_t)eta;
}

/* FIPS 203 Algorithm 13. */
void mlkem_kpke_keygen(const mlkem_backend *be, const mlkem_params *p,
                       uint8_t *ek, uint8_t *dkpke,
                       const uint8_t d[MLKEM_SYMBYTES]) {
  const unsigned k = p->k;
  uint8_t in[MLKEM_SYMBYTES + 1];
  uint8_t rho_sigma[2 * MLKEM_SYMBYTES]; /* rho public, sigma secret */
  mlkem_matrix a;
  mlkem_poly s[MLKEM_K_MAX], e[MLKEM_K_MAX], t;
  mlkem_noise_job jobs[2 * MLKEM_K_MAX];
  mlkem_sample_plan plan;
  mlkem_sponge_job g;
  unsigned i;

  /* Step 1: (rho, sigma) = G(d || k), with the rank byte of the final
   * standard (domain separation between parameter sets). */
  memcpy(in, d, MLKEM_SYMBYTES);
  in[MLKEM_SYMBYTES] = (uint8_t)k;
  g = mlkem_job_g(in, sizeof in, rho_sigma);
  mlkem_hash_run(be, &g, 1);
  /* Declassified for the constant-time check (ct_testing.h): rho is
   * public, the last 32 bytes of ek (step 19), and SampleNTT's rejection
   * loop runs on SHAKE128(rho || j || i). sigma stays secret. */
  MLKEM_CT_UNPOISON(rho_sigma, MLKEM_SYMBYTES);

  /* Steps 3-7: A-hat[i][j] = SampleNTT(rho || j || i); steps 8-15: s and
   * e from PRF_eta1(sigma, N), N = 0 .. 2k - 1; all in one batch. */
  for (i = 0; i < k; i++) {
    noise_job(&jobs[i], &s[i], i, p->eta1);
    noise_job(&jobs[k + i], &e[i], k + i, p->eta1);
  }
  memset(&plan, 0, sizeof plan);
  plan.matrix = a.a;
  plan.k = k;
  plan.rho = rho_sigma;
  plan.noise = jobs;
  plan.nnoise = 2 * k;
  plan.noise_seed = rho_sigma + MLKEM_SYMBYTES;
  mlkem_sample(be, &plan);

  /* Steps 16-18: s-hat = NTT(s), e-hat = NTT(e), t-hat = A-hat s-hat + e-hat. */
  for (i = 0; i < k; i++) {
    be->ntt(&s[i]);
    be->ntt(&e[i]);
  }
  for (i = 0; i < k; i++) {
    be->basemul_acc(&t, &a.a[i * k], s, k);
    be->add_reduce(&t, &e[i]);
    /* Step 19: ek = ByteEncode_12(t-hat) || rho. */
    be->encode12(ek + i * MLKEM_POLYBYTES, &t);
  }
  memcpy(ek + p->dkpke_bytes, rho_sigma, MLKEM_SYMBYTES);
  /* Step 20: dk_PKE = ByteEncode_12(s-hat). */
  for (i = 0; i < k; i++) be->encode12(dkpke + i * MLKEM_POLYBYTES, &s[i]);

  mlkem_zeroize(in, sizeof in);
  mlkem_zeroize(rho_sigma, sizeof rho_sigma);
  mlkem_zeroize(s, sizeof s);
  mlkem_zeroize(e, sizeof e);
  mlkem_zeroize(&t, sizeof t);
}

/* FIPS 203 Algorithm 14. */
void mlkem_kpke_sample_matrix(const mlkem_backend *be, const mlkem_params *p,
                              mlkem_matrix *at, const uint8_t *ek,
                              const mlkem_sponge_job *extra,
                              unsigned nextra) {
  mlkem_sample_plan plan;
  memset(&plan, 0, sizeof plan);
  plan.matrix = at->a;
  plan.k = p->k;
  plan.rho = ek + p->dkpke_bytes;
  plan.transposed = 1;
  plan.extra = extra;
  plan.nextra = nextra;
  mlkem_sample(be, &plan);
}

void mlkem_kpke_encrypt(const mlkem_backend *be, const mlkem_params *p,
                        uint8_t *ct, const uint8_t *ek,
                        const uint8_t m[MLKEM_SYMBYTES],
                        const uint8_t r[MLKEM_SYMBYTES],
                        const mlkem_matrix *at) {
  const unsigned k = p->k;
  mlkem_poly t[MLKEM_K_MAX], y[MLKEM_K_MAX], e1[MLKEM_K_MAX], e2, u, v, mu;
  mlkem_noise_job jobs[2 * MLKEM_K_MAX + 1];
  mlkem_sample_plan plan;
  unsigned i;

  /* Steps 2-3: t-hat = ByteDecode_12(ek[0 : 384k]), rho = ek[384k :]. */
  for (i = 0; i < k; i++) be->decode12(&t[i], ek + i * MLKEM_POLYBYTES);

  /* Steps 4-8, A-hat (transposed), come from the caller; steps 9-17: y
   * from PRF_eta1(r, 0 .. k-1), e1 from PRF_eta2(r, k .. 2k-1), e2 from
   * PRF_eta2(r, 2k). */
  for (i = 0; i < k; i++) {
    noise_job(&jobs[i], &y[i], i, p->eta1);
    noise_job(&jobs[k + i], &e1[i], k + i, p->eta2);
  }
  noise_job(&jobs[2 * k], &e2, 2 * k, p->eta2);
  memset(&plan, 0, sizeof plan);
  plan.noise = jobs;
  plan.nnoise = 2 * k + 1;
  plan.noise_seed = r;
  mlkem_sample(be, &plan);

  /* Step 18: y-hat = NTT(y). */
  for (i = 0; i < k; i++) be->ntt(&y[i]);

  /* Steps 19 and 22: u = NTT^-1(A-hat^T y-hat) + e1, c1 = ByteEncode_du(
   * Compress_du(u)). */
  for (i = 0; i < k; i++) {
    be->basemul_acc(&u, &at->a[i * k], y, k);
    be->invntt(&u);
    poly_add(&u, &e1[i]);
    be->compress_encode(ct + i * 32 * p->du, &u, p->du);
  }

  /* Steps 20-21 and 23: mu = Decompress_1(ByteDecode_1(m)),
   * v = NTT^-1(t-hat^T y-hat) + e2 + mu, c2 = ByteEncode_dv(Compress_dv(v)). */
  be->decode_decompress_msg(&mu, m);
  be->basemul_acc(&v, t, y, k);
  be->invntt(&v);
  poly_add(&v, &e2);
  poly_add(&v, &mu);
  be->compress_encode(ct + p->u_bytes, &v, p->dv);

  mlkem_zeroize(y, sizeof y);
  mlkem_zeroize(e1, sizeof e1);
  mlkem_zeroize(&e2, sizeof e2);
  mlkem_zeroize(&u, sizeof u);
  mlkem_zeroize(&v, sizeof v);
  mlkem_zeroize(&mu, sizeof mu);
}

/* FIPS 203 Algorithm 15. */
void mlkem_kpke_decrypt(const mlkem_backend *be, const mlkem_params *p,
                        uint8_t m[MLKEM_SYMBYTES], const uint8_t *dkpke,
                        const uint8_t *ct) {
  const unsigned k = p->k;
  mlkem_poly u[MLKEM_K_MAX], s[MLKEM_K_MAX], w, v;
  unsigned i;

  /* Steps 3-4: u' = Decompress_du(ByteDecode_du(c1)),
   * v' = Decompress_dv(ByteDecode_dv(c2)). */
  for (i = 0; i < k; i++) {
    be->decode_decompress(&u[i], ct + i * 32 * p->du, p->du);
    be->ntt(&u[i]);
  }
  be->decode_decompress(&v, ct + p->u_bytes, p->dv);

  /* Steps 5-6: s-hat = ByteDecode_12(dk_PKE), w = v' - NTT^-1(s-hat^T
   * NTT(u')). */
  for (i = 0; i < k; i++) be->decode12(&s[i], dkpke + i * MLKEM_POLYBYTES);
  be->basemul_acc(&w, s, u, k);
  be->invntt(&w);
  poly_sub_from(&w, &v);

  /* Step 7: m = ByteEncode_1(Compress_1(w)). */
  be->compress_encode_msg(m, &w);

  mlkem_zeroize(s, sizeof s);
  mlkem_zeroize(&w, sizeof w);
}
