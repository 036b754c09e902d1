/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* fuzz-sources: (none: the library, its key files included) */
/*
 * fuzz_keyfile.c - libFuzzer target: the key-file readers and writers of
 * include/mlkem_keyfile.h (src/keyfile/, on its DER and PEM code).
 *
 * Input: any bytes, read as a key file the way the `mlkem` tool reads one
 * (mlkem_keyfile_decode: PEM, DER or raw; raw bytes are typed by the key
 * type chosen by the length mod the number of types, as `-a` does), and
 * also given to the DER reader and the PEM reader directly. Seeds:
 * tests/fuzz/seeds/fuzz_keyfile/ (ML-KEM keys in every form and encoding,
 * the X-Wing draft's example files).
 *
 * Invariants:
 *  - no crash and no sanitizer report, whatever the input;
 *  - a refusal has a known code, a non-empty one-line message, and leaves
 *    the key all zeros (never a partial key);
 *  - an accepted key is whole and consistent: its type, set and ML-KEM
 *    (or round-3 Kyber) descriptor agree; a public key passes the FIPS 203
 *    7.2 modulus check
 *    and has no private part; a private key's dk passes the 7.3 hash
 *    check and holds its ek (at the offset FIPS 203 gives, params.h); a
 *    key with a seed regenerates exactly its dk, one without has a zero
 *    seed; an X-Wing key has no dk, the modulus check passes on the
 *    ML-KEM-768 part of its pk, and its seed regenerates its pk;
 *  - round trip: accepted DER re-encodes (same type) to exactly the
 *    input; accepted PEM holds DER that re-encodes to exactly itself, and
 *    the PEM written for the key reads back to the same key; accepted raw
 *    bytes re-encode to exactly the input.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "keyfile/pem.h"
#include "mlkem.h"
#include "mlkem_hybrid.h"
#include "mlkem_keyfile.h"
#include "fips203/params.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define REQUIRE(cond, what)                                            \
  do {                                                                 \
    if (!(cond)) {                                                     \
      fprintf(stderr, "fuzz invariant violated: %s (%s:%d)\n", (what), \
              __FILE__, __LINE__);                                     \
      abort();                                                         \
    }                                                                  \
  } while (0)

static int all_zero(const void *p, size_t n) {
  const uint8_t *b = (const uint8_t *)p;
  size_t i;
  for (i = 0; i < n; i++)
    if (b[i] != 0) return 0;
  return 1;
}

static void check_refusal(int rc, const mlkem_keyfile_error *err,
                          const mlkem_keyfile_key *key) {
  REQUIRE(
      rc <= MLKEM_KEYFILE_ERR_PEM_TRUNCATED && rc >= MLKEM_KEYFILE_ERR_LIBRARY,
      "known error code");
  REQUIRE(err->code == rc, "err.code is the result");
  REQUIRE(err->msg[0] != '\0' && strchr(err->msg, '\n') == NULL,
          "one-line message");
  REQUIRE(all_zero(key, sizeof *key), "refused key is all zeros");
}

static void check_xwing(const mlkem_keyfile_key *key) {
  uint8_t pk[XWING_PK_BYTES], sk[XWING_SK_BYTES];
  REQUIRE(key->alg == mlkem_keyfile_alg_by_name("X-Wing"), "X-Wing type");
  REQUIRE(mlkem768_check_ek(key->ek) == 0, "ML-KEM part of pk is reduced");
  REQUIRE(
      all_zero(key->dk, sizeof key->dk) &&
          all_zero(key->seed + XWING_SK_BYTES,
                   sizeof key->seed - XWING_SK_BYTES) &&
          all_zero(key->ek + XWING_PK_BYTES, sizeof key->ek - XWING_PK_BYTES),
      "X-Wing shape");
  if (key->type == MLKEM_KEYFILE_PUBLIC) {
    REQUIRE(all_zero(key->seed, sizeof key->seed), "public shape");
    return;
  }
  REQUIRE(key->type == MLKEM_KEYFILE_SEED, "X-Wing private keys are seeds");
  REQUIRE(xwing_keygen_derand(pk, sk, key->seed) == 0 &&
              memcmp(pk, key->ek, XWING_PK_BYTES) == 0,
          "the seed regenerates pk");
}

static void check_consistent(const mlkem_keyfile_key *key) {
  static uint8_t ek[MLKEM_KEYFILE_MAX_EK_BYTES], dk[MLKEM_KEYFILE_MAX_DK_BYTES];
  const mlkem_kem *kem = key->kem;
  if (kem == NULL) {
    check_xwing(key);
    return;
  }
  REQUIRE(kem != NULL && key->alg != NULL &&
              strcmp(key->alg->name, kem->name) == 0 &&
              mlkem_keyfile_alg_by_name(kem->name) == key->alg,
          "a set, its descriptors");
  REQUIRE(kem->check_ek(key->ek) == 0, "ek passes the modulus check");
  if (key->type == MLKEM_KEYFILE_PUBLIC) {
    REQUIRE(all_zero(key->dk, sizeof key->dk) &&
                all_zero(key->seed, sizeof key->seed),
            "public shape");
    return;
  }
  REQUIRE(key->type == MLKEM_KEYFILE_SEED ||
              key->type == MLKEM_KEYFILE_EXPANDED ||
              key->type == MLKEM_KEYFILE_BOTH,
          "private");
  REQUIRE(kem->check_dk(key->dk) == 0, "dk passes the hash check");
  REQUIRE(memcmp(key->ek, key->dk + MLKEM_DKPKE_BYTES_OF(kem->rank),
                 kem->ek_bytes) == 0,
          "ek is the one inside dk");
  if (key->type != MLKEM_KEYFILE_EXPANDED) {
    REQUIRE(kem->keygen_derand(ek, dk, key->seed) == 0, "keygen");
    REQUIRE(memcmp(dk, key->dk, kem->dk_bytes) == 0, "the seed regenerates dk");
  } else {
    REQUIRE(all_zero(key->seed, sizeof key->seed), "no seed");
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static mlkem_keyfile_key key, again;
  static size_t ntypes;
  static uint8_t out[MLKEM_KEYFILE_MAX_PEM], der[MLKEM_KEYFILE_MAX_DER];
  char label[MLKEM_PEM_MAX_LABEL];
  mlkem_keyfile_error err;
  size_t len, dlen;
  int rc;

  while (mlkem_keyfile_algs[ntypes] != NULL) ntypes++;
  /* As the tool reads a file. */
  rc = mlkem_keyfile_decode(&key, data, size, mlkem_keyfile_algs[size % ntypes],
                            &err);
  if (rc != MLKEM_KEYFILE_OK) {
    check_refusal(rc, &err, &key);
  } else {
    check_consistent(&key);
    rc = mlkem_keyfile_encode(&key, key.type, key.encoding, out, sizeof out,
                              &len, &err);
    REQUIRE(rc == MLKEM_KEYFILE_OK,
            "an accepted key can be written as it was read");
    if (key.encoding == MLKEM_KEYFILE_DER ||
        key.encoding == MLKEM_KEYFILE_RAW) {
      REQUIRE(len == size && memcmp(out, data, size) == 0,
              "DER and raw re-encode to exactly the input");
    } else {
      /* PEM: the DER inside is canonical, and our PEM reads back. */
      REQUIRE(mlkem_pem_decode(data, size, label, der, sizeof der, &dlen) ==
                  MLKEM_PEM_OK,
              "accepted PEM decodes");
      rc = mlkem_keyfile_encode(&key, key.type, MLKEM_KEYFILE_DER, out,
                                sizeof out, &len, &err);
      REQUIRE(
          rc == MLKEM_KEYFILE_OK && len == dlen && memcmp(out, der, len) == 0,
          "the DER inside accepted PEM re-encodes to itself");
      rc = mlkem_keyfile_encode(&key, key.type, MLKEM_KEYFILE_PEM, out,
                                sizeof out, &len, &err);
      REQUIRE(rc == MLKEM_KEYFILE_OK, "PEM written");
      rc = mlkem_keyfile_decode(&again, out, len, NULL, &err);
      REQUIRE(rc == MLKEM_KEYFILE_OK && again.alg == key.alg &&
                  again.kem == key.kem && again.type == key.type &&
                  memcmp(again.ek, key.ek, sizeof key.ek) == 0 &&
                  memcmp(again.dk, key.dk, sizeof key.dk) == 0 &&
                  memcmp(again.seed, key.seed, sizeof key.seed) == 0,
              "our PEM reads back to the same key");
    }
  }

  /* The DER and PEM readers on their own, on the same bytes. */
  rc = mlkem_keyfile_decode_der(&key, data, size, &err);
  if (rc != MLKEM_KEYFILE_OK) {
    check_refusal(rc, &err, &key);
  } else {
    check_consistent(&key);
    rc = mlkem_keyfile_encode(&key, key.type, MLKEM_KEYFILE_DER, out,
                              sizeof out, &len, &err);
    REQUIRE(
        rc == MLKEM_KEYFILE_OK && len == size && memcmp(out, data, size) == 0,
        "accepted DER re-encodes to exactly the input");
  }
  rc = mlkem_keyfile_decode_pem(&key, data, size, &err);
  if (rc != MLKEM_KEYFILE_OK)
    check_refusal(rc, &err, &key);
  else
    check_consistent(&key);
  mlkem_keyfile_wipe(&key);
  return 0;
}
