/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * keyfile_algs.c - the key types of the key files (keyfile_alg.h): an
 * entry per ML-KEM parameter set, and ML-KEM's checks; X-Wing; the
 * round-3 Kyber variants (raw keys only).
 */
#include <string.h>

#include "platform/ct.h"
#include "platform/ct_testing.h"
#include "keyfile_alg.h"
#include "mlkem_hybrid.h"
#include "mlkem_kyber.h"
#include "fips203/params.h"

/* The types used through an mlkem_kem descriptor: ML-KEM, and round-3
 * Kyber, whose keys have FIPS 203's layout and get its input checks
 * (mlkem_kyber.h, "Input checks"), each with its own descriptor's
 * functions (Kyber-90s' hash check uses SHA-256). */
static const mlkem_kem *kem_of(const mlkem_keyfile_entry *e) {
  return mlkem_kem_by_name(e->kem_name);
}

/* The result of a key generation of the library (rc, an MLKEM_ERR_*). */
static int keygen_result(int rc, mlkem_keyfile_error *err) {
  if (rc != MLKEM_OK)
    return mlkem_keyfile_fail(err, MLKEM_KEYFILE_ERR_LIBRARY,
                              "key generation failed: %s", mlkem_strerror(rc));
  return MLKEM_KEYFILE_OK;
}

/* ML-KEM.KeyGen_internal (@spec{FIPS203, Alg. 16}) from d || z; for Kyber,
 * its key generation from the coins d || z. */
static int kem_expand(const mlkem_keyfile_entry *e, uint8_t *ek, uint8_t *dk,
                      const uint8_t *seed, mlkem_keyfile_error *err) {
  return keygen_result(kem_of(e)->keygen_derand(ek, dk, seed), err);
}

/* The result rc of the modulus check of @spec{FIPS203, sec. 7.2} on (the
 * `part` of) a public key of type e. */
static int modulus_result(int rc, const mlkem_keyfile_entry *e,
                          const char *part, int raw, mlkem_keyfile_error *err) {
  if (rc != MLKEM_OK)
    return mlkem_keyfile_fail(
        err, MLKEM_KEYFILE_ERR_INVALID_EK,
        "non-reduced ek: a coefficient of the %s%s%s public key is not "
        "below q (@spec{FIPS203, sec. 7.2} modulus check)",
        part, raw ? "raw " : "", e->alg.name);
  return MLKEM_KEYFILE_OK;
}

static int kem_check_ek(const mlkem_keyfile_entry *e, const uint8_t *ek,
                        int raw, mlkem_keyfile_error *err) {
  return modulus_result(kem_of(e)->check_ek(ek), e, "", raw, err);
}

/* The hash check of @spec{FIPS203, sec. 7.3}, then the modulus check of the ek
 * inside dk = dk_PKE || ek || H(ek) || z (@spec{FIPS203, Alg. 16, l. 3}). */
static int kem_check_dk(const mlkem_keyfile_entry *e, const uint8_t *dk,
                        uint8_t *ek, mlkem_keyfile_error *err) {
  const mlkem_kem *kem = kem_of(e);
  const uint8_t *ek_in_dk = dk + MLKEM_DKPKE_BYTES_OF(kem->rank);
  /* ek and H(ek) are the public key and its hash: public, unlike the rest
   * of dk (a key read from a secret file arrives marked secret whole). */
  MLKEM_CT_UNPOISON(ek_in_dk, kem->ek_bytes + MLKEM_SYMBYTES);
  if (kem->check_dk(dk) != MLKEM_OK)
    return mlkem_keyfile_fail(
        err, MLKEM_KEYFILE_ERR_INVALID_DK,
        "hash check failed: the H(ek) stored in the %s expanded key is not "
        "the hash of its ek (@spec{FIPS203, sec. 7.3})",
        e->alg.name);
  if (kem->check_ek(ek_in_dk) != MLKEM_OK)
    return mlkem_keyfile_fail(
        err, MLKEM_KEYFILE_ERR_INVALID_EK,
        "non-reduced ek inside the %s expanded key: a coefficient is not "
        "below q (@spec{FIPS203, sec. 7.2} modulus check)",
        e->alg.name);
  memcpy(ek, ek_in_dk, kem->ek_bytes);
  return MLKEM_KEYFILE_OK;
}

/* An ML-KEM parameter set: its OID is 2.16.840.1.101.3.4.4.arc (NIST's
 * Computer Security Objects Register, KEM algorithms; @spec{RFC9935}), whose
 * contents are 60 86 48 01 65 03 04 04 arc. */
#define ML_KEM_ENTRY(set, arc)                                            \
  {                                                                       \
    .alg = {.name = "ML-KEM-" #set,                                       \
            .oid = "2.16.840.1.101.3.4.4." #arc,                          \
            .ek_bytes = MLKEM##set##_EK_BYTES,                            \
            .dk_bytes = MLKEM##set##_DK_BYTES,                            \
            .seed_bytes = MLKEM_SEED_BYTES},                              \
    .oid = {0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x04, arc},         \
    .oid_len = 9, .priv = MLKEM_KEYFILE_PRIV_CHOICE, .raw_by_size = 1,    \
    .kem_name = "ML-KEM-" #set, .family = "ML-KEM", .expand = kem_expand, \
    .check_ek = kem_check_ek, .check_dk = kem_check_dk                    \
  }

