/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * alg_mlkem.c - the key types whose keys can be stored: ML-KEM-512, -768
 * and -1024 (FIPS 203) and X-Wing (draft-connolly-cfrg-xwing-kem-10), as
 * algorithm descriptors over the library's functions.
 * Their names and OIDs are in prov.h.
 */
#include <string.h>

#include "platform/ct.h"
#include "mlkem.h"
#include "mlkem_hybrid.h"
#include "prov.h"
#include "platform/randombytes.h"

/* ML-KEM --------------------------------------------------------------- */

/* The ek inside dk = dk_PKE || ek || H(ek) || z (FIPS 203 Algorithm 16,
 * step 3). */
static const uint8_t *dk_ek(const mlkem_kem *kem, const uint8_t *dk) {
  return dk + kem->dk_bytes - kem->ek_bytes - 64;
}

/* The seed is drawn here, not inside mlkem*_keygen, so that the key keeps
 * it: PKCS#8's seed form (RFC 9935) stores the 64 bytes d || z. */
static int mlkem_keygen(mlkp_key *key, const uint8_t *seed) {
  const mlkem_kem *kem = mlkp_kem(key->alg);
  int err;
  if (seed != NULL) {
    memcpy(key->seed, seed, MLKEM_SEED_BYTES);
  } else if (mlkem_randombytes(key->seed, MLKEM_SEED_BYTES) != 0) {
    mlkem_zeroize(key->seed, MLKEM_SEED_BYTES);
    return mlkp_library_error(key->prov, MLKEM_ERR_RANDOM, "key generation");
  }
  err = kem->keygen_derand(key->pub, key->priv, key->seed);
  if (err != MLKEM_OK) {
    mlkem_zeroize(key->seed, MLKEM_SEED_BYTES);
    return mlkp_library_error(key->prov, err, "key generation");
  }
  key->has_pub = key->has_priv = key->has_seed = 1;
  return 1;
}

static int mlkem_set_pub(mlkp_key *key, const uint8_t *pub) {
  const mlkem_kem *kem = mlkp_kem(key->alg);
  int err = kem->check_ek(pub);
  if (err != MLKEM_OK) return mlkp_library_error(key->prov, err, kem->name);
  memcpy(key->pub, pub, kem->ek_bytes);
  key->has_pub = 1;
  return 1;
}

/* An expanded key passes the section 7.3 hash check, and the ek inside it
 * the section 7.2 modulus check (as a key file's is, RFC 9935 section 8). */
static int mlkem_check_dk(const mlkp_key *key, const uint8_t *dk) {
  const mlkem_kem *kem = mlkp_kem(key->alg);
  int err = kem->check_dk(dk);
  if (err == MLKEM_OK) err = kem->check_ek(dk_ek(kem, dk));
  if (err != MLKEM_OK) return mlkp_library_error(key->prov, err, kem->name);
  return 1;
}

static int mlkem_import_priv(mlkp_key *key, const uint8_t *dk) {
  const mlkem_kem *kem = mlkp_kem(key->alg);
  if (!mlkem_check_dk(key, dk)) return 0;
  memcpy(key->priv, dk, kem->dk_bytes);
  memcpy(key->pub, dk_ek(kem, dk), kem->ek_bytes);
  key->has_pub = key->has_priv = 1;
  return 1;
}

static int mlkem_encaps(const mlkp_key *key, uint8_t *ct, uint8_t *ss,
                        const uint8_t *coins) {
  const mlkem_kem *kem = mlkp_kem(key->alg);
  int err = coins != NULL ? kem->encaps_derand(ct, ss, key->pub, coins)
                          : kem->encaps(ct, ss, key->pub);
  if (err != MLKEM_OK) return mlkp_library_error(key->prov, err, kem->name);
  return 1;
}

static int mlkem_decaps(const mlkp_key *key, uint8_t *ss, const uint8_t *ct) {
  const mlkem_kem *kem = mlkp_kem(key->alg);
  int err = kem->decaps(ss, ct, key->priv);
  if (err != MLKEM_OK) return mlkp_library_error(key->prov, err, kem->name);
  return 1;
}

