/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * kpke.c - K-PKE (@spec{FIPS203, sec. 5}, @spec{FIPS203, Alg. 13-15}), written
 * once for all parameter sets and all backends, compiled per set with buffers
 * sized for its rank (level.h). All polynomial arithmetic goes through the
 * backend table. Each function is a run of the algorithm's steps, in its
 * order. The symmetric functions are those of the suite the caller gives
 * (kpke_internal.h: FIPS 203's, or round 3's for Kyber), and which hashes
 * run side by side, and when key generation's steps run, is the suite's
 * (kpke_schedule.c for FIPS 203).
 *
 * Noise is kept as PRF output bytes (64 eta bytes per polynomial, against
 * 512 for the polynomial) until the step that uses it, where it is turned
 * into a polynomial by SamplePolyCBD; that keeps the stack small. Every
 * buffer that held a secret is wiped before return.
 */
#include "fips203/level.h"

#include <string.h>

#include "platform/bytes.h"
#include "platform/ct.h"
#include "platform/ct_testing.h"
#include "fips203/kpke.h"
#include "fips203/kpke_internal.h"

#define K MLKEM_K

/* In the small-stack configuration, key generation's and decryption's
 * polynomials (s-hat, u) stay in frames of their own, not in their
 * callers' (kem.c, kem_expanded.c), where they would stay allocated
 * through the rest of the operation; and what the compiler keeps in them
 * stays where this file's wipes and scrubs reach (test_zeroize). */
#if defined(MLKEM_SMALL_STACK) && (defined(__GNUC__) || defined(__clang__))
#define KPKE_OWN_FRAME __attribute__((noinline))
#else
#define KPKE_OWN_FRAME
#endif

/* Steps 8-11 and 16: s[N] = SamplePolyCBD_eta1(PRF_eta1(sigma, N)),
 * s-hat = NTT(s). */
static void keygen_s_hat(const mlkem_backend *be, mlkem_kpke_keygen_vars *v)
    __contract__(
      requires(MLKEM_BACKEND_OK(be) && fresh(v, sizeof *v) &&
               fresh(v->prf, K * MLKEM_ETA1_BYTES))
      assigns(v->s_hat)
      ensures(MLKEM_CBMC_within_each(v->s_hat, K, 0, MLKEM_N,
                                     -8 * MLKEM_Q + 1, 8 * MLKEM_Q - 1))
    ) {
  unsigned i;
  for (i = 0; i < K; i++) {
    be->cbd(&v->s_hat[i], v->prf[i], MLKEM_ETA1);
    be->ntt(&v->s_hat[i]);
  }
}

/* Steps 12-15 and 17 for row i: e[i] = SamplePolyCBD_eta1(PRF_eta1(sigma,
 * k + i)), e-hat[i] = NTT(e[i]). */
static void keygen_e_hat(const mlkem_backend *be, mlkem_kpke_keygen_vars *v,
                         unsigned i)
    __contract__(
      requires(MLKEM_BACKEND_OK(be) && i < K && fresh(v, sizeof *v) &&
               fresh(v->prf, 2 * K * MLKEM_ETA1_BYTES))
      assigns(v->e_hat)
      ensures(MLKEM_CBMC_within(v->e_hat.coeffs, 0, MLKEM_N, -8 * MLKEM_Q + 1,
                                8 * MLKEM_Q - 1))
    ) {
  be->cbd(&v->e_hat, v->prf[K + i], MLKEM_ETA1);
  be->ntt(&v->e_hat);
}

/* Steps 18-19 for the coefficients [from, to) of row i: t-hat[i] =
 * sum_j A-hat[i][j] o s-hat[j] + e-hat[i], ek[384 i :] =
 * ByteEncode_12(t-hat[i]). */
