/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * alg_mlkem.c - the algorithm functions of every key type that is one KEM
 * of the library, over its descriptor (mlkp_alg_kem: mlkem.h's mlkem_kem
 * shape), and the key types whose keys can be stored: ML-KEM-512, -768 and
 * -1024 (FIPS 203) and X-Wing (draft-connolly-cfrg-xwing-kem-10).
 * X25519MLKEM768 uses the same functions (alg_hybrid.c).
 *
 * What ML-KEM adds to the generic functions is its expanded private key:
 * imported with the section 7.3 checks, and checked again (with the
 * pairwise test) by a full validation. Names and OIDs are in prov.h.
 */
#include <string.h>

#include "hybrid/xwing_kem.h"
#include "mlkem.h"
#include "platform/ct.h"
#include "platform/randombytes.h"
#include "prov.h"

/* Any KEM ---------------------------------------------------------------- */

/* The seed is drawn here, not inside the KEM's keygen, when the key keeps
 * it: PKCS#8's seed form stores it (RFC 9935: ML-KEM's d || z; X-Wing's
 * sk). */
int mlkp_kem_keygen(mlkp_key *key, const uint8_t *seed) {
  const mlkem_kem *kem = mlkp_alg_kem(key->alg);
  int err;
  if (key->alg->keeps_seed) {
    if (seed != NULL) {
      memcpy(key->seed, seed, kem->seed_bytes);
    } else if (mlkem_randombytes(key->seed, kem->seed_bytes) != 0) {
      mlkem_zeroize(key->seed, kem->seed_bytes);
      return mlkp_library_error(key->prov, MLKEM_ERR_RANDOM, "key generation");
    }
    seed = key->seed;
  }
  err = seed != NULL ? kem->keygen_derand(key->pub, key->priv, seed)
                     : kem->keygen(key->pub, key->priv);
  if (err != MLKEM_OK) {
    mlkem_zeroize(key->seed, sizeof key->seed);
    return mlkp_library_error(key->prov, err, "key generation");
  }
  key->has_pub = key->has_priv = 1;
  key->has_seed = key->alg->keeps_seed != 0;
  return 1;
}

int mlkp_kem_set_pub(mlkp_key *key, const uint8_t *pub) {
  const mlkem_kem *kem = mlkp_alg_kem(key->alg);
  int err = kem->check_ek(pub);
  if (err != MLKEM_OK) return mlkp_library_error(key->prov, err, kem->name);
  memcpy(key->pub, pub, kem->ek_bytes);
  key->has_pub = 1;
  return 1;
}

int mlkp_kem_encaps(const mlkp_key *key, uint8_t *ct, uint8_t *ss,
                    const uint8_t *coins) {
  const mlkem_kem *kem = mlkp_alg_kem(key->alg);
  int err = coins != NULL ? kem->encaps_derand(ct, ss, key->pub, coins)
                          : kem->encaps(ct, ss, key->pub);
  if (err != MLKEM_OK) return mlkp_library_error(key->prov, err, kem->name);
  return 1;
}

int mlkp_kem_decaps(const mlkp_key *key, uint8_t *ss, const uint8_t *ct) {
  const mlkem_kem *kem = mlkp_alg_kem(key->alg);
  int err = kem->decaps(ss, ct, key->priv);
  if (err != MLKEM_OK) return mlkp_library_error(key->prov, err, kem->name);
  return 1;
}

/* ML-KEM's expanded private key ------------------------------------------ */

/* The ek inside dk = dk_PKE || ek || H(ek) || z (FIPS 203 Algorithm 16,
 * step 3). */