/* The pairwise consistency test of FIPS 203 section 7.1 (and FIPS 140-3):
 * a ciphertext made for the key's ek decapsulates, with its dk, to the
 * same secret. It finds what the section 7.3 checks cannot: a dk_PKE that
 * does not belong to the ek (RFC 9935's bad-ML-KEM-512-2 example). */
static int mlkem_pairwise(const mlkp_key *key) {
  const mlkem_kem *kem = mlkp_kem(key->alg);
  uint8_t ct[MLKEM1024_CT_BYTES], ss[MLKEM_SS_BYTES], ss2[MLKEM_SS_BYTES];
  int ok = kem->encaps(ct, ss, key->pub) == MLKEM_OK &&
           kem->decaps(ss2, ct, key->priv) == MLKEM_OK &&
           mlkem_ct_memneq(ss, ss2, sizeof ss) == 0;
  mlkem_zeroize(ss, sizeof ss);
  mlkem_zeroize(ss2, sizeof ss2);
  if (!ok)
    MLKP_ERROR(key->prov, MLKP_R_KEY_MISMATCH,
               "%s: the private key does not decapsulate what is "
               "encapsulated to its public key (pairwise test)",
               kem->name);
  return ok;
}

/* Every part again: ek's modulus check, dk's checks, ek equal to the ek in
 * dk, a seed generating dk, and the pairwise test. */
static int mlkem_validate(const mlkp_key *key, int selection) {
  const mlkem_kem *kem = mlkp_kem(key->alg);
  uint8_t ek[MLKEM1024_EK_BYTES], dk[MLKEM1024_DK_BYTES];
  int ok = 1, err;
  if ((selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) != 0) {
    err = kem->check_ek(key->pub);
    if (err != MLKEM_OK) return mlkp_library_error(key->prov, err, kem->name);
  }
  if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) == 0) return 1;
  if (!mlkem_check_dk(key, key->priv)) return 0;
  if (memcmp(key->pub, dk_ek(kem, key->priv), kem->ek_bytes) != 0) {
    MLKP_ERROR(key->prov, MLKP_R_KEY_MISMATCH,
               "%s: the public key is not the one inside the private key",
               kem->name);
    return 0;
  }
  if (key->has_seed) {
    err = kem->keygen_derand(ek, dk, key->seed);
    ok = err == MLKEM_OK && mlkem_ct_memneq(dk, key->priv, kem->dk_bytes) == 0;
    mlkem_zeroize(dk, sizeof dk);
    if (!ok) {
      MLKP_ERROR(key->prov, MLKP_R_KEY_MISMATCH,
                 "%s: the seed does not generate the private key", kem->name);
    }
  }
  return ok && mlkem_pairwise(key);
}

#define MLKP_MLKEM_ALG(k, set, secbits, category, oid_arc) \
  const mlkp_alg mlkp_alg_mlkem##k = {                     \
      .name = "ML-KEM-" #k,                                \
      .oid = "2.16.840.1.101.3.4.4." #oid_arc,             \
      .kem_set = set,                                      \
      .pub_bytes = MLKEM##k##_EK_BYTES,                    \
      .priv_bytes = MLKEM##k##_DK_BYTES,                   \
      .ct_bytes = MLKEM##k##_CT_BYTES,                     \
      .ss_bytes = MLKEM_SS_BYTES,                          \
      .seed_bytes = MLKEM_SEED_BYTES,                      \
      .coins_bytes = MLKEM_MSG_BYTES,                      \
      .bits = k,                                           \
      .security_bits = secbits,                            \
      .security_category = category,                       \
      .keygen = mlkem_keygen,                              \
      .set_pub = mlkem_set_pub,                            \
      .import_priv = mlkem_import_priv,                    \
      .encaps = mlkem_encaps,                              \
      .decaps = mlkem_decaps,                              \
      .validate = mlkem_validate,                          \
  }

/* mlkem_kems lists the sets from the smallest: 512, 768, 1024. */
MLKP_MLKEM_ALG(512, 0, 128, 1, 1);
MLKP_MLKEM_ALG(768, 1, 192, 3, 2);
MLKP_MLKEM_ALG(1024, 2, 256, 5, 3);

