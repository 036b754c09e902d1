/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_keyfile_types.c - the key types of the key files besides ML-KEM's
 * (src/keyfile/keyfile_algs.c), through include/mlkem_keyfile.h:
 *
 *  - X-Wing: the draft's example keys read (the seed's public key is the
 *    file's and that of a restatement of its key generation written
 *    here), written back byte for byte in PEM, DER and raw; wrong
 *    lengths, OIDs, parameters and a non-reduced ML-KEM part refused;
 *  - round-3 Kyber raw keys: the KAT's DRBG coins generate the first KAT
 *    record's pk and sk, raw keys typed only when named, PEM and DER
 *    refused, each hash variant's sk refused by the other's check;
 *  - a raw-only key type added through the internal table.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aes256_ctr_drbg.h"
#include "keyfile/keyfile_alg.h"
#include "keyfile/pem.h"
#include "keyfile_der.h"
#include "kv_text.h"
#include "mlkem.h"
#include "mlkem_hazmat.h"
#include "mlkem_hybrid.h"
#include "mlkem_keyfile.h"
#include "mlkem_kyber.h"
#include "sha3/sha3.h"
#include "test_util.h"

/* ---- X-Wing -------------------------------------------------------------- */

/* X-Wing's expandDecapsulationKey (draft-connolly-cfrg-xwing-kem-10),
 * restated for the test from the library's parts: the 32-byte seed
 * expands by SHAKE256 into d || z of ML-KEM-768 and the X25519 private
 * key; pk = ek_M || X25519(sk_X, 9). */
#define XWING_EK_BYTES (MLKEM768_EK_BYTES + 32)

static void xwing_restated_pk(uint8_t pk[XWING_EK_BYTES],
                              const uint8_t seed[32]) {
  uint8_t expanded[96], dk_m[MLKEM768_DK_BYTES];
  mlkem_shake256(expanded, sizeof expanded, seed, 32);
  CHECK(mlkem768_keygen_derand(pk, dk_m, expanded) == 0);
  CHECK(mlkem_x25519_base(pk + MLKEM768_EK_BYTES, expanded + 64) == 0);
}

/* The draft's OID, 1.3.6.1.4.1.62253.25722, in DER (its contents worked
 * out by hand: 62253 = 0x83 0xe6 0x2d, 25722 = 0x81 0xc8 0x7a). */
static const uint8_t oid_xwing[11] = {0x2b, 0x06, 0x01, 0x04, 0x01, 0x83,
                                      0xe6, 0x2d, 0x81, 0xc8, 0x7a};

/* AlgorithmIdentifier { oid } (optional NULL parameters). */
static void xwing_alg_id(der_buf *o, const uint8_t *oid, size_t oid_n,
                         int with_null) {
  der_buf c = {{0}, 0};
  der_tlv(&c, 0x06, oid, oid_n);
  if (with_null) der_tlv(&c, 0x05, NULL, 0);
  der_tlv(o, 0x30, c.b, c.n);
}

/* The draft's PKCS#8: version 0, the algorithm, the seed (n bytes) in the
 * privateKey OCTET STRING. */
static void xwing_pkcs8(der_buf *out, const uint8_t *oid, size_t oid_n,
                        int with_null, const uint8_t *seed, size_t n) {
  static const uint8_t v0 = 0;
  der_buf c = {{0}, 0};
  der_tlv(&c, 0x02, &v0, 1);
  xwing_alg_id(&c, oid, oid_n, with_null);
  der_tlv(&c, 0x04, seed, n);
  der_wrap(out, 0x30, &c);
}

static void xwing_spki(der_buf *out, const uint8_t *oid, size_t oid_n,
                       const uint8_t *pk, size_t n) {
  static uint8_t bits[XWING_EK_BYTES + 2];
  der_buf c = {{0}, 0};
  bits[0] = 0;
  memcpy(bits + 1, pk, n);
  xwing_alg_id(&c, oid, oid_n, 0);
  der_tlv(&c, 0x03, bits, n + 1);
  der_wrap(out, 0x30, &c);
}

/* Decodes DER expecting error `code` and a message containing `phrase`. */
static void expect_xwing_error(const der_buf *der, int code, const char *phrase,
                               const char *what) {
  mlkem_keyfile_error err;
  static mlkem_keyfile_key key;
  expect_der_error(der->b, der->n, code, what);
  CHECK(mlkem_keyfile_decode(&key, der->b, der->n, NULL, &err) == code);
  CHECKF(strstr(err.msg, phrase) != NULL, "%s: message '%s' lacks '%s'", what,
         err.msg, phrase);
}