static void keygen_t_hat(const mlkem_backend *be, mlkem_kpke_keygen_vars *v,
                         const mlkem_poly *a_row, unsigned i, unsigned from,
                         unsigned to)
    __contract__(
      requires(MLKEM_BACKEND_OK(be) && i < K && MLKEM_PARTS_OK(from, to) &&
               fresh(v, sizeof *v) && fresh(v->ek, MLKEM_EK_BYTES_K) &&
               fresh(a_row, K * sizeof(mlkem_poly)) &&
               (v->at == NULL ||
                fresh(v->at, K * K * sizeof(mlkem_poly))))
      requires(MLKEM_CBMC_within_each(a_row, K, from, to, 0, MLKEM_Q - 1))
      requires(MLKEM_CBMC_within_each(v->s_hat, K, from, to,
                                      -8 * MLKEM_Q + 1, 8 * MLKEM_Q - 1))
      requires(MLKEM_CBMC_within(v->e_hat.coeffs, from, to, -8 * MLKEM_Q + 1,
                                 8 * MLKEM_Q - 1))
      assigns(v->t_hat, bytes(v->ek + MLKEM_POLYBYTES * i, MLKEM_POLYBYTES))
      assigns(v->at != NULL: bytes(v->at, K * K * sizeof(mlkem_poly)))
      ensures(MLKEM_CBMC_q12_below(v->ek + MLKEM_POLYBYTES * i, from, to))
    ) {
  unsigned j;
  be->basemul_acc(&v->t_hat, a_row, v->s_hat, K, from, to);
  be->add_reduce(&v->t_hat, &v->e_hat, from, to);
  be->encode12(v->ek + (size_t)MLKEM_POLYBYTES * i, &v->t_hat, from, to);
  /* A-hat (public: from rho), transposed, for the caller that keeps it:
   * A-hat[i][j] at polynomial j k + i. */
  if (to == MLKEM_N && v->at != NULL)
    for (j = 0; j < K; j++)
      memcpy(v->at + sizeof(mlkem_poly) * (j * K + i), &a_row[j],
             sizeof(mlkem_poly));
}

/* The steps above, for the suite's schedule. */
static const mlkem_kpke_keygen_steps keygen_steps = {
    keygen_s_hat,
    keygen_e_hat,
    keygen_t_hat,
};

/* @spec{FIPS203, Alg. 13}, K-PKE.KeyGen, on the symmetric functions sym
 * (kpke_internal.h); with h not NULL, also H(ek) into h for
 * ML-KEM.KeyGen_internal (@spec{FIPS203, Alg. 16}). */
KPKE_OWN_FRAME void mlkem_kpke_keygen_h(const mlkem_backend *be, uint8_t *ek,
                                        uint8_t *dkpke,
                                        const uint8_t d[MLKEM_SYMBYTES],
                                        uint8_t *h, uint8_t *at,
                                        const mlkem_kpke_suite *sym) {
  uint8_t rho_sigma[2 * MLKEM_SYMBYTES]; /* rho public, sigma secret */
  mlkem_kpke_keygen_vars v;
  unsigned i;

  /* Step 1: (rho, sigma) = G(d || k). */
  sym->g(be, rho_sigma, d);
  /* Declassified for the constant-time check (ct_testing.h): rho is
   * public, the last 32 bytes of ek (step 19), and SampleNTT's rejection
   * loop runs on XOF(rho, j, i). sigma stays secret. */
  MLKEM_CT_UNPOISON(rho_sigma, MLKEM_SYMBYTES);
  memcpy(ek + MLKEM_DKPKE_BYTES_K, rho_sigma, MLKEM_SYMBYTES);

  /* Steps 3-19: A-hat, s and e sampled, and t-hat computed and encoded
   * into ek a part at a time as they arrive (the steps above, run by the
   * suite's schedule). The PRF
   * outputs wait in dk_PKE, which step 20 overwrites: 2k polynomials'
   * worth of bytes that the stack need not hold (docs/SECURITY.md, make
   * stack). */
  v.prf = (uint8_t(*)[MLKEM_ETA1_BYTES])dkpke;
  v.ek = ek;
  v.at = at;
  sym->keygen_schedule(be, &v, &keygen_steps, rho_sigma,
                       rho_sigma + MLKEM_SYMBYTES, h);

  /* Step 20: dk_PKE = ByteEncode_12(s-hat), over the PRF outputs. */
  for (i = 0; i < K; i++)
    be->encode12(dkpke + i * MLKEM_POLYBYTES, &v.s_hat[i], 0, MLKEM_N);

  mlkem_zeroize(rho_sigma, sizeof rho_sigma);
  mlkem_zeroize(v.s_hat, sizeof v.s_hat);
  mlkem_zeroize(&v.e_hat, sizeof v.e_hat);
  mlkem_zeroize(&v.t_hat, sizeof v.t_hat);
}

