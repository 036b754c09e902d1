/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * keymgmt.c - key management (provider-keymgmt(7)) for every key type of
 * the provider: key objects, generation (and the empty "parameter" keys
 * libssl makes for a peer's key share), import and export, parameters,
 * comparison and validation.
 *
 * Key parameters are those OpenSSL 3.5 gives ML-KEM (EVP_PKEY-ML-KEM(7)):
 * "pub" (ek), "priv" (the FIPS 203 dk; X-Wing: its 32-byte key), "seed"
 * (d || z; X-Wing: its 32-byte key) and "encoded-pub-key", which is how
 * libssl reads and writes key shares. A key generated or imported from a
 * seed keeps it; importing a seed with a private key checks that the seed
 * generates it.
 */
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include "platform/ct.h"
#include "prov.h"

mlkp_key *mlkp_key_new(mlkp_provctx *prov, const mlkp_alg *alg) {
  mlkp_key *key = OPENSSL_zalloc(sizeof *key);
  if (key == NULL) {
    MLKP_ERROR(prov, MLKP_R_MALLOC, "%s: no memory for a key", alg->name);
    return NULL;
  }
  key->alg = alg;
  key->prov = prov;
  return key;
}

void mlkp_key_free(mlkp_key *key) {
  if (key == NULL) return;
  EVP_PKEY_free(key->ec);
  OPENSSL_clear_free(key, sizeof *key);
}

static void km_free(void *vkey) {
  mlkp_key_free(vkey);
}

static int km_has(const void *vkey, int selection) {
  const mlkp_key *key = vkey;
  if (key == NULL) return 0;
  if ((selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) != 0 && !key->has_pub)
    return 0;
  if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0 && !key->has_priv)
    return 0;
  /* The key types have no domain parameters: always "present". */
  return 1;
}

/* Equal public keys, and private keys equal in constant time when the
 * selection names them and both keys have them; a selection of key parts
 * that neither comparison could be made for does not match. */
static int km_match(const void *va, const void *vb, int selection) {
  const mlkp_key *a = va, *b = vb;
  int checked = 0, ok = 1;
  if (a->alg != b->alg) return 0;
  if ((selection & OSSL_KEYMGMT_SELECT_KEYPAIR) == 0) return 1;
  if (a->has_pub && b->has_pub) {
    ok &= memcmp(a->pub, b->pub, a->alg->pub_bytes) == 0;
    checked = 1;
  }
  if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0 && a->has_priv &&
      b->has_priv) {
    ok &= mlkem_ct_memneq(a->priv, b->priv, a->alg->priv_bytes) == 0;
    if (a->ec != NULL && b->ec != NULL) ok &= EVP_PKEY_eq(a->ec, b->ec) == 1;
    checked = 1;
  }
  return ok && checked;
}

static int km_validate(const void *vkey, int selection, int checktype) {
  const mlkp_key *key = vkey;
  (void)checktype; /* the checks are the same, and quick */
  if (!km_has(key, selection)) return 0;
  selection &= (key->has_pub ? OSSL_KEYMGMT_SELECT_PUBLIC_KEY : 0) |
               (key->has_priv ? OSSL_KEYMGMT_SELECT_PRIVATE_KEY : 0);
  return key->alg->validate == NULL || key->alg->validate(key, selection);
}

/* An octet-string parameter of exactly len bytes, or an error naming it. */
static int get_octets(const mlkp_key *key, const OSSL_PARAM *p,
                      const void **data, size_t len) {
  size_t got = 0;
  if (!OSSL_PARAM_get_octet_string_ptr(p, data, &got)) {
    MLKP_ERROR(key->prov, MLKP_R_BAD_PARAMETER,
               "%s: parameter \"%s\" is not an octet string", key->alg->name,
               p->key);
    return 0;
  }
  if (got != len) {
    MLKP_ERROR(key->prov, MLKP_R_WRONG_LENGTH,
               "%s: parameter \"%s\" has %zu bytes, not %zu", key->alg->name,
               p->key, got, len);
    return 0;
  }
  return 1;
}

