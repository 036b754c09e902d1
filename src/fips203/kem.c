/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * kem.c - ML-KEM (@spec{FIPS203, Alg. 16-21}) and the input checks of
 * @spec{FIPS203, sec. 7}, for all parameter sets; compiled per set (level.h).
 * K-PKE is used through kpke_internal.h, on FIPS 203's symmetric functions. The
 * expanded keys are kem_expanded.c's.
 *
 * Read from the top: the checks, the three internal algorithms
 * (encapsulation, decapsulation, key generation with its pairwise test),
 * then the entry points.
 */
#include "fips203/level.h"

#include <string.h>

#include "mlkem.h"
#include "backend/backend.h"
#include "fips203/kem.h"
#include "fips203/kem_internal.h"
#include "fips203/kpke.h"
#include "fips203/kpke_internal.h"
#include "fips203/symmetric.h"
#include "platform/ct.h"
#include "platform/randombytes.h"
#include "sha3/sha3.h"

/* Modulus check (@spec{FIPS203, sec. 7.2}): ByteEncode_12(ByteDecode_12(ek))
 * equals ek exactly when every 12-bit value is below q, which decoding
 * t-hat reports (kpke_internal.h). ek is public. */
static int ek_is_valid(const mlkem_backend *be, const uint8_t *ek) {
  mlkem_poly t[MLKEM_K];
  return mlkem_kpke_decode_t_hat(be, t, ek) == 0;
}

/* Hash check (@spec{FIPS203, sec. 7.3}): H(ek) stored in dk matches the ek
 * stored in dk. Both are public parts of the key. */
static int dk_is_valid(const uint8_t *dk) {
  uint8_t h[MLKEM_SYMBYTES];
  int ok;
  mlkem_sha3_256(h, mlkem_dk_ek(dk), MLKEM_EK_BYTES_K);
  ok = mlkem_ct_memneq(h, mlkem_dk_h(dk), MLKEM_SYMBYTES) == 0;
  return ok;
}

int MLKEM_NS(kem_check_ek)(const uint8_t ek[MLKEM_EK_BYTES_K]) __contract__(
      requires(ek == NULL || fresh(ek, MLKEM_EK_BYTES_K))
      assigns()
      ensures(ek == NULL ==> return_value == MLKEM_ERR_NULL_ARGUMENT)
      ensures(ek != NULL ==>
              return_value == (MLKEM_KPKE_EK_BAD(ek) ? MLKEM_ERR_INVALID_EK
                                                     : MLKEM_OK))
    ) {
  const mlkem_backend *be = mlkem_backend_get();
  if (ek == NULL) return MLKEM_ERR_NULL_ARGUMENT;
  /* The check works without a usable backend (include/mlkem.h). */
  if (be == NULL) be = &mlkem_backend_portable;
  return ek_is_valid(be, ek) ? MLKEM_OK : MLKEM_ERR_INVALID_EK;
}

int MLKEM_NS(kem_check_dk)(const uint8_t dk[MLKEM_DK_BYTES_K]) {
  if (dk == NULL) return MLKEM_ERR_NULL_ARGUMENT;
  return dk_is_valid(dk) ? MLKEM_OK : MLKEM_ERR_INVALID_DK;
}

/* The jobs K-PKE.Encrypt adds to an operation's list: its samples, or,
 * in the small-stack configuration (MLKEM_SMALL_STACK), none: there it
 * samples A-hat an entry at a time and the noise where it is used, after
 * the list (mlkem_kpke_encrypt_rows), and decapsulation compares c' with c
 * as it is produced instead of holding it. */
#ifdef MLKEM_SMALL_STACK
#define KEM_ENCRYPT_JOBS 0
#else
#define KEM_ENCRYPT_JOBS MLKEM_KPKE_ENCRYPT_JOBS
#endif