static const uint8_t *dk_ek(const mlkem_kem *kem, const uint8_t *dk) {
  return dk + kem->dk_bytes - kem->ek_bytes - 64;
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

/* Validation of a stored key --------------------------------------------- */

/* Every part again: the public key's check; for ML-KEM's expanded private
 * key (a descriptor with check_dk) its checks and the ek inside it equal
 * to the public key; the seed generating the private key and the public
 * key (X-Wing's private key is its seed: the public key is what there is
 * to compare); and ML-KEM's pairwise test. */
static int kem_validate(const mlkp_key *key, int selection) {
  const mlkem_kem *kem = mlkp_alg_kem(key->alg);
  uint8_t ek[MLKP_MAX_PUB], dk[MLKP_MAX_PRIV];
  int expanded = kem->check_dk != NULL, ok = 1, err;
  const uint8_t *seed = key->has_seed ? key->seed : expanded ? NULL : key->priv;
  if ((selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) != 0) {
    err = kem->check_ek(key->pub);
    if (err != MLKEM_OK) return mlkp_library_error(key->prov, err, kem->name);
  }
  if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) == 0) return 1;
  if (expanded) {
    if (!mlkem_check_dk(key, key->priv)) return 0;
    if (memcmp(key->pub, dk_ek(kem, key->priv), kem->ek_bytes) != 0) {
      MLKP_ERROR(key->prov, MLKP_R_KEY_MISMATCH,
                 "%s: the public key is not the one inside the private key",
                 kem->name);
      return 0;
    }
  }
  if (seed != NULL) {
    err = kem->keygen_derand(ek, dk, seed);
    ok = err == MLKEM_OK && mlkem_ct_memneq(dk, key->priv, kem->dk_bytes) == 0;
    mlkem_zeroize(dk, sizeof dk);
    if (!ok) {
      MLKP_ERROR(key->prov, MLKP_R_KEY_MISMATCH,
                 "%s: the seed does not generate the private key", kem->name);
      return 0;
    }
    if (memcmp(ek, key->pub, kem->ek_bytes) != 0) {
      MLKP_ERROR(key->prov, MLKP_R_KEY_MISMATCH,
                 "%s: the public key is not the private key's", kem->name);
      return 0;
    }
  }
  return !expanded || mlkem_pairwise(key);
}

/* The algorithms --------------------------------------------------------- */

#define MLKP_MLKEM_ALG(k, set, secbits, category, oid_arc)                \
  const mlkp_alg mlkp_alg_mlkem##k = {                                    \
      .name = "ML-KEM-" #k,                                               \
      .oid = "2.16.840.1.101.3.4.4." #oid_arc,                            \
      .kem_set = set,                                                     \
      .keeps_seed = 1,                                                    \
      MLKP_KEM_ALG_FIELDS(NULL, MLKEM##k##_EK_BYTES, MLKEM##k##_DK_BYTES, \
                          MLKEM##k##_CT_BYTES, MLKEM_SS_BYTES,            \
                          MLKEM_SEED_BYTES, MLKEM_MSG_BYTES),             \
      .bits = k,                                                          \
      .security_bits = secbits,                                           \
      .security_category = category,                                      \
      .import_priv = mlkem_import_priv,                                   \
      .validate = kem_validate,                                           \
  }

/* mlkem_kems lists the sets from the smallest: 512, 768, 1024. */
MLKP_MLKEM_ALG(512, 0, 128, 1, 1);
MLKP_MLKEM_ALG(768, 1, 192, 3, 2);
MLKP_MLKEM_ALG(1024, 2, 256, 5, 3);

/* X-Wing's private key is the 32-byte seed (the draft's sk), which every
 * use expands: importing one is generating its key pair. */
const mlkp_alg mlkp_alg_xwing = {
    .name = "X-Wing",
    .oid = MLKP_OID_XWING,
    .kem_set = 1,
    .keeps_seed = 1,
    MLKP_KEM_ALG_FIELDS(&mlkem_xwing_kem, XWING_PK_BYTES, XWING_SK_BYTES,
                        XWING_CT_BYTES, XWING_SS_BYTES, XWING_SEED_BYTES,
                        XWING_ESEED_BYTES),
    .bits = 768,
    .security_bits = 192,
    .security_category = 3,
    .import_priv = mlkp_kem_keygen,
    .validate = kem_validate,
};

/* Key files -------------------------------------------------------------- */

/* The library names its key-file types as this provider names the key
 * types (ML-KEM-768); a type it does not know has no key files. */
const mlkem_keyfile_alg *mlkp_keyfile_alg(const mlkp_alg *alg) {
  return alg->oid == NULL ? NULL : mlkem_keyfile_alg_by_name(alg->name);
}