/* Sets the public key of a key that has none. */
static int set_public(mlkp_key *key, const OSSL_PARAM *p) {
  const void *pub;
  return get_octets(key, p, &pub, key->alg->pub_bytes) &&
         key->alg->set_pub(key, pub);
}

/* A key from a seed and/or a private key, then a public key that must be
 * the private key's. Parts the selection leaves out are ignored; a key
 * pair's selection with only a public key imports a public key (as
 * EVP_PKEY_fromdata(EVP_PKEY_KEYPAIR) does for OpenSSL's key types). */
int mlkp_key_import(void *vkey, int selection, const OSSL_PARAM params[]) {
  mlkp_key *key = vkey;
  const mlkp_alg *alg = key->alg;
  const OSSL_PARAM *seed = NULL, *priv = NULL, *pub;
  const void *data;
  uint8_t kept[MLKP_MAX_PRIV];
  int ok = 1;
  if (key->has_pub || key->has_priv) {
    MLKP_ERROR(key->prov, MLKP_R_BAD_PARAMETER,
               "%s: import into a key that is not empty", alg->name);
    return 0;
  }
  if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0) {
    if (alg->seed_bytes != 0 && alg->import_priv != NULL)
      seed = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_ML_KEM_SEED);
    if (alg->import_priv != NULL)
      priv = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_PRIV_KEY);
  }
  if (seed != NULL) {
    ok =
        get_octets(key, seed, &data, alg->seed_bytes) && alg->keygen(key, data);
    if (ok && priv != NULL) {
      ok = get_octets(key, priv, &data, alg->priv_bytes) &&
           mlkem_ct_memneq(data, key->priv, alg->priv_bytes) == 0;
      if (!ok)
        MLKP_ERROR(key->prov, MLKP_R_KEY_MISMATCH,
                   "%s: the seed does not generate the private key", alg->name);
    }
  } else if (priv != NULL) {
    ok = get_octets(key, priv, &data, alg->priv_bytes) &&
         alg->import_priv(key, data);
  }
  pub = (selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) == 0
            ? NULL
            : OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_PUB_KEY);
  if (ok && pub != NULL) {
    if (!key->has_pub) {
      ok = set_public(key, pub);
    } else {
      /* A public key beside a private key: the same key, or refused. */
      memcpy(kept, key->pub, alg->pub_bytes);
      ok = get_octets(key, pub, &data, alg->pub_bytes) &&
           memcmp(data, kept, alg->pub_bytes) == 0;
      if (!ok)
        MLKP_ERROR(key->prov, MLKP_R_KEY_MISMATCH,
                   "%s: the public key is not the private key's", alg->name);
    }
  }
  if (ok && (selection & OSSL_KEYMGMT_SELECT_KEYPAIR) != 0 && !key->has_pub) {
    MLKP_ERROR(key->prov, MLKP_R_MISSING_KEY, "%s: no key to import",
               alg->name);
    ok = 0;
  }
  if (!ok) {
    /* Back to the empty key it was, nothing of the input left. */
    mlkp_provctx *prov = key->prov;
    EVP_PKEY_free(key->ec);
    OPENSSL_cleanse(key, sizeof *key);
    key->alg = alg;
    key->prov = prov;
  }
  return ok;
}

/* The import/export types: the same three parameters for every key type
 * (the TLS-only types import and export their public key only). */
static const OSSL_PARAM key_types[] = {
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_ML_KEM_SEED, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PUB_KEY, NULL, 0),
    OSSL_PARAM_END,
};

static const OSSL_PARAM *km_import_types(int selection) {
  (void)selection;
  return key_types;
}

int mlkp_key_export(void *vkey, int selection, OSSL_CALLBACK *cb, void *cbarg) {
  mlkp_key *key = vkey;
  OSSL_PARAM params[4];
  size_t n = 0;
  int exportable = key->alg->import_priv != NULL;
  if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0 && exportable) {
    if (key->has_seed)
      params[n++] = OSSL_PARAM_construct_octet_string(
          OSSL_PKEY_PARAM_ML_KEM_SEED, key->seed, key->alg->seed_bytes);
    if (key->has_priv)
      params[n++] = OSSL_PARAM_construct_octet_string(
          OSSL_PKEY_PARAM_PRIV_KEY, key->priv, key->alg->priv_bytes);
  }
  if ((selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) != 0 && key->has_pub)
    params[n++] = OSSL_PARAM_construct_octet_string(
        OSSL_PKEY_PARAM_PUB_KEY, key->pub, key->alg->pub_bytes);
  params[n] = OSSL_PARAM_construct_end();
  return cb(params, cbarg);
}