/* X-Wing ---------------------------------------------------------------- */
/* The private key is the 32-byte seed (the draft's sk); every use expands
 * it. */

static int xwing_keygen_alg(mlkp_key *key, const uint8_t *seed) {
  int err = seed != NULL ? xwing_keygen_derand(key->pub, key->priv, seed)
                         : xwing_keygen(key->pub, key->priv);
  if (err != MLKEM_OK) return mlkp_library_error(key->prov, err, "X-Wing");
  memcpy(key->seed, key->priv, XWING_SK_BYTES);
  key->has_pub = key->has_priv = key->has_seed = 1;
  return 1;
}

/* The draft's Encapsulate runs ML-KEM's check on the ML-KEM part; the
 * X25519 part is any 32 bytes (section 5.3). */
static int xwing_set_pub(mlkp_key *key, const uint8_t *pub) {
  int err = mlkem768_check_ek(pub);
  if (err != MLKEM_OK) return mlkp_library_error(key->prov, err, "X-Wing");
  memcpy(key->pub, pub, XWING_PK_BYTES);
  key->has_pub = 1;
  return 1;
}

static int xwing_import_priv(mlkp_key *key, const uint8_t *sk) {
  return xwing_keygen_alg(key, sk);
}

static int xwing_encaps_alg(const mlkp_key *key, uint8_t *ct, uint8_t *ss,
                            const uint8_t *coins) {
  int err = coins != NULL ? xwing_encaps_derand(ct, ss, key->pub, coins)
                          : xwing_encaps(ct, ss, key->pub);
  if (err != MLKEM_OK) return mlkp_library_error(key->prov, err, "X-Wing");
  return 1;
}

static int xwing_decaps_alg(const mlkp_key *key, uint8_t *ss,
                            const uint8_t *ct) {
  int err = xwing_decaps(ss, ct, key->priv);
  if (err != MLKEM_OK) return mlkp_library_error(key->prov, err, "X-Wing");
  return 1;
}

static int xwing_validate(const mlkp_key *key, int selection) {
  uint8_t pk[XWING_PK_BYTES], sk[XWING_SK_BYTES];
  int err;
  if ((selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) != 0) {
    err = mlkem768_check_ek(key->pub);
    if (err != MLKEM_OK) return mlkp_library_error(key->prov, err, "X-Wing");
  }
  if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) == 0) return 1;
  err = xwing_keygen_derand(pk, sk, key->priv);
  mlkem_zeroize(sk, sizeof sk);
  if (err != MLKEM_OK) return mlkp_library_error(key->prov, err, "X-Wing");
  if (memcmp(pk, key->pub, XWING_PK_BYTES) != 0) {
    MLKP_ERROR(key->prov, MLKP_R_KEY_MISMATCH,
               "X-Wing: the public key is not the private key's");
    return 0;
  }
  return 1;
}

const mlkp_alg mlkp_alg_xwing = {
    .name = "X-Wing",
    .oid = MLKP_OID_XWING,
    .kem_set = 1,
    .pub_bytes = XWING_PK_BYTES,
    .priv_bytes = XWING_SK_BYTES,
    .ct_bytes = XWING_CT_BYTES,
    .ss_bytes = XWING_SS_BYTES,
    .seed_bytes = XWING_SEED_BYTES,
    .coins_bytes = XWING_ESEED_BYTES,
    .bits = 768,
    .security_bits = 192,
    .security_category = 3,
    .keygen = xwing_keygen_alg,
    .set_pub = xwing_set_pub,
    .import_priv = xwing_import_priv,
    .encaps = xwing_encaps_alg,
    .decaps = xwing_decaps_alg,
    .validate = xwing_validate,
};

/* Key files ------------------------------------------------------------- */

/* The library names its key-file types as this provider names the key
 * types (ML-KEM-768); a type it does not know has no key files. */
const mlkem_keyfile_alg *mlkp_keyfile_alg(const mlkp_alg *alg) {
  return alg->oid == NULL ? NULL : mlkem_keyfile_alg_by_name(alg->name);
}