/* ML-KEM.Encaps_internal (@spec{FIPS203, Alg. 17}), ek already checked.
 * Every hash runs in one list: H(ek) and A-hat depend only on ek; G(m ||
 * H(ek)) follows H(ek), and the noise PRF(r, N) follows G. With h given
 * (a prepared ek holds H(ek)), G starts at once. Returns non-zero if ek
 * fails the modulus check (@spec{FIPS203, sec. 7.2}), which K-PKE.Encrypt's
 * decoding of t-hat computes on the way; the caller then releases nothing. */
static unsigned encaps_internal(const mlkem_backend *be, uint8_t *ct,
                                uint8_t *ss, const uint8_t *ek,
                                const uint8_t *h, const uint8_t *m) {
  uint8_t in[2 * MLKEM_SYMBYTES]; /* m || H(ek) */
  /* K || r, written by G inside the list; zeroed first only because GCC
   * takes r's address, handed to the PRF jobs, for a read of unset
   * memory (-Wmaybe-uninitialized). */
  uint8_t kr[2 * MLKEM_SYMBYTES] = {0};
#ifndef MLKEM_SMALL_STACK
  mlkem_kpke_encrypt_samples es;
#else
  mlkem_kpke_ct_out out = {NULL, NULL, 0};
#endif
  mlkem_sponge_job jobs[2 + KEM_ENCRYPT_JOBS];
  mlkem_job_list list = {jobs, 0, 2 + KEM_ENCRYPT_JOBS};
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
#ifndef MLKEM_SMALL_STACK
  mlkem_kpke_encrypt_jobs(be, &es, &list, ek, kr + MLKEM_SYMBYTES, g_job);
  mlkem_hash_run(be, list.job, list.n);
  bad = mlkem_kpke_encrypt_finish(be, ct, ek, m, &es);
#else
  (void)g_job;
  mlkem_hash_run(be, list.job, list.n);
  out.ct = ct;
  bad = mlkem_kpke_encrypt_rows(be, &out, ek, m, kr + MLKEM_SYMBYTES,
                                &mlkem_kpke_fips203);
#endif
  memcpy(ss, kr, MLKEM_SYMBYTES);
  mlkem_zeroize(in, sizeof in);
  mlkem_zeroize(kr, sizeof kr);
  return bad;
}

/* Decapsulation's list, the longest, adds H(ek), J and G. */
_Static_assert(3 + MLKEM_KPKE_ENCRYPT_JOBS <= MLKEM_SPONGE_MAX_JOBS,
               "a job list exceeds the scheduler's limit");

#ifdef MLKEM_FAULT_INJECTION
/* The hook of kem_internal.h: one variable for the three compiled sets,
 * defined with the first. */
#if MLKEM_K == 2
void (*mlkem_fault_decaps_ct)(void);
#endif
#endif

void mlkem_kem_decaps_choose(uint8_t *ss, uint8_t differ, uint8_t *in,
                             uint8_t *kr, uint8_t *kbar) {
  memcpy(ss, kr, MLKEM_SS_BYTES);
  mlkem_ct_cmov(ss, kbar, MLKEM_SS_BYTES, differ);
  mlkem_zeroize(in, 2 * MLKEM_SYMBYTES);
  mlkem_zeroize(kr, 2 * MLKEM_SYMBYTES);
  mlkem_zeroize(kbar, MLKEM_SS_BYTES);
}

void mlkem_kem_decaps_select(uint8_t *ss, const uint8_t *c, uint8_t *ct2,
                             uint8_t *in, uint8_t *kr, uint8_t *kbar)
    __contract__(
      requires(fresh(ss, MLKEM_SS_BYTES) && fresh(c, MLKEM_CT_BYTES_K) &&
               fresh(ct2, MLKEM_CT_BYTES_K) && fresh(in, 2 * MLKEM_SYMBYTES) &&
               fresh(kr, 2 * MLKEM_SYMBYTES) && fresh(kbar, MLKEM_SS_BYTES))
      assigns(bytes(ss, MLKEM_SS_BYTES), bytes(ct2, MLKEM_CT_BYTES_K),
              bytes(in, 2 * MLKEM_SYMBYTES), bytes(kr, 2 * MLKEM_SYMBYTES),
              bytes(kbar, MLKEM_SS_BYTES))
    ) {
  uint8_t differ = mlkem_ct_memneq(c, ct2, MLKEM_CT_BYTES_K);
  mlkem_zeroize(ct2, MLKEM_CT_BYTES_K);
  mlkem_kem_decaps_choose(ss, differ, in, kr, kbar);
}