static const OSSL_PARAM *km_export_types(int selection) {
  (void)selection;
  return key_types;
}

/* An octet-string parameter asked for, or left alone if the key lacks the
 * part. */
static int put_octets(OSSL_PARAM params[], const char *name, int has,
                      const void *data, size_t len) {
  OSSL_PARAM *p = OSSL_PARAM_locate(params, name);
  return p == NULL || !has || OSSL_PARAM_set_octet_string(p, data, len);
}

static int put_int(OSSL_PARAM params[], const char *name, int v) {
  OSSL_PARAM *p = OSSL_PARAM_locate(params, name);
  return p == NULL || OSSL_PARAM_set_int(p, v);
}

static int km_get_params(void *vkey, OSSL_PARAM params[]) {
  mlkp_key *key = vkey;
  const mlkp_alg *alg = key->alg;
  int exportable = alg->import_priv != NULL;
  return put_int(params, OSSL_PKEY_PARAM_BITS, (int)alg->bits) &&
         put_int(params, OSSL_PKEY_PARAM_SECURITY_BITS,
                 (int)alg->security_bits) &&
         put_int(params, OSSL_PKEY_PARAM_SECURITY_CATEGORY,
                 (int)alg->security_category) &&
         put_int(params, OSSL_PKEY_PARAM_MAX_SIZE, (int)alg->ct_bytes) &&
         put_octets(params, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, key->has_pub,
                    key->pub, alg->pub_bytes) &&
         put_octets(params, OSSL_PKEY_PARAM_PUB_KEY, key->has_pub, key->pub,
                    alg->pub_bytes) &&
         put_octets(params, OSSL_PKEY_PARAM_PRIV_KEY,
                    key->has_priv && exportable, key->priv, alg->priv_bytes) &&
         put_octets(params, OSSL_PKEY_PARAM_ML_KEM_SEED,
                    key->has_seed && exportable, key->seed, alg->seed_bytes);
}

static const OSSL_PARAM *km_gettable_params(void *provctx) {
  static const OSSL_PARAM gettable[] = {
      OSSL_PARAM_int(OSSL_PKEY_PARAM_BITS, NULL),
      OSSL_PARAM_int(OSSL_PKEY_PARAM_SECURITY_BITS, NULL),
      OSSL_PARAM_int(OSSL_PKEY_PARAM_SECURITY_CATEGORY, NULL),
      OSSL_PARAM_int(OSSL_PKEY_PARAM_MAX_SIZE, NULL),
      OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, NULL, 0),
      OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PUB_KEY, NULL, 0),
      OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, NULL, 0),
      OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_ML_KEM_SEED, NULL, 0),
      OSSL_PARAM_END,
  };
  (void)provctx;
  return gettable;
}

/* libssl's server side: the client's key share set on an empty key
 * (EVP_PKEY_set1_encoded_public_key). Its length and checks are those of
 * any public key from outside; a key that has a part already is left
 * alone (OpenSSL 3.5 does the same for ML-KEM). */
static int km_set_params(void *vkey, const OSSL_PARAM params[]) {
  mlkp_key *key = vkey;
  const OSSL_PARAM *p =
      OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY);
  if (p == NULL) return 1;
  if (key->has_pub || key->has_priv) {
    MLKP_ERROR(key->prov, MLKP_R_BAD_PARAMETER,
               "%s: the public key of a key that has one cannot change",
               key->alg->name);
    return 0;
  }
  return set_public(key, p);
}

static const OSSL_PARAM *km_settable_params(void *provctx) {
  static const OSSL_PARAM settable[] = {
      OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, NULL, 0),
      OSSL_PARAM_END,
  };
  (void)provctx;
  return settable;
}

