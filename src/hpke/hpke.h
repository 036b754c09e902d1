/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * hpke/hpke.h - the parts of HPKE (include/mlkem_hpke.h) and how they call
 * each other:
 *
 *   suite.c        the tables of KEMs and AEADs (identifiers, sizes,
 *                  names), the lookups by identifier and name
 *   kdf.c          the table of KDFs
 *   labeled.c      LabeledExtract, LabeledExpand (two-stage KDFs, on HKDF)
 *                  and LabeledDerive (one-stage, on SHAKE / TurboSHAKE);
 *                  the suite_id strings
 *   key_schedule.c VerifyPSKInputs, the key schedule of either kind of KDF
 *                  and the secret export
 *   context.c      the contexts' seal, open and nonces (@spec{RFC9180} 5.2)
 *   kem_dhkem.c    DHKEM(X25519, HKDF-SHA256) with AuthEncap / AuthDecap
 *   kem_mlkem.c    ML-KEM-512/768/1024 (@spec{HPKE-PQ, sec. 3})
 *   kem_xwing.c    MLKEM768-X25519 (@spec{HPKE-PQ, sec. 4})
 *   hpke.c         the public functions: argument checks, zeroed outputs,
 *                  the stack scrubbed
 *
 * A file calls down only: hpke.c the others, the KEMs labeled.c and the
 * library's KEM functions, key_schedule.c labeled.c.
 */
#ifndef MLKEM_HPKE_HPKE_H
#define MLKEM_HPKE_HPKE_H

#include <stddef.h>
#include <stdint.h>

#include "mlkem_hpke.h"
#include "sha2/hkdf.h"

/* ---- KDFs (kdf.c, labeled.c) ---- */

typedef struct {
  uint16_t id;
  const char *name;
  uint8_t nh;        /* Nh */
  uint8_t two_stage; /* 1: HKDF over alg; 0: one-stage XOF */
  mlkem_sha2_alg alg;
  uint8_t rate;  /* one-stage: the sponge's rate in bytes */
  uint8_t turbo; /* one-stage: 1 for TurboSHAKE (Keccak-p[1600, 12]) */
} mlkem_hpke_kdf;

/* suite_id: "KEM" || I2OSP(kem_id, 2) inside a KEM (5 bytes), "HPKE" ||
 * kem_id || kdf_id || aead_id elsewhere (10 bytes; @spec{RFC9180} 4.1, 5.1). */
typedef struct {
  uint8_t b[10];
  uint8_t len;
} mlkem_hpke_suite_id;

void mlkem_hpke_kem_suite_id(mlkem_hpke_suite_id *sid, uint16_t kem);
void mlkem_hpke_full_suite_id(mlkem_hpke_suite_id *sid, mlkem_hpke_suite s);

/* LabeledExtract(salt, label, ikm) (@spec{RFC9180, sec. 4}), ikm the
 * concatenation of ikm[0..nikm): writes Nh bytes to prk. */
void mlkem_hpke_labeled_extract(const mlkem_hpke_kdf *kdf,
                                const mlkem_hpke_suite_id *sid, uint8_t *prk,
                                const uint8_t *salt, size_t salt_len,
                                const char *label, const mlkem_span *ikm,
                                size_t nikm);

/* LabeledExpand(prk, label, info, L): L below 65,536 and at most 255 Nh
 * (-1 otherwise, nothing written). */
int mlkem_hpke_labeled_expand(const mlkem_hpke_kdf *kdf,
                              const mlkem_hpke_suite_id *sid, uint8_t *out,
                              size_t len, const uint8_t *prk, const char *label,
                              const mlkem_span *info, size_t ninfo);

/* The same from prk's keyed HMAC state (mlkem_hmac_init(keyed, kdf->alg,
 * prk, Nh)), for several expansions of one prk: the key schedule's three. */
int mlkem_hpke_labeled_expand_keyed(const mlkem_hpke_kdf *kdf,
                                    const mlkem_hpke_suite_id *sid,
                                    uint8_t *out, size_t len,
                                    const mlkem_hmac_ctx *keyed,
                                    const char *label, const mlkem_span *info,
                                    size_t ninfo);

