/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* fuzz-sources: cli/der.c cli/pem.c cli/keyfile.c */
/*
 * fuzz_keyfile.c - libFuzzer target: the key-file readers of the `mlkem`
 * command-line tool (cli/keyfile.c on cli/der.c and cli/pem.c).
 *
 * Input: any bytes, read as a key file the way the tool reads one (PEM,
 * DER or raw; a raw seed is read for the set chosen by the length mod 3),
 * and also given to the DER reader and the PEM reader directly. Seeds:
 * tests/fuzz/seeds/fuzz_keyfile/ (keys in every form and encoding).
 *
 * Invariants:
 *  - no crash and no sanitizer report, whatever the input;
 *  - a refusal has a known code, a non-empty one-line message, and leaves
 *    the key all zeros (never a partial key);
 *  - an accepted key is whole and consistent: a public key passes the
 *    FIPS 203 7.2 modulus check; a private key's dk passes the 7.3 hash
 *    check and holds its ek; a key with a seed regenerates exactly its dk;
 *  - round trip: accepted DER re-encodes (same kind and form) to exactly
 *    the input; accepted PEM holds DER that re-encodes to exactly itself,
 *    and the PEM written for the key reads back to the same key; accepted
 *    raw bytes re-encode to exactly the input.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "der.h"
#include "keyfile.h"
#include "mlkem.h"
#include "pem.h"

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

static void check_refusal(int rc, const kf_error *err, const kf_key *key) {
  REQUIRE(rc > KF_OK && rc <= KF_ERR_LIBRARY, "known error code");
  REQUIRE(err->code == rc, "err.code is the result");
  REQUIRE(err->msg[0] != '\0' && strchr(err->msg, '\n') == NULL,
          "one-line message");
  REQUIRE(all_zero(key, sizeof *key), "refused key is all zeros");
}

static void check_consistent(const kf_key *key) {
  static uint8_t ek[KF_MAX_EK], dk[KF_MAX_DK];
  const mlkem_kem *kem = key->kem;
  REQUIRE(kem != NULL, "a set");
  REQUIRE(kem->check_ek(key->ek) == 0, "ek passes the modulus check");
  if (key->kind == KF_PUBLIC) {
    REQUIRE(key->form == KF_FORM_NONE && !key->has_seed, "public shape");
    return;
  }
  REQUIRE(key->kind == KF_PRIVATE, "private");
  REQUIRE(kem->check_dk(key->dk) == 0, "dk passes the hash check");
  REQUIRE(memcmp(key->ek, key->dk + 384u * kem->rank, kem->ek_bytes) == 0,
          "ek is the one inside dk");
  REQUIRE(
      key->has_seed == (key->form == KF_FORM_SEED || key->form == KF_FORM_BOTH),
      "a seed exactly in the seed forms");
  if (key->has_seed) {
    REQUIRE(kem->keygen_derand(ek, dk, key->seed) == 0, "keygen");
    REQUIRE(memcmp(dk, key->dk, kem->dk_bytes) == 0, "the seed regenerates dk");
  }
}

/* The form to write a key in to get back what was read. */
static int form_of(const kf_key *key) {
  return key->kind == KF_PUBLIC ? KF_FORM_NONE : key->form;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static kf_key key, again;
  static uint8_t out[KF_MAX_PEM], der[KF_MAX_DER];
  char label[PEM_MAX_LABEL];
  kf_error err;
  size_t len, dlen;
  int rc;

  /* As the tool reads a file. */
  rc = kf_decode(&key, data, size, mlkem_kems[size % 3], &err);
  if (rc != KF_OK) {
    check_refusal(rc, &err, &key);
  } else {
    check_consistent(&key);
    rc = kf_encode(&key, form_of(&key), key.encoding, out, sizeof out, &len,
                   &err);
    REQUIRE(rc == KF_OK, "an accepted key can be written as it was read");
    if (key.encoding == KF_ENC_DER || key.encoding == KF_ENC_RAW) {
      REQUIRE(len == size && memcmp(out, data, size) == 0,
              "DER and raw re-encode to exactly the input");
    } else {
      /* PEM: the DER inside is canonical, and our PEM reads back. */
      REQUIRE(pem_decode(data, size, label, der, sizeof der, &dlen) == PEM_OK,
              "accepted PEM decodes");
      rc = kf_encode_der(&key, form_of(&key), out, sizeof out, &len, &err);
      REQUIRE(rc == KF_OK && len == dlen && memcmp(out, der, len) == 0,
              "the DER inside accepted PEM re-encodes to itself");
      rc = kf_encode(&key, form_of(&key), KF_ENC_PEM, out, sizeof out, &len,
                     &err);
      REQUIRE(rc == KF_OK, "PEM written");
      rc = kf_decode(&again, out, len, NULL, &err);
      REQUIRE(rc == KF_OK && again.kem == key.kem && again.kind == key.kind &&
                  again.form == key.form &&
                  memcmp(again.ek, key.ek, key.kem->ek_bytes) == 0 &&
                  memcmp(again.dk, key.dk, sizeof key.dk) == 0,
              "our PEM reads back to the same key");
    }
  }

  /* The DER and PEM readers on their own, on the same bytes. */
  rc = kf_decode_der(&key, data, size, &err);
  if (rc != KF_OK) {
    check_refusal(rc, &err, &key);
  } else {
    check_consistent(&key);
    rc = kf_encode_der(&key, form_of(&key), out, sizeof out, &len, &err);
    REQUIRE(rc == KF_OK && len == size && memcmp(out, data, size) == 0,
            "accepted DER re-encodes to exactly the input");
  }
  rc = kf_decode_pem(&key, data, size, &err);
  if (rc != KF_OK)
    check_refusal(rc, &err, &key);
  else
    check_consistent(&key);
  kf_wipe(&key, sizeof key);
  return 0;
}