static void test_xwing(void) {
  static mlkem_keyfile_key key, pub, other;
  static uint8_t out[MLKEM_KEYFILE_MAX_PEM], pk[XWING_EK_BYTES];
  const mlkem_keyfile_alg *xw = mlkem_keyfile_alg_by_name("X-Wing");
  mlkem_keyfile_error err;
  uint8_t seed[32], *priv_file, *pub_file;
  size_t i, priv_len, pub_len, len;
  der_buf der, want;

  for (i = 0; i < 32; i++) seed[i] = (uint8_t)i;
  CHECK(xw != NULL && xw == mlkem_keyfile_algs[3]);
  if (xw == NULL) return;
  CHECK(strcmp(xw->name, "X-Wing") == 0 &&
        strcmp(xw->oid, "1.3.6.1.4.1.62253.25722") == 0 &&
        xw->ek_bytes == XWING_PK_BYTES && xw->dk_bytes == 0 &&
        xw->seed_bytes == XWING_SK_BYTES);
  CHECK(mlkem_keyfile_table[3]->oid_len == sizeof oid_xwing &&
        memcmp(mlkem_keyfile_table[3]->oid, oid_xwing, sizeof oid_xwing) == 0);

  /* The draft's example files: the private key 00 01 .. 1f, and the public
   * key that the draft gives for it, which is also the restated
   * expansion's and xwing_keygen_derand's. */
  priv_file = read_vector("xwing-draft/xwing.priv", &priv_len);
  pub_file = read_vector("xwing-draft/xwing.pub", &pub_len);
  CHECKF(mlkem_keyfile_decode(&key, priv_file, priv_len, NULL, &err) ==
             MLKEM_KEYFILE_OK,
         "xwing.priv: %s", err.msg);
  CHECK(key.alg == xw && key.kem == NULL && key.type == MLKEM_KEYFILE_SEED &&
        key.encoding == MLKEM_KEYFILE_PEM);
  CHECK_MEM(key.seed, seed, 32, "X-Wing seed of xwing.priv");
  CHECK(all_zero(key.seed + 32, sizeof key.seed - 32) &&
        all_zero(key.dk, sizeof key.dk));
  CHECKF(mlkem_keyfile_decode(&pub, pub_file, pub_len, NULL, &err) ==
             MLKEM_KEYFILE_OK,
         "xwing.pub: %s", err.msg);
  CHECK(pub.alg == xw && pub.kem == NULL && pub.type == MLKEM_KEYFILE_PUBLIC);
  CHECK_MEM(key.ek, pub.ek, XWING_EK_BYTES, "X-Wing pk of the seed = SPKI's");
  xwing_restated_pk(pk, seed);
  CHECK_MEM(pub.ek, pk, XWING_EK_BYTES, "X-Wing SPKI pk = restated expansion");
  {
    uint8_t lib_pk[XWING_PK_BYTES], sk[XWING_SK_BYTES];
    CHECK(xwing_keygen_derand(lib_pk, sk, seed) == 0);
    CHECK_MEM(pub.ek, lib_pk, XWING_PK_BYTES, "X-Wing pk = keygen_derand's");
  }
  /* The DER of both files is the structure built here by hand. */
  xwing_pkcs8(&want, oid_xwing, sizeof oid_xwing, 0, seed, 32);
  CHECK(mlkem_keyfile_encode(&key, MLKEM_KEYFILE_SEED, MLKEM_KEYFILE_DER, out,
                             sizeof out, &len, &err) == MLKEM_KEYFILE_OK &&
        len == want.n && len == 54 && memcmp(out, want.b, len) == 0);
  CHECK(mlkem_keyfile_decode_der(&other, out, len, &err) == MLKEM_KEYFILE_OK &&
        other.alg == xw && other.encoding == MLKEM_KEYFILE_DER &&
        memcmp(other.seed, seed, 32) == 0);
  xwing_spki(&want, oid_xwing, sizeof oid_xwing, pk, XWING_EK_BYTES);
  CHECK(mlkem_keyfile_encode(&key, MLKEM_KEYFILE_PUBLIC, MLKEM_KEYFILE_DER, out,
                             sizeof out, &len, &err) == MLKEM_KEYFILE_OK &&
        len == want.n && len == 1240 && memcmp(out, want.b, len) == 0);
  /* Written back as PEM byte for byte, from the private and the public
   * key alike. */
  writes_as(&key, MLKEM_KEYFILE_SEED, "xwing-draft/xwing.priv");
  writes_as(&key, MLKEM_KEYFILE_PUBLIC, "xwing-draft/xwing.pub");
  writes_as(&pub, MLKEM_KEYFILE_PUBLIC, "xwing-draft/xwing.pub");
  /* Raw: the seed and pk alone; a raw pk is recognised by its size, a raw
   * seed needs its type. */
  CHECK(mlkem_keyfile_encode(&key, MLKEM_KEYFILE_SEED, MLKEM_KEYFILE_RAW, out,
                             sizeof out, &len, &err) == MLKEM_KEYFILE_OK &&
        len == 32 && memcmp(out, seed, 32) == 0);
  CHECK(mlkem_keyfile_decode(&other, out, len, NULL, &err) ==
        MLKEM_KEYFILE_ERR_NEED_ALG);
  CHECK(mlkem_keyfile_decode(&other, out, len, xw, &err) == MLKEM_KEYFILE_OK &&
        other.alg == xw && other.type == MLKEM_KEYFILE_SEED &&
        other.encoding == MLKEM_KEYFILE_RAW &&
        memcmp(other.ek, pk, XWING_EK_BYTES) == 0);
  /* A 32-byte seed with an ML-KEM type: no raw key of that type. */
  CHECK(mlkem_keyfile_decode(&other, out, len, mlkem_keyfile_algs[1], &err) ==
        MLKEM_KEYFILE_ERR_NEED_ALG);
  CHECK(mlkem_keyfile_encode(&key, MLKEM_KEYFILE_PUBLIC, MLKEM_KEYFILE_RAW, out,
                             sizeof out, &len, &err) == MLKEM_KEYFILE_OK &&
        len == XWING_PK_BYTES && memcmp(out, pk, len) == 0);
  CHECK(mlkem_keyfile_decode(&other, out, len, NULL, &err) ==
            MLKEM_KEYFILE_OK &&
        other.alg == xw && other.type == MLKEM_KEYFILE_PUBLIC &&
        other.encoding == MLKEM_KEYFILE_RAW);
  CHECK(mlkem_keyfile_from_raw(&other, xw, MLKEM_KEYFILE_SEED, seed, 32,
                               &err) == MLKEM_KEYFILE_OK &&
        memcmp(other.ek, pk, XWING_EK_BYTES) == 0);
  /* No other private form: none is read or written. */
  CHECK(mlkem_keyfile_from_raw(&other, xw, MLKEM_KEYFILE_EXPANDED, seed, 32,
                               &err) == MLKEM_KEYFILE_ERR_FORM &&
        all_zero(&other, sizeof other));
  CHECK(mlkem_keyfile_from_raw(&other, xw, MLKEM_KEYFILE_BOTH, seed, 32,
                               &err) == MLKEM_KEYFILE_ERR_FORM);
  CHECK(mlkem_keyfile_from_raw(&other, xw, MLKEM_KEYFILE_SEED, seed, 64,
                               &err) == MLKEM_KEYFILE_ERR_LENGTH);
  CHECK(strcmp(err.msg, "wrong length: the seed has 64 bytes (want 32)") == 0);
  for (i = MLKEM_KEYFILE_EXPANDED; i <= MLKEM_KEYFILE_BOTH; i++) {
    memset(out, 0x5a, sizeof out);
    CHECK(mlkem_keyfile_encode(&key, (mlkem_keyfile_type)i, MLKEM_KEYFILE_DER,
                               out, sizeof out, &len,
                               &err) == MLKEM_KEYFILE_ERR_FORM &&
          all_zero(out, sizeof out) && len == 0);
  }
  CHECK(strcmp(err.msg, "X-Wing private keys have only the seed form") == 0);
  CHECK(mlkem_keyfile_encode(&pub, MLKEM_KEYFILE_SEED, MLKEM_KEYFILE_PEM, out,
                             sizeof out, &len, &err) == MLKEM_KEYFILE_ERR_FORM);
  /* A public key of the X25519 part changed: any 32 bytes are an X25519
   * public key (the draft checks nothing there). */
  xwing_spki(&der, oid_xwing, sizeof oid_xwing, pk, XWING_EK_BYTES);
  der.b[der.n - 1] ^= 0x80;
  CHECK(mlkem_keyfile_decode(&other, der.b, der.n, NULL, &err) ==
        MLKEM_KEYFILE_OK);

  /* Refused: wrong lengths of the seed and of pk, in DER and raw. */
  xwing_pkcs8(&der, oid_xwing, sizeof oid_xwing, 0, seed, 31);
  expect_xwing_error(&der, MLKEM_KEYFILE_ERR_LENGTH,
                     "the seed has 31 bytes (want 32)", "X-Wing 31-byte seed");
  {
    uint8_t seed33[33] = {0};
    xwing_pkcs8(&der, oid_xwing, sizeof oid_xwing, 0, seed33, 33);
    expect_xwing_error(&der, MLKEM_KEYFILE_ERR_LENGTH,
                       "the seed has 33 bytes (want 32)",
                       "X-Wing 33-byte seed");
  }
  /* The ML-KEM private key CHOICE is not X-Wing's syntax: a [0] seed is
   * 34 bytes of privateKey. */
  {
    der_buf choice = {{0}, 0};
    der_tlv(&choice, 0x80, seed, 32);
    xwing_pkcs8(&der, oid_xwing, sizeof oid_xwing, 0, choice.b, choice.n);
    expect_xwing_error(&der, MLKEM_KEYFILE_ERR_LENGTH,
                       "the seed has 34 bytes (want 32)",
                       "X-Wing seed in ML-KEM's CHOICE");
  }
  xwing_spki(&der, oid_xwing, sizeof oid_xwing, pk, XWING_EK_BYTES - 1);
  expect_xwing_error(&der, MLKEM_KEYFILE_ERR_LENGTH,
                     "the X-Wing public key has 1215 bytes (want 1216)",
                     "X-Wing 1215-byte pk");
  memcpy(out, pk, XWING_EK_BYTES);
  out[XWING_EK_BYTES] = 0;
  xwing_spki(&der, oid_xwing, sizeof oid_xwing, out, XWING_EK_BYTES + 1);
  expect_xwing_error(&der, MLKEM_KEYFILE_ERR_LENGTH,
                     "the X-Wing public key has 1217 bytes (want 1216)",
                     "X-Wing 1217-byte pk");
  CHECK(mlkem_keyfile_from_raw(&other, xw, MLKEM_KEYFILE_PUBLIC, pk,
                               XWING_EK_BYTES - 1,
                               &err) == MLKEM_KEYFILE_ERR_LENGTH);
  CHECK(mlkem_keyfile_decode(&other, out, XWING_EK_BYTES + 1, NULL, &err) ==
        MLKEM_KEYFILE_ERR_LENGTH); /* out: pk and a zero byte */
  /* Refused: another OID (last arc + 1), parameters present. */
  {
    uint8_t oid[sizeof oid_xwing];
    memcpy(oid, oid_xwing, sizeof oid);
    oid[sizeof oid - 1]++;
    xwing_pkcs8(&der, oid, sizeof oid, 0, seed, 32);
    expect_xwing_error(&der, MLKEM_KEYFILE_ERR_OID,
                       "wrong OID: algorithm 1.3.6.1.4.1.62253.25723 is not "
                       "ML-KEM or X-Wing (2.16.840.1.101.3.4.4.1, .2, .3 or "
                       "1.3.6.1.4.1.62253.25722)",
                       "X-Wing OID + 1 (private)");
    xwing_spki(&der, oid, sizeof oid, pk, XWING_EK_BYTES);
    expect_xwing_error(&der, MLKEM_KEYFILE_ERR_OID, "62253.25723",
                       "X-Wing OID + 1 (public)");
    /* An OID one arc short. */
    xwing_spki(&der, oid_xwing, sizeof oid_xwing - 3, pk, XWING_EK_BYTES);
    expect_xwing_error(&der, MLKEM_KEYFILE_ERR_OID, "1.3.6.1.4.1.62253 is not",
                       "X-Wing OID without its last arc");
  }
  xwing_pkcs8(&der, oid_xwing, sizeof oid_xwing, 1, seed, 32);
  expect_xwing_error(&der, MLKEM_KEYFILE_ERR_PARAMS,
                     "algorithm parameters present (they must be absent for "
                     "X-Wing)",
                     "X-Wing NULL parameters");
  /* Refused: a non-reduced ML-KEM part (first coefficient 4095), in SPKI
   * and raw. */
  memcpy(out, pk, XWING_EK_BYTES);
  out[0] = 0xff;
  out[1] = 0xff;
  xwing_spki(&der, oid_xwing, sizeof oid_xwing, out, XWING_EK_BYTES);
  expect_xwing_error(&der, MLKEM_KEYFILE_ERR_INVALID_EK,
                     "a coefficient of the ML-KEM-768 part of the X-Wing "
                     "public key is not below q",
                     "X-Wing non-reduced pk");
  CHECK(mlkem_keyfile_decode(&other, out, XWING_EK_BYTES, NULL, &err) ==
            MLKEM_KEYFILE_ERR_INVALID_EK &&
        strstr(err.msg, "raw X-Wing public key") != NULL);
  /* Refused: a private key under the public label. */
  xwing_pkcs8(&der, oid_xwing, sizeof oid_xwing, 0, seed, 32);
  CHECK(mlkem_pem_encode("PUBLIC KEY", der.b, der.n, (char *)out, sizeof out,
                         &len) == MLKEM_PEM_OK);
  CHECK(mlkem_keyfile_decode(&other, out, len, NULL, &err) ==
            MLKEM_KEYFILE_ERR_PEM_LABEL &&
        strstr(err.msg, "PUBLIC KEY holds a private key") != NULL);
  free(priv_file);
  free(pub_file);
  mlkem_keyfile_wipe(&key);
}