/* ML-KEM.Decaps (@spec{FIPS203, Alg. 21} with @spec{FIPS203, Alg. 18}), with
 * the check of @spec{FIPS203, sec. 7.3}. Decryption needs no hash, so it runs
 * first; then every hash runs in one list: H(ek) for the check, K-bar = J(z ||
 * c), A-hat and G(m' || h) are independent of each other, and the noise of the
 * re-encryption follows G. Nothing derived from dk is released unless the
 * check passes. The re-encryption comparison and the choice between K'
 * and K-bar are constant time.
 * ct is read once, into c: decryption, J and the comparison must see one
 * ciphertext even if the caller's buffer is shared memory that another
 * party changes during the call (a c' compared with another
 * ciphertext than the one decrypted would release K' or K-bar of a
 * ciphertext the caller never held). */
int MLKEM_NS(kem_decaps)(uint8_t ss[MLKEM_SS_BYTES],
                         const uint8_t ct[MLKEM_CT_BYTES_K],
                         const uint8_t dk[MLKEM_DK_BYTES_K])
    __contract__(
      requires(ss == NULL || fresh(ss, MLKEM_SS_BYTES))
      requires(ct == NULL || fresh(ct, MLKEM_CT_BYTES_K))
      requires(dk == NULL || fresh(dk, MLKEM_DK_BYTES_K))
      assigns(ss != NULL: bytes(ss, MLKEM_SS_BYTES))
      ensures(return_value == MLKEM_OK ||
              return_value == MLKEM_ERR_NULL_ARGUMENT ||
              return_value == MLKEM_ERR_BACKEND ||
              return_value == MLKEM_ERR_INVALID_DK)
      ensures(return_value != MLKEM_OK && ss != NULL ==>
              all_zero(ss, MLKEM_SS_BYTES))
    ) {
  const mlkem_backend *be = mlkem_backend_get();
  uint8_t c[MLKEM_CT_BYTES_K];
  uint8_t in[2 * MLKEM_SYMBYTES]; /* m' || h */
  uint8_t kr[2 * MLKEM_SYMBYTES]; /* K' || r' */
  uint8_t kbar[MLKEM_SS_BYTES];
  uint8_t h[MLKEM_SYMBYTES];
#ifndef MLKEM_SMALL_STACK
  uint8_t ct2[MLKEM_CT_BYTES_K];
  mlkem_kpke_encrypt_samples es;
#else
  mlkem_kpke_ct_out out = {NULL, NULL, 0};
#endif
  mlkem_sponge_job jobs[3 + KEM_ENCRYPT_JOBS];
  mlkem_job_list list = {jobs, 0, 3 + KEM_ENCRYPT_JOBS};
  int g_job;

  if (ss == NULL || ct == NULL || dk == NULL)
    return mlkem_kem_fail(MLKEM_ERR_NULL_ARGUMENT, NULL, 0, ss, MLKEM_SS_BYTES);
  if (be == NULL)
    return mlkem_kem_fail(MLKEM_ERR_BACKEND, NULL, 0, ss, MLKEM_SS_BYTES);
  memcpy(c, ct, MLKEM_CT_BYTES_K);

  /* Step 7: m' = K-PKE.Decrypt(dk_PKE, c). */
  mlkem_kpke_decrypt(be, in, dk, c);
  memcpy(in + MLKEM_SYMBYTES, mlkem_dk_h(dk), MLKEM_SYMBYTES);
  mlkem_kem_after_decrypt();

  /* @spec{FIPS203, sec. 7.3}'s H(dk[384k : 768k + 32]); step 8: (K', r') = G(m'
   * || h); step 9: K-bar = J(z || c); step 10's re-encryption samples. */
  mlkem_jobs_add(&list, mlkem_job_h(mlkem_dk_ek(dk), MLKEM_EK_BYTES_K, h));
  mlkem_jobs_add(&list, mlkem_job_j(mlkem_dk_z(dk), MLKEM_SYMBYTES, c,
                                    MLKEM_CT_BYTES_K, kbar));
  g_job = mlkem_jobs_add(&list, mlkem_job_g(in, sizeof in, kr));
#ifndef MLKEM_SMALL_STACK
  mlkem_kpke_encrypt_jobs(be, &es, &list, mlkem_dk_ek(dk), kr + MLKEM_SYMBYTES,
                          g_job);
#else
  (void)g_job;
#endif
  mlkem_hash_run(be, list.job, list.n);

  if (mlkem_ct_memneq(h, mlkem_dk_h(dk), MLKEM_SYMBYTES) != 0) {
    mlkem_zeroize(in, sizeof in);
    mlkem_zeroize(kr, sizeof kr);
    mlkem_zeroize(kbar, sizeof kbar);
#ifndef MLKEM_SMALL_STACK
    mlkem_kpke_encrypt_samples_wipe(&es);
#endif
    return mlkem_kem_fail(MLKEM_ERR_INVALID_DK, NULL, 0, ss, MLKEM_SS_BYTES);
  }

  /* Steps 10-12: c' = Encrypt(ek_PKE, m', r'); K' unless c != c'. */
#ifndef MLKEM_SMALL_STACK
  (void)mlkem_kpke_encrypt_finish(be, ct2, mlkem_dk_ek(dk), in, &es);
  mlkem_kem_decaps_select(ss, c, ct2, in, kr, kbar);
#else
  out.cmp = c;
  (void)mlkem_kpke_encrypt_rows(be, &out, mlkem_dk_ek(dk), in,
                                kr + MLKEM_SYMBYTES, &mlkem_kpke_fips203);
  mlkem_kem_decaps_choose(ss, out.diff, in, kr, kbar);
  mlkem_zeroize(&out, sizeof out); /* the mask: whether c' = c */
#endif
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

/* The pairwise consistency test of a new key pair (@spec{FIPS140-3}):
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
  ok = MLKEM_NS(kem_decaps)(k2, ct, dk) == MLKEM_OK &&
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

int mlkem_kem_keygen_internal(const mlkem_backend *be, uint8_t *ek, uint8_t *dk,
                              const uint8_t *seed, uint8_t *at) {
  uint8_t *dk_ek_out = dk + MLKEM_DKPKE_BYTES_K;
  /* @spec{FIPS203, Alg. 16, l. 2-3}: dk = dk_PKE || ek || H(ek) || z, H(ek)
   * hashed as K-PKE.KeyGen writes ek. */
  mlkem_kpke_keygen_h(be, ek, dk, seed, dk_ek_out + MLKEM_EK_BYTES_K, at,
                      &mlkem_kpke_fips203);
  memcpy(dk_ek_out, ek, MLKEM_EK_BYTES_K);
  memcpy(dk_ek_out + MLKEM_EK_BYTES_K + MLKEM_SYMBYTES, seed + MLKEM_SYMBYTES,
         MLKEM_SYMBYTES);
  return pairwise_consistent(be, ek, dk) ? MLKEM_OK : MLKEM_ERR_PAIRWISE;
}

