/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * hpke.c - the public functions of mlkem_hpke.h: the checks of their
 * arguments, the modes (@spec{RFC9180, sec. 5.1}), the single-shot API
 * (@spec{RFC9180, sec. 6}: seal, open, secret export), and the conventions of
 * every call: outputs zeroed on
 * error, secrets wiped, the stack below scrubbed.
 */
#include <string.h>

#include "platform/ct.h"
#include "hpke/hpke.h"
#include "mlkem_hazmat.h"
#include "platform/randombytes.h"

#define PUB_MAGIC 0x48504b50u  /* "HPKP" */
#define PRIV_MAGIC 0x48504b53u /* "HPKS" */

/* The key objects hold the largest KEM's parts (hpke.h's offsets). */
_Static_assert(sizeof(((mlkem_hpke_public_key *)0)->data) ==
                   MLKEM_HPKE_PUB_EXPANDED + MLKEM1024_EXPANDED_EK_BYTES,
               "public key object size");
_Static_assert(sizeof(((mlkem_hpke_private_key *)0)->data) ==
                   MLKEM_HPKE_PRIV_EXPANDED + MLKEM1024_EXPANDED_DK_BYTES,
               "private key object size");
_Static_assert(MLKEM768_EXPANDED_DK_BYTES <= MLKEM1024_EXPANDED_DK_BYTES &&
                   MLKEM_HPKE_MAX_ENC_BYTES == MLKEM1024_CT_BYTES,
               "sizes");

/* A byte string argument: NULL only with length 0. */
#define BAD_BUF(p, n) ((p) == NULL && (n) != 0)

static void zero(void *p, size_t n) {
  if (p != NULL) mlkem_zeroize(p, n);
}

static int pub_ok(const mlkem_hpke_public_key *k) {
  return k->magic == PUB_MAGIC && mlkem_hpke_kem_get(k->kem) != NULL;
}

static int priv_ok(const mlkem_hpke_private_key *k) {
  return k->magic == PRIV_MAGIC && mlkem_hpke_kem_get(k->kem) != NULL;
}

/* ---- errors ---- */

const char *mlkem_hpke_strerror(int err) {
  switch (err) {
    case MLKEM_HPKE_ERR_SUITE:
      return "HPKE: a KEM, KDF or AEAD this library does not offer, or a key "
             "of another KEM than the suite's";
    case MLKEM_HPKE_ERR_LENGTH:
      return "HPKE: a length that is not the suite's, or beyond a limit";
    case MLKEM_HPKE_ERR_MODE:
      return "HPKE: the mode's inputs do not fit (a PSK without its "
             "identifier or the reverse, or an Auth mode with a KEM that has "
             "none)";
    case MLKEM_HPKE_ERR_MESSAGE_LIMIT:
      return "HPKE: the context's sequence number is exhausted "
             "(MessageLimitReachedError)";
    case MLKEM_HPKE_ERR_EXPORT_ONLY:
      return "HPKE: seal or open on an export-only context";
    case MLKEM_HPKE_ERR_STATE:
      return "HPKE: a key object or context that is not set up";
    default:
      return mlkem_strerror(err);
  }
}

/* ---- keys ---- */

int mlkem_hpke_keygen(uint16_t kem, uint8_t *pk, size_t pk_len, uint8_t *sk,
                      size_t sk_len) {
  const mlkem_hpke_kem *k = mlkem_hpke_kem_get(kem);
  uint8_t ikm[MLKEM_HPKE_MAX_SK_BYTES];
  int err;
  if (pk == NULL || sk == NULL)
    err = MLKEM_ERR_NULL_ARGUMENT;
  else if (k == NULL)
    err = MLKEM_HPKE_ERR_SUITE;
  else if (pk_len != k->npk || sk_len != k->nsk)
    err = MLKEM_HPKE_ERR_LENGTH;
  else if (mlkem_randombytes(ikm, k->nsk) != 0)
    err = MLKEM_ERR_RANDOM;
  else
    /* GenerateKeyPair as DeriveKeyPair(random(Nsk)): @spec{RFC9180} 7.1.3 for
     * DHKEM; for ML-KEM and X-Wing the private key is a uniform seed
     * either way (@spec{HPKE-PQ, sec. 3, 4}). */
    err = k->derive_keypair(k, pk, sk, ikm, k->nsk);
  mlkem_zeroize(ikm, sizeof ikm);
  if (err != MLKEM_OK) {
    zero(pk, pk_len);
    zero(sk, sk_len);
  }
  mlkem_scrub_stack();
  return err;
}

