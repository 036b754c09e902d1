/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * kem_expanded.c - ML-KEM's expanded keys, for all parameter sets;
 * compiled per set (level.h), beside kem.c, whose key generation,
 * decapsulation's end and entry points of encapsulation it shares
 * (kem_internal.h).
 *
 * An expanded key holds what an operation would otherwise recompute from
 * the encoded key on every call, in the backend's own form, checked once
 * (include/mlkem.h, "Expanded keys"; docs/ARCHITECTURE.md). Offsets in
 * bytes, polynomials of 512 (256 int16 coefficients in the host's byte
 * order, NTT domain, in the backend's layout):
 *
 *   0            the header (xk_header): "mlk", 'E' (ek) or 'D' (dk), the
 *                format version, the rank k, the backend's id
 *                (mlkem_backend_id), the byte order of the coefficients
 *   8            zero
 *   32           H(ek)
 *   64           t-hat = ByteDecode_12(ek[0 : 384k]): k polynomials in
 *                [0, q) (@spec{FIPS203, Alg. 14, l. 2})
 *   64 + 512 k   A-hat transposed: k^2 polynomials as SampleNTT gives
 *                them (@spec{FIPS203, Alg. 14, l. 4-8}), row i (the entries
 *                A-hat[j][i]) at 64 + 512 (k + i k)
 * the decapsulation key goes on after those bytes:
 *   s-hat = ByteDecode_12(dk_PKE): k polynomials in [0, q)
 *   z (32 bytes), then 32 zero bytes
 *
 * So an expanded ek is the first bytes of the expanded dk of the same key
 * (but for the magic), and an operation copies each group of polynomials
 * with one memcpy into aligned storage on its stack: the caller's buffer
 * needs no alignment, as every buffer of the API.
 */
#include "fips203/level.h"

#include <string.h>

#include "mlkem.h"
#include "backend/backend.h"
#include "fips203/kem.h"
#include "fips203/kem_internal.h"
#include "fips203/kpke_internal.h"
#include "fips203/sample.h"
#include "fips203/symmetric.h"
#include "platform/ct.h"
#include "platform/ct_testing.h"

#define XK_HEADER_BYTES 8
#define XK_VERSION 1
#define XK_H 32
#define XK_T_HAT 64
#define XK_A_T (XK_T_HAT + MLKEM_K * MLKEM_EXPANDED_POLY_BYTES)
#define XK_EK_BYTES MLKEM_EXPANDED_EK_BYTES_OF(MLKEM_K)
#define XK_S_HAT XK_EK_BYTES
#define XK_Z (XK_S_HAT + MLKEM_K * MLKEM_EXPANDED_POLY_BYTES)
#define XK_DK_BYTES MLKEM_EXPANDED_DK_BYTES_OF(MLKEM_K)
_Static_assert(sizeof(mlkem_poly) == MLKEM_EXPANDED_POLY_BYTES,
               "a polynomial is stored as its 256 coefficients");
_Static_assert(XK_A_T + MLKEM_K * MLKEM_K * MLKEM_EXPANDED_POLY_BYTES ==
                       XK_EK_BYTES &&
                   XK_Z + 2 * MLKEM_SYMBYTES == XK_DK_BYTES,
               "the expanded keys' layout");

/* The header of an expanded key of kind 'E' or 'D' in be's layout. */
static void xk_header(uint8_t h[XK_HEADER_BYTES], uint8_t kind,
                      const mlkem_backend *be) {
  const uint16_t one = 1;
  h[0] = 'm';
  h[1] = 'l';
  h[2] = 'k';
  h[3] = kind;
  h[4] = XK_VERSION;
  h[5] = MLKEM_K;
  h[6] = (uint8_t)mlkem_backend_id(be);
  h[7] = *(const uint8_t *)&one ? 'L' : 'B';
}

/* Whether x is an expanded key of kind that this backend, this version of
 * the format and this parameter set read. The header is public. */
static int xk_header_ok(const uint8_t *x, uint8_t kind,
                        const mlkem_backend *be) {
  uint8_t want[XK_HEADER_BYTES];
  xk_header(want, kind, be);
  return memcmp(x, want, XK_HEADER_BYTES) == 0;
}

/* Out of line: the polynomial each of the next two keeps on its stack is
 * then not in expand_dk_from_seed's frame while key generation runs below
 * it (make stack, docs/SECURITY.md). */
#if defined(__GNUC__) || defined(__clang__)
#define XK_NOINLINE __attribute__((noinline))
#else
#define XK_NOINLINE
#endif

/* The header of kind and t-hat = ByteDecode_12(ek[0 : 384k]) with the
 * modulus check (@spec{FIPS203, sec. 7.2}); returns non-zero if ek fails it
 * (out is then partly written). ek is public. */
static XK_NOINLINE unsigned expand_t_hat(const mlkem_backend *be, uint8_t *out,
                                         const uint8_t *ek, uint8_t kind) {
  mlkem_poly t;
  unsigned bad = 0, i;
  for (i = 0; i < MLKEM_K; i++) {
    bad |= be->decode12(&t, ek + i * MLKEM_POLYBYTES);
    memcpy(out + XK_T_HAT + i * sizeof t, &t, sizeof t);
  }
  xk_header(out, kind, be);
  memset(out + XK_HEADER_BYTES, 0, XK_H - XK_HEADER_BYTES);
  return bad;
}

/* What an expanded ek and dk share, from ek (the ek inside dk when h_dk is
 * given): t-hat with the modulus check, then H(ek) and A-hat transposed
 * in one list of hashes, and the header of kind. Returns 0, or 1 if ek
 * fails the modulus check, 2 if h_dk is given and is not H(ek) (the hash
 * check of @spec{FIPS203, sec. 7.3}); out is then partly written. Everything it
 * reads is public. */
static int expand_public(const mlkem_backend *be, uint8_t *out,
                         const uint8_t *ek, const uint8_t *h_dk, uint8_t kind) {
  mlkem_poly at[MLKEM_K * MLKEM_K];
  mlkem_matrix_entry entries[MLKEM_K * MLKEM_K];
  mlkem_sponge_job jobs[1 + MLKEM_K * MLKEM_K];
  mlkem_job_list list = {jobs, 0, 1 + MLKEM_K * MLKEM_K};

  if (expand_t_hat(be, out, ek, kind) != 0) return 1;
  mlkem_jobs_add(&list, mlkem_job_h(ek, MLKEM_EK_BYTES_K, out + XK_H));
  mlkem_matrix_jobs(&list, be, entries, at, MLKEM_K, ek + MLKEM_DKPKE_BYTES_K,
                    1);
  mlkem_hash_run(be, list.job, list.n);
  if (h_dk != NULL && mlkem_ct_memneq(out + XK_H, h_dk, MLKEM_SYMBYTES) != 0)
    return 2;
  memcpy(out + XK_A_T, at, sizeof at);
  return 0;
}

/* The secret part of an expanded dk: z, then s-hat = ByteDecode_12(dk_PKE)
 * (@spec{FIPS203, Alg. 15, l. 5}). */
static XK_NOINLINE void expand_secret(const mlkem_backend *be, uint8_t *out,
                                      const uint8_t *dk) {
  mlkem_poly s_hat;
  unsigned i;
  memcpy(out + XK_Z, mlkem_dk_z(dk), MLKEM_SYMBYTES);
  memset(out + XK_Z + MLKEM_SYMBYTES, 0, MLKEM_SYMBYTES);
  for (i = 0; i < MLKEM_K; i++) {
    (void)be->decode12(&s_hat, dk + i * MLKEM_POLYBYTES);
    memcpy(out + XK_S_HAT + i * sizeof s_hat, &s_hat, sizeof s_hat);
  }
  mlkem_zeroize(&s_hat, sizeof s_hat);
}

int MLKEM_NS(kem_expand_ek)(uint8_t out[XK_EK_BYTES],
                            const uint8_t ek[MLKEM_EK_BYTES_K]) {
  const mlkem_backend *be = mlkem_backend_get();
  if (out == NULL || ek == NULL)
    return mlkem_kem_fail(MLKEM_ERR_NULL_ARGUMENT, out, XK_EK_BYTES, NULL, 0);
  if (be == NULL)
    return mlkem_kem_fail(MLKEM_ERR_BACKEND, out, XK_EK_BYTES, NULL, 0);
  if (expand_public(be, out, ek, NULL, 'E') != 0)
    return mlkem_kem_fail(MLKEM_ERR_INVALID_EK, out, XK_EK_BYTES, NULL, 0);
  return MLKEM_OK;
}

/* The hash check of @spec{FIPS203, sec. 7.3} and the modulus check of the ek
 * inside dk (a dk that fails either is refused), then s-hat and z. */
int MLKEM_NS(kem_expand_dk)(uint8_t out[XK_DK_BYTES],
                            const uint8_t dk[MLKEM_DK_BYTES_K]) {
  const mlkem_backend *be = mlkem_backend_get();
  if (out == NULL || dk == NULL)
    return mlkem_kem_fail(MLKEM_ERR_NULL_ARGUMENT, NULL, 0, out, XK_DK_BYTES);
  if (be == NULL)
    return mlkem_kem_fail(MLKEM_ERR_BACKEND, NULL, 0, out, XK_DK_BYTES);
  if (expand_public(be, out, mlkem_dk_ek(dk), mlkem_dk_h(dk), 'D') != 0)
    return mlkem_kem_fail(MLKEM_ERR_INVALID_DK, NULL, 0, out, XK_DK_BYTES);
  expand_secret(be, out, dk);
  return MLKEM_OK;
}

/* ML-KEM.KeyGen_internal (@spec{FIPS203, Alg. 16}) and the expansion of its dk
 * in one pass: key generation leaves A-hat transposed in out and H(ek) in
 * dk, so neither is computed twice; t-hat and s-hat are decoded from the
 * ek and dk_PKE it wrote. The checks of expand_dk hold by construction (ek
 * is encoded from reduced coefficients, H(ek) hashed from it), so none is
 * repeated (test_expanded: the result equals expand_dk's of the same dk). */
int MLKEM_NS(kem_expand_dk_from_seed)(uint8_t out[XK_DK_BYTES],
                                      const uint8_t seed[MLKEM_SEED_BYTES]) {
  const mlkem_backend *be = mlkem_backend_get();
  uint8_t ek[MLKEM_EK_BYTES_K], dk[MLKEM_DK_BYTES_K];
  int err;
  if (out == NULL || seed == NULL)
    return mlkem_kem_fail(MLKEM_ERR_NULL_ARGUMENT, NULL, 0, out, XK_DK_BYTES);
  if (be == NULL)
    return mlkem_kem_fail(MLKEM_ERR_BACKEND, NULL, 0, out, XK_DK_BYTES);
  err = mlkem_kem_keygen_internal(be, ek, dk, seed, out + XK_A_T);
  /* The ek in dk, and H(ek), are public (the encapsulation key), though
   * computed from secrets: declassified for make ct (ct_testing.h), as
   * the modulus check of the decoding decides on them. */
  MLKEM_CT_UNPOISON(dk + MLKEM_DKPKE_BYTES_K,
                    MLKEM_EK_BYTES_K + MLKEM_SYMBYTES);
  if (err == MLKEM_OK && expand_t_hat(be, out, mlkem_dk_ek(dk), 'D') != 0)
    err = MLKEM_ERR_INVALID_DK; /* not reached: ek is encoded reduced */
  if (err == MLKEM_OK) {
    memcpy(out + XK_H, mlkem_dk_h(dk), MLKEM_SYMBYTES);
    expand_secret(be, out, dk);
  }
  mlkem_zeroize(dk, sizeof dk);
  if (err != MLKEM_OK) return mlkem_kem_fail(err, NULL, 0, out, XK_DK_BYTES);
  return MLKEM_OK;
}

void MLKEM_NS(kem_expanded_dk_wipe)(uint8_t x[XK_DK_BYTES]) {
  if (x != NULL) mlkem_zeroize(x, XK_DK_BYTES);
}

/* @spec{FIPS203, Alg. 17} on an expanded ek: H(ek), t-hat and A-hat are in x,
 * so the list holds G(m || H(ek)) and the noise PRFs that follow it. */
static void encaps_expanded_internal(const mlkem_backend *be, uint8_t *ct,
                                     uint8_t *ss, const uint8_t *x,
                                     const uint8_t *m) {
  uint8_t in[2 * MLKEM_SYMBYTES];       /* m || H(ek) */
  uint8_t kr[2 * MLKEM_SYMBYTES] = {0}; /* K || r (kem.c, encaps_internal) */
  mlkem_poly p[MLKEM_K + MLKEM_K * MLKEM_K]; /* t-hat, A-hat transposed */
  mlkem_kpke_noise noise;
  mlkem_sponge_job jobs[1 + MLKEM_KPKE_NOISE_JOBS];
  mlkem_job_list list = {jobs, 0, 1 + MLKEM_KPKE_NOISE_JOBS};
  int g_job;
  memcpy(in, m, MLKEM_SYMBYTES);
  memcpy(in + MLKEM_SYMBYTES, x + XK_H, MLKEM_SYMBYTES);
  /* Steps 1-2: (K, r) = G(m || H(ek)); step 3's noise from r. */
  g_job = mlkem_jobs_add(&list, mlkem_job_g(in, sizeof in, kr));
  mlkem_kpke_noise_jobs(&noise, &list, kr + MLKEM_SYMBYTES, g_job);
  mlkem_hash_run(be, list.job, list.n);
  /* Step 3: c = K-PKE.Encrypt(ek, m, r) from t-hat and A-hat. */
  memcpy(p, x + XK_T_HAT, sizeof p);
  mlkem_kpke_encrypt_hat(be, ct, p + MLKEM_K, p, m, &noise);
  memcpy(ss, kr, MLKEM_SS_BYTES);
  mlkem_zeroize(in, sizeof in);
  mlkem_zeroize(kr, sizeof kr);
}

/* An expanded ek: checked when it was expanded; its header must be this
 * backend's. */
static int expanded_ek_check(const mlkem_backend *be, const uint8_t *x) {
  return xk_header_ok(x, 'E', be) ? MLKEM_OK : MLKEM_ERR_EXPANDED_KEY;
}
static int expanded_ek_encaps(const mlkem_backend *be, uint8_t *ct, uint8_t *ss,
                              const uint8_t *x,
                              const uint8_t m[MLKEM_SYMBYTES]) {
  encaps_expanded_internal(be, ct, ss, x, m);
  return MLKEM_OK;
}
static const mlkem_kem_key_kind expanded_ek_kind = {expanded_ek_check,
                                                    expanded_ek_encaps};

int MLKEM_NS(kem_encaps_expanded)(uint8_t ct[MLKEM_CT_BYTES_K],
                                  uint8_t ss[MLKEM_SS_BYTES],
                                  const uint8_t x[XK_EK_BYTES]) {
  return mlkem_kem_encaps_drawn(&expanded_ek_kind, ct, ss, x);
}

int MLKEM_NS(kem_encaps_expanded_derand)(uint8_t ct[MLKEM_CT_BYTES_K],
                                         uint8_t ss[MLKEM_SS_BYTES],
                                         const uint8_t x[XK_EK_BYTES],
                                         const uint8_t m[MLKEM_MSG_BYTES]) {
  return mlkem_kem_encaps_given(&expanded_ek_kind, ct, ss, x, m);
}

/* @spec{FIPS203, Alg. 18} on an expanded dk, checked when it was expanded:
 * decryption from s-hat, then one list of J(z || c), G(m' || h) and the
 * noise PRFs after G, and the re-encryption from t-hat and A-hat. ct is
 * read once, into c, as in mlkem_kem_decaps. */
int MLKEM_NS(kem_decaps_expanded)(uint8_t ss[MLKEM_SS_BYTES],
                                  const uint8_t ct[MLKEM_CT_BYTES_K],
                                  const uint8_t x[XK_DK_BYTES]) {
  const mlkem_backend *be = mlkem_backend_get();
  uint8_t c[MLKEM_CT_BYTES_K];
  uint8_t in[2 * MLKEM_SYMBYTES]; /* m' || h */
  uint8_t kr[2 * MLKEM_SYMBYTES]; /* K' || r' */
  uint8_t kbar[MLKEM_SS_BYTES];
  uint8_t ct2[MLKEM_CT_BYTES_K];
  /* s-hat, then t-hat and A-hat transposed */
  mlkem_poly p[MLKEM_K + MLKEM_K * MLKEM_K];
  mlkem_kpke_noise noise;
  mlkem_sponge_job jobs[2 + MLKEM_KPKE_NOISE_JOBS];
  mlkem_job_list list = {jobs, 0, 2 + MLKEM_KPKE_NOISE_JOBS};
  int g_job;

  if (ss == NULL || ct == NULL || x == NULL)
    return mlkem_kem_fail(MLKEM_ERR_NULL_ARGUMENT, NULL, 0, ss, MLKEM_SS_BYTES);
  if (be == NULL)
    return mlkem_kem_fail(MLKEM_ERR_BACKEND, NULL, 0, ss, MLKEM_SS_BYTES);
  if (!xk_header_ok(x, 'D', be))
    return mlkem_kem_fail(MLKEM_ERR_EXPANDED_KEY, NULL, 0, ss, MLKEM_SS_BYTES);
  memcpy(c, ct, MLKEM_CT_BYTES_K);

  /* Step 7: m' = K-PKE.Decrypt(dk_PKE, c). */
  memcpy(p, x + XK_S_HAT, MLKEM_K * sizeof(mlkem_poly));
  mlkem_kpke_decrypt_hat(be, in, p, c);
  mlkem_zeroize(p, MLKEM_K * sizeof(mlkem_poly));
  memcpy(in + MLKEM_SYMBYTES, x + XK_H, MLKEM_SYMBYTES);
  mlkem_kem_after_decrypt();

  /* Step 9: K-bar = J(z || c); step 8: (K', r') = G(m' || h); step 10's
   * noise. */
  mlkem_jobs_add(
      &list, mlkem_job_j(x + XK_Z, MLKEM_SYMBYTES, c, MLKEM_CT_BYTES_K, kbar));
  g_job = mlkem_jobs_add(&list, mlkem_job_g(in, sizeof in, kr));
  mlkem_kpke_noise_jobs(&noise, &list, kr + MLKEM_SYMBYTES, g_job);
  mlkem_hash_run(be, list.job, list.n);

  /* Steps 10-12. */
  memcpy(p, x + XK_T_HAT, sizeof p);
  mlkem_kpke_encrypt_hat(be, ct2, p + MLKEM_K, p, in, &noise);
  mlkem_kem_decaps_select(ss, c, ct2, in, kr, kbar);
  return MLKEM_OK;
}