/* ---- round-3 Kyber (raw only) ------------------------------------------- */

/* The first record of a round-3 KAT file (giacomopope-kyber-py, the
 * reference's PQCgenKAT_kem output): its DRBG seed, pk, sk, ct and ss. */
typedef struct {
  uint8_t seed[48], pk[KYBER1024_PK_BYTES], sk[KYBER1024_SK_BYTES];
  uint8_t ct[KYBER1024_CT_BYTES], ss[KYBER_SS_BYTES];
} kat_record;

static int read_first_record(const char *rel, const mlkem_kem *kem,
                             kat_record *r) {
  size_t len;
  char *text = (char *)read_vector(rel, &len);
  text_reader tr;
  const char *line;
  size_t n;
  int have = 0;
  text_reader_init(&tr, text, len);
  while (have != 31 && text_next_line(&tr, &line, &n)) {
    kv_line kv;
    if (!kv_split(line, n, &kv)) continue;
    if (kv_name_is(&kv, "seed") && kv_hex_exact(&kv, r->seed, 48)) have |= 1;
    if (kv_name_is(&kv, "pk") && kv_hex_exact(&kv, r->pk, kem->ek_bytes))
      have |= 2;
    if (kv_name_is(&kv, "sk") && kv_hex_exact(&kv, r->sk, kem->dk_bytes))
      have |= 4;
    if (kv_name_is(&kv, "ct") && kv_hex_exact(&kv, r->ct, kem->ct_bytes))
      have |= 8;
    if (kv_name_is(&kv, "ss") && kv_hex_exact(&kv, r->ss, 32)) have |= 16;
  }
  free(text);
  CHECKF(have == 31, "%s: the first record read", rel);
  return have == 31;
}