int mlkem_hpke_derive_keypair(uint16_t kem, uint8_t *pk, size_t pk_len,
                              uint8_t *sk, size_t sk_len, const uint8_t *ikm,
                              size_t ikm_len) {
  const mlkem_hpke_kem *k = mlkem_hpke_kem_get(kem);
  int err;
  if (pk == NULL || sk == NULL || BAD_BUF(ikm, ikm_len))
    err = MLKEM_ERR_NULL_ARGUMENT;
  else if (k == NULL)
    err = MLKEM_HPKE_ERR_SUITE;
  else if (pk_len != k->npk || sk_len != k->nsk)
    err = MLKEM_HPKE_ERR_LENGTH;
  else
    err = k->derive_keypair(k, pk, sk, ikm, ikm_len);
  if (err != MLKEM_OK) {
    zero(pk, pk_len);
    zero(sk, sk_len);
  }
  mlkem_scrub_stack();
  return err;
}

/* DeserializePublicKey / DeserializePrivateKey into a key object: obj
 * (obj_size bytes) with its magic, kem and data members; priv chooses the
 * KEM's import. */
static int import_key(void *obj, size_t obj_size, uint32_t *magic,
                      uint16_t *kem_member, uint8_t *data, uint16_t kem,
                      const uint8_t *in, size_t in_len, int priv) {
  const mlkem_hpke_kem *k = mlkem_hpke_kem_get(kem);
  int err;
  memset(obj, 0, obj_size);
  if (in == NULL)
    err = MLKEM_ERR_NULL_ARGUMENT;
  else if (k == NULL)
    err = MLKEM_HPKE_ERR_SUITE;
  else if (in_len != (priv ? k->nsk : k->npk))
    err = MLKEM_HPKE_ERR_LENGTH;
  else
    err = priv ? k->import_sk(k, data, in) : k->import_pk(k, data, in);
  if (err == MLKEM_OK) {
    *kem_member = kem;
    *magic = priv ? PRIV_MAGIC : PUB_MAGIC;
  } else {
    mlkem_zeroize(obj, obj_size);
  }
  mlkem_scrub_stack();
  return err;
}

int mlkem_hpke_public_key_import(mlkem_hpke_public_key *key, uint16_t kem,
                                 const uint8_t *pk, size_t pk_len) {
  if (key == NULL) return MLKEM_ERR_NULL_ARGUMENT;
  return import_key(key, sizeof *key, &key->magic, &key->kem, key->data, kem,
                    pk, pk_len, 0);
}

int mlkem_hpke_private_key_import(mlkem_hpke_private_key *key, uint16_t kem,
                                  const uint8_t *sk, size_t sk_len) {
  if (key == NULL) return MLKEM_ERR_NULL_ARGUMENT;
  return import_key(key, sizeof *key, &key->magic, &key->kem, key->data, kem,
                    sk, sk_len, 1);
}

uint16_t mlkem_hpke_private_key_kem(const mlkem_hpke_private_key *key) {
  return key != NULL && priv_ok(key) ? key->kem : 0;
}

uint16_t mlkem_hpke_public_key_kem(const mlkem_hpke_public_key *key) {
  return key != NULL && pub_ok(key) ? key->kem : 0;
}

