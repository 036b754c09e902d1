/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * kem.c - ML-KEM (FIPS 203 Algorithms 16-21) and the input checks of
 * section 7, for all parameter sets; compiled per set (level.h). K-PKE
 * is used through kpke_internal.h.
 *
 * Layout of dk (FIPS 203 Algorithm 16): dk_PKE (384k) || ek (384k + 32) ||
 * H(ek) (32) || z (32).
 */
#include "fips203/level.h"

#include <string.h>

#include "mlkem.h"
#include "backend/backend.h"
#include "platform/bytes.h"
#include "platform/ct.h"
#include "fips203/kem.h"
#include "fips203/kpke.h"
#include "fips203/kpke_internal.h"
#include "platform/randombytes.h"
#include "fips203/symmetric.h"
#include "sha3/sha3.h"

static const uint8_t *dk_ek(const uint8_t *dk) {
  return dk + MLKEM_DKPKE_BYTES_K;
}
static const uint8_t *dk_h(const uint8_t *dk) {
  return dk + MLKEM_DKPKE_BYTES_K + MLKEM_EK_BYTES_K;
}
static const uint8_t *dk_z(const uint8_t *dk) {
  return dk + MLKEM_DKPKE_BYTES_K + MLKEM_EK_BYTES_K + MLKEM_SYMBYTES;
}

/* Modulus check (FIPS 203 section 7.2): ByteEncode_12(ByteDecode_12(ek))
 * equals ek exactly when every 12-bit value is below q, which the
 * backend's (vectorised) decode12 reports. ek is public. */
static int ek_is_valid(const mlkem_backend *be, const uint8_t *ek) {
  mlkem_poly t;
  unsigned bad = 0, i;
  for (i = 0; i < MLKEM_K; i++)
    bad |= be->decode12(&t, ek + i * MLKEM_POLYBYTES);
  return bad == 0;
}

/* Hash check (FIPS 203 section 7.3): H(ek) stored in dk matches the ek
 * stored in dk. Both are public parts of the key. */
static int dk_is_valid(const uint8_t *dk) {
  uint8_t h[MLKEM_SYMBYTES];
  int ok;
  mlkem_sha3_256(h, dk_ek(dk), MLKEM_EK_BYTES_K);
  ok = mlkem_ct_memneq(h, dk_h(dk), MLKEM_SYMBYTES) == 0;
  return ok;
}

int mlkem_kem_check_ek(const uint8_t *ek) {
  const mlkem_backend *be = mlkem_backend_get();
  if (ek == NULL) return MLKEM_ERR_NULL_ARGUMENT;
  /* The check works without a usable backend (include/mlkem.h). */
  if (be == NULL) be = &mlkem_backend_portable;
  return ek_is_valid(be, ek) ? MLKEM_OK : MLKEM_ERR_INVALID_EK;
}

int mlkem_kem_check_dk(const uint8_t *dk) {
  if (dk == NULL) return MLKEM_ERR_NULL_ARGUMENT;
  return dk_is_valid(dk) ? MLKEM_OK : MLKEM_ERR_INVALID_DK;
}

/* Zeroes the outputs of a failed call (any may be NULL). Public outputs
 * (ek, ct) are cleared with memset, secret ones with the wipe. */
static int fail(int err, uint8_t *pub, size_t pub_len, uint8_t *sec,
                size_t sec_len) {
  if (pub != NULL) memset(pub, 0, pub_len);
  if (sec != NULL) mlkem_zeroize(sec, sec_len);
  return err;
}

static int pairwise_consistent(const mlkem_backend *be, const uint8_t *ek,
                               uint8_t *dk);

/* ML-KEM.KeyGen_internal (FIPS 203 Algorithm 16), then, in builds with
 * MLKEM_PAIRWISE_TEST, the pairwise consistency test. With at not NULL,
 * A-hat transposed goes there too (an expanded key's, below). */