/* A Kyber set against its first KAT record: the raw pk and sk read as
 * that type (and only when it is named), the seed d || z that the KAT's
 * DRBG draws generating exactly the record's keys, and the key object's
 * descriptor decapsulating the record's ciphertext. */
static void test_kyber_kat(const char *rel, const char *name) {
  static kat_record r;
  static mlkem_keyfile_key key, back;
  static uint8_t out[MLKEM_KEYFILE_MAX_PEM];
  const mlkem_keyfile_alg *alg = mlkem_keyfile_alg_by_name(name);
  const mlkem_kem *kem = mlkem_kem_by_name(name);
  mlkem_keyfile_error err;
  uint8_t coins[64], ss[32];
  ctr_drbg drbg;
  size_t len;

  if (!read_first_record(rel, kem, &r)) return;
  CHECK(alg != NULL && kem != NULL && alg->oid == NULL &&
        strcmp(alg->name, kem->name) == 0);
  /* The reference draws d, then z, in two calls (test_nistkat). */
  ctr_drbg_init(&drbg, r.seed, NULL);
  ctr_drbg_generate(&drbg, coins, 32);
  ctr_drbg_generate(&drbg, coins + 32, 32);
  CHECKF(mlkem_keyfile_from_raw(&key, alg, MLKEM_KEYFILE_SEED, coins, 64,
                                &err) == MLKEM_KEYFILE_OK,
         "%s seed: %s", name, err.msg);
  CHECK(key.alg == alg && key.kem == kem && key.type == MLKEM_KEYFILE_SEED);
  CHECK_MEM(key.ek, r.pk, kem->ek_bytes, "Kyber pk of the KAT's coins");
  CHECK_MEM(key.dk, r.sk, kem->dk_bytes, "Kyber sk of the KAT's coins");
  /* The raw seed, pk and sk through mlkem_keyfile_decode with the type. */
  CHECK(mlkem_keyfile_decode(&back, coins, 64, alg, &err) == MLKEM_KEYFILE_OK &&
        back.alg == alg && back.type == MLKEM_KEYFILE_SEED &&
        memcmp(back.dk, r.sk, kem->dk_bytes) == 0);
  CHECK(mlkem_keyfile_decode(&back, r.pk, kem->ek_bytes, alg, &err) ==
            MLKEM_KEYFILE_OK &&
        back.alg == alg && back.kem == kem &&
        back.type == MLKEM_KEYFILE_PUBLIC &&
        back.encoding == MLKEM_KEYFILE_RAW &&
        memcmp(back.ek, r.pk, kem->ek_bytes) == 0);
  CHECK(mlkem_keyfile_decode(&back, r.sk, kem->dk_bytes, alg, &err) ==
            MLKEM_KEYFILE_OK &&
        back.alg == alg && back.kem == kem &&
        back.type == MLKEM_KEYFILE_EXPANDED &&
        memcmp(back.dk, r.sk, kem->dk_bytes) == 0 &&
        memcmp(back.ek, r.pk, kem->ek_bytes) == 0);
  /* The object's descriptor is round 3's: the record's ss. */
  CHECK(back.kem->decaps(ss, r.ct, back.dk) == 0);
  CHECK_MEM(ss, r.ss, 32, "Kyber ss through the key object's descriptor");
  /* Unnamed, the same bytes are ML-KEM's (FIPS 203 sizes). */
  CHECK(mlkem_keyfile_decode(&back, r.pk, kem->ek_bytes, NULL, &err) ==
            MLKEM_KEYFILE_OK &&
        back.kem == mlkem_kems[kem->rank - 2]);
  CHECK(mlkem_keyfile_decode(&back, coins, 64, NULL, &err) ==
        MLKEM_KEYFILE_ERR_NEED_ALG);
  /* Written raw, byte for byte, in the forms it has; never as PKCS#8 or
   * SPKI. */
  CHECK(mlkem_keyfile_encode(&key, MLKEM_KEYFILE_EXPANDED, MLKEM_KEYFILE_RAW,
                             out, sizeof out, &len, &err) == MLKEM_KEYFILE_OK &&
        len == kem->dk_bytes && memcmp(out, r.sk, len) == 0);
  CHECK(mlkem_keyfile_encode(&key, MLKEM_KEYFILE_PUBLIC, MLKEM_KEYFILE_RAW, out,
                             sizeof out, &len, &err) == MLKEM_KEYFILE_OK &&
        len == kem->ek_bytes && memcmp(out, r.pk, len) == 0);
  CHECK(mlkem_keyfile_encode(&key, MLKEM_KEYFILE_SEED, MLKEM_KEYFILE_RAW, out,
                             sizeof out, &len, &err) == MLKEM_KEYFILE_OK &&
        len == 64 && memcmp(out, coins, len) == 0);
  CHECK(mlkem_keyfile_encode(&key, MLKEM_KEYFILE_PUBLIC, MLKEM_KEYFILE_PEM, out,
                             sizeof out, &len,
                             &err) == MLKEM_KEYFILE_ERR_FORM &&
        all_zero(out, sizeof out));
  CHECKF(
      strstr(err.msg, "has no PKCS#8 or SubjectPublicKeyInfo encoding") != NULL,
      "Kyber PEM refused: %s", err.msg);
  CHECK(mlkem_keyfile_encode(&key, MLKEM_KEYFILE_SEED, MLKEM_KEYFILE_DER, out,
                             sizeof out, &len, &err) == MLKEM_KEYFILE_ERR_FORM);
  CHECK(mlkem_keyfile_encode(&key, MLKEM_KEYFILE_BOTH, MLKEM_KEYFILE_RAW, out,
                             sizeof out, &len, &err) == MLKEM_KEYFILE_ERR_FORM);
  /* Refused: the FIPS 203 checks (mlkem_kyber.h), with this type named. */
  memcpy(out, r.sk, kem->dk_bytes);
  out[384 * kem->rank + kem->ek_bytes] ^= 1; /* a byte of H(pk) */
  CHECK(mlkem_keyfile_decode(&back, out, kem->dk_bytes, alg, &err) ==
        MLKEM_KEYFILE_ERR_INVALID_DK);
  memcpy(out, r.pk, kem->ek_bytes);
  out[0] = 0xff;
  out[1] = 0xff;
  CHECK(mlkem_keyfile_decode(&back, out, kem->ek_bytes, alg, &err) ==
        MLKEM_KEYFILE_ERR_INVALID_EK);
  CHECK(mlkem_keyfile_from_raw(&back, alg, MLKEM_KEYFILE_EXPANDED, r.sk,
                               kem->dk_bytes - 1,
                               &err) == MLKEM_KEYFILE_ERR_LENGTH);
  /* Raw bytes of another length with the type named: by size, or
   * refused. */
  CHECK(mlkem_keyfile_decode(&back, r.pk, 100, alg, &err) ==
        MLKEM_KEYFILE_ERR_LENGTH);
  mlkem_keyfile_wipe(&key);
}

