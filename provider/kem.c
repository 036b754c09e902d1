/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * kem.c - the KEM operation (provider-kem(7)), one implementation for every
 * key type: EVP_PKEY_encapsulate and EVP_PKEY_decapsulate on a key of the
 * key management in keymgmt.c, which carries its algorithm.
 *
 * Lengths: with out NULL, encapsulate and decapsulate report the sizes;
 * otherwise *outlen (and *secretlen) give the room in the caller's buffers,
 * which must hold the algorithm's ciphertext and secret, and a ciphertext
 * to decapsulate must have exactly the algorithm's length.
 *
 * The "ikme" parameter (OSSL_KEM_PARAM_IKME, as OpenSSL 3.5 names ML-KEM's)
 * sets the randomness of the next encapsulation, for known-answer tests:
 * ML-KEM's m (32 bytes), X-Wing's eseed (64), X25519MLKEM768's server coins
 * (64). It is used once and wiped.
 */
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/params.h>

#include "prov.h"

typedef struct {
  mlkp_provctx *prov;
  const mlkp_key *key; /* owned by the EVP_PKEY_CTX's EVP_PKEY */
  int has_coins;
  uint8_t coins[MLKP_MAX_SEED];
} kem_ctx;

static void *kem_newctx(void *provctx) {
  kem_ctx *ctx = OPENSSL_zalloc(sizeof *ctx);
  if (ctx == NULL) {
    MLKP_ERROR(provctx, MLKP_R_MALLOC, "no memory for a KEM context");
    return NULL;
  }
  ctx->prov = provctx;
  return ctx;
}

static void kem_freectx(void *vctx) {
  OPENSSL_clear_free(vctx, sizeof(kem_ctx));
}

static void *kem_dupctx(void *vctx) {
  kem_ctx *src = vctx, *ctx = OPENSSL_malloc(sizeof *ctx);
  if (ctx == NULL) {
    MLKP_ERROR(src->prov, MLKP_R_MALLOC, "no memory for a KEM context");
    return NULL;
  }
  memcpy(ctx, src, sizeof *ctx);
  return ctx;
}

static int kem_set_ctx_params(void *vctx, const OSSL_PARAM params[]) {
  kem_ctx *ctx = vctx;
  const OSSL_PARAM *p = OSSL_PARAM_locate_const(params, OSSL_KEM_PARAM_IKME);
  const void *coins;
  size_t len = 0;
  if (p == NULL) return 1;
  if (ctx->key == NULL || ctx->key->alg->coins_bytes == 0 ||
      !OSSL_PARAM_get_octet_string_ptr(p, &coins, &len) ||
      len != ctx->key->alg->coins_bytes) {
    MLKP_ERROR(ctx->prov, MLKP_R_WRONG_LENGTH,
               "encapsulation randomness (\"ikme\") of %zu bytes does not "
               "fit the key type",
               len);
    return 0;
  }
  memcpy(ctx->coins, coins, len);
  ctx->has_coins = 1;
  return 1;
}

static const OSSL_PARAM *kem_settable_ctx_params(void *vctx, void *provctx) {
  static const OSSL_PARAM settable[] = {
      OSSL_PARAM_octet_string(OSSL_KEM_PARAM_IKME, NULL, 0),
      OSSL_PARAM_END,
  };
  (void)vctx;
  (void)provctx;
  return settable;
}

static int kem_init(kem_ctx *ctx, const mlkp_key *key, int need_priv,
                    const OSSL_PARAM params[]) {
  if (key == NULL || !(need_priv ? key->has_priv : key->has_pub)) {
    MLKP_ERROR(ctx->prov, MLKP_R_MISSING_KEY, "%s: no %s key",
               key == NULL ? "KEM" : key->alg->name,
               need_priv ? "private" : "public");
    return 0;
  }
  ctx->key = key;
  OPENSSL_cleanse(ctx->coins, sizeof ctx->coins);
  ctx->has_coins = 0;
  return kem_set_ctx_params(ctx, params);
}

static int kem_encapsulate_init(void *vctx, void *vkey,
                                const OSSL_PARAM params[]) {
  return kem_init(vctx, vkey, 0, params);
}

static int kem_decapsulate_init(void *vctx, void *vkey,
                                const OSSL_PARAM params[]) {
  return kem_init(vctx, vkey, 1, params);
}

static int kem_encapsulate(void *vctx, unsigned char *out, size_t *outlen,
                           unsigned char *secret, size_t *secretlen) {
  kem_ctx *ctx = vctx;
  const mlkp_alg *alg;
  int ok;
  if (ctx->key == NULL) {
    MLKP_ERROR(ctx->prov, MLKP_R_MISSING_KEY, "encapsulate before its init");
    return 0;
  }
  alg = ctx->key->alg;
  if (out == NULL) {
    if (outlen != NULL) *outlen = alg->ct_bytes;
    if (secretlen != NULL) *secretlen = alg->ss_bytes;
    return outlen != NULL || secretlen != NULL;
  }
  if (outlen == NULL || *outlen < alg->ct_bytes || secret == NULL ||
      secretlen == NULL || *secretlen < alg->ss_bytes) {
    MLKP_ERROR(ctx->prov, MLKP_R_WRONG_LENGTH,
               "%s: buffers for a %zu-byte ciphertext and a %zu-byte secret "
               "needed",
               alg->name, alg->ct_bytes, alg->ss_bytes);
    return 0;
  }
  ok = alg->encaps(ctx->key, out, secret, ctx->has_coins ? ctx->coins : NULL);
  OPENSSL_cleanse(ctx->coins, sizeof ctx->coins);
  ctx->has_coins = 0;
  if (!ok) {
    OPENSSL_cleanse(out, alg->ct_bytes);
    OPENSSL_cleanse(secret, alg->ss_bytes);
    return 0;
  }
  *outlen = alg->ct_bytes;
  *secretlen = alg->ss_bytes;
  return 1;
}

static int kem_decapsulate(void *vctx, unsigned char *out, size_t *outlen,
                           const unsigned char *in, size_t inlen) {
  kem_ctx *ctx = vctx;
  const mlkp_alg *alg;
  if (ctx->key == NULL || outlen == NULL) {
    MLKP_ERROR(ctx->prov, MLKP_R_MISSING_KEY, "decapsulate before its init");
    return 0;
  }
  alg = ctx->key->alg;
  if (out == NULL) {
    *outlen = alg->ss_bytes;
    return 1;
  }
  if (in == NULL || inlen != alg->ct_bytes) {
    MLKP_ERROR(ctx->prov, MLKP_R_WRONG_LENGTH,
               "%s: a ciphertext of %zu bytes, not %zu", alg->name, inlen,
               alg->ct_bytes);
    return 0;
  }
  if (*outlen < alg->ss_bytes) {
    MLKP_ERROR(ctx->prov, MLKP_R_WRONG_LENGTH,
               "%s: room for a %zu-byte secret needed", alg->name,
               alg->ss_bytes);
    return 0;
  }
  if (!alg->decaps(ctx->key, out, in)) {
    OPENSSL_cleanse(out, alg->ss_bytes);
    return 0;
  }
  *outlen = alg->ss_bytes;
  return 1;
}

#define FN(f) ((void (*)(void))(f))
const OSSL_DISPATCH mlkp_kem_functions[] = {
    {OSSL_FUNC_KEM_NEWCTX, FN(kem_newctx)},
    {OSSL_FUNC_KEM_FREECTX, FN(kem_freectx)},
    {OSSL_FUNC_KEM_DUPCTX, FN(kem_dupctx)},
    {OSSL_FUNC_KEM_ENCAPSULATE_INIT, FN(kem_encapsulate_init)},
    {OSSL_FUNC_KEM_ENCAPSULATE, FN(kem_encapsulate)},
    {OSSL_FUNC_KEM_DECAPSULATE_INIT, FN(kem_decapsulate_init)},
    {OSSL_FUNC_KEM_DECAPSULATE, FN(kem_decapsulate)},
    {OSSL_FUNC_KEM_SET_CTX_PARAMS, FN(kem_set_ctx_params)},
    {OSSL_FUNC_KEM_SETTABLE_CTX_PARAMS, FN(kem_settable_ctx_params)},
    {0, NULL},
};