static int keygen_internal(const mlkem_backend *be, uint8_t *ek, uint8_t *dk,
                           const uint8_t *seed, uint8_t *at) {
  uint8_t *dk_ek_out = dk + MLKEM_DKPKE_BYTES_K;
  /* Algorithm 16 steps 2-3: dk = dk_PKE || ek || H(ek) || z, H(ek)
   * hashed as K-PKE.KeyGen writes ek. */
  mlkem_kpke_keygen_h(be, ek, dk, seed, dk_ek_out + MLKEM_EK_BYTES_K, at,
                      &mlkem_kpke_fips203);
  memcpy(dk_ek_out, ek, MLKEM_EK_BYTES_K);
  memcpy(dk_ek_out + MLKEM_EK_BYTES_K + MLKEM_SYMBYTES, seed + MLKEM_SYMBYTES,
         MLKEM_SYMBYTES);
  return pairwise_consistent(be, ek, dk) ? MLKEM_OK : MLKEM_ERR_PAIRWISE;
}

/* ML-KEM.Encaps_internal (FIPS 203 Algorithm 17), ek already checked.
 * Every hash runs in one list: H(ek) and A-hat depend only on ek; G(m ||
 * H(ek)) follows H(ek), and the noise PRF(r, N) follows G. With h given
 * (a prepared ek holds H(ek)), G starts at once. Returns non-zero if ek
 * fails the modulus check (section 7.2), which K-PKE.Encrypt's decoding
 * of t-hat computes on the way; the caller then releases nothing. */
static unsigned encaps_internal(const mlkem_backend *be, uint8_t *ct,
                                uint8_t *ss, const uint8_t *ek,
                                const uint8_t *h, const uint8_t *m) {
  uint8_t in[2 * MLKEM_SYMBYTES]; /* m || H(ek) */
  /* K || r, written by G inside the list; zeroed first only because GCC
   * takes r's address, handed to the PRF jobs, for a read of unset
   * memory (-Wmaybe-uninitialized). */
  uint8_t kr[2 * MLKEM_SYMBYTES] = {0};
  mlkem_kpke_encrypt_samples es;
  mlkem_sponge_job jobs[2 + MLKEM_KPKE_ENCRYPT_JOBS];
  mlkem_job_list list = {jobs, 0, 2 + MLKEM_KPKE_ENCRYPT_JOBS};
  mlkem_sponge_job g;
  int g_job;
  unsigned bad;
  memcpy(in, m, MLKEM_SYMBYTES);
  /* Steps 1-2: (K, r) = G(m || H(ek)). */
  g = mlkem_job_g(in, sizeof in, kr);
  if (h != NULL)
    memcpy(in + MLKEM_SYMBYTES, h, MLKEM_SYMBYTES);
  else
    g.after = (int8_t)mlkem_jobs_add(
        &list, mlkem_job_h(ek, MLKEM_EK_BYTES_K, in + MLKEM_SYMBYTES));
  g_job = mlkem_jobs_add(&list, g);
  /* Step 3: c = K-PKE.Encrypt(ek, m, r). */
  mlkem_kpke_encrypt_jobs(be, &es, &list, ek, kr + MLKEM_SYMBYTES, g_job);
  mlkem_hash_run(be, list.job, list.n);
  bad = mlkem_kpke_encrypt_finish(be, ct, ek, m, &es);
  memcpy(ss, kr, MLKEM_SYMBYTES);
  mlkem_zeroize(in, sizeof in);
  mlkem_zeroize(kr, sizeof kr);
  return bad;
}

int mlkem_kem_keygen_derand(uint8_t *ek, uint8_t *dk, const uint8_t *seed) {
  const mlkem_backend *be = mlkem_backend_get();
  if (ek == NULL || dk == NULL || seed == NULL)
    return fail(MLKEM_ERR_NULL_ARGUMENT, ek, MLKEM_EK_BYTES_K, dk,
                MLKEM_DK_BYTES_K);
  if (be == NULL)
    return fail(MLKEM_ERR_BACKEND, ek, MLKEM_EK_BYTES_K, dk, MLKEM_DK_BYTES_K);
  if (keygen_internal(be, ek, dk, seed, NULL) != MLKEM_OK)
    return fail(MLKEM_ERR_PAIRWISE, ek, MLKEM_EK_BYTES_K, dk, MLKEM_DK_BYTES_K);
  return MLKEM_OK;
}

