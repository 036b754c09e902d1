/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * kem_dhkem.c - DHKEM(X25519, HKDF-SHA256), HPKE KEM 0x0020
 * (@spec{RFC9180, sec. 4.1}), with AuthEncap / AuthDecap (the Auth and AuthPSK
 * modes), on mlkem_x25519 and mlkem_x25519_base (mlkem_hazmat.h), and the
 * two in one for the encapsulation (mlkem_x25519_keypair_dh, x25519.h).
 *
 * Its KDF is always HKDF-SHA256, whatever the suite's (@spec{RFC9180} 4.1; the
 * @spec{HPKE-PQ} vectors pair it with TurboSHAKE128 so): suite_id
 * "KEM" || 0x0020. The keys are 32-byte strings (7.1.1, 7.1.2). DH
 * refuses an all-zero result (7.1.4, @spec{RFC7748} 6.1): mlkem_x25519's
 * MLKEM_ERR_X25519_ZERO, HPKE's ValidationError.
 *
 * Key objects: public: pk; private: sk, pk at MLKEM_HPKE_PRIV_PK.
 */
#include <string.h>

#include "platform/ct.h"
#include "hpke/hpke.h"
#include "mlkem_hazmat.h"
#include "x25519/x25519.h"

enum { N = MLKEM_X25519_BYTES };

static mlkem_span span(const void *p, size_t len) {
  mlkem_span s;
  s.p = (const uint8_t *)p;
  s.len = len;
  return s;
}

/* DeriveKeyPair's (7.1.3) private key: dkp_prk = LabeledExtract("",
 * "dkp_prk", ikm), sk = LabeledExpand(dkp_prk, "sk", "", Nsk). */
static void derive_sk(uint8_t sk[N], const uint8_t *ikm, size_t ikm_len) {
  const mlkem_hpke_kdf *kdf = &mlkem_hpke_kdf_hkdf_sha256;
  mlkem_hpke_suite_id sid;
  mlkem_span in = span(ikm, ikm_len);
  uint8_t prk[32];
  mlkem_hpke_kem_suite_id(&sid, MLKEM_HPKE_KEM_DHKEM_X25519_HKDF_SHA256);
  mlkem_hpke_labeled_extract(kdf, &sid, prk, NULL, 0, "dkp_prk", &in, 1);
  (void)mlkem_hpke_labeled_expand(kdf, &sid, sk, N, prk, "sk", NULL, 0);
  mlkem_zeroize(prk, sizeof prk);
}

/* DeriveKeyPair (7.1.3): the private key above, pk = X25519(sk, 9). */
static int derive_keypair(const mlkem_hpke_kem *kem, uint8_t *pk, uint8_t *sk,
                          const uint8_t *ikm, size_t ikm_len) {
  int err;
  (void)kem;
  derive_sk(sk, ikm, ikm_len);
  err = mlkem_x25519_base(pk, sk);
  /* pk(sk) is the public key. */
  MLKEM_CT_UNPOISON(pk, N);
  return err;
}

static int import_pk(const mlkem_hpke_kem *kem, uint8_t *data,
                     const uint8_t *pk) {
  memcpy(data, pk, kem->npk);
  return MLKEM_OK;
}

static int import_sk(const mlkem_hpke_kem *kem, uint8_t *data,
                     const uint8_t *sk) {
  int err;
  memcpy(data, sk, kem->nsk);
  err = mlkem_x25519_base(data + MLKEM_HPKE_PRIV_PK, sk);
  MLKEM_CT_UNPOISON(data + MLKEM_HPKE_PRIV_PK, N);
  return err;
}

/* DH(sk, pk): X25519 with @spec{RFC7748} 6.1's zero check. Whether the result
 * is zero depends on pk alone (a point of small order, whatever the
 * clamped scalar): public, so declassified for make ct. */
static int dh(uint8_t out[N], const uint8_t sk[N], const uint8_t pk[N]) {
  int err = mlkem_x25519(out, sk, pk);
  MLKEM_CT_UNPOISON(&err, sizeof err);
  return err;
}

