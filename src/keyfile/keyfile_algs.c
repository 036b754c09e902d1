/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * keyfile_algs.c - the key types of the key files (keyfile_alg.h): an
 * entry per ML-KEM parameter set, and ML-KEM's checks.
 */
#include <string.h>

#include "ct_testing.h"
#include "keyfile_alg.h"
#include "params.h"

static const mlkem_kem *kem_of(const mlkem_keyfile_entry *e) {
  return mlkem_kem_by_name(e->kem_name);
}

/* ML-KEM.KeyGen_internal (FIPS 203 Algorithm 16) from d || z. */
static int ml_kem_expand(const mlkem_keyfile_entry *e, uint8_t *ek, uint8_t *dk,
                         const uint8_t *seed, mlkem_keyfile_error *err) {
  int rc = kem_of(e)->keygen_derand(ek, dk, seed);
  if (rc != MLKEM_OK)
    return mlkem_keyfile_fail(err, MLKEM_KEYFILE_ERR_LIBRARY,
                              "key generation failed: %s", mlkem_strerror(rc));
  return MLKEM_KEYFILE_OK;
}

/* The modulus check of FIPS 203 section 7.2. */
static int ml_kem_check_ek(const mlkem_keyfile_entry *e, const uint8_t *ek,
                           int raw, mlkem_keyfile_error *err) {
  if (kem_of(e)->check_ek(ek) != MLKEM_OK)
    return mlkem_keyfile_fail(
        err, MLKEM_KEYFILE_ERR_INVALID_EK,
        "non-reduced ek: a coefficient of the %s%s public key is not below "
        "q (FIPS 203 7.2 modulus check)",
        raw ? "raw " : "", e->alg.name);
  return MLKEM_KEYFILE_OK;
}

/* The hash check of FIPS 203 section 7.3, then the modulus check of the ek
 * inside dk = dk_PKE || ek || H(ek) || z (Algorithm 16, step 3). */
static int ml_kem_check_dk(const mlkem_keyfile_entry *e, const uint8_t *dk,
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
        "the hash of its ek (FIPS 203 7.3)",
        e->alg.name);
  if (kem->check_ek(ek_in_dk) != MLKEM_OK)
    return mlkem_keyfile_fail(
        err, MLKEM_KEYFILE_ERR_INVALID_EK,
        "non-reduced ek inside the %s expanded key: a coefficient is not "
        "below q (FIPS 203 7.2 modulus check)",
        e->alg.name);
  memcpy(ek, ek_in_dk, kem->ek_bytes);
  return MLKEM_KEYFILE_OK;
}

/* An ML-KEM parameter set: its OID is 2.16.840.1.101.3.4.4.arc (NIST's
 * Computer Security Objects Register, KEM algorithms; RFC 9935), whose
 * contents are 60 86 48 01 65 03 04 04 arc. */
#define ML_KEM_ENTRY(set, arc)                                               \
  {                                                                          \
    .alg = {.name = "ML-KEM-" #set,                                          \
            .oid = "2.16.840.1.101.3.4.4." #arc,                             \
            .ek_bytes = MLKEM##set##_EK_BYTES,                               \
            .dk_bytes = MLKEM##set##_DK_BYTES,                               \
            .seed_bytes = MLKEM_SEED_BYTES},                                 \
    .oid = {0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x04, arc},            \
    .oid_len = 9, .priv = MLKEM_KEYFILE_PRIV_CHOICE, .raw_by_size = 1,       \
    .kem_name = "ML-KEM-" #set, .family = "ML-KEM", .expand = ml_kem_expand, \
    .check_ek = ml_kem_check_ek, .check_dk = ml_kem_check_dk                 \
  }

static const mlkem_keyfile_entry ml_kem_512 = ML_KEM_ENTRY(512, 1);
static const mlkem_keyfile_entry ml_kem_768 = ML_KEM_ENTRY(768, 2);
static const mlkem_keyfile_entry ml_kem_1024 = ML_KEM_ENTRY(1024, 3);

/* The key types, in the order of mlkem_keyfile_algs (mlkem_keyfile.h). A
 * new type is its entry and functions above and its name here. */
#define KEY_TYPES(X) X(ml_kem_512) X(ml_kem_768) X(ml_kem_1024)

#define TABLE_ROW(entry) &entry,
#define ALGS_ROW(entry) &entry.alg,
const mlkem_keyfile_entry *const mlkem_keyfile_table[] = {KEY_TYPES(TABLE_ROW)
                                                              NULL};
const mlkem_keyfile_alg *const mlkem_keyfile_algs[] = {KEY_TYPES(ALGS_ROW)
                                                           NULL};