/* ML-KEM.KeyGen (FIPS 203 Algorithm 19). */
int mlkem_kem_keygen(uint8_t *ek, uint8_t *dk) {
  const mlkem_backend *be = mlkem_backend_get();
  uint8_t seed[2 * MLKEM_SYMBYTES];
  int err = MLKEM_OK;
  if (ek == NULL || dk == NULL)
    err = MLKEM_ERR_NULL_ARGUMENT;
  else if (be == NULL)
    err = MLKEM_ERR_BACKEND;
  else if (mlkem_randombytes(seed, sizeof seed) != 0)
    err = MLKEM_ERR_RANDOM;
  else
    err = keygen_internal(be, ek, dk, seed, NULL);
  mlkem_zeroize(seed, sizeof seed);
  if (err != MLKEM_OK)
    return fail(err, ek, MLKEM_EK_BYTES_K, dk, MLKEM_DK_BYTES_K);
  return MLKEM_OK;
}

static void encaps_expanded_internal(const mlkem_backend *be, uint8_t *ct,
                                     uint8_t *ss, const uint8_t *x,
                                     const uint8_t *m);
static int xk_header_ok(const uint8_t *x, uint8_t kind,
                        const mlkem_backend *be);

/* Every encapsulation entry point: ek is checked (section 7.2), also when
 * h is given (a prepared key, checked when prepared, and refused if it
 * was altered since: the check costs nothing, see below); m is drawn from
 * the operating system when m_in is NULL (Algorithm 20), else used as
 * given (Algorithm 17). The check is made as the encryption decodes
 * t-hat, which saves decoding it twice; if it fails, the outputs are
 * zeroed and nothing computed from ek is released. With `expanded`, ek is
 * an expanded encapsulation key instead (checked when it was expanded),
 * whose header must be this backend's (below). */
static int encaps_entry(uint8_t *ct, uint8_t *ss, const uint8_t *ek,
                        const uint8_t *h, int expanded, const uint8_t *m_in,
                        int randomized) {
  const mlkem_backend *be = mlkem_backend_get();
  uint8_t m[MLKEM_SYMBYTES];
  const uint8_t *mm = randomized ? m : m_in;
  int err = MLKEM_OK;
  if (ct == NULL || ss == NULL || ek == NULL || (!randomized && m_in == NULL))
    err = MLKEM_ERR_NULL_ARGUMENT;
  else if (be == NULL)
    err = MLKEM_ERR_BACKEND;
  else if (expanded && !xk_header_ok(ek, 'E', be))
    err = MLKEM_ERR_EXPANDED_KEY;
  else if (randomized && mlkem_randombytes(m, sizeof m) != 0)
    err = MLKEM_ERR_RANDOM;
  else if (expanded)
    encaps_expanded_internal(be, ct, ss, ek, mm);
  else if (encaps_internal(be, ct, ss, ek, h, mm))
    err = MLKEM_ERR_INVALID_EK;
  mlkem_zeroize(m, sizeof m);
  if (err != MLKEM_OK)
    return fail(err, ct, MLKEM_CT_BYTES_K, ss, MLKEM_SS_BYTES);
  return MLKEM_OK;
}

/* The input check of ML-KEM.Encaps, then Algorithm 17. */
int mlkem_kem_encaps_derand(uint8_t *ct, uint8_t *ss, const uint8_t *ek,
                            const uint8_t *m) {
  return encaps_entry(ct, ss, ek, NULL, 0, m, 0);
}

/* ML-KEM.Encaps (FIPS 203 Algorithm 20), with the check of section 7.2. */
int mlkem_kem_encaps(uint8_t *ct, uint8_t *ss, const uint8_t *ek) {
  return encaps_entry(ct, ss, ek, NULL, 0, NULL, 1);
}

/* A prepared encapsulation key: ek, checked once (section 7.2), followed
 * by H(ek), the hash every encapsulation needs (Algorithm 17 step 1). */