static const mlkem_keyfile_entry ml_kem_512 = ML_KEM_ENTRY(512, 1);
static const mlkem_keyfile_entry ml_kem_768 = ML_KEM_ENTRY(768, 2);
static const mlkem_keyfile_entry ml_kem_1024 = ML_KEM_ENTRY(1024, 3);

/* X-Wing (@spec{XWING}): the private key is the 32-byte
 * seed, from which GenerateKeyPairDerand gives the public key. There is no
 * expanded form (the draft defines none; dk stays empty). */
static int xwing_expand(const mlkem_keyfile_entry *e, uint8_t *ek, uint8_t *dk,
                        const uint8_t *seed, mlkem_keyfile_error *err) {
  uint8_t sk[XWING_SK_BYTES];
  int rc = xwing_keygen_derand(ek, sk, seed);
  (void)e;
  (void)dk;
  mlkem_zeroize(sk, sizeof sk);
  return keygen_result(rc, err);
}

/* pk = ML-KEM-768 ek || X25519 public key. The draft's encapsulation runs
 * the @spec{FIPS203, sec. 7.2} check on the ML-KEM part; any 32 bytes are an
 * X25519 public key (@spec{RFC7748, sec. 5} takes every u-coordinate). */
static int xwing_check_ek(const mlkem_keyfile_entry *e, const uint8_t *ek,
                          int raw, mlkem_keyfile_error *err) {
  return modulus_result(mlkem768_check_ek(ek), e, "ML-KEM-768 part of the ",
                        raw, err);
}

/* The draft's "Use in X.509": OID 1.3.6.1.4.1.62253.25722 with parameters
 * absent, whose contents are 2b 06 01 04 01 83 e6 2d 81 c8 7a; the PKCS#8
 * privateKey OCTET STRING holds the seed itself, the SubjectPublicKeyInfo
 * BIT STRING the 1216-byte public key. */
static const mlkem_keyfile_entry xwing = {
    .alg = {.name = "X-Wing",
            .oid = "1.3.6.1.4.1.62253.25722",
            .ek_bytes = XWING_PK_BYTES,
            .dk_bytes = 0,
            .seed_bytes = XWING_SK_BYTES},
    .oid = {0x2b, 0x06, 0x01, 0x04, 0x01, 0x83, 0xe6, 0x2d, 0x81, 0xc8, 0x7a},
    .oid_len = 11,
    .priv = MLKEM_KEYFILE_PRIV_SEED,
    .raw_by_size = 1,
    .kem_name = NULL,
    .family = "X-Wing",
    .expand = xwing_expand,
    .check_ek = xwing_check_ek,
    .check_dk = NULL};

/* A round-3 Kyber variant: no OID exists for it (there is no standard
 * key file for round-3 Kyber), so its keys are raw only: pk, sk, or the 64
 * coins d || z of its key generation as the seed. Its pk and sk have
 * ML-KEM's sizes, so raw input is read as Kyber only when the caller names
 * the type (raw_by_size 0). */
#define KYBER_ENTRY(set, variant)                                              \
  {                                                                            \
    .alg = {.name = "Kyber" #set variant,                                      \
            .oid = NULL,                                                       \
            .ek_bytes = KYBER##set##_PK_BYTES,                                 \
            .dk_bytes = KYBER##set##_SK_BYTES,                                 \
            .seed_bytes = KYBER_KEYGEN_COINS_BYTES},                           \
    .oid_len = 0, .priv = MLKEM_KEYFILE_PRIV_CHOICE, .raw_by_size = 0,         \
    .kem_name = "Kyber" #set variant, .family = "Kyber", .expand = kem_expand, \
    .check_ek = kem_check_ek, .check_dk = kem_check_dk                         \
  }

static const mlkem_keyfile_entry kyber_512 = KYBER_ENTRY(512, "");
static const mlkem_keyfile_entry kyber_768 = KYBER_ENTRY(768, "");
static const mlkem_keyfile_entry kyber_1024 = KYBER_ENTRY(1024, "");
static const mlkem_keyfile_entry kyber_512_90s = KYBER_ENTRY(512, "-90s");
static const mlkem_keyfile_entry kyber_768_90s = KYBER_ENTRY(768, "-90s");
static const mlkem_keyfile_entry kyber_1024_90s = KYBER_ENTRY(1024, "-90s");

/* The key types, in the order of mlkem_keyfile_algs (mlkem_keyfile.h). A
 * new type is its entry and functions above and its name here, at the
 * end. */
#define ML_KEM_TYPES(X) X(ml_kem_512) X(ml_kem_768) X(ml_kem_1024)
#define KYBER_TYPES(X) X(kyber_512) X(kyber_768) X(kyber_1024)
#define KYBER_90S_TYPES(X) X(kyber_512_90s) X(kyber_768_90s) X(kyber_1024_90s)
#define KEY_TYPES(X) ML_KEM_TYPES(X) X(xwing) KYBER_TYPES(X) KYBER_90S_TYPES(X)

#define TABLE_ROW(entry) &entry,
#define ALGS_ROW(entry) &entry.alg,
const mlkem_keyfile_entry *const mlkem_keyfile_table[] = {KEY_TYPES(TABLE_ROW)
                                                              NULL};
const mlkem_keyfile_alg *const mlkem_keyfile_algs[] = {KEY_TYPES(ALGS_ROW)
                                                           NULL};