_Static_assert(2 * K * MLKEM_ETA1_BYTES <= MLKEM_DKPKE_BYTES_K,
               "the PRF outputs of key generation do not fit in dk_PKE");

/* @spec{FIPS203, Alg. 13} (the hazmat entry point). */
void mlkem_kpke_keygen(const mlkem_backend *be, uint8_t *ek, uint8_t *dkpke,
                       const uint8_t d[MLKEM_SYMBYTES],
                       const mlkem_kpke_suite *sym) {
  mlkem_kpke_keygen_h(be, ek, dkpke, d, NULL, NULL, sym);
}

void mlkem_kpke_noise_wipe(mlkem_kpke_noise *noise) {
  mlkem_zeroize(noise, sizeof *noise);
}

void mlkem_kpke_encrypt_samples_wipe(mlkem_kpke_encrypt_samples *es) {
  mlkem_kpke_noise_wipe(&es->noise);
}

/* Step 18 for y[i]: y-hat[i] = NTT(SamplePolyCBD_eta1(PRF_eta1(r, i))),
 * from the PRF's output prf. */
static void encrypt_y_hat(const mlkem_backend *be, mlkem_poly *y,
                          const uint8_t *prf)
    __contract__(
      requires(MLKEM_BACKEND_OK(be) && fresh(y, sizeof *y) &&
               fresh(prf, MLKEM_ETA1_BYTES))
      assigns(*y)
      ensures(MLKEM_CBMC_within(y->coeffs, 0, MLKEM_N, -8 * MLKEM_Q + 1,
                                8 * MLKEM_Q - 1))
    ) {
  be->cbd(y, prf, MLKEM_ETA1);
  be->ntt(y);
}

/* Steps 19 and 22 for row i of u once u holds sum_j A-hat[j][i] o y-hat[j]
 * (NTT domain, |x| < q): u[i] = NTT^-1(u) + e1[i] (e1: PRF_eta2(r, k + i)),
 * c1[32 du i :] = ByteEncode_du(Compress_du(u[i])) into c. e is the
 * caller's scratch. */
static void encrypt_u_end(const mlkem_backend *be, uint8_t *c, mlkem_poly *u,
                          const uint8_t *e1, mlkem_poly *e)
    __contract__(
      requires(MLKEM_BACKEND_OK(be) && fresh(c, 32 * MLKEM_DU) &&
               fresh(u, sizeof *u) && fresh(e1, MLKEM_ETA2_BYTES) &&
               fresh(e, sizeof *e))
      requires(MLKEM_CBMC_within(u->coeffs, 0, MLKEM_N, -MLKEM_Q + 1,
                                 MLKEM_Q - 1))
      assigns(bytes(c, 32 * MLKEM_DU), *u, *e)
    ) {
  be->invntt(u);
  be->cbd(e, e1, MLKEM_ETA2);
  be->add(u, e);
  be->compress_encode(c, u, MLKEM_DU);
}

/* Steps 20-21 and 23 once u holds t-hat^T y-hat (NTT domain, |x| < q): mu =
 * Decompress_1(ByteDecode_1(m)), v = NTT^-1(u) + e2 + mu, c2 =
 * ByteEncode_dv(Compress_dv(v)) into c. e is the caller's scratch. */
static void encrypt_v_end(const mlkem_backend *be, uint8_t *c, mlkem_poly *u,
                          const uint8_t *e2, const uint8_t m[MLKEM_SYMBYTES],
                          mlkem_poly *e)
    __contract__(
      requires(MLKEM_BACKEND_OK(be) && fresh(c, 32 * MLKEM_DV) &&
               fresh(u, sizeof *u) && fresh(e2, MLKEM_ETA2_BYTES) &&
               fresh(m, MLKEM_SYMBYTES) && fresh(e, sizeof *e))
      requires(MLKEM_CBMC_within(u->coeffs, 0, MLKEM_N, -MLKEM_Q + 1,
                                 MLKEM_Q - 1))
      assigns(bytes(c, 32 * MLKEM_DV), *u, *e)
    ) {
  be->invntt(u);
  be->cbd(e, e2, MLKEM_ETA2);
  be->add(u, e);
  be->decode_decompress_msg(e, m);
  be->add(u, e);
  be->compress_encode(c, u, MLKEM_DV);
}

