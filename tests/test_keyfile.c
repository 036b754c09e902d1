/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_keyfile.c - the ML-KEM key files (src/keyfile/), through the
 * public header include/mlkem_keyfile.h (their DER and PEM code alone:
 * test_der_pem.c; the other key types: test_keyfile_types.c):
 *
 *  - the codec, for every set: keys written in each private form (seed,
 *    expanded, both) and the public form, in DER, PEM and raw, read back
 *    to the same key and re-encoded to the same bytes; the DER compared
 *    with encodings built here by hand from the structures of RFC 5958,
 *    RFC 5280 and RFC 9935; every refusal (wrong OID, parameters present,
 *    version, attributes, wrong lengths, non-reduced ek, hash check,
 *    seed/expanded mismatch, wrong PEM label, every truncation, trailing
 *    data, non-minimal lengths) with its error code, a one-line message
 *    and a wiped key;
 *  - the example keys of RFC 9935 (written by Go's crypto/mlkem): read in
 *    every form, checked against each other and against key generation
 *    from their seed, and written back byte for byte in every form; its
 *    inconsistent keys refused as the RFC describes;
 *  - the contracts of the header: NULL pointers and values outside the
 *    enumerations refused, outputs zeroed on every error, buffers too
 *    small (by one byte, and more), error codes disjoint from MLKEM_ERR_*,
 *    names, descriptors, the stack depth.
 */
/* First: it asks for the POSIX and GNU extensions it uses. */
#if !defined(_WIN32)
#include "painted_stack.h"
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "keyfile/der.h"
#include "keyfile/keyfile_alg.h"
#include "keyfile/pem.h"
#include "keyfile_der.h"
#include "mlkem.h"
#include "mlkem_keyfile.h"
#include "sha3/sha3.h"
#include "test_util.h"

/* ---- key files --------------------------------------------------------- */

static const mlkem_keyfile_alg *alg_of(const mlkem_kem *kem) {
  return mlkem_keyfile_alg_by_name(kem->name);
}

static void seed_for(uint8_t seed[64], unsigned salt) {
  unsigned i;
  for (i = 0; i < 64; i++) seed[i] = (uint8_t)(i + salt);
}

static const char *encoding_name(mlkem_keyfile_encoding e) {
  static const char *const names[] = {"?", "PEM", "DER", "raw"};
  return (unsigned)e < 4 ? names[e] : "?";
}

static int has_seed(mlkem_keyfile_type t) {
  return t == MLKEM_KEYFILE_SEED || t == MLKEM_KEYFILE_BOTH;
}

/* The DER of a key (mlkem_keyfile_encode, DER). */
static int encode_der(const mlkem_keyfile_key *key, mlkem_keyfile_type form,
                      uint8_t *out, size_t cap, size_t *len,
                      mlkem_keyfile_error *err) {
  return mlkem_keyfile_encode(key, form, MLKEM_KEYFILE_DER, out, cap, len, err);
}

/* Writes the key in (form, encoding), reads it back, compares. */
static void round_trip(const mlkem_keyfile_key *key, mlkem_keyfile_type form,
                       mlkem_keyfile_encoding enc) {
  static uint8_t out[MLKEM_KEYFILE_MAX_PEM], again[MLKEM_KEYFILE_MAX_PEM];
  static mlkem_keyfile_key back;
  size_t len = 0, len2 = 0;
  mlkem_keyfile_error err;
  const mlkem_kem *kem = key->kem;
  int rc;

  rc = mlkem_keyfile_encode(key, form, enc, out, sizeof out, &len, &err);
  if (enc == MLKEM_KEYFILE_RAW && form == MLKEM_KEYFILE_BOTH) {
    CHECKF(rc == MLKEM_KEYFILE_ERR_FORM, "%s: raw both refused", kem->name);
    return;
  }
  CHECKF(rc == MLKEM_KEYFILE_OK, "%s: encode %s/%s: %s", kem->name,
         type_name(form), encoding_name(enc), err.msg);
  rc = mlkem_keyfile_decode(&back, out, len,
                            enc == MLKEM_KEYFILE_RAW ? key->alg : NULL, &err);
  CHECKF(rc == MLKEM_KEYFILE_OK, "%s: decode %s/%s: %s", kem->name,
         type_name(form), encoding_name(enc), err.msg);
  CHECK(back.kem == kem && back.alg == key->alg && back.encoding == enc);
  CHECK(back.type == form);
  CHECK_MEM(back.ek, key->ek, kem->ek_bytes, "ek survives");
  if (form != MLKEM_KEYFILE_PUBLIC)
    CHECK_MEM(back.dk, key->dk, kem->dk_bytes, "dk survives");
  else
    CHECK(all_zero(back.dk, sizeof back.dk));
  if (has_seed(form))
    CHECK_MEM(back.seed, key->seed, 64, "seed survives");
  else
    CHECK(all_zero(back.seed, sizeof back.seed));
  rc = mlkem_keyfile_encode(&back, form, enc, again, sizeof again, &len2, &err);
  CHECKF(rc == MLKEM_KEYFILE_OK && len2 == len && memcmp(out, again, len) == 0,
         "%s: %s/%s re-encodes to the same bytes", kem->name, type_name(form),
         encoding_name(enc));
}

/* Raw bytes refused with `code` and a message holding `phrase`, whether
 * their length tells what they are (decode) or the caller does
 * (from_raw). */
static void expect_raw_error(const mlkem_keyfile_alg *alg,
                             mlkem_keyfile_type type, const uint8_t *in,
                             size_t n, int code, const char *phrase) {
  static mlkem_keyfile_key got;
  mlkem_keyfile_error err;
  CHECK(mlkem_keyfile_decode(&got, in, n, NULL, &err) == code &&
        strstr(err.msg, phrase) != NULL && all_zero(&got, sizeof got));
  memset(&got, 0x5a, sizeof got);
  CHECK(mlkem_keyfile_from_raw(&got, alg, type, in, n, &err) == code &&
        strstr(err.msg, phrase) != NULL && all_zero(&got, sizeof got));
}

static void test_keyfile_set(const mlkem_kem *kem) {
  static mlkem_keyfile_key key, got;
  static uint8_t out[MLKEM_KEYFILE_MAX_PEM];
  static der_buf want, choice, bad;
  const mlkem_keyfile_alg *alg = alg_of(kem);
  uint8_t seed[64], h[32], arc = arc_of(kem);
  size_t len, i, ekoff = 384u * kem->rank;
  mlkem_keyfile_error err;
  mlkem_keyfile_type form;
  mlkem_keyfile_encoding enc;

  printf("%s\n", kem->name);
  seed_for(seed, (unsigned)kem->rank);
  CHECK(mlkem_keyfile_from_raw(&key, alg, MLKEM_KEYFILE_SEED, seed, 64, &err) ==
        MLKEM_KEYFILE_OK);
  CHECK(key.type == MLKEM_KEYFILE_SEED && key.kem == kem && key.alg == alg &&
        key.encoding == MLKEM_KEYFILE_RAW);
  {
    uint8_t ek[MLKEM_KEYFILE_MAX_EK_BYTES], dk[MLKEM_KEYFILE_MAX_DK_BYTES];
    CHECK(kem->keygen_derand(ek, dk, seed) == 0);
    CHECK_MEM(key.ek, ek, kem->ek_bytes, "ek from the seed");
    CHECK_MEM(key.dk, dk, kem->dk_bytes, "dk from the seed");
  }

  for (form = MLKEM_KEYFILE_PUBLIC; form <= MLKEM_KEYFILE_BOTH; form++)
    for (enc = MLKEM_KEYFILE_PEM; enc <= MLKEM_KEYFILE_RAW; enc++)
      round_trip(&key, form, enc);

  /* The DER, byte for byte, against encodings built here. */
  der_choice_seed(&choice, seed, 64);
  der_pkcs8(&want, arc, &choice, 0, 0, NULL, 0);
  CHECK(want.n == 86);
  CHECK(encode_der(&key, MLKEM_KEYFILE_SEED, out, sizeof out, &len, &err) ==
            MLKEM_KEYFILE_OK &&
        len == want.n && memcmp(out, want.b, len) == 0);
  der_choice_expanded(&choice, key.dk, kem->dk_bytes);
  der_pkcs8(&want, arc, &choice, 0, 0, NULL, 0);
  CHECK(encode_der(&key, MLKEM_KEYFILE_EXPANDED, out, sizeof out, &len, &err) ==
            MLKEM_KEYFILE_OK &&
        len == want.n && memcmp(out, want.b, len) == 0);
  der_choice_both(&choice, seed, 64, key.dk, kem->dk_bytes);
  der_pkcs8(&want, arc, &choice, 0, 0, NULL, 0);
  CHECK(encode_der(&key, MLKEM_KEYFILE_BOTH, out, sizeof out, &len, &err) ==
            MLKEM_KEYFILE_OK &&
        len == want.n && memcmp(out, want.b, len) == 0);
  der_spki(&want, arc, key.ek, kem->ek_bytes, 0);
  CHECK(encode_der(&key, MLKEM_KEYFILE_PUBLIC, out, sizeof out, &len, &err) ==
            MLKEM_KEYFILE_OK &&
        len == want.n && memcmp(out, want.b, len) == 0);

  /* Every proper prefix of each DER is refused, never a partial key. */
  for (form = MLKEM_KEYFILE_PUBLIC; form <= MLKEM_KEYFILE_BOTH; form++) {
    int all = 1;
    CHECK(encode_der(&key, form, out, sizeof out, &len, &err) ==
          MLKEM_KEYFILE_OK);
    for (i = 0; i < len; i++) {
      memset(&got, 0x5a, sizeof got);
      if (mlkem_keyfile_decode_der(&got, out, i, &err) == MLKEM_KEYFILE_OK ||
          !all_zero(&got, sizeof got))
        all = 0;
    }
    CHECKF(all, "%s: every prefix of the %s DER refused and wiped", kem->name,
           type_name(form));
    out[len] = 0;
    expect_der_error(out, len + 1, MLKEM_KEYFILE_ERR_DER, "trailing byte");
  }

  /* Wrong OIDs; parameters present. */
  der_choice_seed(&choice, seed, 64);
  der_pkcs8(&bad, 4, &choice, 0, 0, NULL, 0);
  expect_der_error(bad.b, bad.n, MLKEM_KEYFILE_ERR_OID, "OID arc 4 (private)");
  der_spki(&bad, 0, key.ek, kem->ek_bytes, 0);
  expect_der_error(bad.b, bad.n, MLKEM_KEYFILE_ERR_OID, "OID arc 0 (public)");
  der_pkcs8(&bad, arc, &choice, 0, 1, NULL, 0);
  expect_der_error(bad.b, bad.n, MLKEM_KEYFILE_ERR_PARAMS,
                   "NULL parameters (private)");
  der_spki(&bad, arc, key.ek, kem->ek_bytes, 1);
  expect_der_error(bad.b, bad.n, MLKEM_KEYFILE_ERR_PARAMS,
                   "NULL parameters (public)");

  /* Version and the optional fields of OneAsymmetricKey. */
  der_pkcs8(&bad, arc, &choice, 1, 0, NULL, 0);
  expect_der_error(bad.b, bad.n, MLKEM_KEYFILE_ERR_VERSION, "version 1");
  {
    static const uint8_t attrs[] = {0xa0, 0x00};
    static const uint8_t pubkey[] = {0x81, 0x01, 0x00};
    der_pkcs8(&bad, arc, &choice, 0, 0, attrs, sizeof attrs);
    expect_der_error(bad.b, bad.n, MLKEM_KEYFILE_ERR_VERSION, "attributes");
    der_pkcs8(&bad, arc, &choice, 0, 0, pubkey, sizeof pubkey);
    expect_der_error(bad.b, bad.n, MLKEM_KEYFILE_ERR_VERSION,
                     "publicKey field");
  }

  /* Wrong lengths. */
  der_choice_seed(&choice, seed, 63);
  der_pkcs8(&bad, arc, &choice, 0, 0, NULL, 0);
  expect_der_error(bad.b, bad.n, MLKEM_KEYFILE_ERR_LENGTH, "63-byte seed");
  der_choice_seed(&choice, key.dk, 65);
  der_pkcs8(&bad, arc, &choice, 0, 0, NULL, 0);
  expect_der_error(bad.b, bad.n, MLKEM_KEYFILE_ERR_LENGTH, "65-byte seed");
  der_choice_expanded(&choice, key.dk, kem->dk_bytes - 1);
  der_pkcs8(&bad, arc, &choice, 0, 0, NULL, 0);
  expect_der_error(bad.b, bad.n, MLKEM_KEYFILE_ERR_LENGTH,
                   "short expanded key");
  der_choice_both(&choice, seed, 64, key.dk, kem->dk_bytes + 1);
  der_pkcs8(&bad, arc, &choice, 0, 0, NULL, 0);
  expect_der_error(bad.b, bad.n, MLKEM_KEYFILE_ERR_LENGTH,
                   "long expanded key in both");
  der_choice_both(&choice, seed, 32, key.dk, kem->dk_bytes);
  der_pkcs8(&bad, arc, &choice, 0, 0, NULL, 0);
  expect_der_error(bad.b, bad.n, MLKEM_KEYFILE_ERR_LENGTH,
                   "short seed in both");
  der_spki(&bad, arc, key.ek, kem->ek_bytes - 1, 0);
  expect_der_error(bad.b, bad.n, MLKEM_KEYFILE_ERR_LENGTH, "short ek");
  /* An ML-KEM-768 OID on a key of another set's size. */
  der_spki(&bad, (uint8_t)(arc == 2 ? 3 : 2), key.ek, kem->ek_bytes, 0);
  expect_der_error(bad.b, bad.n, MLKEM_KEYFILE_ERR_LENGTH, "ek of another set");

  /* The CHOICE told apart by tag: a seed under the expandedKey tag is a
   * wrong-length expanded key, not a seed. */
  der_choice_expanded(&choice, seed, 64);
  der_pkcs8(&bad, arc, &choice, 0, 0, NULL, 0);
  expect_der_error(bad.b, bad.n, MLKEM_KEYFILE_ERR_LENGTH,
                   "seed under tag 0x04");
  choice.n = 0;
  der_tlv(&choice, 0x81, seed, 64);
  der_pkcs8(&bad, arc, &choice, 0, 0, NULL, 0);
  expect_der_error(bad.b, bad.n, MLKEM_KEYFILE_ERR_DER, "seed under tag [1]");
  choice.n = 0;
  der_tlv(&choice, 0xa0, seed, 64);
  der_pkcs8(&bad, arc, &choice, 0, 0, NULL, 0);
  expect_der_error(bad.b, bad.n, MLKEM_KEYFILE_ERR_DER, "constructed [0]");
  der_choice_seed(&choice, seed, 64);
  der_tlv(&choice, 0x05, NULL, 0);
  der_pkcs8(&bad, arc, &choice, 0, 0, NULL, 0);
  expect_der_error(bad.b, bad.n, MLKEM_KEYFILE_ERR_DER, "data after the seed");
  choice.n = 0;
  der_pkcs8(&bad, arc, &choice, 0, 0, NULL, 0);
  expect_der_error(bad.b, bad.n, MLKEM_KEYFILE_ERR_DER, "empty privateKey");
  /* The both SEQUENCE of a draft before RFC 9935: expandedKey [1]. */
  {
    der_buf c = {{0}, 0};
    der_tlv(&c, 0x04, seed, 64);
    der_tlv(&c, 0x81, key.dk, kem->dk_bytes);
    der_wrap(&choice, 0x30, &c);
    der_pkcs8(&bad, arc, &choice, 0, 0, NULL, 0);
    expect_der_error(bad.b, bad.n, MLKEM_KEYFILE_ERR_DER,
                     "both with expandedKey [1]");
  }

  /* Non-reduced ek: coefficient 0 set to q = 3329 (0xd01). */
  {
    static uint8_t ek[MLKEM_KEYFILE_MAX_EK_BYTES];
    memcpy(ek, key.ek, kem->ek_bytes);
    ek[0] = 0x01;
    ek[1] = (uint8_t)((ek[1] & 0xf0) | 0x0d);
    der_spki(&bad, arc, ek, kem->ek_bytes, 0);
    expect_der_error(bad.b, bad.n, MLKEM_KEYFILE_ERR_INVALID_EK,
                     "ek with q (SPKI)");
    expect_raw_error(alg, MLKEM_KEYFILE_PUBLIC, ek, kem->ek_bytes,
                     MLKEM_KEYFILE_ERR_INVALID_EK, "non-reduced ek");
  }
  /* Expanded key: H(ek) changed fails the hash check; a non-reduced ek
   * with its hash recomputed passes it but fails the modulus check. */
  {
    static uint8_t dk[MLKEM_KEYFILE_MAX_DK_BYTES];
    memcpy(dk, key.dk, kem->dk_bytes);
    dk[ekoff + kem->ek_bytes] ^= 1;
    der_choice_expanded(&choice, dk, kem->dk_bytes);
    der_pkcs8(&bad, arc, &choice, 0, 0, NULL, 0);
    expect_der_error(bad.b, bad.n, MLKEM_KEYFILE_ERR_INVALID_DK,
                     "H(ek) changed");
    expect_raw_error(alg, MLKEM_KEYFILE_EXPANDED, dk, kem->dk_bytes,
                     MLKEM_KEYFILE_ERR_INVALID_DK, "hash check failed");

    memcpy(dk, key.dk, kem->dk_bytes);
    dk[ekoff] = 0xff;
    dk[ekoff + 1] |= 0x0f; /* coefficient 0 = 4095 */
    mlkem_sha3_256(h, dk + ekoff, kem->ek_bytes);
    memcpy(dk + ekoff + kem->ek_bytes, h, 32);
    der_choice_expanded(&choice, dk, kem->dk_bytes);
    der_pkcs8(&bad, arc, &choice, 0, 0, NULL, 0);
    expect_der_error(bad.b, bad.n, MLKEM_KEYFILE_ERR_INVALID_EK,
                     "non-reduced ek inside dk");

    /* both: a different seed, or a changed dk, disagree. */
    der_choice_both(&choice, seed, 64, dk, kem->dk_bytes);
    der_pkcs8(&bad, arc, &choice, 0, 0, NULL, 0);
    expect_der_error(bad.b, bad.n, MLKEM_KEYFILE_ERR_MISMATCH,
                     "both, dk changed");
    {
      uint8_t other[64];
      seed_for(other, 100);
      der_choice_both(&choice, other, 64, key.dk, kem->dk_bytes);
      der_pkcs8(&bad, arc, &choice, 0, 0, NULL, 0);
      expect_der_error(bad.b, bad.n, MLKEM_KEYFILE_ERR_MISMATCH,
                       "both, other seed");
      CHECK(mlkem_keyfile_decode_der(&got, bad.b, bad.n, &err) ==
                MLKEM_KEYFILE_ERR_MISMATCH &&
            strstr(err.msg, "seed and expanded key disagree") != NULL);
    }
    /* z changed: the hash check cannot see it, the seed comparison does. */
    memcpy(dk, key.dk, kem->dk_bytes);
    dk[kem->dk_bytes - 1] ^= 0x80;
    der_choice_both(&choice, seed, 64, dk, kem->dk_bytes);
    der_pkcs8(&bad, arc, &choice, 0, 0, NULL, 0);
    expect_der_error(bad.b, bad.n, MLKEM_KEYFILE_ERR_MISMATCH,
                     "both, z changed");
  }

  /* An expanded key has no seed to write. */
  der_choice_expanded(&choice, key.dk, kem->dk_bytes);
  der_pkcs8(&bad, arc, &choice, 0, 0, NULL, 0);
  CHECK(mlkem_keyfile_decode_der(&got, bad.b, bad.n, &err) == MLKEM_KEYFILE_OK);
  CHECK(got.type == MLKEM_KEYFILE_EXPANDED && all_zero(got.seed, 64));
  CHECK(mlkem_keyfile_encode(&got, MLKEM_KEYFILE_SEED, MLKEM_KEYFILE_PEM, out,
                             sizeof out, &len, &err) == MLKEM_KEYFILE_ERR_FORM);
  CHECK(mlkem_keyfile_encode(&got, MLKEM_KEYFILE_BOTH, MLKEM_KEYFILE_DER, out,
                             sizeof out, &len, &err) == MLKEM_KEYFILE_ERR_FORM);
  CHECK(mlkem_keyfile_encode(&got, MLKEM_KEYFILE_SEED, MLKEM_KEYFILE_RAW, out,
                             sizeof out, &len, &err) == MLKEM_KEYFILE_ERR_FORM);
  CHECK(mlkem_keyfile_encode(&got, MLKEM_KEYFILE_EXPANDED, MLKEM_KEYFILE_DER,
                             out, sizeof out, &len, &err) == MLKEM_KEYFILE_OK &&
        len == bad.n && memcmp(out, bad.b, len) == 0);
  /* A public key has no private form. */
  der_spki(&want, arc, key.ek, kem->ek_bytes, 0);
  CHECK(mlkem_keyfile_decode_der(&got, want.b, want.n, &err) ==
            MLKEM_KEYFILE_OK &&
        got.type == MLKEM_KEYFILE_PUBLIC && all_zero(got.dk, sizeof got.dk));
  for (form = MLKEM_KEYFILE_SEED; form <= MLKEM_KEYFILE_BOTH; form++)
    for (enc = MLKEM_KEYFILE_PEM; enc <= MLKEM_KEYFILE_RAW; enc++)
      CHECK(mlkem_keyfile_encode(&got, form, enc, out, sizeof out, &len,
                                 &err) == MLKEM_KEYFILE_ERR_FORM &&
            strstr(err.msg, "no private form") != NULL);

  /* PEM labels must fit the contents. */
  {
    static char pem[MLKEM_KEYFILE_MAX_PEM];
    static const char *const swapped[2] = {"PRIVATE KEY", "PUBLIC KEY"};
    size_t pl;
    /* The public key under the private label, and the other way round. */
    for (i = 0; i < 2; i++) {
      CHECK(encode_der(&key, i == 0 ? MLKEM_KEYFILE_PUBLIC : MLKEM_KEYFILE_SEED,
                       out, sizeof out, &len, &err) == MLKEM_KEYFILE_OK);
      CHECK(mlkem_pem_encode(swapped[i], out, len, pem, sizeof pem, &pl) ==
            MLKEM_PEM_OK);
      CHECK(mlkem_keyfile_decode(&got, (uint8_t *)pem, pl, NULL, &err) ==
                MLKEM_KEYFILE_ERR_PEM_LABEL &&
            all_zero(&got, sizeof got));
    }
    CHECK(mlkem_pem_encode("ENCRYPTED PRIVATE KEY", out, len, pem, sizeof pem,
                           &pl) == MLKEM_PEM_OK);
    CHECK(mlkem_keyfile_decode(&got, (uint8_t *)pem, pl, NULL, &err) ==
              MLKEM_KEYFILE_ERR_PEM_LABEL &&
          strstr(err.msg, "wrong PEM label"));
    /* Truncated PEM (cut before the END line), and a bad character. */
    CHECK(mlkem_pem_encode("PRIVATE KEY", out, len, pem, sizeof pem, &pl) ==
          MLKEM_PEM_OK);
    CHECK(mlkem_keyfile_decode(&got, (uint8_t *)pem, pl - 20, NULL, &err) ==
              MLKEM_KEYFILE_ERR_PEM_TRUNCATED &&
          strstr(err.msg, "truncated PEM"));
    pem[40] = '!';
    CHECK(mlkem_keyfile_decode(&got, (uint8_t *)pem, pl, NULL, &err) ==
              MLKEM_KEYFILE_ERR_PEM_BASE64 &&
          strstr(err.msg, "bad base64"));
    /* PEM only, DER only. */
    CHECK(mlkem_keyfile_decode_pem(&got, out, len, &err) ==
          MLKEM_KEYFILE_ERR_PEM_SYNTAX);
    CHECK(mlkem_pem_encode("PRIVATE KEY", out, len, pem, sizeof pem, &pl) ==
          MLKEM_PEM_OK);
    CHECK(mlkem_keyfile_decode_der(&got, (uint8_t *)pem, pl, &err) ==
          MLKEM_KEYFILE_ERR_DER);
    CHECK(mlkem_keyfile_decode_pem(&got, (uint8_t *)pem, pl, &err) ==
              MLKEM_KEYFILE_OK &&
          got.encoding == MLKEM_KEYFILE_PEM && got.type == MLKEM_KEYFILE_SEED);
  }

  /* Raw: a seed needs its set; sizes are recognised exactly. */
  CHECK(mlkem_keyfile_decode(&got, seed, 64, NULL, &err) ==
        MLKEM_KEYFILE_ERR_NEED_ALG);
  CHECK(mlkem_keyfile_decode(&got, seed, 64, alg, &err) == MLKEM_KEYFILE_OK &&
        got.encoding == MLKEM_KEYFILE_RAW && got.type == MLKEM_KEYFILE_SEED &&
        memcmp(got.dk, key.dk, kem->dk_bytes) == 0);
  CHECK(mlkem_keyfile_decode(&got, key.ek, kem->ek_bytes - 1, NULL, &err) ==
            MLKEM_KEYFILE_ERR_LENGTH &&
        strstr(err.msg, "wrong length"));
  CHECK(mlkem_keyfile_decode(&got, key.dk, kem->dk_bytes, NULL, &err) ==
            MLKEM_KEYFILE_OK &&
        got.type == MLKEM_KEYFILE_EXPANDED &&
        got.encoding == MLKEM_KEYFILE_RAW &&
        memcmp(got.ek, key.ek, kem->ek_bytes) == 0);
  /* from_raw: each kind, each wrong length. */
  CHECK(mlkem_keyfile_from_raw(&got, alg, MLKEM_KEYFILE_EXPANDED, key.dk,
                               kem->dk_bytes, &err) == MLKEM_KEYFILE_OK &&
        got.type == MLKEM_KEYFILE_EXPANDED &&
        memcmp(got.ek, key.ek, kem->ek_bytes) == 0);
  CHECK(mlkem_keyfile_from_raw(&got, alg, MLKEM_KEYFILE_PUBLIC, key.ek,
                               kem->ek_bytes, &err) == MLKEM_KEYFILE_OK &&
        got.type == MLKEM_KEYFILE_PUBLIC && all_zero(got.dk, sizeof got.dk));
  CHECK(mlkem_keyfile_from_raw(&got, alg, MLKEM_KEYFILE_SEED, seed, 63, &err) ==
        MLKEM_KEYFILE_ERR_LENGTH);
  CHECK(mlkem_keyfile_from_raw(&got, alg, MLKEM_KEYFILE_EXPANDED, key.dk,
                               kem->dk_bytes + 1,
                               &err) == MLKEM_KEYFILE_ERR_LENGTH);
  CHECK(mlkem_keyfile_from_raw(&got, alg, MLKEM_KEYFILE_PUBLIC, key.ek,
                               kem->dk_bytes,
                               &err) == MLKEM_KEYFILE_ERR_LENGTH);
  CHECK(mlkem_keyfile_from_raw(&got, alg, MLKEM_KEYFILE_BOTH, seed, 64, &err) ==
            MLKEM_KEYFILE_ERR_FORM &&
        all_zero(&got, sizeof got));
  mlkem_keyfile_wipe(&key);
  CHECK(all_zero(&key, sizeof key));
}

static void test_keyfile_misc(void) {
  static mlkem_keyfile_key key;
  static der_buf bad, choice;
  uint8_t seed[64];
  mlkem_keyfile_error err;
  static const uint8_t rsa_oid[] = {0x2a, 0x86, 0x48, 0x86, 0xf7,
                                    0x0d, 0x01, 0x01, 0x01};
  size_t i;

  /* An RSA SPKI: wrong OID, named in dotted form, with the known ones. */
  {
    der_buf alg = {{0}, 0}, body = {{0}, 0}, oid = {{0}, 0};
    static const uint8_t bits[] = {0x00, 0x30, 0x00};
    der_tlv(&oid, 0x06, rsa_oid, sizeof rsa_oid);
    der_tlv(&oid, 0x05, NULL, 0);
    der_tlv(&alg, 0x30, oid.b, oid.n);
    der_put(&body, alg.b, alg.n);
    der_tlv(&body, 0x03, bits, sizeof bits);
    der_wrap(&bad, 0x30, &body);
    CHECK(mlkem_keyfile_decode_der(&key, bad.b, bad.n, &err) ==
          MLKEM_KEYFILE_ERR_OID);
    CHECKF(strcmp(err.msg,
                  "wrong OID: algorithm 1.2.840.113549.1.1.1 is not ML-KEM "
                  "or X-Wing (2.16.840.1.101.3.4.4.1, .2, .3 or "
                  "1.3.6.1.4.1.62253.25722)") == 0,
           "wrong OID message: %s", err.msg);
  }
  /* Non-minimal outer length. */
  seed_for(seed, 9);
  der_choice_seed(&choice, seed, 64);
  der_pkcs8(&bad, 2, &choice, 0, 0, NULL, 0);
  {
    uint8_t nm[100];
    nm[0] = 0x30;
    nm[1] = 0x81;
    memcpy(nm + 2, bad.b + 1, bad.n - 1);
    expect_der_error(nm, bad.n + 1, MLKEM_KEYFILE_ERR_DER,
                     "non-minimal outer length");
  }
  /* A non-minimal version INTEGER. */
  {
    der_buf c = {{0}, 0};
    static const uint8_t v[] = {0x00, 0x00};
    der_tlv(&c, 0x02, v, 2);
    der_alg_id(&c, 2, 0);
    der_tlv(&c, 0x04, choice.b, choice.n);
    der_wrap(&bad, 0x30, &c);
    expect_der_error(bad.b, bad.n, MLKEM_KEYFILE_ERR_DER,
                     "non-minimal version");
  }
  /* Not PEM, not DER, no raw size; empty; a lone SEQUENCE. */
  expect_any_error((const uint8_t *)"hello", 5, "text");
  CHECK(mlkem_keyfile_decode(&key, (const uint8_t *)"", 0, NULL, &err) ==
        MLKEM_KEYFILE_ERR_EMPTY);
  CHECK(mlkem_keyfile_decode(&key, NULL, 0, NULL, &err) ==
        MLKEM_KEYFILE_ERR_EMPTY);
  expect_any_error((const uint8_t *)"\x30\x00", 2, "empty SEQUENCE");
  expect_any_error((const uint8_t *)"\x30\x01\x05", 3, "junk SEQUENCE");
  /* The message of a raw key of no size names every size. */
  CHECK(mlkem_keyfile_decode(&key, (const uint8_t *)"hello", 5, NULL, &err) ==
        MLKEM_KEYFILE_ERR_LENGTH);
  CHECKF(strcmp(err.msg,
                "wrong length: not PEM or DER, and 5 bytes is not the size of "
                "a raw ML-KEM or X-Wing key (ek 800/1184/1568/1216, dk "
                "1632/2400/3168, seed 64/32)") == 0,
         "raw length message: %s", err.msg);
  /* Random inputs of every length up to 300 (and the raw sizes) never
   * decode to a key (a random raw ek would be refused by the modulus
   * check with overwhelming probability; the sizes are skipped). */
  {
    test_rng rng;
    static uint8_t junk[4000];
    int refused = 1;
    test_rng_init(&rng, "cli junk");
    for (i = 0; i < 300; i++) {
      if (i == 64) continue;
      test_rng_bytes(&rng, junk, i);
      if (mlkem_keyfile_decode(&key, junk, i, NULL, &err) == MLKEM_KEYFILE_OK)
        refused = 0;
      junk[0] = 0x30;
      if (mlkem_keyfile_decode(&key, junk, i, NULL, &err) == MLKEM_KEYFILE_OK)
        refused = 0;
    }
    CHECK(refused);
  }
}

/* ---- RFC 9935's examples ------------------------------------------------ */

/* Reads a file with mlkem_keyfile_decode; expects `want` (and on success
 * a PEM key of type `type`). */
static void read_example(const char *rel, int want, mlkem_keyfile_type type,
                         mlkem_keyfile_key *key) {
  mlkem_keyfile_error err;
  size_t len;
  uint8_t *data = read_vector(rel, &len);
  int rc = mlkem_keyfile_decode(key, data, len, NULL, &err);
  CHECKF(rc == want, "%s: got %d (%s), want %d", rel, rc, err.msg, want);
  if (rc == MLKEM_KEYFILE_OK)
    CHECKF(key->type == type && key->encoding == MLKEM_KEYFILE_PEM,
           "%s: read as a %s key", rel, type_name(type));
  free(data);
}

static void test_rfc9935_examples(void) {
  static mlkem_keyfile_key seed_key, expanded, both, pub, bad;
  static const char *const sets[] = {"512", "768", "1024"};
  char path[128];
  uint8_t seed[64], ek[MLKEM_KEYFILE_MAX_EK_BYTES],
      dk[MLKEM_KEYFILE_MAX_DK_BYTES];
  size_t i;
  for (i = 0; i < 64; i++) seed[i] = (uint8_t)i; /* 000102...3e3f */
  for (i = 0; i < 3; i++) {
    const mlkem_kem *kem = mlkem_kem_by_name(sets[i]);
    const char *forms[3] = {"seed", "expanded", "both"};
    mlkem_keyfile_key *keys[3] = {&seed_key, &expanded, &both};
    mlkem_keyfile_type types[3] = {MLKEM_KEYFILE_SEED, MLKEM_KEYFILE_EXPANDED,
                                   MLKEM_KEYFILE_BOTH};
    size_t f, g;
    for (f = 0; f < 3; f++) {
      snprintf(path, sizeof path, "rfc9935-examples/ML-KEM-%s-%s.priv", sets[i],
               forms[f]);
      read_example(path, MLKEM_KEYFILE_OK, types[f], keys[f]);
      CHECK(keys[f]->kem == kem);
    }
    snprintf(path, sizeof path, "rfc9935-examples/ML-KEM-%s.pub", sets[i]);
    read_example(path, MLKEM_KEYFILE_OK, MLKEM_KEYFILE_PUBLIC, &pub);
    /* The seed of the examples, the key pair KeyGen_internal makes of it,
     * in every file. */
    CHECK(kem->keygen_derand(ek, dk, seed) == 0);
    CHECK_MEM(seed_key.seed, seed, 64, "the seed of the seed form");
    CHECK_MEM(both.seed, seed, 64, "the seed of the both form");
    CHECK(all_zero(expanded.seed, 64));
    for (f = 0; f < 3; f++) {
      CHECK_MEM(keys[f]->dk, dk, kem->dk_bytes, "dk of each form");
      CHECK_MEM(keys[f]->ek, ek, kem->ek_bytes, "ek of each form");
    }
    CHECK_MEM(pub.ek, ek, kem->ek_bytes, "the public key file's ek");
    /* Written back byte for byte: each key in every form it has. */
    for (f = 0; f < 3; f++)
      for (g = 0; g < 3; g++) {
        if (has_seed(types[g]) && !has_seed(types[f])) continue;
        snprintf(path, sizeof path, "rfc9935-examples/ML-KEM-%s-%s.priv",
                 sets[i], forms[g]);
        writes_as(keys[f], types[g], path);
      }
    snprintf(path, sizeof path, "rfc9935-examples/ML-KEM-%s.pub", sets[i]);
    for (f = 0; f < 3; f++) writes_as(keys[f], MLKEM_KEYFILE_PUBLIC, path);
    writes_as(&pub, MLKEM_KEYFILE_PUBLIC, path);
    if (i == 0) {
      /* The inconsistent keys (RFC 9935, "Examples of Bad Private Keys"):
       * 1 and 4 disagree with their seed (4 in z only); 3 fails the hash
       * check; 2, with s_0 changed and H(ek) intact, passes every check
       * of FIPS 203 section 7.3, as the RFC says: only a pairwise test
       * would find it. */
      read_example("rfc9935-examples/bad-ML-KEM-512-1.priv",
                   MLKEM_KEYFILE_ERR_MISMATCH, MLKEM_KEYFILE_BOTH, &bad);
      read_example("rfc9935-examples/bad-ML-KEM-512-2.priv", MLKEM_KEYFILE_OK,
                   MLKEM_KEYFILE_EXPANDED, &bad);
      CHECK(memcmp(bad.dk, dk, 384) != 0 &&
            memcmp(bad.dk + 384, dk + 384, kem->dk_bytes - 384) == 0);
      read_example("rfc9935-examples/bad-ML-KEM-512-3.priv",
                   MLKEM_KEYFILE_ERR_INVALID_DK, MLKEM_KEYFILE_EXPANDED, &bad);
      read_example("rfc9935-examples/bad-ML-KEM-512-4.priv",
                   MLKEM_KEYFILE_ERR_MISMATCH, MLKEM_KEYFILE_BOTH, &bad);
    }
  }
  mlkem_keyfile_wipe(&seed_key);
  mlkem_keyfile_wipe(&expanded);
  mlkem_keyfile_wipe(&both);
}

/* ---- the contracts of the header ---------------------------------------- */

static const int all_codes[] = {
    MLKEM_KEYFILE_ERR_PEM_TRUNCATED, MLKEM_KEYFILE_ERR_PEM_BASE64,
    MLKEM_KEYFILE_ERR_PEM_LABEL,     MLKEM_KEYFILE_ERR_PEM_SYNTAX,
    MLKEM_KEYFILE_ERR_DER,           MLKEM_KEYFILE_ERR_VERSION,
    MLKEM_KEYFILE_ERR_OID,           MLKEM_KEYFILE_ERR_PARAMS,
    MLKEM_KEYFILE_ERR_LENGTH,        MLKEM_KEYFILE_ERR_INVALID_EK,
    MLKEM_KEYFILE_ERR_INVALID_DK,    MLKEM_KEYFILE_ERR_MISMATCH,
    MLKEM_KEYFILE_ERR_EMPTY,         MLKEM_KEYFILE_ERR_NEED_ALG,
    MLKEM_KEYFILE_ERR_FORM,          MLKEM_KEYFILE_ERR_BUFFER,
    MLKEM_KEYFILE_ERR_ARGUMENT,      MLKEM_KEYFILE_ERR_LIBRARY};

static void test_codes_and_names(void) {
  size_t i, j, n = sizeof all_codes / sizeof all_codes[0];
  const char *unknown = mlkem_keyfile_strerror(12345);
  CHECK(strcmp(mlkem_keyfile_strerror(MLKEM_KEYFILE_OK), unknown) != 0);
  for (i = 0; i < n; i++) {
    int c = all_codes[i];
    /* The range of the header, and no code of mlkem.h. */
    CHECKF(c <= -101 && c > -200, "code %d in -101..-199", c);
    CHECKF(strcmp(mlkem_strerror(c), mlkem_strerror(-12345)) == 0,
           "code %d is not an MLKEM_ERR_* code", c);
    CHECKF(strcmp(mlkem_keyfile_strerror(c), unknown) != 0,
           "code %d has a name", c);
    for (j = 0; j < i; j++)
      CHECKF(all_codes[j] != c && strcmp(mlkem_keyfile_strerror(all_codes[j]),
                                         mlkem_keyfile_strerror(c)) != 0,
             "codes %d and %d differ", all_codes[j], c);
  }
  for (i = 1; i <= 8; i++)
    CHECKF(strcmp(mlkem_keyfile_strerror(-(int)i), unknown) == 0,
           "MLKEM_ERR code -%zu is no key-file code", i);

  /* The descriptors: one per set, in order, as the library's. */
  for (i = 0; mlkem_kems[i] != NULL; i++) {
    const mlkem_keyfile_alg *a = mlkem_keyfile_algs[i];
    const mlkem_keyfile_entry *e = mlkem_keyfile_table[i];
    char text[64];
    CHECK(a != NULL && a == &e->alg);
    CHECK(strcmp(a->name, mlkem_kems[i]->name) == 0);
    CHECK(a->ek_bytes == mlkem_kems[i]->ek_bytes &&
          a->dk_bytes == mlkem_kems[i]->dk_bytes &&
          a->seed_bytes == mlkem_kems[i]->seed_bytes);
    /* The dotted OID is the one the table encodes. */
    mlkem_der_oid_to_text(e->oid, e->oid_len, text, sizeof text);
    CHECKF(strcmp(text, a->oid) == 0, "%s: OID %s, encoded %s", a->name, a->oid,
           text);
    CHECK(mlkem_keyfile_alg_by_name(mlkem_kems[i]->name) == a);
    CHECK(mlkem_keyfile_alg_by_name(mlkem_kems[i]->name + 7) == a);
  }
  CHECK(i == 3 && mlkem_keyfile_algs[3] != NULL);
  CHECK(mlkem_keyfile_alg_by_name("X-Wing") == mlkem_keyfile_algs[3]);
  CHECK(mlkem_keyfile_alg_by_name("x-wing") == NULL); /* its exact name */
  CHECK(mlkem_keyfile_alg_by_name("ml-kem-1024") == mlkem_keyfile_algs[2]);
  CHECK(mlkem_keyfile_alg_by_name("ML-KEM-769") == NULL);
  CHECK(mlkem_keyfile_alg_by_name("") == NULL);
  CHECK(mlkem_keyfile_alg_by_name(NULL) == NULL);
}

/* A key with a poisoned fill must come back all zeros from a refused
 * call; an output buffer all zeros and *out_len 0. */
static void test_contracts(void) {
  static mlkem_keyfile_key key, good;
  static uint8_t out[MLKEM_KEYFILE_MAX_PEM + 16], der[MLKEM_KEYFILE_MAX_DER];
  const mlkem_keyfile_alg *alg = mlkem_keyfile_algs[2];
  mlkem_keyfile_alg copy;
  mlkem_keyfile_error err;
  mlkem_keyfile_type form;
  mlkem_keyfile_encoding enc;
  uint8_t seed[64];
  size_t len, need, der_len, caps[4], c;
  int rc;

  seed_for(seed, 3);
  CHECK(mlkem_keyfile_from_raw(&good, alg, MLKEM_KEYFILE_SEED, seed, 64,
                               NULL) == MLKEM_KEYFILE_OK);
  CHECK(encode_der(&good, MLKEM_KEYFILE_BOTH, der, sizeof der, &der_len,
                   NULL) == MLKEM_KEYFILE_OK);

  /* err may be NULL; on success err says so. */
  memset(&err, 0x5a, sizeof err);
  CHECK(mlkem_keyfile_decode(&key, der, der_len, NULL, &err) ==
            MLKEM_KEYFILE_OK &&
        err.code == 0 && err.msg[0] == '\0');
  CHECK(mlkem_keyfile_decode(&key, der, der_len - 1, NULL, NULL) ==
            MLKEM_KEYFILE_ERR_DER &&
        all_zero(&key, sizeof key));

  /* NULL pointers and values outside the enumerations. */
#define REFUSED(call)                                                       \
  do {                                                                      \
    memset(&key, 0x5a, sizeof key);                                         \
    memset(&err, 0, sizeof err);                                            \
    rc = (call);                                                            \
    CHECKF(rc == MLKEM_KEYFILE_ERR_ARGUMENT && err.code == rc &&            \
               err.msg[0] != '\0' && all_zero(&key, sizeof key),            \
           "%s: refused as an argument error, key zeroed (%d)", #call, rc); \
  } while (0)
  REFUSED(mlkem_keyfile_decode(&key, NULL, 5, NULL, &err));
  REFUSED(mlkem_keyfile_decode_pem(&key, NULL, 5, &err));
  REFUSED(mlkem_keyfile_decode_der(&key, NULL, 5, &err));
  REFUSED(
      mlkem_keyfile_from_raw(&key, NULL, MLKEM_KEYFILE_SEED, seed, 64, &err));
  REFUSED(
      mlkem_keyfile_from_raw(&key, alg, (mlkem_keyfile_type)0, seed, 64, &err));
  REFUSED(
      mlkem_keyfile_from_raw(&key, alg, (mlkem_keyfile_type)5, seed, 64, &err));
  REFUSED(
      mlkem_keyfile_from_raw(&key, alg, MLKEM_KEYFILE_SEED, NULL, 64, &err));
  /* A descriptor is one of the library's, not a copy of one. */
  copy = *alg;
  REFUSED(
      mlkem_keyfile_from_raw(&key, &copy, MLKEM_KEYFILE_SEED, seed, 64, &err));
  REFUSED(mlkem_keyfile_decode(&key, seed, 64, &copy, &err));
#undef REFUSED
  CHECK(mlkem_keyfile_decode(NULL, der, der_len, NULL, &err) ==
        MLKEM_KEYFILE_ERR_ARGUMENT);
  CHECK(mlkem_keyfile_from_raw(NULL, alg, MLKEM_KEYFILE_SEED, seed, 64, &err) ==
        MLKEM_KEYFILE_ERR_ARGUMENT);

#define ENCODE_REFUSED(k, f, e, o, cap, l, want)                          \
  do {                                                                    \
    uint8_t *o_ = (o);                                                    \
    size_t *l_ = (l);                                                     \
    memset(out, TEST_FILL, sizeof out);                                   \
    len = 99;                                                             \
    rc = mlkem_keyfile_encode((k), (f), (e), o_, (cap), l_, &err);        \
    CHECKF(rc == (want) && err.code == rc, "encode refused with %d (%d)", \
           (want), rc);                                                   \
    CHECK(len == 0 || l_ == NULL);                                        \
    if (o_ != NULL)                                                       \
      CHECK(all_zero(out, (cap)) &&                                       \
            test_all_bytes(out + (cap), sizeof out - (cap), TEST_FILL));  \
  } while (0)
  ENCODE_REFUSED(NULL, MLKEM_KEYFILE_SEED, MLKEM_KEYFILE_PEM, out, 100, &len,
                 MLKEM_KEYFILE_ERR_ARGUMENT);
  ENCODE_REFUSED(&good, MLKEM_KEYFILE_SEED, MLKEM_KEYFILE_PEM, NULL, 100, &len,
                 MLKEM_KEYFILE_ERR_ARGUMENT);
  ENCODE_REFUSED(&good, MLKEM_KEYFILE_SEED, MLKEM_KEYFILE_PEM, out, 100, NULL,
                 MLKEM_KEYFILE_ERR_ARGUMENT);
  ENCODE_REFUSED(&good, (mlkem_keyfile_type)0, MLKEM_KEYFILE_PEM, out, 100,
                 &len, MLKEM_KEYFILE_ERR_ARGUMENT);
  ENCODE_REFUSED(&good, MLKEM_KEYFILE_SEED, (mlkem_keyfile_encoding)4, out, 100,
                 &len, MLKEM_KEYFILE_ERR_ARGUMENT);
  key = good;
  key.alg = &copy;
  ENCODE_REFUSED(&key, MLKEM_KEYFILE_SEED, MLKEM_KEYFILE_PEM, out, 100, &len,
                 MLKEM_KEYFILE_ERR_ARGUMENT);
  key = good;
  key.type = (mlkem_keyfile_type)7;
  ENCODE_REFUSED(&key, MLKEM_KEYFILE_SEED, MLKEM_KEYFILE_PEM, out, 100, &len,
                 MLKEM_KEYFILE_ERR_ARGUMENT);
  mlkem_keyfile_wipe(&key);

  /* Buffer too small: every form and encoding, by one byte, by all but
   * one, and empty; the exact size and one more succeed. */
  for (form = MLKEM_KEYFILE_PUBLIC; form <= MLKEM_KEYFILE_BOTH; form++)
    for (enc = MLKEM_KEYFILE_PEM; enc <= MLKEM_KEYFILE_RAW; enc++) {
      if (form == MLKEM_KEYFILE_BOTH && enc == MLKEM_KEYFILE_RAW) continue;
      CHECK(mlkem_keyfile_encode(&good, form, enc, out, sizeof out, &need,
                                 &err) == MLKEM_KEYFILE_OK);
      CHECK(need <= MLKEM_KEYFILE_MAX_PEM);
      caps[0] = 0;
      caps[1] = 1;
      caps[2] = need / 2;
      caps[3] = need - 1;
      for (c = 0; c < 4; c++)
        ENCODE_REFUSED(&good, form, enc, out, caps[c], &len,
                       MLKEM_KEYFILE_ERR_BUFFER);
      CHECK(mlkem_keyfile_encode(&good, form, enc, out, need, &len, &err) ==
                MLKEM_KEYFILE_OK &&
            len == need);
      CHECK(mlkem_keyfile_encode(&good, form, enc, out, need + 1, &len, &err) ==
                MLKEM_KEYFILE_OK &&
            len == need);
    }
  /* The largest: ML-KEM-1024, both, PEM (3266 bytes of DER). */
  CHECK(der_len == 3266);
  CHECK(mlkem_keyfile_encode(&good, MLKEM_KEYFILE_BOTH, MLKEM_KEYFILE_PEM, out,
                             MLKEM_KEYFILE_MAX_PEM, &len,
                             &err) == MLKEM_KEYFILE_OK);
#undef ENCODE_REFUSED

  /* PEM longer than any key: refused as too long, not as malformed. */
  {
    static char big[MLKEM_KEYFILE_MAX_PEM * 2];
    size_t i;
    strcpy(big, "-----BEGIN PRIVATE KEY-----\n");
    for (i = 0; i < MLKEM_KEYFILE_MAX_DER / 3 + 10; i++) strcat(big, "AAAA");
    strcat(big, "\n-----END PRIVATE KEY-----\n");
    CHECK(mlkem_keyfile_decode(&key, (const uint8_t *)big, strlen(big), NULL,
                               &err) == MLKEM_KEYFILE_ERR_LENGTH &&
          all_zero(&key, sizeof key));
  }
  mlkem_keyfile_wipe(NULL);
  mlkem_keyfile_wipe(&good);
  CHECK(all_zero(&good, sizeof good));
}

/* ---- stack ------------------------------------------------------------- */

#if defined(__SANITIZE_ADDRESS__)
#define INSTRUMENTED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(memory_sanitizer)
#define INSTRUMENTED 1
#endif
#endif
#ifndef INSTRUMENTED
#define INSTRUMENTED 0
#endif

#if !defined(_WIN32)
/* The deepest calls: a PEM key in the both form, ML-KEM-1024 (PEM to DER,
 * the DER reader, key generation from the seed and the comparison), and a
 * raw Kyber1024-90s seed (the deepest round-3 key generation,
 * docs/SECURITY.md). */
static uint8_t stack_pem[MLKEM_KEYFILE_MAX_PEM];
static size_t stack_pem_len;
static const mlkem_keyfile_alg *stack_alg;
static int stack_rc;

static void deepest_read(void *arg) {
  static mlkem_keyfile_key key;
  (void)arg;
  stack_rc =
      mlkem_keyfile_decode(&key, stack_pem, stack_pem_len, stack_alg, NULL);
  mlkem_keyfile_wipe(&key);
}

static void measure_read(const char *what) {
  ps_stack st;
  size_t depth;
  if (ps_run(&st, 1u << 20, 0xC5, deepest_read, NULL) != 0) {
    CHECK_MSG(0, "could not run on a painted stack");
    return;
  }
  depth = ps_depth(&st, 0xC5);
  ps_free(&st);
  CHECK(stack_rc == MLKEM_KEYFILE_OK);
  printf("stack: reading %s: %zu bytes\n", what, depth);
  /* The bound of the header, where the build is optimised and not
   * instrumented (sanitizers and -O0 make frames larger). */
#if defined(__OPTIMIZE__) && !INSTRUMENTED
  CHECKF(depth <= 32 * 1024, "stack %zu bytes, over the 32 KiB of the header",
         depth);
#endif
}

static void test_stack(void) {
  static mlkem_keyfile_key key;
  uint8_t seed[64];
  seed_for(seed, 5);
  CHECK(mlkem_keyfile_from_raw(&key, mlkem_keyfile_algs[2], MLKEM_KEYFILE_SEED,
                               seed, 64, NULL) == MLKEM_KEYFILE_OK);
  CHECK(mlkem_keyfile_encode(&key, MLKEM_KEYFILE_BOTH, MLKEM_KEYFILE_PEM,
                             stack_pem, sizeof stack_pem, &stack_pem_len,
                             NULL) == MLKEM_KEYFILE_OK);
  stack_alg = NULL;
  measure_read("an ML-KEM-1024 PEM key in the both form");
  memcpy(stack_pem, seed, sizeof seed);
  stack_pem_len = sizeof seed;
  stack_alg = mlkem_keyfile_alg_by_name("Kyber1024-90s");
  measure_read("a raw Kyber1024-90s seed");
  mlkem_keyfile_wipe(&key);
}
#endif

int main(void) {
  size_t i;
  test_backend_banner();
  for (i = 0; mlkem_kems[i] != NULL; i++) test_keyfile_set(mlkem_kems[i]);
  test_keyfile_misc();
  test_rfc9935_examples();
  test_codes_and_names();
  test_contracts();
#if !defined(_WIN32)
  test_stack();
#endif
  return test_summary("test_keyfile");
}
