/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * alg_hybrid.c - the hybrid key types of TLS 1.3 (draft-ietf-tls-ecdhe-mlkem
 * section 4): X25519MLKEM768 through the library's TLS share functions
 * (mlkem_hybrid.h), SecP256r1MLKEM768 and SecP384r1MLKEM1024 from the
 * library's ML-KEM and OpenSSL's ECDH (ec.c).
 *
 * In TLS the client generates a key (its key share is the public key), the
 * server encapsulates to it (its key share is the ciphertext) and the
 * client decapsulates. Their keys live for one handshake: they are not
 * written to files and their private keys are not exported.
 *
 * Byte layouts (the draft's section 4.1): X25519MLKEM768 puts ML-KEM first
 * in the shares and the secret; the SecP*MLKEM* groups put the EC part
 * first: client share = uncompressed point || ek, server share =
 * uncompressed point || ct, secret = ECDH x-coordinate || ML-KEM secret.
 */
#include <string.h>

#include <openssl/evp.h>

#include "platform/ct.h"
#include "mlkem.h"
#include "mlkem_hybrid.h"
#include "prov.h"

/* X25519MLKEM768 --------------------------------------------------------- */
/* key->priv holds the client state of x25519mlkem768_client_share. */

static int x25519mlkem768_error(const mlkp_key *key, int err) {
  if (err == MLKEM_ERR_X25519_ZERO) {
    MLKP_ERROR(key->prov, MLKP_R_SMALL_ORDER,
               "X25519MLKEM768: the peer's X25519 share has small order "
               "(RFC 8446 section 7.4.2)");
    return 0;
  }
  return mlkp_library_error(key->prov, err, "X25519MLKEM768");
}

static int x25519mlkem768_keygen(mlkp_key *key, const uint8_t *coins) {
  int err = coins != NULL
                ? x25519mlkem768_client_share_derand(key->pub, key->priv, coins)
                : x25519mlkem768_client_share(key->pub, key->priv);
  if (err != MLKEM_OK) return x25519mlkem768_error(key, err);
  key->has_pub = key->has_priv = 1;
  return 1;
}

/* The server's check of the client's share: ML-KEM's ek passes the
 * section 7.2 check; any 32 bytes are an X25519 public key (a point of
 * small order shows as an all-zero secret, refused when encapsulating). */
static int x25519mlkem768_set_pub(mlkp_key *key, const uint8_t *pub) {
  int err = mlkem768_check_ek(pub);
  if (err != MLKEM_OK) return x25519mlkem768_error(key, err);
  memcpy(key->pub, pub, X25519MLKEM768_CLIENT_SHARE_BYTES);
  key->has_pub = 1;
  return 1;
}

static int x25519mlkem768_encaps(const mlkp_key *key, uint8_t *ct, uint8_t *ss,
                                 const uint8_t *coins) {
  int err = coins != NULL
                ? x25519mlkem768_server_share_derand(ct, ss, key->pub, coins)
                : x25519mlkem768_server_share(ct, ss, key->pub);
  if (err != MLKEM_OK) return x25519mlkem768_error(key, err);
  return 1;
}

/* key->priv is the client state, kept by the key object for as many
 * decapsulations as EVP asks for; client_finish consumes (wipes) the copy
 * it is given. */
static int x25519mlkem768_decaps(const mlkp_key *key, uint8_t *ss,
                                 const uint8_t *ct) {
  uint8_t state[X25519MLKEM768_CLIENT_STATE_BYTES];
  int err;
  memcpy(state, key->priv, sizeof state);
  err = x25519mlkem768_client_finish(ss, ct, state);
  if (err != MLKEM_OK) return x25519mlkem768_error(key, err);
  return 1;
}

const mlkp_alg mlkp_alg_x25519mlkem768 = {
    .name = "X25519MLKEM768",
    .kem_set = 1,
    .pub_bytes = X25519MLKEM768_CLIENT_SHARE_BYTES,
    .priv_bytes = X25519MLKEM768_CLIENT_STATE_BYTES,
    .ct_bytes = X25519MLKEM768_SERVER_SHARE_BYTES,
    .ss_bytes = X25519MLKEM768_SECRET_BYTES,
    .seed_bytes = X25519MLKEM768_CLIENT_COINS_BYTES,
    .coins_bytes = X25519MLKEM768_SERVER_COINS_BYTES,
    .bits = 768,
    .security_bits = 192,
    .security_category = 3,
    .keygen = x25519mlkem768_keygen,
    .set_pub = x25519mlkem768_set_pub,
    .encaps = x25519mlkem768_encaps,
    .decaps = x25519mlkem768_decaps,
};

/* SecP256r1MLKEM768, SecP384r1MLKEM1024 ---------------------------------- */
/* key->priv holds the ML-KEM dk, key->ec the EC key. */

static int ecmlkem_keygen(mlkp_key *key, const uint8_t *seed) {
  const mlkem_kem *kem = mlkp_kem(key->alg);
  size_t pb = key->alg->ec_point_bytes;
  int err;
  (void)seed; /* seed_bytes is 0: never given */
  if (!mlkp_ec_keygen(key, &key->ec, key->pub)) return 0;
  err = kem->keygen(key->pub + pb, key->priv);
  if (err != MLKEM_OK) return mlkp_library_error(key->prov, err, kem->name);
  key->has_pub = key->has_priv = 1;
  return 1;
}

static int ecmlkem_set_pub(mlkp_key *key, const uint8_t *pub) {
  const mlkem_kem *kem = mlkp_kem(key->alg);
  size_t pb = key->alg->ec_point_bytes;
  int err = kem->check_ek(pub + pb);
  if (err != MLKEM_OK) return mlkp_library_error(key->prov, err, kem->name);
  if (!mlkp_ec_public(key, pub, &key->ec)) return 0;
  memcpy(key->pub, pub, key->alg->pub_bytes);
  key->has_pub = 1;
  return 1;
}

/* The server's ECDH: a fresh key pair, its point in the share, the secret
 * with the client's point (held as key->ec by set_pub, or, for a key made
 * here, its own key pair's public half). */
static int ecmlkem_encaps(const mlkp_key *key, uint8_t *ct, uint8_t *ss,
                          const uint8_t *coins) {
  const mlkem_kem *kem = mlkp_kem(key->alg);
  size_t pb = key->alg->ec_point_bytes, sb = key->alg->ec_secret_bytes;
  EVP_PKEY *eph = NULL;
  int ok, err;
  (void)coins; /* coins_bytes is 0: never given */
  ok = mlkp_ec_keygen(key, &eph, ct) && mlkp_ec_derive(key, eph, key->ec, ss);
  EVP_PKEY_free(eph);
  if (!ok) return 0;
  err = kem->encaps(ct + pb, ss + sb, key->pub + pb);
  if (err != MLKEM_OK) {
    mlkem_zeroize(ss, sb);
    return mlkp_library_error(key->prov, err, kem->name);
  }
  return 1;
}

static int ecmlkem_decaps(const mlkp_key *key, uint8_t *ss, const uint8_t *ct) {
  const mlkem_kem *kem = mlkp_kem(key->alg);
  size_t pb = key->alg->ec_point_bytes, sb = key->alg->ec_secret_bytes;
  EVP_PKEY *peer = NULL;
  int ok, err;
  ok = mlkp_ec_public(key, ct, &peer) && mlkp_ec_derive(key, key->ec, peer, ss);
  EVP_PKEY_free(peer);
  if (!ok) return 0;
  err = kem->decaps(ss + sb, ct + pb, key->priv);
  if (err != MLKEM_OK) {
    mlkem_zeroize(ss, sb);
    return mlkp_library_error(key->prov, err, kem->name);
  }
  return 1;
}

/* Points are uncompressed (SEC 1 section 2.3.3: 0x04 || x || y), secrets
 * the x-coordinate (the draft's section 4.1, as RFC 8446 section 7.4.2). */
#define MLKP_ECMLKEM_ALG(var, nm, set, k, group, field, secbits, category) \
  const mlkp_alg var = {                                                   \
      .name = nm,                                                          \
      .kem_set = set,                                                      \
      .pub_bytes = 1 + 2 * (field) + MLKEM##k##_EK_BYTES,                  \
      .priv_bytes = MLKEM##k##_DK_BYTES,                                   \
      .ct_bytes = 1 + 2 * (field) + MLKEM##k##_CT_BYTES,                   \
      .ss_bytes = (field) + MLKEM_SS_BYTES,                                \
      .bits = k,                                                           \
      .security_bits = secbits,                                            \
      .security_category = category,                                       \
      .ec_group = group,                                                   \
      .ec_point_bytes = 1 + 2 * (field),                                   \
      .ec_secret_bytes = field,                                            \
      .keygen = ecmlkem_keygen,                                            \
      .set_pub = ecmlkem_set_pub,                                          \
      .encaps = ecmlkem_encaps,                                            \
      .decaps = ecmlkem_decaps,                                            \
  }

MLKP_ECMLKEM_ALG(mlkp_alg_p256mlkem768, "SecP256r1MLKEM768", 1, 768, "P-256",
                 32, 192, 3);
MLKP_ECMLKEM_ALG(mlkp_alg_p384mlkem1024, "SecP384r1MLKEM1024", 2, 1024, "P-384",
                 48, 256, 5);