/* Copies n bytes of a key object's data out, after the checks. */
static int key_out(const uint8_t *from, int ok, size_t want, uint8_t *out,
                   size_t out_len) {
  int err = MLKEM_OK;
  if (out == NULL)
    return MLKEM_ERR_NULL_ARGUMENT;
  else if (!ok)
    err = MLKEM_HPKE_ERR_STATE;
  else if (out_len != want)
    err = MLKEM_HPKE_ERR_LENGTH;
  if (err == MLKEM_OK)
    memcpy(out, from, want);
  else
    mlkem_zeroize(out, out_len);
  return err;
}

int mlkem_hpke_private_key_public(const mlkem_hpke_private_key *key,
                                  uint8_t *pk, size_t pk_len) {
  const mlkem_hpke_kem *k;
  if (key == NULL) return key_out(NULL, 0, 0, pk, pk_len);
  k = mlkem_hpke_kem_get(key->kem);
  return key_out(key->data + (k != NULL ? k->pk_in_priv : 0), priv_ok(key),
                 k != NULL ? k->npk : 0, pk, pk_len);
}

int mlkem_hpke_private_key_bytes(const mlkem_hpke_private_key *key, uint8_t *sk,
                                 size_t sk_len) {
  const mlkem_hpke_kem *k;
  if (key == NULL) return key_out(NULL, 0, 0, sk, sk_len);
  k = mlkem_hpke_kem_get(key->kem);
  return key_out(key->data + (k != NULL ? k->sk_in_priv : 0), priv_ok(key),
                 k != NULL ? k->nsk : 0, sk, sk_len);
}

int mlkem_hpke_public_key_bytes(const mlkem_hpke_public_key *key, uint8_t *pk,
                                size_t pk_len) {
  const mlkem_hpke_kem *k;
  if (key == NULL) return key_out(NULL, 0, 0, pk, pk_len);
  k = mlkem_hpke_kem_get(key->kem);
  return key_out(key->data + (k != NULL ? k->pk_in_pub : 0), pub_ok(key),
                 k != NULL ? k->npk : 0, pk, pk_len);
}

void mlkem_hpke_private_key_wipe(mlkem_hpke_private_key *key) {
  if (key != NULL) mlkem_zeroize(key, sizeof *key);
}

void mlkem_hpke_public_key_wipe(mlkem_hpke_public_key *key) {
  if (key != NULL) mlkem_zeroize(key, sizeof *key);
}

/* ---- setups ---- */

/* The checks every setup makes, and the mode (@spec{RFC9180} 5.1, and
 * VerifyPSKInputs): MLKEM_OK with *mode set, or the error. own_kem is the
 * KEM of this side's key object (pkR or skR), auth_kem that of the Auth
 * mode's key of the other side when auth_given. */
static int check_setup(mlkem_hpke_suite suite, uint16_t own_kem, int auth_given,
                       uint16_t auth_kem, const uint8_t *info, size_t info_len,
                       const mlkem_hpke_psk *psk, uint8_t *mode) {
  const mlkem_hpke_kem *k = mlkem_hpke_kem_get(suite.kem);
  if (BAD_BUF(info, info_len) ||
      (psk != NULL && (BAD_BUF(psk->psk, psk->psk_len) ||
                       BAD_BUF(psk->psk_id, psk->psk_id_len))))
    return MLKEM_ERR_NULL_ARGUMENT;
  if (k == NULL || mlkem_hpke_kdf_get(suite.kdf) == NULL ||
      mlkem_hpke_aead_get(suite.aead) == NULL)
    return MLKEM_HPKE_ERR_SUITE;
  /* Only ChaCha20-Poly1305 may be missing from a build. */
  if (suite.aead == MLKEM_HPKE_AEAD_CHACHA20_POLY1305 &&
      mlkem_hpke_suite_check(suite) != MLKEM_OK)
    return MLKEM_ERR_UNSUPPORTED;
  if (own_kem != suite.kem || (auth_given && auth_kem != suite.kem))
    return MLKEM_HPKE_ERR_SUITE;
  if (psk != NULL && (psk->psk_len == 0 || psk->psk_id_len == 0))
    return MLKEM_HPKE_ERR_MODE;
  if (auth_given && !k->auth) return MLKEM_HPKE_ERR_MODE;
  *mode = (uint8_t)((psk != NULL ? MLKEM_HPKE_MODE_PSK : 0) |
                    (auth_given ? MLKEM_HPKE_MODE_AUTH : 0));
  return MLKEM_OK;
}