int mlkem_kem_prepare_ek(uint8_t *prep, const uint8_t *ek) {
  int err;
  if (prep == NULL) return MLKEM_ERR_NULL_ARGUMENT;
  /* check_ek: NULL ek refused; works without a usable backend. */
  if ((err = mlkem_kem_check_ek(ek)) != MLKEM_OK) {
    memset(prep, 0, MLKEM_EK_BYTES_K + MLKEM_SYMBYTES);
    return err;
  }
  memmove(prep, ek, MLKEM_EK_BYTES_K);
  mlkem_sha3_256(prep + MLKEM_EK_BYTES_K, prep, MLKEM_EK_BYTES_K);
  return MLKEM_OK;
}

int mlkem_kem_encaps_prepared(uint8_t *ct, uint8_t *ss, const uint8_t *prep) {
  return encaps_entry(ct, ss, prep, prep ? prep + MLKEM_EK_BYTES_K : NULL, 0,
                      NULL, 1);
}

int mlkem_kem_encaps_prepared_derand(uint8_t *ct, uint8_t *ss,
                                     const uint8_t *prep, const uint8_t *m) {
  return encaps_entry(ct, ss, prep, prep ? prep + MLKEM_EK_BYTES_K : NULL, 0, m,
                      0);
}

/* Decapsulation's list, the longest, adds H(ek), J and G. */
_Static_assert(3 + MLKEM_KPKE_ENCRYPT_JOBS <= MLKEM_SPONGE_MAX_JOBS,
               "a job list exceeds the scheduler's limit");

#ifdef MLKEM_FAULT_INJECTION
/* Test builds only (tests/test_decaps_ct.c): called inside decaps after
 * decryption, where it changes the caller's ct, as another party sharing
 * its memory could. One variable for the three compiled sets, defined
 * with the first. */
extern void (*mlkem_fault_decaps_ct)(void);
#if MLKEM_K == 2
void (*mlkem_fault_decaps_ct)(void);
#endif
#endif

/* Algorithm 18 steps 11-12, once c' = ct2 is computed: ss = K' (the
 * first half of kr) unless c != c', then K-bar, chosen in constant time.
 * Then wipes the secrets of the decapsulation: m' || h (in), K' || r',
 * K-bar and c'. */
static void decaps_select(uint8_t *ss, const uint8_t *c, uint8_t *ct2,
                          uint8_t *in, uint8_t *kr, uint8_t *kbar) {
  uint8_t differ = mlkem_ct_memneq(c, ct2, MLKEM_CT_BYTES_K);
  memcpy(ss, kr, MLKEM_SS_BYTES);
  mlkem_ct_cmov(ss, kbar, MLKEM_SS_BYTES, differ);
  mlkem_zeroize(in, 2 * MLKEM_SYMBYTES);
  mlkem_zeroize(kr, 2 * MLKEM_SYMBYTES);
  mlkem_zeroize(kbar, MLKEM_SS_BYTES);
  mlkem_zeroize(ct2, MLKEM_CT_BYTES_K);
}

/* ML-KEM.Decaps (FIPS 203 Algorithm 21 with Algorithm 18), with the check
 * of section 7.3. Decryption needs no hash, so it runs first; then every
 * hash runs in one list: H(ek) for the check, K-bar = J(z || c), A-hat
 * and G(m' || h) are independent of each other, and the noise of the
 * re-encryption follows G. Nothing derived from dk is released unless the
 * check passes. The re-encryption comparison and the choice between K'
 * and K-bar are constant time.
 * ct is read once, into c: decryption, J and the comparison must see one
 * ciphertext even if the caller's buffer is shared memory that another
 * party changes during the call (issue 23; a c' compared with another
 * ciphertext than the one decrypted would release K' or K-bar of a
 * ciphertext the caller never held). */