/* @spec{FIPS203, Alg. 14, l. 18-23}, with t-hat (step 2) decoded and
 * A-hat transposed (steps 3-8) given. */
void mlkem_kpke_encrypt_hat(const mlkem_backend *be, uint8_t *ct,
                            const mlkem_poly *at, const mlkem_poly *t_hat,
                            const uint8_t m[MLKEM_SYMBYTES],
                            mlkem_kpke_noise *noise)
    /* at and noise may be members of one object (the samples, es). */
    __contract__(
      requires(MLKEM_BACKEND_OK(be) && fresh(ct, MLKEM_CT_BYTES_K) &&
               readable(at, K * K * sizeof(mlkem_poly)) &&
               fresh(t_hat, K * sizeof(mlkem_poly)) &&
               fresh(m, MLKEM_SYMBYTES) && writable(noise, sizeof *noise))
      requires(MLKEM_CBMC_within_each(at, K * K, 0, MLKEM_N, 0, MLKEM_Q - 1))
      requires(MLKEM_CBMC_within_each(t_hat, K, 0, MLKEM_N, 0, MLKEM_Q - 1))
      assigns(bytes(ct, MLKEM_CT_BYTES_K), *noise)
      ensures(all_zero(noise, sizeof *noise))
    ) {
  mlkem_poly y[K], u, e;
  unsigned i;

  for (i = 0; i < K; i++) encrypt_y_hat(be, &y[i], noise->y[i]);
  /* Steps 19 and 22: the row of A-hat's transpose times y-hat, then the
   * rest. */
  for (i = 0; i < K; i++) {
    be->basemul_acc(&u, &at[i * K], y, K, 0, MLKEM_N);
    encrypt_u_end(be, ct + i * 32 * MLKEM_DU, &u, noise->e1[i], &e);
  }
  /* Steps 20-21 and 23. */
  be->basemul_acc(&u, t_hat, y, K, 0, MLKEM_N);
  encrypt_v_end(be, ct + MLKEM_U_BYTES_K, &u, noise->e2, m, &e);

  mlkem_zeroize(y, sizeof y);
  mlkem_zeroize(&u, sizeof u);
  mlkem_zeroize(&e, sizeof e);
  mlkem_kpke_noise_wipe(noise);
}

#ifdef MLKEM_SMALL_STACK
/* len bytes of the ciphertext at offset off, into out (kpke_internal.h):
 * written, or compared in constant time, the mask accumulated. */
static void ct_put(mlkem_kpke_ct_out *out, size_t off, const uint8_t *c,
                   size_t len) {
  if (out->ct != NULL)
    memcpy(out->ct + off, c, len);
  else
    out->diff |= mlkem_ct_memneq(c, out->cmp + off, len);
}

/* u += a o y (MultiplyNTTs, @spec{FIPS203, Alg. 11}) for the term j of
 * a sum of products taken one term at a time (u = the product for j = 0):
 * the product into tmp, then added with reduction, which keeps |u| < q
 * (backend.h: basemul_acc's output is within add_reduce's bounds). The sum
 * is the same mod q as basemul_acc's over the whole vector; every later
 * step reduces before it encodes, so the bytes are the same. */
static void mul_add_term(const mlkem_backend *be, mlkem_poly *u,
                         mlkem_poly *tmp, const mlkem_poly *a,
                         const mlkem_poly *y, unsigned j) {
  if (j == 0) {
    be->basemul_acc(u, a, y, 1, 0, MLKEM_N);
    return;
  }
  be->basemul_acc(tmp, a, y, 1, 0, MLKEM_N);
  be->add_reduce(u, tmp, 0, MLKEM_N);
}

_Static_assert(MLKEM_ETA2_BYTES <= MLKEM_ETA1_BYTES && MLKEM_DV <= MLKEM_DU,
               "the small-stack encryption's buffers are sized by eta1, du");

/* @spec{FIPS203, Alg. 14}, an entry of A-hat at a time (kpke_internal.h):
 * the steps in the order their inputs can be made one at a time. */