static int setup_sender(mlkem_hpke_sender *ctx, uint8_t *enc, size_t enc_len,
                        mlkem_hpke_suite suite,
                        const mlkem_hpke_public_key *pkR, const uint8_t *info,
                        size_t info_len, const mlkem_hpke_psk *psk,
                        const mlkem_hpke_private_key *skS, const uint8_t *ikmE,
                        size_t ikmE_len) {
  const mlkem_hpke_kem *k = mlkem_hpke_kem_get(suite.kem);
  uint8_t coins[MLKEM_HPKE_MAX_COINS], ss[MLKEM_HPKE_SECRET_BYTES], mode = 0;
  int err;
  if (ctx == NULL) {
    zero(enc, enc_len);
    return MLKEM_ERR_NULL_ARGUMENT;
  }
  memset(ctx, 0, sizeof *ctx);
  if (enc == NULL || pkR == NULL) {
    err = MLKEM_ERR_NULL_ARGUMENT;
  } else if (!pub_ok(pkR) || (skS != NULL && !priv_ok(skS))) {
    err = MLKEM_HPKE_ERR_STATE;
  } else {
    err = check_setup(suite, pkR->kem, skS != NULL, skS != NULL ? skS->kem : 0,
                      info, info_len, psk, &mode);
  }
  if (err == MLKEM_OK && enc_len != k->nenc) err = MLKEM_HPKE_ERR_LENGTH;
  if (err == MLKEM_OK && ikmE != NULL &&
      (ikmE_len > sizeof coins ||
       (suite.kem != MLKEM_HPKE_KEM_DHKEM_X25519_HKDF_SHA256 &&
        ikmE_len != k->ncoins)))
    err = MLKEM_HPKE_ERR_LENGTH;
  if (err == MLKEM_OK) {
    if (ikmE != NULL) {
      memcpy(coins, ikmE, ikmE_len);
    } else {
      ikmE_len = k->ncoins;
      if (mlkem_randombytes(coins, ikmE_len) != 0) err = MLKEM_ERR_RANDOM;
    }
  }
  if (err == MLKEM_OK)
    err = k->encap(k, ss, enc, pkR->data, skS != NULL ? skS->data : NULL, coins,
                   ikmE_len);
  if (err == MLKEM_OK)
    err = mlkem_hpke_key_schedule(&ctx->s, suite, mode, ss, sizeof ss, info,
                                  info_len, psk);
  mlkem_zeroize(coins, sizeof coins);
  mlkem_zeroize(ss, sizeof ss);
  if (err != MLKEM_OK) {
    mlkem_zeroize(ctx, sizeof *ctx);
    zero(enc, enc_len);
  }
  mlkem_scrub_stack();
  return err;
}

int mlkem_hpke_setup_sender(mlkem_hpke_sender *ctx, uint8_t *enc,
                            size_t enc_len, mlkem_hpke_suite suite,
                            const mlkem_hpke_public_key *pkR,
                            const uint8_t *info, size_t info_len,
                            const mlkem_hpke_psk *psk,
                            const mlkem_hpke_private_key *skS) {
  return setup_sender(ctx, enc, enc_len, suite, pkR, info, info_len, psk, skS,
                      NULL, 0);
}

