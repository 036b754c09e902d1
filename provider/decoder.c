/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * decoder.c - decoders (provider-decoder(7)) for the key types that have
 * key files: DER PKCS#8 PrivateKeyInfo and SubjectPublicKeyInfo to a key
 * of this provider, read by the library's key-file codec
 * (include/mlkem_keyfile.h) with all its checks, so that `openssl pkey`,
 * OSSL_DECODER, PEM_read_bio_PrivateKey and d2i_PUBKEY read every file
 * `mlkem keygen` writes and refuse what `mlkem check` refuses.
 *
 * The decoders take DER: PEM reaches them through the PEM-to-DER decoder
 * of OpenSSL's default provider (which also decrypts an
 * EncryptedPrivateKeyInfo), as OpenSSL's own key decoders are reached.
 * Each decoder is named after its key type, which is how OpenSSL joins it
 * to the key management of that type; its input is any DER the chain
 * holds, so it first asks the library which type the structure names (as
 * far as its AlgorithmIdentifier): DER of another kind or type is passed
 * on untouched (return 1, no object, as provider-decoder(7) asks), and a
 * file of this type is decoded, or refused with the library's reason on
 * the error queue (return 0: no other decoder should read it).
 */
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/core_object.h>
#include <openssl/crypto.h>
#include <openssl/params.h>

#include "keyfile/keyfile_alg.h"
#include "prov.h"

typedef struct {
  mlkp_provctx *prov;
  const mlkp_alg *alg;
} dec_ctx;

static void *dec_newctx(void *provctx, const mlkp_alg *alg) {
  dec_ctx *ctx = OPENSSL_zalloc(sizeof *ctx);
  if (ctx == NULL) {
    MLKP_ERROR(provctx, MLKP_R_MALLOC, "%s: no memory for a decoder",
               alg->name);
    return NULL;
  }
  ctx->prov = provctx;
  ctx->alg = alg;
  return ctx;
}

static void dec_freectx(void *vctx) {
  OPENSSL_free(vctx);
}

/* Reads the whole input, up to cap bytes; *len > cap - 1 means more than
 * cap - 1 bytes were there. */
static int read_all(const mlkp_provctx *prov, OSSL_CORE_BIO *in, uint8_t *buf,
                    size_t cap, size_t *len) {
  size_t got;
  *len = 0;
  if (prov->bio_read_ex == NULL) {
    MLKP_ERROR(prov, MLKP_R_ENCODING, "the core gave no BIO_read_ex");
    return 0;
  }
  while (*len < cap) {
    got = 0;
    if (!prov->bio_read_ex(in, buf + *len, cap - *len, &got) || got == 0) break;
    *len += got;
  }
  return 1;
}

/* The reason of a refused key file. */
static int reason_of(int rc) {
  switch (rc) {
    case MLKEM_KEYFILE_ERR_INVALID_EK:
    case MLKEM_KEYFILE_ERR_INVALID_DK:
      return MLKP_R_INVALID_KEY;
    case MLKEM_KEYFILE_ERR_MISMATCH:
      return MLKP_R_KEY_MISMATCH;
    case MLKEM_KEYFILE_ERR_LENGTH:
      return MLKP_R_WRONG_LENGTH;
    case MLKEM_KEYFILE_ERR_LIBRARY:
      return MLKP_R_LIBRARY;
    default:
      return MLKP_R_ENCODING;
  }
}

/* A key of the provider from the key read: from the seed when the file
 * has it (the key keeps it, for the seed and both forms), else from dk,
 * else the public key, through the key type's own functions. */
static mlkp_key *from_keyfile(const dec_ctx *ctx, const mlkem_keyfile_key *kf) {
  const mlkp_alg *alg = ctx->alg;
  mlkp_key *key = mlkp_key_new(ctx->prov, alg);
  int ok;
  if (key == NULL) return NULL;
  if (kf->type == MLKEM_KEYFILE_SEED || kf->type == MLKEM_KEYFILE_BOTH)
    ok = alg->keygen(key, kf->seed);
  else if (kf->type == MLKEM_KEYFILE_EXPANDED)
    ok = alg->import_priv(key, kf->dk);
  else
    ok = alg->set_pub(key, kf->ek);
  if (!ok) {
    mlkp_key_free(key);
    return NULL;
  }
  return key;
}