static void *km_dup(const void *vsrc, int selection) {
  const mlkp_key *src = vsrc;
  mlkp_key *key = mlkp_key_new(src->prov, src->alg);
  if (key == NULL) return NULL;
  if ((selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) != 0 && src->has_pub) {
    memcpy(key->pub, src->pub, sizeof key->pub);
    key->has_pub = 1;
  }
  if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0 && src->has_priv) {
    memcpy(key->priv, src->priv, sizeof key->priv);
    memcpy(key->seed, src->seed, sizeof key->seed);
    key->has_priv = 1;
    key->has_seed = src->has_seed;
  }
  /* The EC key is the key pair of a private key, or the peer's point of a
   * public one (immutable: shared). A copy of a key pair without its
   * private part gets a public key of its own, made from the point at the
   * start of pub, so that it does not hold the EC private key. */
  if (src->ec != NULL && (key->has_priv || (key->has_pub && !src->has_priv))) {
    if (!EVP_PKEY_up_ref(src->ec)) {
      mlkp_key_free(key);
      return NULL;
    }
    key->ec = src->ec;
  } else if (src->ec != NULL && key->has_pub &&
             !mlkp_ec_public(key, key->pub, &key->ec)) {
    mlkp_key_free(key);
    return NULL;
  }
  return key;
}

/* Key generation ---------------------------------------------------------- */

typedef struct {
  mlkp_provctx *prov;
  const mlkp_alg *alg;
  int selection;
  int has_seed;
  uint8_t seed[MLKP_MAX_SEED];
} gen_ctx;

static int gen_set_params(void *vctx, const OSSL_PARAM params[]) {
  gen_ctx *ctx = vctx;
  const OSSL_PARAM *p;
  const void *seed;
  size_t len = 0;
  const char *group = NULL;
  if (params == NULL) return 1;
  p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_GROUP_NAME);
  if (p != NULL) {
    if (!OSSL_PARAM_get_utf8_string_ptr(p, &group) ||
        !mlkp_tls_group_is_alg(group, ctx->alg)) {
      MLKP_ERROR(ctx->prov, MLKP_R_BAD_PARAMETER,
                 "%s: group \"%s\" is not one of this key type's",
                 ctx->alg->name, group == NULL ? "?" : group);
      return 0;
    }
  }
  p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_ML_KEM_SEED);
  if (p != NULL) {
    if (ctx->alg->seed_bytes == 0 ||
        !OSSL_PARAM_get_octet_string_ptr(p, &seed, &len) ||
        len != ctx->alg->seed_bytes) {
      MLKP_ERROR(ctx->prov, MLKP_R_WRONG_LENGTH,
                 "%s: a key generation seed of %zu bytes (%zu expected)",
                 ctx->alg->name, len, ctx->alg->seed_bytes);
      return 0;
    }
    memcpy(ctx->seed, seed, len);
    ctx->has_seed = 1;
  }
  return 1;
}

static const OSSL_PARAM *gen_settable_params(void *vctx, void *provctx) {
  static const OSSL_PARAM settable[] = {
      OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME, NULL, 0),
      OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_ML_KEM_SEED, NULL, 0),
      OSSL_PARAM_END,
  };
  (void)vctx;
  (void)provctx;
  return settable;
}

static void gen_cleanup(void *vctx) {
  OPENSSL_clear_free(vctx, sizeof(gen_ctx));
}

static void *gen_init(void *provctx, const mlkp_alg *alg, int selection,
                      const OSSL_PARAM params[]) {
  gen_ctx *ctx = OPENSSL_zalloc(sizeof *ctx);
  if (ctx == NULL) {
    MLKP_ERROR(provctx, MLKP_R_MALLOC, "%s: no memory", alg->name);
    return NULL;
  }
  ctx->prov = provctx;
  ctx->alg = alg;
  ctx->selection = selection;
  if (!gen_set_params(ctx, params)) {
    gen_cleanup(ctx);
    return NULL;
  }
  return ctx;
}

/* A key pair when the selection asks for one; otherwise (libssl's
 * EVP_PKEY_paramgen for a peer's share) an empty key of the type. */