int mlkem_hpke_setup_sender_derand(mlkem_hpke_sender *ctx, uint8_t *enc,
                                   size_t enc_len, mlkem_hpke_suite suite,
                                   const mlkem_hpke_public_key *pkR,
                                   const uint8_t *info, size_t info_len,
                                   const mlkem_hpke_psk *psk,
                                   const mlkem_hpke_private_key *skS,
                                   const uint8_t *ikmE, size_t ikmE_len) {
  if (ikmE == NULL) {
    if (ctx != NULL) mlkem_zeroize(ctx, sizeof *ctx);
    zero(enc, enc_len);
    return MLKEM_ERR_NULL_ARGUMENT;
  }
  return setup_sender(ctx, enc, enc_len, suite, pkR, info, info_len, psk, skS,
                      ikmE, ikmE_len);
}

int mlkem_hpke_setup_recipient(mlkem_hpke_recipient *ctx,
                               mlkem_hpke_suite suite,
                               const mlkem_hpke_private_key *skR,
                               const uint8_t *enc, size_t enc_len,
                               const uint8_t *info, size_t info_len,
                               const mlkem_hpke_psk *psk,
                               const mlkem_hpke_public_key *pkS) {
  const mlkem_hpke_kem *k = mlkem_hpke_kem_get(suite.kem);
  uint8_t ss[MLKEM_HPKE_SECRET_BYTES], mode = 0;
  int err;
  if (ctx == NULL) return MLKEM_ERR_NULL_ARGUMENT;
  memset(ctx, 0, sizeof *ctx);
  if (enc == NULL || skR == NULL)
    err = MLKEM_ERR_NULL_ARGUMENT;
  else if (!priv_ok(skR) || (pkS != NULL && !pub_ok(pkS)))
    err = MLKEM_HPKE_ERR_STATE;
  else
    err = check_setup(suite, skR->kem, pkS != NULL, pkS != NULL ? pkS->kem : 0,
                      info, info_len, psk, &mode);
  if (err == MLKEM_OK && enc_len != k->nenc) err = MLKEM_HPKE_ERR_LENGTH;
  if (err == MLKEM_OK)
    err = k->decap(k, ss, enc, skR->data, pkS != NULL ? pkS->data : NULL);
  if (err == MLKEM_OK)
    err = mlkem_hpke_key_schedule(&ctx->s, suite, mode, ss, sizeof ss, info,
                                  info_len, psk);
  mlkem_zeroize(ss, sizeof ss);
  if (err != MLKEM_OK) mlkem_zeroize(ctx, sizeof *ctx);
  mlkem_scrub_stack();
  return err;
}

/* ---- contexts ---- */

static int ctx_ok(const mlkem_hpke_context_state *st) {
  return st->magic == MLKEM_HPKE_CTX_MAGIC;
}

int mlkem_hpke_sender_seal(mlkem_hpke_sender *ctx, uint8_t *ct, size_t ct_len,
                           const uint8_t *aad, size_t aad_len,
                           const uint8_t *pt, size_t pt_len) {
  int err;
  if (ct == NULL) return MLKEM_ERR_NULL_ARGUMENT;
  if (ctx == NULL || BAD_BUF(aad, aad_len) || BAD_BUF(pt, pt_len))
    err = MLKEM_ERR_NULL_ARGUMENT;
  else if (!ctx_ok(&ctx->s))
    err = MLKEM_HPKE_ERR_STATE;
  else if (pt_len > SIZE_MAX - MLKEM_HPKE_TAG_BYTES ||
           ct_len != pt_len + MLKEM_HPKE_TAG_BYTES)
    err = MLKEM_HPKE_ERR_LENGTH;
  else
    err = mlkem_hpke_ctx_seal(&ctx->s, ct, aad, aad_len, pt, pt_len);
  if (err != MLKEM_OK) mlkem_zeroize(ct, ct_len);
  return err;
}