/* LabeledDerive(ikm, label, context, L)
 * (@spec{HPKE-HPKE, sec. 4}): ikm and context as lists; L below 65,536 (-1
 * otherwise). */
int mlkem_hpke_labeled_derive(const mlkem_hpke_kdf *kdf,
                              const mlkem_hpke_suite_id *sid, uint8_t *out,
                              size_t len, const mlkem_span *ikm, size_t nikm,
                              const char *label, const mlkem_span *context,
                              size_t ncontext);

/* The KDFs (kdf.c) by identifier, NULL if not offered, and by position
 * in the table, NULL past its end. SHAKE256, which the ML-KEM and X-Wing
 * KEMs derive their keys with, and HKDF-SHA256, DHKEM's own KDF, are also
 * named directly. */
const mlkem_hpke_kdf *mlkem_hpke_kdf_get(uint16_t id);
const mlkem_hpke_kdf *mlkem_hpke_kdf_at(size_t i);
extern const mlkem_hpke_kdf mlkem_hpke_kdf_shake256;
extern const mlkem_hpke_kdf mlkem_hpke_kdf_hkdf_sha256;

/* ---- AEADs (suite.c) ---- */

typedef struct {
  uint16_t id;
  const char *name;
  uint8_t nk, nn; /* 0 and 0 for export-only */
} mlkem_hpke_aead;

const mlkem_hpke_aead *mlkem_hpke_aead_get(uint16_t id);

/* ---- KEMs (kem_*.c) ---- */

#define MLKEM_HPKE_SECRET_BYTES 32 /* Nsecret of every KEM here */
#define MLKEM_HPKE_MAX_COINS 64    /* Encap's randomness, at most */

/* A KEM's entry. The key objects' data (mlkem_hpke_public_key.data,
 * mlkem_hpke_private_key.data) is laid out by the KEM; the generic code
 * only passes it. coins is Encap's randomness (ncoins bytes; DHKEM: the
 * ikm of the ephemeral DeriveKeyPair, of any length). Every function
 * returns 0 or an MLKEM_ERR_* code, and leaves its outputs for the caller
 * to zero on error. */
typedef struct mlkem_hpke_kem {
  uint16_t id;
  const char *name;
  uint16_t npk, nsk, nenc;
  uint8_t ncoins;
  int (*derive_keypair)(const struct mlkem_hpke_kem *kem, uint8_t *pk,
                        uint8_t *sk, const uint8_t *ikm, size_t ikm_len);
  int (*import_pk)(const struct mlkem_hpke_kem *kem, uint8_t *data,
                   const uint8_t *pk);
  int (*import_sk)(const struct mlkem_hpke_kem *kem, uint8_t *data,
                   const uint8_t *sk);
  /* Where the serialized keys are in an object's data. */
  size_t pk_in_pub, pk_in_priv, sk_in_priv;
  /* Encap(pkR) / AuthEncap(pkR, skS) when skS is not NULL. */
  int (*encap)(const struct mlkem_hpke_kem *kem, uint8_t *ss, uint8_t *enc,
               const uint8_t *pkR, const uint8_t *skS, const uint8_t *coins,
               size_t ncoins);
  /* Decap(enc, skR) / AuthDecap(enc, skR, pkS) when pkS is not NULL. */
  int (*decap)(const struct mlkem_hpke_kem *kem, uint8_t *ss,
               const uint8_t *enc, const uint8_t *skR, const uint8_t *pkS);
  uint8_t auth; /* AuthEncap / AuthDecap offered */
  /* For ML-KEM: the set's functions (kem_mlkem.c). */
  const void *set;
} mlkem_hpke_kem;

/* Where the KEMs keep their parts in a key object's data (the largest
 * key of each kind first, then the expanded ML-KEM key). */
#define MLKEM_HPKE_PUB_EXPANDED MLKEM_HPKE_MAX_PK_BYTES /* expanded ek */
#define MLKEM_HPKE_PRIV_PK MLKEM_HPKE_MAX_SK_BYTES      /* the public key */
#define MLKEM_HPKE_PRIV_EXPANDED \
  (MLKEM_HPKE_PRIV_PK + MLKEM_HPKE_MAX_PK_BYTES) /* expanded dk */

