/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * kem_xwing.c - MLKEM768-X25519 (X-Wing) as HPKE KEM 0x647A
 * (@spec{HPKE-PQ, sec. 4},
 * @spec{XWING, sec. 5}).
 *
 * The private key is X-Wing's 32-byte seed; DeriveKeyPair(ikm) is
 * SHAKE256.LabeledDerive(ikm, "DeriveKeyPair", "", 32) and the X-Wing key
 * pair of that seed. Encapsulation and decapsulation are X-Wing's
 * (xwing.c's X25519 half and combiner), with ML-KEM-768 on expanded keys made
 * once per key object: the seed is not expanded again on every decapsulation,
 * as xwing_decaps must do. The results are xwing_encaps_derand's and
 * xwing_decaps's (tests/test_hpke.c compares them).
 *
 * Key objects: public: pk = ek_M || pk_X, then the expanded ek_M at
 * MLKEM_HPKE_PUB_EXPANDED; private: the seed, sk_X at 32, pk at
 * MLKEM_HPKE_PRIV_PK, the expanded dk_M at MLKEM_HPKE_PRIV_EXPANDED.
 */
#include <string.h>

#include "platform/ct.h"
#include "hpke/hpke.h"
#include "hybrid/xwing.h"
#include "mlkem_hybrid.h"
#include "x25519/x25519.h"

enum { MK_EK = MLKEM768_EK_BYTES, MK_CT = MLKEM768_CT_BYTES, SK_X = 32 };

static int derive_keypair(const mlkem_hpke_kem *kem, uint8_t *pk, uint8_t *sk,
                          const uint8_t *ikm, size_t ikm_len) {
  uint8_t seed[XWING_SEED_BYTES];
  int err;
  (void)mlkem_hpke_derive_seed(kem->id, seed, sizeof seed, ikm, ikm_len);
  err = xwing_keygen_derand(pk, sk, seed);
  mlkem_zeroize(seed, sizeof seed);
  return err;
}

static int import_pk(const mlkem_hpke_kem *kem, uint8_t *data,
                     const uint8_t *pk) {
  /* The ML-KEM part passes @spec{FIPS203, sec. 7.2}'s check here, once. */
  memcpy(data, pk, kem->npk);
  return mlkem_hpke_mlkem768_set.expand_ek(data + MLKEM_HPKE_PUB_EXPANDED, pk);
}

static int import_sk(const mlkem_hpke_kem *kem, uint8_t *data,
                     const uint8_t *sk) {
  const mlkem_x25519_impl *x = mlkem_x25519_impl_get();
  uint8_t expanded[96], *pk = data + MLKEM_HPKE_PRIV_PK;
  int err;
  (void)kem;
  if (x == NULL) return MLKEM_ERR_BACKEND;
  /* expandDecapsulationKey (5.2): d || z || sk_X. */
  mlkem_xwing_expand(expanded, sk);
  memcpy(data, sk, XWING_SK_BYTES);
  memcpy(data + SK_X, expanded + 64, 32);
  err = mlkem_hpke_mlkem_import_seed(
      &mlkem_hpke_mlkem768_set, data + MLKEM_HPKE_PRIV_EXPANDED, pk, expanded);
  x->scalarmult_base(pk + MK_EK, expanded + 64);
  /* The public key is public (ct_testing.h). */
  MLKEM_CT_UNPOISON(pk, XWING_PK_BYTES);
  mlkem_zeroize(expanded, sizeof expanded);
  return err;
}

/* Encapsulate (5.4) with eseed = coins: m, then the ephemeral sk_E. */
static int encap(const mlkem_hpke_kem *kem, uint8_t *ss, uint8_t *enc,
                 const uint8_t *pkR, const uint8_t *skS, const uint8_t *coins,
                 size_t ncoins) {
  const mlkem_x25519_impl *x = mlkem_x25519_impl_get();
  uint8_t ss_m[32];
  int err;
  (void)kem;
  (void)skS;
  (void)ncoins;
  if (x == NULL) return MLKEM_ERR_BACKEND;
  err = mlkem_hpke_mlkem768_set.encaps_expanded_derand(
      enc, ss_m, pkR + MLKEM_HPKE_PUB_EXPANDED, coins);
  if (err == MLKEM_OK)
    mlkem_xwing_encaps_x25519(x, enc + MK_CT, ss, ss_m, pkR + MK_EK,
                              coins + 32);
  mlkem_zeroize(ss_m, sizeof ss_m);
  return err;
}

/* Decapsulate (5.5). A point of small order in ct_X gives ss_X = 0: the
 * draft's result, not an error. */
static int decap(const mlkem_hpke_kem *kem, uint8_t *ss, const uint8_t *enc,
                 const uint8_t *skR, const uint8_t *pkS) {
  const mlkem_x25519_impl *x = mlkem_x25519_impl_get();
  uint8_t ss_m[32], ct_x[32];
  int err;
  (void)kem;
  (void)pkS;
  if (x == NULL) return MLKEM_ERR_BACKEND;
  /* ct_X read once: the combiner hashes what X25519 used. */
  memcpy(ct_x, enc + MK_CT, sizeof ct_x);
  err = mlkem_hpke_mlkem768_set.decaps_expanded(ss_m, enc,
                                                skR + MLKEM_HPKE_PRIV_EXPANDED);
  if (err == MLKEM_OK)
    mlkem_xwing_decaps_x25519(x, ss, ss_m, ct_x, skR + SK_X,
                              skR + MLKEM_HPKE_PRIV_PK + MK_EK);
  mlkem_zeroize(ss_m, sizeof ss_m);
  return err;
}

/* clang-format off */
const mlkem_hpke_kem mlkem_hpke_kem_xwing = {
    MLKEM_HPKE_KEM_MLKEM768_X25519, "MLKEM768-X25519", XWING_PK_BYTES,
    XWING_SK_BYTES, XWING_CT_BYTES, XWING_ESEED_BYTES, derive_keypair,
    import_pk, import_sk, 0, MLKEM_HPKE_PRIV_PK, 0, encap, decap, 0, NULL};
/* clang-format on */