int mlkem_hpke_recipient_open(mlkem_hpke_recipient *ctx, uint8_t *pt,
                              size_t pt_len, const uint8_t *aad, size_t aad_len,
                              const uint8_t *ct, size_t ct_len) {
  int err;
  if (BAD_BUF(pt, pt_len)) return MLKEM_ERR_NULL_ARGUMENT;
  if (ctx == NULL || ct == NULL || BAD_BUF(aad, aad_len))
    err = MLKEM_ERR_NULL_ARGUMENT;
  else if (!ctx_ok(&ctx->s))
    err = MLKEM_HPKE_ERR_STATE;
  else if (ct_len < MLKEM_HPKE_TAG_BYTES ||
           pt_len != ct_len - MLKEM_HPKE_TAG_BYTES)
    err = MLKEM_HPKE_ERR_LENGTH;
  else
    err = mlkem_hpke_ctx_open(&ctx->s, pt, aad, aad_len, ct, ct_len);
  if (err != MLKEM_OK) zero(pt, pt_len);
  return err;
}

static int export(const mlkem_hpke_context_state *st, uint8_t *out,
                  size_t out_len, const uint8_t *c, size_t c_len) {
  int err;
  if (BAD_BUF(out, out_len)) return MLKEM_ERR_NULL_ARGUMENT;
  if (st == NULL || BAD_BUF(c, c_len))
    err = MLKEM_ERR_NULL_ARGUMENT;
  else if (!ctx_ok(st))
    err = MLKEM_HPKE_ERR_STATE;
  else
    err = mlkem_hpke_export(st, out, out_len, c, c_len);
  if (err != MLKEM_OK) zero(out, out_len);
  return err;
}

int mlkem_hpke_sender_export(const mlkem_hpke_sender *ctx, uint8_t *out,
                             size_t out_len, const uint8_t *exporter_context,
                             size_t context_len) {
  return export(ctx != NULL ? &ctx->s : NULL, out, out_len, exporter_context,
                context_len);
}

int mlkem_hpke_recipient_export(const mlkem_hpke_recipient *ctx, uint8_t *out,
                                size_t out_len, const uint8_t *exporter_context,
                                size_t context_len) {
  return export(ctx != NULL ? &ctx->s : NULL, out, out_len, exporter_context,
                context_len);
}

uint64_t mlkem_hpke_sender_seq(const mlkem_hpke_sender *ctx) {
  return ctx != NULL && ctx_ok(&ctx->s) ? ctx->s.seq : 0;
}

uint64_t mlkem_hpke_recipient_seq(const mlkem_hpke_recipient *ctx) {
  return ctx != NULL && ctx_ok(&ctx->s) ? ctx->s.seq : 0;
}

int mlkem_hpke_sender_mode(const mlkem_hpke_sender *ctx) {
  return ctx != NULL && ctx_ok(&ctx->s) ? ctx->s.mode : -1;
}

int mlkem_hpke_recipient_mode(const mlkem_hpke_recipient *ctx) {
  return ctx != NULL && ctx_ok(&ctx->s) ? ctx->s.mode : -1;
}

void mlkem_hpke_sender_wipe(mlkem_hpke_sender *ctx) {
  if (ctx != NULL) mlkem_zeroize(ctx, sizeof *ctx);
}

void mlkem_hpke_recipient_wipe(mlkem_hpke_recipient *ctx) {
  if (ctx != NULL) mlkem_zeroize(ctx, sizeof *ctx);
}

/* ---- single-shot (@spec{RFC9180, sec. 6.1}) ---- */

int mlkem_hpke_seal(mlkem_hpke_suite suite, uint8_t *enc, size_t enc_len,
                    uint8_t *ct, size_t ct_len,
                    const mlkem_hpke_public_key *pkR, const uint8_t *info,
                    size_t info_len, const uint8_t *aad, size_t aad_len,
                    const uint8_t *pt, size_t pt_len, const mlkem_hpke_psk *psk,
                    const mlkem_hpke_private_key *skS) {
  mlkem_hpke_sender ctx;
  int err;
  if (ct == NULL) {
    zero(enc, enc_len);
    return MLKEM_ERR_NULL_ARGUMENT;
  }
  err = mlkem_hpke_setup_sender(&ctx, enc, enc_len, suite, pkR, info, info_len,
                                psk, skS);
  if (err == MLKEM_OK)
    err = mlkem_hpke_sender_seal(&ctx, ct, ct_len, aad, aad_len, pt, pt_len);
  mlkem_hpke_sender_wipe(&ctx);
  if (err != MLKEM_OK) {
    zero(enc, enc_len);
    mlkem_zeroize(ct, ct_len);
  }
  mlkem_scrub_stack();
  return err;
}