int MLKEM_NS(kem_keygen_derand)(uint8_t ek[MLKEM_EK_BYTES_K],
                                uint8_t dk[MLKEM_DK_BYTES_K],
                                const uint8_t seed[MLKEM_SEED_BYTES]) {
  const mlkem_backend *be = mlkem_backend_get();
  if (ek == NULL || dk == NULL || seed == NULL)
    return mlkem_kem_fail(MLKEM_ERR_NULL_ARGUMENT, ek, MLKEM_EK_BYTES_K, dk,
                          MLKEM_DK_BYTES_K);
  if (be == NULL)
    return mlkem_kem_fail(MLKEM_ERR_BACKEND, ek, MLKEM_EK_BYTES_K, dk,
                          MLKEM_DK_BYTES_K);
  if (mlkem_kem_keygen_internal(be, ek, dk, seed, NULL) != MLKEM_OK)
    return mlkem_kem_fail(MLKEM_ERR_PAIRWISE, ek, MLKEM_EK_BYTES_K, dk,
                          MLKEM_DK_BYTES_K);
  return MLKEM_OK;
}

/* ML-KEM.KeyGen (@spec{FIPS203, Alg. 19}). */
int MLKEM_NS(kem_keygen)(uint8_t ek[MLKEM_EK_BYTES_K],
                         uint8_t dk[MLKEM_DK_BYTES_K]) {
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
    err = mlkem_kem_keygen_internal(be, ek, dk, seed, NULL);
  mlkem_zeroize(seed, sizeof seed);
  if (err != MLKEM_OK)
    return mlkem_kem_fail(err, ek, MLKEM_EK_BYTES_K, dk, MLKEM_DK_BYTES_K);
  return MLKEM_OK;
}