int mlkem_kem_decaps(uint8_t *ss, const uint8_t *ct, const uint8_t *dk) {
  const mlkem_backend *be = mlkem_backend_get();
  uint8_t c[MLKEM_CT_BYTES_K];
  uint8_t in[2 * MLKEM_SYMBYTES]; /* m' || h */
  uint8_t kr[2 * MLKEM_SYMBYTES]; /* K' || r' */
  uint8_t kbar[MLKEM_SS_BYTES];
  uint8_t h[MLKEM_SYMBYTES];
  uint8_t ct2[MLKEM_CT_BYTES_K];
  mlkem_kpke_encrypt_samples es;
  mlkem_sponge_job jobs[3 + MLKEM_KPKE_ENCRYPT_JOBS];
  mlkem_job_list list = {jobs, 0, 3 + MLKEM_KPKE_ENCRYPT_JOBS};
  int g_job;

  if (ss == NULL || ct == NULL || dk == NULL)
    return fail(MLKEM_ERR_NULL_ARGUMENT, NULL, 0, ss, MLKEM_SS_BYTES);
  if (be == NULL) return fail(MLKEM_ERR_BACKEND, NULL, 0, ss, MLKEM_SS_BYTES);
  memcpy(c, ct, MLKEM_CT_BYTES_K);

  /* Step 7: m' = K-PKE.Decrypt(dk_PKE, c). */
  mlkem_kpke_decrypt(be, in, dk, c);
  memcpy(in + MLKEM_SYMBYTES, dk_h(dk), MLKEM_SYMBYTES);
#ifdef MLKEM_FAULT_INJECTION
  if (mlkem_fault_decaps_ct != NULL) mlkem_fault_decaps_ct();
#endif

  /* Section 7.3's H(dk[384k : 768k + 32]); step 8: (K', r') = G(m' || h);
   * step 9: K-bar = J(z || c); step 10's re-encryption samples. */
  mlkem_jobs_add(&list, mlkem_job_h(dk_ek(dk), MLKEM_EK_BYTES_K, h));
  mlkem_jobs_add(
      &list, mlkem_job_j(dk_z(dk), MLKEM_SYMBYTES, c, MLKEM_CT_BYTES_K, kbar));
  g_job = mlkem_jobs_add(&list, mlkem_job_g(in, sizeof in, kr));
  mlkem_kpke_encrypt_jobs(be, &es, &list, dk_ek(dk), kr + MLKEM_SYMBYTES,
                          g_job);
  mlkem_hash_run(be, list.job, list.n);

  if (mlkem_ct_memneq(h, dk_h(dk), MLKEM_SYMBYTES) != 0) {
    mlkem_zeroize(in, sizeof in);
    mlkem_zeroize(kr, sizeof kr);
    mlkem_zeroize(kbar, sizeof kbar);
    mlkem_kpke_encrypt_samples_wipe(&es);
    return fail(MLKEM_ERR_INVALID_DK, NULL, 0, ss, MLKEM_SS_BYTES);
  }

  /* Steps 10-12: c' = Encrypt(ek_PKE, m', r'); K' unless c != c'. */
  (void)mlkem_kpke_encrypt_finish(be, ct2, dk_ek(dk), in, &es);
  decaps_select(ss, c, ct2, in, kr, kbar);
  return MLKEM_OK;
}

/* ---- Expanded keys --------------------------------------------------
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
 *                [0, q) (Algorithm 14 step 2)
 *   64 + 512 k   A-hat transposed: k^2 polynomials as SampleNTT gives
 *                them (Algorithm 14 steps 4-8), row i (the entries
 *                A-hat[j][i]) at 64 + 512 (k + i k)
 * the decapsulation key goes on after those bytes:
 *   s-hat = ByteDecode_12(dk_PKE): k polynomials in [0, q)
 *   z (32 bytes), then 32 zero bytes
 *
 * So an expanded ek is the first bytes of the expanded dk of the same key
 * (but for the magic), and an operation copies each group of polynomials
 * with one memcpy into aligned storage on its stack: the caller's buffer
 * needs no alignment, as every buffer of the API. */
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
 * modulus check (section 7.2); returns non-zero if ek fails it (out is
 * then partly written). ek is public. */
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
 * check of section 7.3); out is then partly written. Everything it reads
 * is public. */
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
 * (Algorithm 15 step 5). */
static XK_NOINLINE void expand_secret(const mlkem_backend *be, uint8_t *out,
                                      const uint8_t *dk) {
  mlkem_poly s_hat;
  unsigned i;
  memcpy(out + XK_Z, dk_z(dk), MLKEM_SYMBYTES);
  memset(out + XK_Z + MLKEM_SYMBYTES, 0, MLKEM_SYMBYTES);
  for (i = 0; i < MLKEM_K; i++) {
    (void)be->decode12(&s_hat, dk + i * MLKEM_POLYBYTES);
    memcpy(out + XK_S_HAT + i * sizeof s_hat, &s_hat, sizeof s_hat);
  }
  mlkem_zeroize(&s_hat, sizeof s_hat);
}