unsigned mlkem_kpke_encrypt_rows(const mlkem_backend *be,
                                 mlkem_kpke_ct_out *out, const uint8_t *ek,
                                 const uint8_t m[MLKEM_SYMBYTES],
                                 const uint8_t r[MLKEM_SYMBYTES],
                                 const mlkem_kpke_suite *sym) {
  mlkem_poly y[K], a, u, e; /* a: an entry of A-hat, or of t-hat */
  /* A PRF output, then (once it is a polynomial) a part of c. */
  union {
    uint8_t prf[MLKEM_ETA1_BYTES];
    uint8_t c[32 * MLKEM_DU];
  } buf;
  const uint8_t *rho = ek + MLKEM_DKPKE_BYTES_K;
  unsigned i, j, bad = 0;

  /* Steps 9-12 and 18: y-hat. */
  for (i = 0; i < K; i++) {
    sym->prf(be, buf.prf, r, i, MLKEM_ETA1);
    encrypt_y_hat(be, &y[i], buf.prf);
  }
  /* Steps 4-8 (A-hat[j][i], row i of the transpose), 13-16 (e1[i]), 19
   * and 22. */
  for (i = 0; i < K; i++) {
    for (j = 0; j < K; j++) {
      sym->matrix_entry(be, &a, rho, j, i);
      mul_add_term(be, &u, &e, &a, &y[j], j);
    }
    sym->prf(be, buf.prf, r, K + i, MLKEM_ETA2);
    encrypt_u_end(be, buf.c, &u, buf.prf, &e);
    ct_put(out, (size_t)i * 32 * MLKEM_DU, buf.c, 32 * MLKEM_DU);
  }
  /* Step 2: t-hat = ByteDecode_12(ek[0 : 384k]) with the modulus check
   * (@spec{FIPS203, sec. 7.2}), an entry at a time; steps 17, 20-21 and
   * 23. */
  for (j = 0; j < K; j++) {
    bad |= be->decode12(&a, ek + j * MLKEM_POLYBYTES);
    mul_add_term(be, &u, &e, &a, &y[j], j);
  }
  sym->prf(be, buf.prf, r, 2 * K, MLKEM_ETA2);
  encrypt_v_end(be, buf.c, &u, buf.prf, m, &e);
  ct_put(out, MLKEM_U_BYTES_K, buf.c, 32 * MLKEM_DV);

  mlkem_zeroize(y, sizeof y);
  mlkem_zeroize(&u, sizeof u);
  mlkem_zeroize(&e, sizeof e);
  mlkem_zeroize(&buf, sizeof buf);
  /* The PRFs' last states, below this frame (the suite's prf). */
  mlkem_scrub_stack();
  return bad;
}
#endif

/* @spec{FIPS203, Alg. 14, l. 2} (kpke_internal.h). */
unsigned mlkem_kpke_decode_t_hat(const mlkem_backend *be, mlkem_poly *t,
                                 const uint8_t *ek)
    __contract__(
      requires(MLKEM_BACKEND_OK(be) && fresh(t, K * sizeof(mlkem_poly)) &&
               fresh(ek, MLKEM_DKPKE_BYTES_K))
      assigns(bytes(t, K * sizeof(mlkem_poly)))
      ensures(MLKEM_CBMC_within_each(t, K, 0, MLKEM_N, 0, MLKEM_Q - 1))
      ensures((return_value != 0) == MLKEM_KPKE_EK_BAD(ek))
    ) {
  unsigned i, bad = 0;
  /* ByteEncode_12(ByteDecode_12(ek)) equals ek exactly when every 12-bit
   * value is below q, which the backend's decode12 reports. ek is
   * public. */
  for (i = 0; i < K; i++) bad |= be->decode12(&t[i], ek + i * MLKEM_POLYBYTES);
  return bad;
}

/* @spec{FIPS203, Alg. 14, l. 2, 18-23}, once es holds what steps 3-17
 * sample (kpke_internal.h). */