/* ExtractAndExpand(dh, kem_context) (4.1): eae_prk = LabeledExtract("",
 * "eae_prk", dh), shared_secret = LabeledExpand(eae_prk, "shared_secret",
 * kem_context, Nsecret); kem_context = enc || pkRm (|| pkSm). */
static void extract_and_expand(uint8_t ss[32], const uint8_t *dhs,
                               size_t dh_len, const uint8_t *enc,
                               const uint8_t *pkR, const uint8_t *pkS) {
  const mlkem_hpke_kdf *kdf = &mlkem_hpke_kdf_hkdf_sha256;
  mlkem_hpke_suite_id sid;
  mlkem_span in = span(dhs, dh_len), ctx[3];
  uint8_t prk[32];
  mlkem_hpke_kem_suite_id(&sid, MLKEM_HPKE_KEM_DHKEM_X25519_HKDF_SHA256);
  mlkem_hpke_labeled_extract(kdf, &sid, prk, NULL, 0, "eae_prk", &in, 1);
  ctx[0] = span(enc, N);
  ctx[1] = span(pkR, N);
  ctx[2] = span(pkS, pkS != NULL ? N : 0);
  (void)mlkem_hpke_labeled_expand(kdf, &sid, ss, 32, prk, "shared_secret", ctx,
                                  3);
  mlkem_zeroize(prk, sizeof prk);
}

/* Encap(pkR) (4.1) and AuthEncap(pkR, skS) (5.1.3): the ephemeral key
 * pair is DeriveKeyPair(coins); dh = DH(skE, pkR) (|| DH(skS, pkR)). The
 * ephemeral public key and DH(skE, pkR) come from one call, which shares
 * their inversion (x25519/base.c); its error is DH's zero check. */
static int encap(const mlkem_hpke_kem *kem, uint8_t *ss, uint8_t *enc,
                 const uint8_t *pkR, const uint8_t *skS, const uint8_t *coins,
                 size_t ncoins) {
  uint8_t skE[N], dhs[2 * N];
  int err;
  (void)kem;
  derive_sk(skE, coins, ncoins);
  err = mlkem_x25519_keypair_dh(enc, dhs, skE, pkR);
  /* pkE is public; whether DH's result is zero depends on pkR alone (dh). */
  MLKEM_CT_UNPOISON(enc, N);
  MLKEM_CT_UNPOISON(&err, sizeof err);
  if (err == MLKEM_OK && skS != NULL) err = dh(dhs + N, skS, pkR);
  if (err == MLKEM_OK)
    extract_and_expand(ss, dhs, skS != NULL ? 2 * N : N, enc, pkR,
                       skS != NULL ? skS + MLKEM_HPKE_PRIV_PK : NULL);
  mlkem_zeroize(skE, sizeof skE);
  mlkem_zeroize(dhs, sizeof dhs);
  return err;
}

/* Decap(enc, skR) and AuthDecap(enc, skR, pkS): dh = DH(skR, pkE) (||
 * DH(skR, pkS)). */
static int decap(const mlkem_hpke_kem *kem, uint8_t *ss, const uint8_t *enc,
                 const uint8_t *skR, const uint8_t *pkS) {
  uint8_t dhs[2 * N], pk_e[N];
  int err;
  (void)kem;
  memcpy(pk_e, enc, N);
  err = dh(dhs, skR, pk_e);
  if (err == MLKEM_OK && pkS != NULL) err = dh(dhs + N, skR, pkS);
  if (err == MLKEM_OK)
    extract_and_expand(ss, dhs, pkS != NULL ? 2 * N : N, pk_e,
                       skR + MLKEM_HPKE_PRIV_PK, pkS);
  mlkem_zeroize(dhs, sizeof dhs);
  return err;
}

/* clang-format off */
const mlkem_hpke_kem mlkem_hpke_kem_dhkem_x25519 = {
    MLKEM_HPKE_KEM_DHKEM_X25519_HKDF_SHA256, "DHKEM(X25519, HKDF-SHA256)", N,
    N, N, N, derive_keypair, import_pk, import_sk, 0, MLKEM_HPKE_PRIV_PK, 0,
    encap, decap, 1, NULL};
/* clang-format on */