/* The 90s variants: key generation from the seed is the descriptor's; an
 * sk's stored hash is SHA-256's, so the key of one variant fails the hash
 * check of the other. */
static void test_kyber_90s(const char *name, const char *other_name) {
  static mlkem_keyfile_key key, back;
  static uint8_t pk[KYBER1024_PK_BYTES], sk[KYBER1024_SK_BYTES];
  const mlkem_keyfile_alg *alg = mlkem_keyfile_alg_by_name(name);
  const mlkem_keyfile_alg *other = mlkem_keyfile_alg_by_name(other_name);
  const mlkem_kem *kem = mlkem_kem_by_name(name);
  mlkem_keyfile_error err;
  uint8_t coins[64];
  size_t i;

  for (i = 0; i < 64; i++) coins[i] = (uint8_t)(3 * i + 1);
  CHECK(alg != NULL && other != NULL && alg != other);
  CHECK(kem->keygen_derand(pk, sk, coins) == 0);
  CHECK(mlkem_keyfile_from_raw(&key, alg, MLKEM_KEYFILE_SEED, coins, 64,
                               &err) == MLKEM_KEYFILE_OK &&
        key.kem == kem && memcmp(key.dk, sk, kem->dk_bytes) == 0 &&
        memcmp(key.ek, pk, kem->ek_bytes) == 0);
  CHECK(mlkem_keyfile_decode(&back, sk, kem->dk_bytes, alg, &err) ==
            MLKEM_KEYFILE_OK &&
        back.type == MLKEM_KEYFILE_EXPANDED);
  CHECK(mlkem_keyfile_decode(&back, sk, kem->dk_bytes, other, &err) ==
        MLKEM_KEYFILE_ERR_INVALID_DK);
  CHECKF(strstr(err.msg, "hash check failed") != NULL &&
             strstr(err.msg, other_name) != NULL,
         "%s sk read as %s: %s", name, other_name, err.msg);
  /* A public key has the same checks in both variants. */
  CHECK(mlkem_keyfile_decode(&back, pk, kem->ek_bytes, other, &err) ==
        MLKEM_KEYFILE_OK);
  mlkem_keyfile_wipe(&key);
  mlkem_keyfile_wipe(&back);
}