unsigned mlkem_kpke_encrypt_finish(const mlkem_backend *be, uint8_t *ct,
                                   const uint8_t *ek,
                                   const uint8_t m[MLKEM_SYMBYTES],
                                   mlkem_kpke_encrypt_samples *es)
    __contract__(
      requires(MLKEM_BACKEND_OK(be) && fresh(ct, MLKEM_CT_BYTES_K) &&
               fresh(ek, MLKEM_DKPKE_BYTES_K) && fresh(m, MLKEM_SYMBYTES) &&
               fresh(es, sizeof *es))
      requires(MLKEM_KPKE_SAMPLES_OK(es))
      assigns(bytes(ct, MLKEM_CT_BYTES_K), es->noise)
      ensures(all_zero(&es->noise, sizeof es->noise))
      ensures((return_value != 0) == MLKEM_KPKE_EK_BAD(ek))
    ) {
  mlkem_poly t[K];
  /* Step 2, which also tells whether ek passes the modulus check. */
  unsigned bad = mlkem_kpke_decode_t_hat(be, t, ek);
  mlkem_kpke_encrypt_hat(be, ct, es->at, t, m, &es->noise);
  return bad;
}

/* @spec{FIPS203, Alg. 14}, alone (the hazmat entry point; ML-KEM runs the
 * two halves with its own hashes in between, kem.c). */
void mlkem_kpke_encrypt(const mlkem_backend *be, uint8_t *ct, const uint8_t *ek,
                        const uint8_t m[MLKEM_SYMBYTES],
                        const uint8_t r[MLKEM_SYMBYTES],
                        const mlkem_kpke_suite *sym) {
  mlkem_kpke_encrypt_samples es;
  /* Steps 3-17: A-hat, y, e1 and e2 sampled. */
  sym->encrypt_samples(be, &es, ek, r);
  /* Steps 2 and 18-23. */
  (void)mlkem_kpke_encrypt_finish(be, ct, ek, m, &es);
}

/* @spec{FIPS203, Alg. 15, l. 3-7}, with s-hat (step 5) decoded. */
void mlkem_kpke_decrypt_hat(const mlkem_backend *be, uint8_t m[MLKEM_SYMBYTES],
                            const mlkem_poly *s_hat, const uint8_t *ct)
    __contract__(
      requires(MLKEM_BACKEND_OK(be) && fresh(m, MLKEM_SYMBYTES) &&
               fresh(s_hat, K * sizeof(mlkem_poly)) &&
               fresh(ct, MLKEM_CT_BYTES_K))
      requires(MLKEM_CBMC_within_each(s_hat, K, 0, MLKEM_N, 0, MLKEM_Q - 1))
      assigns(bytes(m, MLKEM_SYMBYTES))
    ) {
  mlkem_poly u[K], w, v;
  unsigned i;

  /* Steps 3-4: u' = Decompress_du(ByteDecode_du(c1)),
   * v' = Decompress_dv(ByteDecode_dv(c2)). */
  for (i = 0; i < K; i++) {
    be->decode_decompress(&u[i], ct + i * 32 * MLKEM_DU, MLKEM_DU);
    be->ntt(&u[i]);
  }
  be->decode_decompress(&v, ct + MLKEM_U_BYTES_K, MLKEM_DV);

  /* Step 6: w = v' - NTT^-1(s-hat^T NTT(u')). */
  be->basemul_acc(&w, s_hat, u, K, 0, MLKEM_N);
  be->invntt(&w);
  be->sub_from(&w, &v);

  /* Step 7: m = ByteEncode_1(Compress_1(w)). */
  be->compress_encode_msg(m, &w);

  mlkem_zeroize(&w, sizeof w);
}

/* @spec{FIPS203, Alg. 15}. */
KPKE_OWN_FRAME void mlkem_kpke_decrypt(const mlkem_backend *be,
                                       uint8_t m[MLKEM_SYMBYTES],
                                       const uint8_t *dkpke, const uint8_t *ct)
    __contract__(
      requires(MLKEM_BACKEND_OK(be) && fresh(m, MLKEM_SYMBYTES) &&
               fresh(dkpke, MLKEM_DKPKE_BYTES_K) &&
               fresh(ct, MLKEM_CT_BYTES_K))
      assigns(bytes(m, MLKEM_SYMBYTES))
    ) {
  mlkem_poly s[K];
  unsigned i;
  /* Step 5: s-hat = ByteDecode_12(dk_PKE). */
  for (i = 0; i < K; i++)
    (void)be->decode12(&s[i], dkpke + i * MLKEM_POLYBYTES);
  mlkem_kpke_decrypt_hat(be, m, s, ct);
  mlkem_zeroize(s, sizeof s);
}