int mlkem_hpke_open(mlkem_hpke_suite suite, uint8_t *pt, size_t pt_len,
                    const mlkem_hpke_private_key *skR, const uint8_t *enc,
                    size_t enc_len, const uint8_t *info, size_t info_len,
                    const uint8_t *aad, size_t aad_len, const uint8_t *ct,
                    size_t ct_len, const mlkem_hpke_psk *psk,
                    const mlkem_hpke_public_key *pkS) {
  mlkem_hpke_recipient ctx;
  int err;
  if (BAD_BUF(pt, pt_len)) return MLKEM_ERR_NULL_ARGUMENT;
  err = mlkem_hpke_setup_recipient(&ctx, suite, skR, enc, enc_len, info,
                                   info_len, psk, pkS);
  if (err == MLKEM_OK)
    err = mlkem_hpke_recipient_open(&ctx, pt, pt_len, aad, aad_len, ct, ct_len);
  mlkem_hpke_recipient_wipe(&ctx);
  if (err != MLKEM_OK) zero(pt, pt_len);
  mlkem_scrub_stack();
  return err;
}

/* ---- single-shot secret export (@spec{RFC9180, sec. 6.2}) ---- */

int mlkem_hpke_send_export(mlkem_hpke_suite suite, uint8_t *enc, size_t enc_len,
                           uint8_t *out, size_t out_len,
                           const mlkem_hpke_public_key *pkR,
                           const uint8_t *info, size_t info_len,
                           const uint8_t *exporter_context, size_t context_len,
                           const mlkem_hpke_psk *psk,
                           const mlkem_hpke_private_key *skS) {
  mlkem_hpke_sender ctx;
  int err;
  if (BAD_BUF(out, out_len)) {
    zero(enc, enc_len);
    return MLKEM_ERR_NULL_ARGUMENT;
  }
  err = mlkem_hpke_setup_sender(&ctx, enc, enc_len, suite, pkR, info, info_len,
                                psk, skS);
  if (err == MLKEM_OK)
    err = mlkem_hpke_sender_export(&ctx, out, out_len, exporter_context,
                                   context_len);
  mlkem_hpke_sender_wipe(&ctx);
  if (err != MLKEM_OK) {
    zero(enc, enc_len);
    zero(out, out_len);
  }
  mlkem_scrub_stack();
  return err;
}

int mlkem_hpke_receive_export(mlkem_hpke_suite suite, uint8_t *out,
                              size_t out_len, const mlkem_hpke_private_key *skR,
                              const uint8_t *enc, size_t enc_len,
                              const uint8_t *info, size_t info_len,
                              const uint8_t *exporter_context,
                              size_t context_len, const mlkem_hpke_psk *psk,
                              const mlkem_hpke_public_key *pkS) {
  mlkem_hpke_recipient ctx;
  int err;
  if (BAD_BUF(out, out_len)) return MLKEM_ERR_NULL_ARGUMENT;
  err = mlkem_hpke_setup_recipient(&ctx, suite, skR, enc, enc_len, info,
                                   info_len, psk, pkS);
  if (err == MLKEM_OK)
    err = mlkem_hpke_recipient_export(&ctx, out, out_len, exporter_context,
                                      context_len);
  mlkem_hpke_recipient_wipe(&ctx);
  if (err != MLKEM_OK) zero(out, out_len);
  mlkem_scrub_stack();
  return err;
}