/* An ML-KEM parameter set's functions of mlkem.h, for kem_mlkem.c and
 * X-Wing's ML-KEM-768 (kem_xwing.c). */
typedef struct {
  size_t ek, ct, dk;
  int (*keygen_derand)(uint8_t *ek, uint8_t *dk, const uint8_t *seed);
  int (*expand_ek)(uint8_t *x, const uint8_t *ek);
  int (*expand_dk)(uint8_t *x, const uint8_t *dk);
  int (*encaps_expanded_derand)(uint8_t *ct, uint8_t *ss, const uint8_t *x,
                                const uint8_t *m);
  int (*decaps_expanded)(uint8_t *ss, const uint8_t *ct, const uint8_t *x);
  void (*expanded_dk_wipe)(uint8_t *x);
} mlkem_hpke_mlkem_set;

extern const mlkem_hpke_mlkem_set mlkem_hpke_mlkem768_set;

/* ML-KEM's private key import and public key import, on a set: shared by
 * the ML-KEM KEMs and X-Wing. seed is d || z; pk_out receives ek. */
int mlkem_hpke_mlkem_import_seed(const mlkem_hpke_mlkem_set *set,
                                 uint8_t *expanded_dk, uint8_t *ek,
                                 const uint8_t seed[64]);

const mlkem_hpke_kem *mlkem_hpke_kem_get(uint16_t id);
extern const mlkem_hpke_kem mlkem_hpke_kem_dhkem_x25519;
extern const mlkem_hpke_kem mlkem_hpke_kem_mlkem512;
extern const mlkem_hpke_kem mlkem_hpke_kem_mlkem768;
extern const mlkem_hpke_kem mlkem_hpke_kem_mlkem1024;
extern const mlkem_hpke_kem mlkem_hpke_kem_xwing;

/* SHAKE256.LabeledDerive(ikm, "DeriveKeyPair", "", n) with the KEM's
 * suite_id: the seed of ML-KEM's and X-Wing's DeriveKeyPair
 * (@spec{HPKE-PQ, sec. 3, 4}). -1 for an ikm over 65,535 bytes. */
int mlkem_hpke_derive_seed(uint16_t kem, uint8_t *seed, size_t n,
                           const uint8_t *ikm, size_t ikm_len);

/* ---- Key schedule and contexts (key_schedule.c, context.c) ---- */

#define MLKEM_HPKE_CTX_MAGIC 0x48504b43u /* "HPKC" */

/* KeySchedule (@spec{RFC9180} 5.1; @spec{HPKE-HPKE} 5.1 for a one-stage
 * KDF): sets up st from the shared secret (ss_len bytes: 32 for every KEM
 * here; the tests also run the other KEMs' vectors through it). Returns 0,
 * or MLKEM_HPKE_ERR_LENGTH for an input beyond the one-stage limits. */
int mlkem_hpke_key_schedule(mlkem_hpke_context_state *st, mlkem_hpke_suite s,
                            uint8_t mode, const uint8_t *ss, size_t ss_len,
                            const uint8_t *info, size_t info_len,
                            const mlkem_hpke_psk *psk);

/* Context.Export: 0 or MLKEM_HPKE_ERR_LENGTH. */
int mlkem_hpke_export(const mlkem_hpke_context_state *st, uint8_t *out,
                      size_t len, const uint8_t *ctx, size_t ctx_len);

/* Seal and open with the context's key and the nonce of its sequence
 * number, which they count up on success. */
int mlkem_hpke_ctx_seal(mlkem_hpke_context_state *st, uint8_t *ct,
                        const uint8_t *aad, size_t aad_len, const uint8_t *pt,
                        size_t pt_len);
int mlkem_hpke_ctx_open(mlkem_hpke_context_state *st, uint8_t *pt,
                        const uint8_t *aad, size_t aad_len, const uint8_t *ct,
                        size_t ct_len);

#endif