static int decode_file(void *vctx, OSSL_CORE_BIO *in, int private_key,
                       OSSL_CALLBACK *data_cb, void *data_cbarg) {
  dec_ctx *ctx = vctx;
  const mlkp_alg *alg = ctx->alg;
  const mlkem_keyfile_entry *type;
  mlkem_keyfile_key kf;
  mlkem_keyfile_error err;
  uint8_t der[MLKEM_KEYFILE_MAX_DER + 1];
  mlkp_key *key = NULL;
  OSSL_PARAM params[4];
  char data_type[32];
  int object_type = OSSL_OBJECT_PKEY, is_private = 0, ok = 1, rc;
  size_t len;

  if (!read_all(ctx->prov, in, der, sizeof der, &len)) return 0;
  /* Longer than any key file of the library's, or naming another type
   * or the other structure: not this decoder's. */
  type = len < sizeof der ? mlkem_keyfile_der_type(mlkem_keyfile_table, der,
                                                   len, &is_private)
                          : NULL;
  if (type == NULL || &type->alg != mlkp_keyfile_alg(alg) ||
      is_private != private_key) {
    OPENSSL_cleanse(der, sizeof der);
    return 1;
  }
  rc = mlkem_keyfile_decode_der(&kf, der, len, &err);
  OPENSSL_cleanse(der, sizeof der);
  if (rc != MLKEM_KEYFILE_OK) {
    MLKP_ERROR(ctx->prov, reason_of(rc), "%s %s key file: %s", alg->name,
               private_key ? "private" : "public", err.msg);
    return 0;
  }
  key = from_keyfile(ctx, &kf);
  mlkem_keyfile_wipe(&kf);
  if (key == NULL) return 0;
  /* The key goes by reference (provider-object(7)); the key management's
   * load takes it and clears the reference, or it is freed below. */
  params[0] = OSSL_PARAM_construct_int(OSSL_OBJECT_PARAM_TYPE, &object_type);
  OPENSSL_strlcpy(data_type, alg->name, sizeof data_type);
  params[1] = OSSL_PARAM_construct_utf8_string(OSSL_OBJECT_PARAM_DATA_TYPE,
                                               data_type, 0);
  params[2] = OSSL_PARAM_construct_octet_string(OSSL_OBJECT_PARAM_REFERENCE,
                                                &key, sizeof key);
  params[3] = OSSL_PARAM_construct_end();
  ok = data_cb(params, data_cbarg);
  mlkp_key_free(key);
  return ok;
}

static int decode_pkcs8(void *vctx, OSSL_CORE_BIO *in, int selection,
                        OSSL_CALLBACK *data_cb, void *data_cbarg,
                        OSSL_PASSPHRASE_CALLBACK *cb, void *cbarg) {
  (void)selection;
  (void)cb;
  (void)cbarg;
  return decode_file(vctx, in, 1, data_cb, data_cbarg);
}

static int decode_spki(void *vctx, OSSL_CORE_BIO *in, int selection,
                       OSSL_CALLBACK *data_cb, void *data_cbarg,
                       OSSL_PASSPHRASE_CALLBACK *cb, void *cbarg) {
  (void)selection;
  (void)cb;
  (void)cbarg;
  return decode_file(vctx, in, 0, data_cb, data_cbarg);
}

/* The decoded key for another provider's key management, as parameters
 * (provider-decoder(7), "Export function"). */
static int dec_export_object(void *vctx, const void *objref, size_t objref_sz,
                             OSSL_CALLBACK *export_cb, void *export_cbarg) {
  dec_ctx *ctx = vctx;
  mlkp_key *key = NULL;
  if (objref == NULL || objref_sz != sizeof key) return 0;
  memcpy(&key, objref, sizeof key);
  if (key == NULL || key->alg != ctx->alg) return 0;
  return mlkp_key_export(key, OSSL_KEYMGMT_SELECT_ALL, export_cb, export_cbarg);
}

#define FN(f) ((void (*)(void))(f))
#define MLKP_DECODER(id, kind, selects)                                        \
  static const OSSL_DISPATCH dec_##id##_##kind[] = {                           \
      {OSSL_FUNC_DECODER_NEWCTX, FN(dec_newctx_##id)},                         \
      {OSSL_FUNC_DECODER_FREECTX, FN(dec_freectx)},                            \
      {OSSL_FUNC_DECODER_DOES_SELECTION, FN(mlkp_##selects##_does_selection)}, \
      {OSSL_FUNC_DECODER_DECODE, FN(decode_##kind)},                           \
      {OSSL_FUNC_DECODER_EXPORT_OBJECT, FN(dec_export_object)},                \
      {0, NULL},                                                               \
  }
#define MLKP_DECODERS(id)                       \
  static void *dec_newctx_##id(void *provctx) { \
    return dec_newctx(provctx, &mlkp_alg_##id); \
  }                                             \
  MLKP_DECODER(id, pkcs8, private);             \
  MLKP_DECODER(id, spki, public)

#define MLKP_DEC_TYPE(id, names) MLKP_DECODERS(id);
MLKP_KEYFILE_TYPES(MLKP_DEC_TYPE)

#define MLKP_DEC_ALG(names, id, kind, props) \
  { MLKP_NAMES_##names, MLKP_PROPS "," props, dec_##id##_##kind, NULL }
#define MLKP_DEC_ALGS(names, id)                                        \
  MLKP_DEC_ALG(names, id, pkcs8, "input=der,structure=PrivateKeyInfo"), \
      MLKP_DEC_ALG(names, id, spki,                                     \
                   "input=der,structure=SubjectPublicKeyInfo")

#define MLKP_DEC_ROW(id, names) MLKP_DEC_ALGS(names, id),
/* clang-format off */
const OSSL_ALGORITHM mlkp_decoder_algs[] = {
    MLKP_KEYFILE_TYPES(MLKP_DEC_ROW)
    {NULL, NULL, NULL, NULL},
};
/* clang-format on */