static void test_kyber(void) {
  static const char *const names[6] = {"Kyber512",     "Kyber768",
                                       "Kyber1024",    "Kyber512-90s",
                                       "Kyber768-90s", "Kyber1024-90s"};
  size_t i;
  for (i = 0; i < 6; i++) {
    const mlkem_keyfile_alg *a = mlkem_keyfile_algs[4 + i];
    const mlkem_keyfile_entry *e = mlkem_keyfile_table[4 + i];
    const mlkem_kem *k = mlkem_kyber_kems[i];
    CHECK(a != NULL && a == &e->alg && strcmp(a->name, names[i]) == 0);
    CHECK(strcmp(k->name, names[i]) == 0);
    CHECK(a->oid == NULL && e->oid_len == 0 && !e->raw_by_size);
    CHECK(a->ek_bytes == k->ek_bytes && a->dk_bytes == k->dk_bytes &&
          a->seed_bytes == k->seed_bytes && a->seed_bytes == 64);
    CHECK(mlkem_keyfile_alg_by_name(names[i]) == a);
  }
  CHECK(mlkem_keyfile_algs[10] == NULL);
  CHECK(mlkem_keyfile_alg_by_name("kyber768-90S") == mlkem_keyfile_algs[8]);
  test_kyber_kat("giacomopope-kyber-py/PQCkemKAT_1632.rsp", "Kyber512");
  test_kyber_kat("giacomopope-kyber-py/PQCkemKAT_2400.rsp", "Kyber768");
  test_kyber_kat("giacomopope-kyber-py/PQCkemKAT_3168.rsp", "Kyber1024");
  test_kyber_90s("Kyber512-90s", "Kyber512");
  test_kyber_90s("Kyber768", "Kyber768-90s");
  test_kyber_90s("Kyber1024-90s", "Kyber1024");
}