int mlkem_kem_expand_ek(uint8_t *out, const uint8_t *ek) {
  const mlkem_backend *be = mlkem_backend_get();
  if (out == NULL || ek == NULL)
    return fail(MLKEM_ERR_NULL_ARGUMENT, out, XK_EK_BYTES, NULL, 0);
  if (be == NULL) return fail(MLKEM_ERR_BACKEND, out, XK_EK_BYTES, NULL, 0);
  if (expand_public(be, out, ek, NULL, 'E') != 0)
    return fail(MLKEM_ERR_INVALID_EK, out, XK_EK_BYTES, NULL, 0);
  return MLKEM_OK;
}

/* The hash check of section 7.3 and the modulus check of the ek inside
 * dk (a dk that fails either is refused), then s-hat and z. */
int mlkem_kem_expand_dk(uint8_t *out, const uint8_t *dk) {
  const mlkem_backend *be = mlkem_backend_get();
  if (out == NULL || dk == NULL)
    return fail(MLKEM_ERR_NULL_ARGUMENT, NULL, 0, out, XK_DK_BYTES);
  if (be == NULL) return fail(MLKEM_ERR_BACKEND, NULL, 0, out, XK_DK_BYTES);
  if (expand_public(be, out, dk_ek(dk), dk_h(dk), 'D') != 0)
    return fail(MLKEM_ERR_INVALID_DK, NULL, 0, out, XK_DK_BYTES);
  expand_secret(be, out, dk);
  return MLKEM_OK;
}

/* ML-KEM.KeyGen_internal (Algorithm 16) and the expansion of its dk in
 * one pass: key generation leaves A-hat transposed in out and H(ek) in
 * dk, so neither is computed twice; t-hat and s-hat are decoded from the
 * ek and dk_PKE it wrote. The checks of expand_dk hold by construction (ek
 * is encoded from reduced coefficients, H(ek) hashed from it), so none is
 * repeated (test_expanded: the result equals expand_dk's of the same dk). */
int mlkem_kem_expand_dk_from_seed(uint8_t *out, const uint8_t *seed) {
  const mlkem_backend *be = mlkem_backend_get();
  uint8_t ek[MLKEM_EK_BYTES_K], dk[MLKEM_DK_BYTES_K];
  int err;
  if (out == NULL || seed == NULL)
    return fail(MLKEM_ERR_NULL_ARGUMENT, NULL, 0, out, XK_DK_BYTES);
  if (be == NULL) return fail(MLKEM_ERR_BACKEND, NULL, 0, out, XK_DK_BYTES);
  err = keygen_internal(be, ek, dk, seed, out + XK_A_T);
  /* The ek in dk, and H(ek), are public (the encapsulation key), though
   * computed from secrets: declassified for make ct (ct_testing.h), as
   * the modulus check of the decoding decides on them. */
  MLKEM_CT_UNPOISON(dk + MLKEM_DKPKE_BYTES_K,
                    MLKEM_EK_BYTES_K + MLKEM_SYMBYTES);
  if (err == MLKEM_OK && expand_t_hat(be, out, dk_ek(dk), 'D') != 0)
    err = MLKEM_ERR_INVALID_DK; /* not reached: ek is encoded reduced */
  if (err == MLKEM_OK) {
    memcpy(out + XK_H, dk_h(dk), MLKEM_SYMBYTES);
    expand_secret(be, out, dk);
  }
  mlkem_zeroize(dk, sizeof dk);
  if (err != MLKEM_OK) return fail(err, NULL, 0, out, XK_DK_BYTES);
  return MLKEM_OK;
}

void mlkem_kem_expanded_dk_wipe(uint8_t *x) {
  if (x != NULL) mlkem_zeroize(x, XK_DK_BYTES);
}

/* Algorithm 17 on an expanded ek: H(ek), t-hat and A-hat are in x, so the
 * list holds G(m || H(ek)) and the noise PRFs that follow it. */