static void *gen(void *vctx, OSSL_CALLBACK *cb, void *cbarg) {
  gen_ctx *ctx = vctx;
  mlkp_key *key = mlkp_key_new(ctx->prov, ctx->alg);
  (void)cb;
  (void)cbarg;
  if (key == NULL) return NULL;
  if ((ctx->selection & OSSL_KEYMGMT_SELECT_KEYPAIR) != 0 &&
      !ctx->alg->keygen(key, ctx->has_seed ? ctx->seed : NULL)) {
    mlkp_key_free(key);
    return NULL;
  }
  return key;
}

/* The decoders hand over a key object they made by reference
 * (provider-object(7)); this provider's own objects only. */
static void *km_load(const void *reference, size_t reference_sz) {
  mlkp_key *key = NULL;
  if (reference == NULL || reference_sz != sizeof key) return NULL;
  memcpy(&key, reference, sizeof key);
  /* The object now belongs to the caller: the decoder, which passed the
   * address of its own pointer, must not free it (provider-object(7)). */
  memset((void *)(uintptr_t)reference, 0, sizeof key);
  return key;
}

/* One dispatch table per key type: only new and gen_init need to know
 * which. */
#define FN(f) ((void (*)(void))(f))
#define MLKP_KEYMGMT(id)                                                \
  static void *id##_new(void *provctx) {                                \
    return mlkp_key_new(provctx, &mlkp_alg_##id);                       \
  }                                                                     \
  static void *id##_gen_init(void *provctx, int selection,              \
                             const OSSL_PARAM params[]) {               \
    return gen_init(provctx, &mlkp_alg_##id, selection, params);        \
  }                                                                     \
  const OSSL_DISPATCH mlkp_keymgmt_##id[] = {                           \
      {OSSL_FUNC_KEYMGMT_NEW, FN(id##_new)},                            \
      {OSSL_FUNC_KEYMGMT_FREE, FN(km_free)},                            \
      {OSSL_FUNC_KEYMGMT_GEN_INIT, FN(id##_gen_init)},                  \
      {OSSL_FUNC_KEYMGMT_GEN_SET_PARAMS, FN(gen_set_params)},           \
      {OSSL_FUNC_KEYMGMT_GEN_SETTABLE_PARAMS, FN(gen_settable_params)}, \
      {OSSL_FUNC_KEYMGMT_GEN, FN(gen)},                                 \
      {OSSL_FUNC_KEYMGMT_GEN_CLEANUP, FN(gen_cleanup)},                 \
      {OSSL_FUNC_KEYMGMT_LOAD, FN(km_load)},                            \
      {OSSL_FUNC_KEYMGMT_GET_PARAMS, FN(km_get_params)},                \
      {OSSL_FUNC_KEYMGMT_GETTABLE_PARAMS, FN(km_gettable_params)},      \
      {OSSL_FUNC_KEYMGMT_SET_PARAMS, FN(km_set_params)},                \
      {OSSL_FUNC_KEYMGMT_SETTABLE_PARAMS, FN(km_settable_params)},      \
      {OSSL_FUNC_KEYMGMT_HAS, FN(km_has)},                              \
      {OSSL_FUNC_KEYMGMT_MATCH, FN(km_match)},                          \
      {OSSL_FUNC_KEYMGMT_VALIDATE, FN(km_validate)},                    \
      {OSSL_FUNC_KEYMGMT_IMPORT, FN(mlkp_key_import)},                  \
      {OSSL_FUNC_KEYMGMT_IMPORT_TYPES, FN(km_import_types)},            \
      {OSSL_FUNC_KEYMGMT_EXPORT, FN(mlkp_key_export)},                  \
      {OSSL_FUNC_KEYMGMT_EXPORT_TYPES, FN(km_export_types)},            \
      {OSSL_FUNC_KEYMGMT_DUP, FN(km_dup)},                              \
      {0, NULL},                                                        \
  }

MLKP_KEYMGMT(mlkem512);
MLKP_KEYMGMT(mlkem768);
MLKP_KEYMGMT(mlkem1024);
MLKP_KEYMGMT(xwing);
MLKP_KEYMGMT(x25519mlkem768);
MLKP_KEYMGMT(p256mlkem768);
MLKP_KEYMGMT(p384mlkem1024);