/* ---- a key type that is not built in ------------------------------------ */

static int restated_expand(const mlkem_keyfile_entry *e, uint8_t *ek,
                           uint8_t *dk, const uint8_t *seed,
                           mlkem_keyfile_error *err) {
  (void)e;
  (void)dk;
  (void)err;
  xwing_restated_pk(ek, seed);
  return MLKEM_KEYFILE_OK;
}

static int restated_check_ek(const mlkem_keyfile_entry *e, const uint8_t *ek,
                             int raw, mlkem_keyfile_error *err) {
  (void)raw;
  if (mlkem768_check_ek(ek) != 0)
    return mlkem_keyfile_fail(err, MLKEM_KEYFILE_ERR_INVALID_EK,
                              "non-reduced ek in the %s public key",
                              e->alg.name);
  return MLKEM_KEYFILE_OK;
}

/* A type with raw encodings only (as Kyber's round-3 keys), added through
 * the internal table: X-Wing's key generation restated, no OID. */
static const mlkem_keyfile_entry raw_only = {
    .alg = {.name = "X-Wing-raw", .ek_bytes = XWING_EK_BYTES, .seed_bytes = 32},
    .priv = MLKEM_KEYFILE_PRIV_SEED,
    .family = "X-Wing",
    .expand = restated_expand,
    .check_ek = restated_check_ek};