static void encaps_expanded_internal(const mlkem_backend *be, uint8_t *ct,
                                     uint8_t *ss, const uint8_t *x,
                                     const uint8_t *m) {
  uint8_t in[2 * MLKEM_SYMBYTES];            /* m || H(ek) */
  uint8_t kr[2 * MLKEM_SYMBYTES] = {0};      /* K || r (see encaps_internal) */
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

int mlkem_kem_encaps_expanded(uint8_t *ct, uint8_t *ss, const uint8_t *x) {
  return encaps_entry(ct, ss, x, NULL, 1, NULL, 1);
}

int mlkem_kem_encaps_expanded_derand(uint8_t *ct, uint8_t *ss, const uint8_t *x,
                                     const uint8_t *m) {
  return encaps_entry(ct, ss, x, NULL, 1, m, 0);
}

/* Algorithm 18 on an expanded dk, checked when it was expanded:
 * decryption from s-hat, then one list of J(z || c), G(m' || h) and the
 * noise PRFs after G, and the re-encryption from t-hat and A-hat. ct is
 * read once, into c, as in mlkem_kem_decaps. */
int mlkem_kem_decaps_expanded(uint8_t *ss, const uint8_t *ct,
                              const uint8_t *x) {
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
    return fail(MLKEM_ERR_NULL_ARGUMENT, NULL, 0, ss, MLKEM_SS_BYTES);
  if (be == NULL) return fail(MLKEM_ERR_BACKEND, NULL, 0, ss, MLKEM_SS_BYTES);
  if (!xk_header_ok(x, 'D', be))
    return fail(MLKEM_ERR_EXPANDED_KEY, NULL, 0, ss, MLKEM_SS_BYTES);
  memcpy(c, ct, MLKEM_CT_BYTES_K);

  /* Step 7: m' = K-PKE.Decrypt(dk_PKE, c). */
  memcpy(p, x + XK_S_HAT, MLKEM_K * sizeof(mlkem_poly));
  mlkem_kpke_decrypt_hat(be, in, p, c);
  mlkem_zeroize(p, MLKEM_K * sizeof(mlkem_poly));
  memcpy(in + MLKEM_SYMBYTES, x + XK_H, MLKEM_SYMBYTES);
#ifdef MLKEM_FAULT_INJECTION
  if (mlkem_fault_decaps_ct != NULL) mlkem_fault_decaps_ct();
#endif

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
  decaps_select(ss, c, ct2, in, kr, kbar);
  return MLKEM_OK;
}

#ifdef MLKEM_PAIRWISE_TEST
#ifdef MLKEM_FAULT_INJECTION
/* Test builds only: makes the next consistency test see a corrupted dk.
 * One variable for the three compiled sets, defined with the first. */
extern int mlkem_fault_pairwise;
#if MLKEM_K == 2
int mlkem_fault_pairwise;
#endif
#endif

/* FIPS 140-3 style pairwise consistency test of a new key pair:
 * encapsulate to ek with a fixed m (the key is discarded) and check that dk
 * decapsulates the ciphertext to the same key. */
static int pairwise_consistent(const mlkem_backend *be, const uint8_t *ek,
                               uint8_t *dk) {
  static const uint8_t m[MLKEM_SYMBYTES] = {0x50, 0x43, 0x54}; /* "PCT" */
  uint8_t ct[MLKEM_CT_BYTES_K], k1[MLKEM_SS_BYTES], k2[MLKEM_SS_BYTES];
  int ok;
#ifdef MLKEM_FAULT_INJECTION
  if (mlkem_fault_pairwise) dk[0] ^= 1;
#endif
  (void)encaps_internal(be, ct, k1, ek, NULL, m);
  ok = mlkem_kem_decaps(k2, ct, dk) == MLKEM_OK &&
       mlkem_ct_memneq(k1, k2, MLKEM_SS_BYTES) == 0;
  mlkem_zeroize(k1, sizeof k1);
  mlkem_zeroize(k2, sizeof k2);
  return ok;
}
#else
static int pairwise_consistent(const mlkem_backend *be, const uint8_t *ek,
                               uint8_t *dk) {
  (void)be;
  (void)ek;
  (void)dk;
  return 1;
}
#endif
