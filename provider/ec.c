/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ec.c - the EC halves of SecP256r1MLKEM768 and SecP384r1MLKEM1024: key
 * generation, public keys from points and ECDH through OpenSSL's EVP API,
 * in the provider's child library context (so the application's providers,
 * typically the default one, do the EC arithmetic).
 */
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include "prov.h"

static int ec_error(const mlkp_key *key, const char *what) {
  MLKP_ERROR(key->prov, MLKP_R_EC, "%s: %s (%s)", key->alg->name, what,
             key->alg->ec_group);
  return 0;
}

int mlkp_ec_keygen(const mlkp_key *key, EVP_PKEY **pkey, uint8_t *point) {
  size_t len = 0;
  EVP_PKEY *k =
      EVP_PKEY_Q_keygen(key->prov->libctx, NULL, "EC", key->alg->ec_group);
  if (k == NULL) return ec_error(key, "EC key generation failed");
  if (!EVP_PKEY_get_octet_string_param(k, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY,
                                       point, key->alg->ec_point_bytes, &len) ||
      len != key->alg->ec_point_bytes || point[0] != 0x04) {
    EVP_PKEY_free(k);
    return ec_error(key, "the EC public key is not an uncompressed point");
  }
  *pkey = k;
  return 1;
}

/* OpenSSL's import of a point checks that it lies on the curve; the quick
 * public check refuses the point at infinity. With a cofactor of 1 (P-256,
 * P-384), every other point of the curve is in the group (SP 800-56A
 * section 5.6.2.3.4, the partial public-key validation). */
int mlkp_ec_public(const mlkp_key *key, const uint8_t *point, EVP_PKEY **pkey) {
  OSSL_PARAM params[3];
  /* OSSL_PARAM points at mutable data; these are copies. */
  char group[8];
  uint8_t pt[MLKP_MAX_PUB];
  EVP_PKEY_CTX *ctx = NULL, *check = NULL;
  EVP_PKEY *k = NULL;
  int ok;
  if (point[0] != 0x04) {
    MLKP_ERROR(key->prov, MLKP_R_EC,
               "%s: the EC share is not an uncompressed point", key->alg->name);
    return 0;
  }
  strncpy(group, key->alg->ec_group, sizeof group - 1);
  group[sizeof group - 1] = 0;
  memcpy(pt, point, key->alg->ec_point_bytes);
  params[0] =
      OSSL_PARAM_construct_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME, group, 0);
  params[1] = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY, pt,
                                                key->alg->ec_point_bytes);
  params[2] = OSSL_PARAM_construct_end();
  ctx = EVP_PKEY_CTX_new_from_name(key->prov->libctx, "EC", NULL);
  ok = ctx != NULL && EVP_PKEY_fromdata_init(ctx) > 0 &&
       EVP_PKEY_fromdata(ctx, &k, EVP_PKEY_PUBLIC_KEY, params) > 0;
  if (ok) {
    check = EVP_PKEY_CTX_new_from_pkey(key->prov->libctx, k, NULL);
    ok = check != NULL && EVP_PKEY_public_check_quick(check) > 0;
  }
  EVP_PKEY_CTX_free(check);
  EVP_PKEY_CTX_free(ctx);
  if (!ok) {
    EVP_PKEY_free(k);
    return ec_error(key, "the EC share is not a point of the group");
  }
  *pkey = k;
  return 1;
}

int mlkp_ec_derive(const mlkp_key *key, EVP_PKEY *priv, EVP_PKEY *peer,
                   uint8_t *secret) {
  size_t len = key->alg->ec_secret_bytes;
  EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_pkey(key->prov->libctx, priv, NULL);
  /* The peer was checked when it was made (mlkp_ec_public), so it is not
   * checked again here. */
  int ok = ctx != NULL && EVP_PKEY_derive_init(ctx) > 0 &&
           EVP_PKEY_derive_set_peer_ex(ctx, peer, 0) > 0 &&
           EVP_PKEY_derive(ctx, secret, &len) > 0 &&
           len == key->alg->ec_secret_bytes;
  EVP_PKEY_CTX_free(ctx);
  if (!ok) {
    OPENSSL_cleanse(secret, key->alg->ec_secret_bytes);
    return ec_error(key, "ECDH failed");
  }
  return 1;
}