static void test_added_type(void) {
  static mlkem_keyfile_key key, pub;
  static uint8_t out[MLKEM_KEYFILE_MAX_PEM], xwing_ek[XWING_EK_BYTES];
  const mlkem_keyfile_entry *table[6];
  mlkem_keyfile_error err;
  uint8_t seed[32];
  size_t i, len;

  for (i = 0; i < 4; i++) table[i] = mlkem_keyfile_table[i];
  table[4] = &raw_only;
  table[5] = NULL;
  for (i = 0; i < 32; i++) seed[i] = (uint8_t)i;
  xwing_restated_pk(xwing_ek, seed);
  /* From raw bytes and back, no PKCS#8 or SPKI. */
  CHECK(mlkem_keyfile_from_raw_in(table, &key, &raw_only.alg,
                                  MLKEM_KEYFILE_SEED, seed, 32,
                                  &err) == MLKEM_KEYFILE_OK);
  CHECK(key.alg == &raw_only.alg && key.kem == NULL);
  CHECK_MEM(key.ek, xwing_ek, XWING_EK_BYTES, "raw-only type: ek");
  CHECK(mlkem_keyfile_encode_in(table, &key, MLKEM_KEYFILE_PUBLIC,
                                MLKEM_KEYFILE_RAW, out, sizeof out, &len,
                                &err) == MLKEM_KEYFILE_OK &&
        len == XWING_EK_BYTES);
  CHECK(mlkem_keyfile_from_raw_in(table, &pub, &raw_only.alg,
                                  MLKEM_KEYFILE_PUBLIC, out, len,
                                  &err) == MLKEM_KEYFILE_OK &&
        memcmp(pub.ek, key.ek, XWING_EK_BYTES) == 0);
  CHECK(mlkem_keyfile_encode_in(table, &key, MLKEM_KEYFILE_SEED,
                                MLKEM_KEYFILE_PEM, out, sizeof out, &len,
                                &err) == MLKEM_KEYFILE_ERR_FORM &&
        all_zero(out, sizeof out));
  CHECK(strstr(err.msg, "has no PKCS#8 or SubjectPublicKeyInfo") != NULL);
  CHECK(mlkem_keyfile_from_raw_in(table, &key, &raw_only.alg,
                                  MLKEM_KEYFILE_EXPANDED, seed, 32,
                                  &err) == MLKEM_KEYFILE_ERR_FORM);
  /* Its raw pk has the built-in X-Wing's size: read by size, that is
   * X-Wing (the first type of that size). */
  CHECK(mlkem_keyfile_decode_in(table, &pub, xwing_ek, XWING_EK_BYTES, NULL,
                                &err) == MLKEM_KEYFILE_OK &&
        pub.alg == mlkem_keyfile_algs[3]);
  /* A type without an OID adds nothing to the message of a wrong OID. */
  {
    der_buf der;
    uint8_t oid[sizeof oid_xwing];
    memcpy(oid, oid_xwing, sizeof oid);
    oid[sizeof oid - 1] ^= 1;
    xwing_spki(&der, oid, sizeof oid, xwing_ek, XWING_EK_BYTES);
    CHECK(mlkem_keyfile_decode_der_in(table, &pub, der.b, der.n, &err) ==
          MLKEM_KEYFILE_ERR_OID);
    CHECKF(strstr(err.msg,
                  "is not ML-KEM or X-Wing (2.16.840.1.101.3.4.4.1, "
                  ".2, .3 or 1.3.6.1.4.1.62253.25722)") != NULL,
           "wrong OID message: %s", err.msg);
  }
  /* Not a type of the public functions' table. */
  CHECK(mlkem_keyfile_from_raw(&key, &raw_only.alg, MLKEM_KEYFILE_SEED, seed,
                               32, &err) == MLKEM_KEYFILE_ERR_ARGUMENT);
}

int main(void) {
  test_backend_banner();
  test_xwing();
  test_kyber();
  test_added_type();
  return test_summary("test_keyfile_types");
}