/* The pointers of an encapsulation given (m too when the caller gives
 * it), a usable backend, and the key's own check: the backend, or NULL
 * with *err the error, in the order include/mlkem.h documents. */
static const mlkem_backend *encaps_enter(const mlkem_kem_key_kind *kind,
                                         int given, const uint8_t *key,
                                         int *err) {
  const mlkem_backend *be = mlkem_backend_get();
  *err = MLKEM_OK;
  if (!given)
    *err = MLKEM_ERR_NULL_ARGUMENT;
  else if (be == NULL)
    *err = MLKEM_ERR_BACKEND;
  else if (kind->check != NULL)
    *err = kind->check(be, key);
  return *err == MLKEM_OK ? be : NULL;
}

int mlkem_kem_encaps_given(const mlkem_kem_key_kind *kind, uint8_t *ct,
                           uint8_t *ss, const uint8_t *key, const uint8_t *m) {
  int err;
  const mlkem_backend *be = encaps_enter(
      kind, ct != NULL && ss != NULL && key != NULL && m != NULL, key, &err);
  if (be != NULL) err = kind->run(be, ct, ss, key, m);
  if (err != MLKEM_OK)
    return mlkem_kem_fail(err, ct, MLKEM_CT_BYTES_K, ss, MLKEM_SS_BYTES);
  return MLKEM_OK;
}

int mlkem_kem_encaps_drawn(const mlkem_kem_key_kind *kind, uint8_t *ct,
                           uint8_t *ss, const uint8_t *key) {
  uint8_t m[MLKEM_SYMBYTES];
  int err;
  const mlkem_backend *be =
      encaps_enter(kind, ct != NULL && ss != NULL && key != NULL, key, &err);
  if (be != NULL && mlkem_randombytes(m, sizeof m) != 0)
    err = MLKEM_ERR_RANDOM;
  else if (be != NULL)
    err = kind->run(be, ct, ss, key, m);
  mlkem_zeroize(m, sizeof m);
  if (err != MLKEM_OK)
    return mlkem_kem_fail(err, ct, MLKEM_CT_BYTES_K, ss, MLKEM_SS_BYTES);
  return MLKEM_OK;
}

/* An encoded ek: checked (@spec{FIPS203, sec. 7.2}) as the encryption decodes
 * t-hat, which saves decoding it twice; if it fails, nothing computed from ek
 * is released. */
