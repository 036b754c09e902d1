/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * kem_mlkem.c - ML-KEM-512, -768 and -1024 as HPKE KEMs 0x0040-0x0042
 * (@spec{HPKE-PQ, sec. 3}), on the library's mlkemXXX_*
 * functions (mlkem.h).
 *
 * The private key is the 64-byte seed d || z; DeriveKeyPair(ikm) is
 * SHAKE256.LabeledDerive(ikm, "DeriveKeyPair", "", 64) and
 * ML-KEM.KeyGen_internal(d, z). Encap is ML-KEM.Encaps, whose
 * @spec{FIPS203, sec. 7.2} check the public key passed when it was imported
 * (the expanded ek holds the checked key: an EncapError then); Decap is
 * ML-KEM.Decaps (implicit rejection: never an error). Both run on the expanded
 * keys (mlkem.h), made once per key object.
 *
 * Key objects: public: ek, then the expanded ek at MLKEM_HPKE_PUB_EXPANDED;
 * private: the seed, ek at MLKEM_HPKE_PRIV_PK, the expanded dk at
 * MLKEM_HPKE_PRIV_EXPANDED.
 */
#include <string.h>

#include "platform/ct.h"
#include "hpke/hpke.h"

#define SET(k)                                                                \
  {                                                                           \
    MLKEM##k##_EK_BYTES, MLKEM##k##_CT_BYTES, MLKEM##k##_DK_BYTES,            \
        mlkem##k##_keygen_derand, mlkem##k##_expand_ek, mlkem##k##_expand_dk, \
        mlkem##k##_encaps_expanded_derand, mlkem##k##_decaps_expanded,        \
        mlkem##k##_expanded_dk_wipe                                           \
  }

static const mlkem_hpke_mlkem_set set512 = SET(512);
const mlkem_hpke_mlkem_set mlkem_hpke_mlkem768_set = SET(768);
static const mlkem_hpke_mlkem_set set1024 = SET(1024);

static const mlkem_hpke_mlkem_set *set_of(const mlkem_hpke_kem *kem) {
  return (const mlkem_hpke_mlkem_set *)kem->set;
}

int mlkem_hpke_mlkem_import_seed(const mlkem_hpke_mlkem_set *set,
                                 uint8_t *expanded_dk, uint8_t *ek,
                                 const uint8_t seed[64]) {
  uint8_t dk[MLKEM1024_DK_BYTES];
  /* KeyGen_internal for ek and dk, then the expansion of dk (its checks
   * pass: dk was just made). */
  int err = set->keygen_derand(ek, dk, seed);
  /* ek, and ek || H(ek) inside dk, are the public key, though computed
   * from the secret seed: declassified for make ct (ct_testing.h), as
   * expand_dk's checks decide on them. */
  MLKEM_CT_UNPOISON(ek, set->ek);
  MLKEM_CT_UNPOISON(dk + set->dk - 64 - set->ek, set->ek + 32);
  if (err == MLKEM_OK) err = set->expand_dk(expanded_dk, dk);
  mlkem_zeroize(dk, sizeof dk);
  return err;
}

static int derive_keypair(const mlkem_hpke_kem *kem, uint8_t *pk, uint8_t *sk,
                          const uint8_t *ikm, size_t ikm_len) {
  uint8_t dk[MLKEM1024_DK_BYTES];
  int err;
  (void)mlkem_hpke_derive_seed(kem->id, sk, 64, ikm, ikm_len);
  err = set_of(kem)->keygen_derand(pk, dk, sk);
  mlkem_zeroize(dk, sizeof dk);
  return err;
}

static int import_pk(const mlkem_hpke_kem *kem, uint8_t *data,
                     const uint8_t *pk) {
  /* DeserializePublicKey is the identity; the modulus check of
   * @spec{FIPS203, sec. 7.2} runs here, once (MLKEM_ERR_INVALID_EK). */
  memcpy(data, pk, kem->npk);
  return set_of(kem)->expand_ek(data + MLKEM_HPKE_PUB_EXPANDED, pk);
}

static int import_sk(const mlkem_hpke_kem *kem, uint8_t *data,
                     const uint8_t *sk) {
  memcpy(data, sk, 64);
  return mlkem_hpke_mlkem_import_seed(set_of(kem),
                                      data + MLKEM_HPKE_PRIV_EXPANDED,
                                      data + MLKEM_HPKE_PRIV_PK, sk);
}

static int encap(const mlkem_hpke_kem *kem, uint8_t *ss, uint8_t *enc,
                 const uint8_t *pkR, const uint8_t *skS, const uint8_t *coins,
                 size_t ncoins) {
  (void)skS; /* no AuthEncap: refused before */
  (void)ncoins;
  return set_of(kem)->encaps_expanded_derand(
      enc, ss, pkR + MLKEM_HPKE_PUB_EXPANDED, coins);
}

static int decap(const mlkem_hpke_kem *kem, uint8_t *ss, const uint8_t *enc,
                 const uint8_t *skR, const uint8_t *pkS) {
  (void)pkS;
  return set_of(kem)->decaps_expanded(ss, enc, skR + MLKEM_HPKE_PRIV_EXPANDED);
}

/* clang-format off */
const mlkem_hpke_kem mlkem_hpke_kem_mlkem512 = {
    MLKEM_HPKE_KEM_MLKEM512, "ML-KEM-512", MLKEM512_EK_BYTES, 64,
    MLKEM512_CT_BYTES, MLKEM_MSG_BYTES, derive_keypair, import_pk, import_sk,
    0, MLKEM_HPKE_PRIV_PK, 0, encap, decap, 0, &set512};
const mlkem_hpke_kem mlkem_hpke_kem_mlkem768 = {
    MLKEM_HPKE_KEM_MLKEM768, "ML-KEM-768", MLKEM768_EK_BYTES, 64,
    MLKEM768_CT_BYTES, MLKEM_MSG_BYTES, derive_keypair, import_pk, import_sk,
    0, MLKEM_HPKE_PRIV_PK, 0, encap, decap, 0, &mlkem_hpke_mlkem768_set};
const mlkem_hpke_kem mlkem_hpke_kem_mlkem1024 = {
    MLKEM_HPKE_KEM_MLKEM1024, "ML-KEM-1024", MLKEM1024_EK_BYTES, 64,
    MLKEM1024_CT_BYTES, MLKEM_MSG_BYTES, derive_keypair, import_pk, import_sk,
    0, MLKEM_HPKE_PRIV_PK, 0, encap, decap, 0, &set1024};
/* clang-format on */