static int encaps_ek(const mlkem_backend *be, uint8_t *ct, uint8_t *ss,
                     const uint8_t *ek, const uint8_t m[MLKEM_SYMBYTES]) {
  return encaps_internal(be, ct, ss, ek, NULL, m) ? MLKEM_ERR_INVALID_EK
                                                  : MLKEM_OK;
}
static const mlkem_kem_key_kind ek_kind = {NULL, encaps_ek};

/* The input check of ML-KEM.Encaps, then @spec{FIPS203, Alg. 17}. */
int MLKEM_NS(kem_encaps_derand)(uint8_t ct[MLKEM_CT_BYTES_K],
                                uint8_t ss[MLKEM_SS_BYTES],
                                const uint8_t ek[MLKEM_EK_BYTES_K],
                                const uint8_t m[MLKEM_MSG_BYTES]) {
  return mlkem_kem_encaps_given(&ek_kind, ct, ss, ek, m);
}

/* ML-KEM.Encaps (@spec{FIPS203, Alg. 20}), with the check of
 * @spec{FIPS203, sec. 7.2}. */
int MLKEM_NS(kem_encaps)(uint8_t ct[MLKEM_CT_BYTES_K],
                         uint8_t ss[MLKEM_SS_BYTES],
                         const uint8_t ek[MLKEM_EK_BYTES_K]) {
  return mlkem_kem_encaps_drawn(&ek_kind, ct, ss, ek);
}

/* A prepared encapsulation key: ek, checked once (@spec{FIPS203, sec. 7.2}),
 * followed by H(ek), the hash every encapsulation needs
 * (@spec{FIPS203, Alg. 17, l. 1}).
 * */
int MLKEM_NS(kem_prepare_ek)(uint8_t prep[MLKEM_EK_BYTES_K + MLKEM_SYMBYTES],
                             const uint8_t ek[MLKEM_EK_BYTES_K]) {
  int err;
  if (prep == NULL) return MLKEM_ERR_NULL_ARGUMENT;
  /* check_ek: NULL ek refused; works without a usable backend. */
  if ((err = MLKEM_NS(kem_check_ek)(ek)) != MLKEM_OK) {
    memset(prep, 0, MLKEM_EK_BYTES_K + MLKEM_SYMBYTES);
    return err;
  }
  /* prep may be ek itself (in place); other overlaps are outside the API
   * (mlkem.h: outputs overlap no input). */
  if (prep != ek) memcpy(prep, ek, MLKEM_EK_BYTES_K);
  mlkem_sha3_256(prep + MLKEM_EK_BYTES_K, prep, MLKEM_EK_BYTES_K);
  return MLKEM_OK;
}

/* A prepared key: its ek is checked again all the same, and refused if
 * it was altered since (the check costs nothing, as above); its H(ek)
 * spares the hash. */
static int encaps_prepared(const mlkem_backend *be, uint8_t *ct, uint8_t *ss,
                           const uint8_t *prep,
                           const uint8_t m[MLKEM_SYMBYTES]) {
  return encaps_internal(be, ct, ss, prep, prep + MLKEM_EK_BYTES_K, m)
             ? MLKEM_ERR_INVALID_EK
             : MLKEM_OK;
}
static const mlkem_kem_key_kind prepared_kind = {NULL, encaps_prepared};

int MLKEM_NS(kem_encaps_prepared)(
    uint8_t ct[MLKEM_CT_BYTES_K], uint8_t ss[MLKEM_SS_BYTES],
    const uint8_t prep[MLKEM_EK_BYTES_K + MLKEM_SYMBYTES]) {
  return mlkem_kem_encaps_drawn(&prepared_kind, ct, ss, prep);
}

int MLKEM_NS(kem_encaps_prepared_derand)(
    uint8_t ct[MLKEM_CT_BYTES_K], uint8_t ss[MLKEM_SS_BYTES],
    const uint8_t prep[MLKEM_EK_BYTES_K + MLKEM_SYMBYTES],
    const uint8_t m[MLKEM_MSG_BYTES]) {
  return mlkem_kem_encaps_given(&prepared_kind, ct, ss, prep, m);
}
