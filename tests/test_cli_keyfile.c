/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_cli_keyfile.c - the key-file code of the command-line tool (cli/):
 *
 *  - der.c: every length form (short, long, non-minimal, indefinite, too
 *    long, truncated), tags, high tags, the writer's lengths and overflow,
 *    OIDs as text;
 *  - pem.c: round trips for every length 0..200 with 64-character lines,
 *    CRLF and white space, and each refusal (truncated, bad base64
 *    characters, padding and unused bits, label mismatch, trailing data,
 *    empty, too long, headers);
 *  - keyfile.c: for every set, keys written in each private form (seed,
 *    expanded, both) and the public form, in DER, PEM and raw, read back
 *    to the same key and re-encoded to the same bytes; the DER compared
 *    with encodings built here by hand from the structures of RFC 5958,
 *    RFC 5280 and RFC 9935; every refusal (wrong OID, parameters present,
 *    version, attributes, wrong lengths, non-reduced ek, hash check,
 *    seed/expanded mismatch, wrong PEM label, every truncation, trailing
 *    data, non-minimal lengths) with its error code, a one-line message
 *    and a wiped key.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "der.h"
#include "keyfile.h"
#include "mlkem.h"
#include "pem.h"
#include "sha3/sha3.h"
#include "test_util.h"

/* ---- a tiny DER builder of the test's own ------------------------------ */

typedef struct {
  uint8_t b[8192];
  size_t n;
} buf;

static void put(buf *o, const uint8_t *p, size_t n) {
  if (n > 0) memcpy(o->b + o->n, p, n);
  o->n += n;
}

/* Appends tag, minimal length, contents. */
static void tlv(buf *o, uint8_t tag, const uint8_t *c, size_t n) {
  uint8_t h[4];
  size_t k = 0;
  h[k++] = tag;
  if (n < 128) {
    h[k++] = (uint8_t)n;
  } else if (n < 256) {
    h[k++] = 0x81;
    h[k++] = (uint8_t)n;
  } else {
    h[k++] = 0x82;
    h[k++] = (uint8_t)(n >> 8);
    h[k++] = (uint8_t)n;
  }
  put(o, h, k);
  put(o, c, n);
}

static void wrap(buf *out, uint8_t tag, const buf *in) {
  out->n = 0;
  tlv(out, tag, in->b, in->n);
}

static const uint8_t oid_mlkem[9] = {0x60, 0x86, 0x48, 0x01, 0x65,
                                     0x03, 0x04, 0x04, 0x00};

static uint8_t arc_of(const mlkem_kem *kem) {
  return (uint8_t)(kem->rank - 1); /* 512: .1, 768: .2, 1024: .3 */
}

/* AlgorithmIdentifier with the set's OID (or `arc`), optional NULL. */
static void alg_id(buf *o, uint8_t arc, int with_null) {
  buf c = {{0}, 0};
  uint8_t oid[9];
  memcpy(oid, oid_mlkem, 9);
  oid[8] = arc;
  tlv(&c, 0x06, oid, 9);
  if (with_null) tlv(&c, 0x05, NULL, 0);
  tlv(o, 0x30, c.b, c.n);
}

/* PKCS#8 around the DER of a private key CHOICE. */
static void pkcs8(buf *out, uint8_t arc, const buf *choice, int version,
                  int null_params, const uint8_t *extra, size_t extra_n) {
  buf c = {{0}, 0};
  uint8_t v = (uint8_t)version;
  tlv(&c, 0x02, &v, 1);
  alg_id(&c, arc, null_params);
  tlv(&c, 0x04, choice->b, choice->n);
  if (extra_n) put(&c, extra, extra_n);
  wrap(out, 0x30, &c);
}

static void spki(buf *out, uint8_t arc, const uint8_t *ek, size_t n,
                 int null_params) {
  buf c = {{0}, 0};
  static uint8_t bits[2048];
  bits[0] = 0;
  memcpy(bits + 1, ek, n);
  alg_id(&c, arc, null_params);
  tlv(&c, 0x03, bits, n + 1);
  wrap(out, 0x30, &c);
}

static void choice_seed(buf *o, const uint8_t *seed, size_t n) {
  o->n = 0;
  tlv(o, 0x80, seed, n);
}
static void choice_expanded(buf *o, const uint8_t *dk, size_t n) {
  o->n = 0;
  tlv(o, 0x04, dk, n);
}
static void choice_both(buf *o, const uint8_t *seed, size_t sn,
                        const uint8_t *dk, size_t dn) {
  buf c = {{0}, 0};
  tlv(&c, 0x04, seed, sn);
  tlv(&c, 0x04, dk, dn);
  wrap(o, 0x30, &c);
}

/* ---- helpers ----------------------------------------------------------- */

static int all_zero(const void *p, size_t n) {
  return test_all_bytes((const uint8_t *)p, n, 0);
}

/* Decodes DER expecting error `code`; checks the message and the wipe. */
static void expect_der_error(const uint8_t *der, size_t n, int code,
                             const char *what) {
  static kf_key key;
  kf_error err;
  int rc;
  memset(&key, 0x5a, sizeof key);
  rc = kf_decode_der(&key, der, n, &err);
  CHECKF(rc == code, "%s: got code %d (%s), want %d", what, rc, err.msg, code);
  CHECKF(err.code == rc, "%s: err.code matches", what);
  CHECKF(strlen(err.msg) > 0 && strchr(err.msg, '\n') == NULL,
         "%s: one-line message", what);
  CHECKF(all_zero(&key, sizeof key), "%s: key wiped after an error", what);
}

static void expect_any_error(const uint8_t *in, size_t n, const char *what) {
  static kf_key key;
  kf_error err;
  int rc = kf_decode(&key, in, n, NULL, &err);
  CHECKF(rc != KF_OK, "%s: refused", what);
  CHECKF(all_zero(&key, sizeof key), "%s: key wiped", what);
}

/* ---- DER --------------------------------------------------------------- */

static void test_der(void) {
  static const uint8_t short_ok[] = {0x04, 0x02, 0xaa, 0xbb};
  static const uint8_t nonmin81[] = {0x04, 0x81, 0x05, 1, 2, 3, 4, 5};
  static const uint8_t nonmin82[] = {0x04, 0x82, 0x00, 0x80};
  static const uint8_t indefinite[] = {0x30, 0x80, 0x00, 0x00};
  static const uint8_t five_bytes[] = {0x04, 0x85, 1, 0, 0, 0, 0};
  static const uint8_t truncated[] = {0x04, 0x03, 0xaa, 0xbb};
  static const uint8_t cut_len[] = {0x04, 0x82, 0x01};
  static const uint8_t high_tag[] = {0x1f, 0x81, 0x00, 0x00};
  static const uint8_t lone_tag[] = {0x04};
  uint8_t long_ok[3 + 200];
  der_reader r, c;
  der_writer w;
  uint8_t out[80000];
  char text[64];
  size_t lens[] = {0, 1, 127, 128, 255, 256, 65535, 65536};
  size_t i;

  der_reader_init(&r, short_ok, sizeof short_ok);
  CHECK(der_peek_tag(&r) == 0x04);
  CHECK(der_read(&r, 0x03, &c) == DER_ERR_TAG);
  CHECK(r.n == sizeof short_ok); /* unchanged by a refused read */
  CHECK(der_read(&r, 0x04, &c) == DER_OK);
  CHECK(c.n == 2 && c.p[0] == 0xaa && c.p[1] == 0xbb);
  CHECK(der_at_end(&r) && der_peek_tag(&r) == -1);
  CHECK(der_read(&r, 0x04, &c) == DER_ERR_END);

  long_ok[0] = 0x04;
  long_ok[1] = 0x81;
  long_ok[2] = 200;
  memset(long_ok + 3, 7, 200);
  der_reader_init(&r, long_ok, sizeof long_ok);
  CHECK(der_read(&r, 0x04, &c) == DER_OK && c.n == 200 && der_at_end(&r));
  der_reader_init(&r, long_ok, sizeof long_ok - 1);
  CHECK(der_read(&r, 0x04, &c) == DER_ERR_TRUNCATED);

#define REFUSE(arr, want)                                                  \
  do {                                                                     \
    der_reader_init(&r, arr, sizeof arr);                                  \
    CHECKF(der_read(&r, arr[0], &c) == (want), "%s refused with %s", #arr, \
           #want);                                                         \
    CHECK(r.n == sizeof arr);                                              \
  } while (0)
  REFUSE(nonmin81, DER_ERR_LENGTH);
  REFUSE(nonmin82, DER_ERR_LENGTH);
  REFUSE(indefinite, DER_ERR_LENGTH);
  REFUSE(five_bytes, DER_ERR_LENGTH);
  REFUSE(truncated, DER_ERR_TRUNCATED);
  REFUSE(cut_len, DER_ERR_TRUNCATED);
  REFUSE(high_tag, DER_ERR_HIGH_TAG);
  REFUSE(lone_tag, DER_ERR_TRUNCATED);
#undef REFUSE
  for (i = DER_OK; (int)i >= DER_ERR_HIGH_TAG; i--)
    CHECK(strlen(der_strerror((int)i)) > 0);

  /* Writer: every length form, read back by the reader. */
  for (i = 0; i < sizeof lens / sizeof lens[0]; i++) {
    der_writer_init(&w, out, sizeof out);
    der_put_header(&w, 0x04, lens[i]);
    CHECK(w.len + lens[i] == der_tlv_size(lens[i]));
    memset(out + w.len, 1, lens[i]);
    der_reader_init(&r, out, der_tlv_size(lens[i]));
    CHECKF(der_read(&r, 0x04, &c) == DER_OK && c.n == lens[i] && der_at_end(&r),
           "writer length %zu reads back", lens[i]);
  }
  der_writer_init(&w, out, 3);
  der_put_tlv(&w, 0x04, short_ok, 2);
  CHECK(w.overflow);
  der_writer_init(&w, out, 4);
  der_put_tlv(&w, 0x04, short_ok, 2);
  CHECK(!w.overflow && w.len == 4);

  {
    static const uint8_t kem768[] = {0x60, 0x86, 0x48, 0x01, 0x65,
                                     0x03, 0x04, 0x04, 0x02};
    static const uint8_t rsa[] = {0x2a, 0x86, 0x48, 0x86, 0xf7,
                                  0x0d, 0x01, 0x01, 0x01};
    static const uint8_t bad[] = {0x2a, 0x86};
    der_oid_to_text(kem768, sizeof kem768, text, sizeof text);
    CHECK(strcmp(text, "2.16.840.1.101.3.4.4.2") == 0);
    der_oid_to_text(rsa, sizeof rsa, text, sizeof text);
    CHECK(strcmp(text, "1.2.840.113549.1.1.1") == 0);
    der_oid_to_text(bad, sizeof bad, text, sizeof text);
    CHECK(strcmp(text, "2a86") == 0);
    der_oid_to_text(bad, 0, text, sizeof text);
    CHECK(strcmp(text, "") == 0);
  }
}

/* ---- PEM --------------------------------------------------------------- */

static void expect_pem(const char *text, int want, const char *what) {
  char label[PEM_MAX_LABEL];
  uint8_t out[256];
  size_t len = 99;
  int rc = pem_decode((const uint8_t *)text, strlen(text), label, out,
                      sizeof out, &len);
  CHECKF(rc == want, "%s: got %d, want %d", what, rc, want);
  if (want != PEM_OK) CHECKF(len == 0, "%s: no output length", what);
}

/* The base64 alphabet of RFC 4648, Table 1: the value of a character is
 * its index. pem.c computes values and characters with arithmetic (in
 * constant time); here every byte value is tried in every position of a
 * quantum, and every value is encoded, against this table. */
static const char rfc4648[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static void test_pem_alphabet(void) {
  static const char head[] = "-----BEGIN K-----\n",
                    tail[] = "\n-----END K-----\n";
  char text[64], label[PEM_MAX_LABEL];
  uint8_t out[8], want[3], der[3];
  size_t len, tl;
  unsigned c, pos, v, accepted = 0, refused = 0, k;
  for (c = 0; c < 256; c++) {
    const char *hit = c != 0 ? strchr(rfc4648, (int)c) : NULL;
    for (pos = 0; pos < 4; pos++) {
      /* "AAAA" with character c at pos: 24 zero bits but c's six. */
      uint32_t bits;
      int rc;
      memcpy(text, head, sizeof head - 1);
      memcpy(text + sizeof head - 1, "AAAA", 4);
      text[sizeof head - 1 + pos] = (char)c;
      memcpy(text + sizeof head + 3, tail, sizeof tail);
      rc = pem_decode((const uint8_t *)text, strlen(text), label, out,
                      sizeof out, &len);
      if (c == '=' && pos == 3) {
        /* "AAA=": padding, two zero bytes. */
        CHECK(rc == PEM_OK && len == 2 && out[0] == 0 && out[1] == 0);
        continue;
      }
      if (hit == NULL) {
        CHECKF(rc != PEM_OK, "byte 0x%02x at %u accepted as base64", c, pos);
        refused++;
        continue;
      }
      bits = (uint32_t)(hit - rfc4648) << (6 * (3 - pos));
      want[0] = (uint8_t)(bits >> 16);
      want[1] = (uint8_t)(bits >> 8);
      want[2] = (uint8_t)bits;
      CHECKF(rc == PEM_OK && len == 3 && memcmp(out, want, 3) == 0,
             "'%c' at %u: decoded wrongly", (int)c, pos);
      accepted++;
    }
  }
  CHECK(accepted == 64 * 4 && refused == 192 * 4 - 1);
  /* Every value in every position of an encoded quantum. */
  for (v = 0; v < 64; v++) {
    for (pos = 0; pos < 4; pos++) {
      uint32_t bits = (uint32_t)v << (6 * (3 - pos));
      der[0] = (uint8_t)(bits >> 16);
      der[1] = (uint8_t)(bits >> 8);
      der[2] = (uint8_t)bits;
      CHECK(pem_encode("K", der, 3, text, sizeof text, &tl) == PEM_OK);
      for (k = 0; k < 4; k++)
        CHECKF(text[sizeof head - 1 + k] == (k == pos ? rfc4648[v] : 'A'),
               "value %u at %u encoded as '%c'", v, pos,
               text[sizeof head - 1 + k]);
    }
  }
}

static void test_pem(void) {
  static char text[4096];
  uint8_t data[200], back[256];
  char label[PEM_MAX_LABEL];
  size_t n, len, tl, i;
  test_rng rng;
  int lines_ok = 1;

  test_rng_init(&rng, "cli pem");
  for (n = 0; n <= 200; n++) {
    test_rng_bytes(&rng, data, n);
    CHECK(pem_encode("TEST DATA", data, n, text, sizeof text, &tl) == PEM_OK);
    CHECK(tl == pem_encoded_size("TEST DATA", n));
    /* No line is longer than 64 characters, but for BEGIN and END. */
    {
      size_t start = 0;
      for (i = 0; i < tl; i++) {
        if (text[i] != '\n') continue;
        if (i - start > 64 && text[start] != '-') lines_ok = 0;
        start = i + 1;
      }
    }
    if (n == 0) {
      CHECK(pem_decode((const uint8_t *)text, tl, label, back, sizeof back,
                       &len) == PEM_ERR_EMPTY);
      continue;
    }
    CHECKF(pem_decode((const uint8_t *)text, tl, label, back, sizeof back,
                      &len) == PEM_OK &&
               len == n && memcmp(back, data, n) == 0 &&
               strcmp(label, "TEST DATA") == 0,
           "PEM round trip of %zu bytes", n);
  }
  CHECK(lines_ok);
  CHECK(pem_encode("X", data, 100, text, 10, &tl) == PEM_ERR_TOO_LONG);

  expect_pem("-----BEGIN K-----\nAAEC\n-----END K-----\n", PEM_OK, "plain");
  expect_pem("\n  -----BEGIN K-----\r\nAA\r\nEC\r\n-----END K-----\r\n\n",
             PEM_OK, "CRLF and white space");
  expect_pem("-----BEGIN K-----\nAAEC\n-----END K-----", PEM_OK,
             "no final newline");
  expect_pem("-----BEGIN K-----\nAAE=\n-----END K-----\n", PEM_OK,
             "one padding character");
  expect_pem("-----BEGIN K-----\nAA==\n-----END K-----\n", PEM_OK,
             "two padding characters");
  expect_pem("-----BEGIN K-----\nAAEC\n", PEM_ERR_TRUNCATED, "no END line");
  expect_pem("-----BEGIN K-----\nAAEC\n-----EN", PEM_ERR_TRUNCATED,
             "END line cut");
  expect_pem("-----BEGIN K-----\nAAEC\n-----END K--", PEM_ERR_TRUNCATED,
             "END dashes cut");
  expect_pem("-----BEGIN K", PEM_ERR_TRUNCATED, "BEGIN line cut");
  expect_pem("-----BEGIN K-----", PEM_ERR_TRUNCATED, "BEGIN line only");
  expect_pem("-----BEGIN K-----\nAA*C\n-----END K-----\n", PEM_ERR_BASE64,
             "bad character");
  expect_pem("-----BEGIN K-----\nAAE\n-----END K-----\n", PEM_ERR_BASE64,
             "length not a multiple of 4");
  expect_pem("-----BEGIN K-----\nA===\n-----END K-----\n", PEM_ERR_BASE64,
             "three padding characters");
  expect_pem("-----BEGIN K-----\nAB=C\n-----END K-----\n", PEM_ERR_BASE64,
             "data after padding");
  expect_pem("-----BEGIN K-----\nAA==AAAA\n-----END K-----\n", PEM_ERR_BASE64,
             "a quantum after padding");
  expect_pem("-----BEGIN K-----\nAB==\n-----END K-----\n", PEM_ERR_BASE64,
             "non-zero unused bits (two pads)");
  expect_pem("-----BEGIN K-----\nAAB=\n-----END K-----\n", PEM_ERR_BASE64,
             "non-zero unused bits (one pad)");
  expect_pem(
      "-----BEGIN K-----\nProc-Type: 4,ENCRYPTED\n\nAAEC\n"
      "-----END K-----\n",
      PEM_ERR_BASE64, "headers");
  expect_pem("-----BEGIN K-----\nAAEC\n-----END L-----\n", PEM_ERR_LABEL,
             "END label differs");
  expect_pem("-----BEGIN K----X\nAAEC\n-----END K-----\n", PEM_ERR_LABEL,
             "text after BEGIN dashes");
  expect_pem("-----BEGIN K-----\nAAEC\n-----END K-----\nmore\n",
             PEM_ERR_TRAILING, "text after END");
  expect_pem(
      "-----BEGIN K-----\nAAEC\n-----END K-----\n-----BEGIN K-----\n"
      "AAEC\n-----END K-----\n",
      PEM_ERR_TRAILING, "two blocks");
  expect_pem("-----BEGIN K-----\n-----END K-----\n", PEM_ERR_EMPTY, "empty");
  expect_pem("text\n-----BEGIN K-----\nAAEC\n-----END K-----\n",
             PEM_ERR_NOT_PEM, "explanatory text first");
  expect_pem("-----BEGIN K\x01-----\nAAEC\n-----END K-----\n", PEM_ERR_LABEL,
             "control character in label");
  {
    /* 400 bytes of base64 (300 bytes) into a 256-byte buffer. */
    static char big[600];
    strcpy(big, "-----BEGIN K-----\n");
    for (i = 0; i < 100; i++) strcat(big, "AAAA");
    strcat(big, "\n-----END K-----\n");
    expect_pem(big, PEM_ERR_TOO_LONG, "too long for the buffer");
  }
  test_pem_alphabet();
  for (i = 0; i <= 7; i++) CHECK(strlen(pem_strerror(-(int)i)) > 0);
  CHECK(pem_looks_like_pem((const uint8_t *)" \n-----BEGIN X", 14));
  CHECK(!pem_looks_like_pem((const uint8_t *)"----BEGIN X", 11));
}

/* ---- key files --------------------------------------------------------- */

static void seed_for(uint8_t seed[64], unsigned salt) {
  unsigned i;
  for (i = 0; i < 64; i++) seed[i] = (uint8_t)(i + salt);
}

/* Writes the key in (form, encoding), reads it back, compares. */
static void round_trip(const kf_key *key, int form, int enc) {
  static uint8_t out[KF_MAX_PEM], again[KF_MAX_PEM];
  static kf_key back;
  size_t len = 0, len2 = 0;
  kf_error err;
  int rc;
  const mlkem_kem *kem = key->kem;

  rc = kf_encode(key, form, enc, out, sizeof out, &len, &err);
  if (enc == KF_ENC_RAW && form == KF_FORM_BOTH) {
    CHECKF(rc == KF_ERR_USAGE, "%s: raw both refused", kem->name);
    return;
  }
  CHECKF(rc == KF_OK, "%s: encode %s/%s: %s", kem->name, kf_form_name(form),
         kf_encoding_name(enc), err.msg);
  rc = kf_decode(&back, out, len, enc == KF_ENC_RAW ? kem : NULL, &err);
  CHECKF(rc == KF_OK, "%s: decode %s/%s: %s", kem->name, kf_form_name(form),
         kf_encoding_name(enc), err.msg);
  CHECK(back.kem == kem && back.encoding == enc);
  CHECK(back.kind == (form == KF_FORM_NONE ? KF_PUBLIC : KF_PRIVATE));
  CHECK(back.form == form);
  CHECK_MEM(back.ek, key->ek, kem->ek_bytes, "ek survives");
  if (form != KF_FORM_NONE)
    CHECK_MEM(back.dk, key->dk, kem->dk_bytes, "dk survives");
  if (form == KF_FORM_SEED || form == KF_FORM_BOTH)
    CHECK_MEM(back.seed, key->seed, 64, "seed survives");
  CHECK(back.has_seed == (form == KF_FORM_SEED || form == KF_FORM_BOTH));
  rc = kf_encode(&back, form, enc, again, sizeof again, &len2, &err);
  CHECKF(rc == KF_OK && len2 == len && memcmp(out, again, len) == 0,
         "%s: %s/%s re-encodes to the same bytes", kem->name,
         kf_form_name(form), kf_encoding_name(enc));
}

static void test_keyfile_set(const mlkem_kem *kem) {
  static kf_key key, got;
  static uint8_t out[KF_MAX_PEM];
  static buf want, choice, bad;
  uint8_t seed[64], h[32], arc = arc_of(kem);
  size_t len, i, ekoff = 384u * kem->rank;
  kf_error err;
  int form, enc;

  printf("%s\n", kem->name);
  seed_for(seed, (unsigned)kem->rank);
  CHECK(kf_from_seed(&key, kem, seed, &err) == KF_OK);
  CHECK(key.kind == KF_PRIVATE && key.form == KF_FORM_SEED && key.has_seed);
  {
    uint8_t ek[KF_MAX_EK], dk[KF_MAX_DK];
    CHECK(kem->keygen_derand(ek, dk, seed) == 0);
    CHECK_MEM(key.ek, ek, kem->ek_bytes, "ek from the seed");
    CHECK_MEM(key.dk, dk, kem->dk_bytes, "dk from the seed");
  }

  for (form = KF_FORM_NONE; form <= KF_FORM_BOTH; form++)
    for (enc = KF_ENC_PEM; enc <= KF_ENC_RAW; enc++)
      round_trip(&key, form, enc);

  /* The DER, byte for byte, against encodings built here. */
  choice_seed(&choice, seed, 64);
  pkcs8(&want, arc, &choice, 0, 0, NULL, 0);
  CHECK(want.n == 86);
  CHECK(kf_encode_der(&key, KF_FORM_SEED, out, sizeof out, &len, &err) ==
            KF_OK &&
        len == want.n && memcmp(out, want.b, len) == 0);
  choice_expanded(&choice, key.dk, kem->dk_bytes);
  pkcs8(&want, arc, &choice, 0, 0, NULL, 0);
  CHECK(kf_encode_der(&key, KF_FORM_EXPANDED, out, sizeof out, &len, &err) ==
            KF_OK &&
        len == want.n && memcmp(out, want.b, len) == 0);
  choice_both(&choice, seed, 64, key.dk, kem->dk_bytes);
  pkcs8(&want, arc, &choice, 0, 0, NULL, 0);
  CHECK(kf_encode_der(&key, KF_FORM_BOTH, out, sizeof out, &len, &err) ==
            KF_OK &&
        len == want.n && memcmp(out, want.b, len) == 0);
  spki(&want, arc, key.ek, kem->ek_bytes, 0);
  CHECK(kf_encode_der(&key, KF_FORM_NONE, out, sizeof out, &len, &err) ==
            KF_OK &&
        len == want.n && memcmp(out, want.b, len) == 0);

  /* Every proper prefix of each DER is refused, never a partial key. */
  for (form = KF_FORM_NONE; form <= KF_FORM_BOTH; form++) {
    int all = 1;
    CHECK(kf_encode_der(&key, form, out, sizeof out, &len, &err) == KF_OK);
    for (i = 0; i < len; i++) {
      memset(&got, 0x5a, sizeof got);
      if (kf_decode_der(&got, out, i, &err) == KF_OK ||
          !all_zero(&got, sizeof got))
        all = 0;
    }
    CHECKF(all, "%s: every prefix of the %s DER refused and wiped", kem->name,
           kf_form_name(form));
    out[len] = 0;
    expect_der_error(out, len + 1, KF_ERR_DER, "trailing byte");
  }

  /* Wrong OIDs; parameters present. */
  choice_seed(&choice, seed, 64);
  pkcs8(&bad, 4, &choice, 0, 0, NULL, 0);
  expect_der_error(bad.b, bad.n, KF_ERR_OID, "OID arc 4 (private)");
  spki(&bad, 0, key.ek, kem->ek_bytes, 0);
  expect_der_error(bad.b, bad.n, KF_ERR_OID, "OID arc 0 (public)");
  pkcs8(&bad, arc, &choice, 0, 1, NULL, 0);
  expect_der_error(bad.b, bad.n, KF_ERR_PARAMS, "NULL parameters (private)");
  spki(&bad, arc, key.ek, kem->ek_bytes, 1);
  expect_der_error(bad.b, bad.n, KF_ERR_PARAMS, "NULL parameters (public)");

  /* Version and the optional fields of OneAsymmetricKey. */
  pkcs8(&bad, arc, &choice, 1, 0, NULL, 0);
  expect_der_error(bad.b, bad.n, KF_ERR_VERSION, "version 1");
  {
    static const uint8_t attrs[] = {0xa0, 0x00};
    static const uint8_t pubkey[] = {0x81, 0x01, 0x00};
    pkcs8(&bad, arc, &choice, 0, 0, attrs, sizeof attrs);
    expect_der_error(bad.b, bad.n, KF_ERR_VERSION, "attributes");
    pkcs8(&bad, arc, &choice, 0, 0, pubkey, sizeof pubkey);
    expect_der_error(bad.b, bad.n, KF_ERR_VERSION, "publicKey field");
  }

  /* Wrong lengths. */
  choice_seed(&choice, seed, 63);
  pkcs8(&bad, arc, &choice, 0, 0, NULL, 0);
  expect_der_error(bad.b, bad.n, KF_ERR_LENGTH, "63-byte seed");
  choice_seed(&choice, key.dk, 65);
  pkcs8(&bad, arc, &choice, 0, 0, NULL, 0);
  expect_der_error(bad.b, bad.n, KF_ERR_LENGTH, "65-byte seed");
  choice_expanded(&choice, key.dk, kem->dk_bytes - 1);
  pkcs8(&bad, arc, &choice, 0, 0, NULL, 0);
  expect_der_error(bad.b, bad.n, KF_ERR_LENGTH, "short expanded key");
  choice_both(&choice, seed, 64, key.dk, kem->dk_bytes + 1);
  pkcs8(&bad, arc, &choice, 0, 0, NULL, 0);
  expect_der_error(bad.b, bad.n, KF_ERR_LENGTH, "long expanded key in both");
  choice_both(&choice, seed, 32, key.dk, kem->dk_bytes);
  pkcs8(&bad, arc, &choice, 0, 0, NULL, 0);
  expect_der_error(bad.b, bad.n, KF_ERR_LENGTH, "short seed in both");
  spki(&bad, arc, key.ek, kem->ek_bytes - 1, 0);
  expect_der_error(bad.b, bad.n, KF_ERR_LENGTH, "short ek");
  /* An ML-KEM-768 OID on a key of another set's size. */
  spki(&bad, (uint8_t)(arc == 2 ? 3 : 2), key.ek, kem->ek_bytes, 0);
  expect_der_error(bad.b, bad.n, KF_ERR_LENGTH, "ek of another set");

  /* The CHOICE told apart by tag: a seed under the expandedKey tag is a
   * wrong-length expanded key, not a seed. */
  choice_expanded(&choice, seed, 64);
  pkcs8(&bad, arc, &choice, 0, 0, NULL, 0);
  expect_der_error(bad.b, bad.n, KF_ERR_LENGTH, "seed under tag 0x04");
  choice.n = 0;
  tlv(&choice, 0x81, seed, 64);
  pkcs8(&bad, arc, &choice, 0, 0, NULL, 0);
  expect_der_error(bad.b, bad.n, KF_ERR_DER, "seed under tag [1]");
  choice.n = 0;
  tlv(&choice, 0xa0, seed, 64);
  pkcs8(&bad, arc, &choice, 0, 0, NULL, 0);
  expect_der_error(bad.b, bad.n, KF_ERR_DER, "constructed [0]");
  choice_seed(&choice, seed, 64);
  tlv(&choice, 0x05, NULL, 0);
  pkcs8(&bad, arc, &choice, 0, 0, NULL, 0);
  expect_der_error(bad.b, bad.n, KF_ERR_DER, "data after the seed");
  choice.n = 0;
  pkcs8(&bad, arc, &choice, 0, 0, NULL, 0);
  expect_der_error(bad.b, bad.n, KF_ERR_DER, "empty privateKey");

  /* Non-reduced ek: coefficient 0 set to q = 3329 (0xd01). */
  {
    static uint8_t ek[KF_MAX_EK];
    memcpy(ek, key.ek, kem->ek_bytes);
    ek[0] = 0x01;
    ek[1] = (uint8_t)((ek[1] & 0xf0) | 0x0d);
    spki(&bad, arc, ek, kem->ek_bytes, 0);
    expect_der_error(bad.b, bad.n, KF_ERR_EK_MODULUS, "ek with q (SPKI)");
    CHECK(kf_decode(&got, ek, kem->ek_bytes, NULL, &err) == KF_ERR_EK_MODULUS);
    CHECK(strstr(err.msg, "non-reduced ek") != NULL);
  }
  /* Expanded key: H(ek) changed fails the hash check; a non-reduced ek
   * with its hash recomputed passes it but fails the modulus check. */
  {
    static uint8_t dk[KF_MAX_DK];
    memcpy(dk, key.dk, kem->dk_bytes);
    dk[ekoff + kem->ek_bytes] ^= 1;
    choice_expanded(&choice, dk, kem->dk_bytes);
    pkcs8(&bad, arc, &choice, 0, 0, NULL, 0);
    expect_der_error(bad.b, bad.n, KF_ERR_DK_HASH, "H(ek) changed");
    CHECK(kf_decode(&got, dk, kem->dk_bytes, NULL, &err) == KF_ERR_DK_HASH);
    CHECK(strstr(err.msg, "hash check failed") != NULL);

    memcpy(dk, key.dk, kem->dk_bytes);
    dk[ekoff] = 0xff;
    dk[ekoff + 1] |= 0x0f; /* coefficient 0 = 4095 */
    mlkem_sha3_256(h, dk + ekoff, kem->ek_bytes);
    memcpy(dk + ekoff + kem->ek_bytes, h, 32);
    choice_expanded(&choice, dk, kem->dk_bytes);
    pkcs8(&bad, arc, &choice, 0, 0, NULL, 0);
    expect_der_error(bad.b, bad.n, KF_ERR_EK_MODULUS,
                     "non-reduced ek inside dk");

    /* both: a different seed, or a changed dk, disagree. */
    choice_both(&choice, seed, 64, dk, kem->dk_bytes);
    pkcs8(&bad, arc, &choice, 0, 0, NULL, 0);
    expect_der_error(bad.b, bad.n, KF_ERR_MISMATCH, "both, dk changed");
    {
      uint8_t other[64];
      seed_for(other, 100);
      choice_both(&choice, other, 64, key.dk, kem->dk_bytes);
      pkcs8(&bad, arc, &choice, 0, 0, NULL, 0);
      expect_der_error(bad.b, bad.n, KF_ERR_MISMATCH, "both, other seed");
      CHECK(kf_decode_der(&got, bad.b, bad.n, &err) == KF_ERR_MISMATCH &&
            strstr(err.msg, "seed and expanded key disagree") != NULL);
    }
    /* z changed: the hash check cannot see it, the seed comparison does. */
    memcpy(dk, key.dk, kem->dk_bytes);
    dk[kem->dk_bytes - 1] ^= 0x80;
    choice_both(&choice, seed, 64, dk, kem->dk_bytes);
    pkcs8(&bad, arc, &choice, 0, 0, NULL, 0);
    expect_der_error(bad.b, bad.n, KF_ERR_MISMATCH, "both, z changed");
  }

  /* An expanded key has no seed to write. */
  choice_expanded(&choice, key.dk, kem->dk_bytes);
  pkcs8(&bad, arc, &choice, 0, 0, NULL, 0);
  CHECK(kf_decode_der(&got, bad.b, bad.n, &err) == KF_OK);
  CHECK(!got.has_seed && got.form == KF_FORM_EXPANDED);
  CHECK(kf_encode(&got, KF_FORM_SEED, KF_ENC_PEM, out, sizeof out, &len,
                  &err) == KF_ERR_USAGE);
  CHECK(kf_encode(&got, KF_FORM_BOTH, KF_ENC_DER, out, sizeof out, &len,
                  &err) == KF_ERR_USAGE);
  CHECK(kf_encode(&got, KF_FORM_SEED, KF_ENC_RAW, out, sizeof out, &len,
                  &err) == KF_ERR_USAGE);
  CHECK(kf_encode(&got, KF_FORM_EXPANDED, KF_ENC_DER, out, sizeof out, &len,
                  &err) == KF_OK &&
        len == bad.n && memcmp(out, bad.b, len) == 0);

  /* PEM labels must fit the contents. */
  {
    static char pem[KF_MAX_PEM];
    size_t pl;
    CHECK(kf_encode_der(&key, KF_FORM_NONE, out, sizeof out, &len, &err) ==
          KF_OK);
    CHECK(pem_encode("PRIVATE KEY", out, len, pem, sizeof pem, &pl) == PEM_OK);
    CHECK(kf_decode(&got, (uint8_t *)pem, pl, NULL, &err) == KF_ERR_PEM_LABEL &&
          all_zero(&got, sizeof got));
    CHECK(kf_encode_der(&key, KF_FORM_SEED, out, sizeof out, &len, &err) ==
          KF_OK);
    CHECK(pem_encode("PUBLIC KEY", out, len, pem, sizeof pem, &pl) == PEM_OK);
    CHECK(kf_decode(&got, (uint8_t *)pem, pl, NULL, &err) == KF_ERR_PEM_LABEL &&
          all_zero(&got, sizeof got));
    CHECK(pem_encode("ENCRYPTED PRIVATE KEY", out, len, pem, sizeof pem, &pl) ==
          PEM_OK);
    CHECK(kf_decode(&got, (uint8_t *)pem, pl, NULL, &err) == KF_ERR_PEM_LABEL &&
          strstr(err.msg, "wrong PEM label"));
    /* Truncated PEM (cut before the END line), and a bad character. */
    CHECK(pem_encode("PRIVATE KEY", out, len, pem, sizeof pem, &pl) == PEM_OK);
    CHECK(kf_decode(&got, (uint8_t *)pem, pl - 20, NULL, &err) ==
              KF_ERR_PEM_TRUNCATED &&
          strstr(err.msg, "truncated PEM"));
    pem[40] = '!';
    CHECK(kf_decode(&got, (uint8_t *)pem, pl, NULL, &err) ==
              KF_ERR_PEM_BASE64 &&
          strstr(err.msg, "bad base64"));
  }

  /* Raw: a seed needs its set; sizes are recognised exactly. */
  CHECK(kf_decode(&got, seed, 64, NULL, &err) == KF_ERR_NEED_SET);
  CHECK(kf_decode(&got, seed, 64, kem, &err) == KF_OK &&
        got.encoding == KF_ENC_RAW && got.form == KF_FORM_SEED &&
        memcmp(got.dk, key.dk, kem->dk_bytes) == 0);
  CHECK(kf_decode(&got, key.ek, kem->ek_bytes - 1, NULL, &err) ==
            KF_ERR_LENGTH &&
        strstr(err.msg, "wrong length"));
  CHECK(kf_decode(&got, key.dk, kem->dk_bytes, NULL, &err) == KF_OK &&
        got.kind == KF_PRIVATE && got.form == KF_FORM_EXPANDED &&
        got.encoding == KF_ENC_RAW &&
        memcmp(got.ek, key.ek, kem->ek_bytes) == 0);
  kf_wipe(&key, sizeof key);
}

static void test_keyfile_misc(void) {
  static kf_key key;
  static buf bad, choice;
  uint8_t seed[64];
  kf_error err;
  static const uint8_t rsa_oid[] = {0x2a, 0x86, 0x48, 0x86, 0xf7,
                                    0x0d, 0x01, 0x01, 0x01};
  size_t i;

  /* An RSA SPKI: wrong OID, named in dotted form. */
  {
    buf alg = {{0}, 0}, body = {{0}, 0}, oid = {{0}, 0};
    static const uint8_t bits[] = {0x00, 0x30, 0x00};
    tlv(&oid, 0x06, rsa_oid, sizeof rsa_oid);
    tlv(&oid, 0x05, NULL, 0);
    tlv(&alg, 0x30, oid.b, oid.n);
    put(&body, alg.b, alg.n);
    tlv(&body, 0x03, bits, sizeof bits);
    wrap(&bad, 0x30, &body);
    CHECK(kf_decode_der(&key, bad.b, bad.n, &err) == KF_ERR_OID);
    CHECK(strstr(err.msg, "wrong OID") != NULL &&
          strstr(err.msg, "1.2.840.113549.1.1.1") != NULL);
  }
  /* Non-minimal outer length. */
  seed_for(seed, 9);
  choice_seed(&choice, seed, 64);
  pkcs8(&bad, 2, &choice, 0, 0, NULL, 0);
  {
    uint8_t nm[100];
    nm[0] = 0x30;
    nm[1] = 0x81;
    memcpy(nm + 2, bad.b + 1, bad.n - 1);
    expect_der_error(nm, bad.n + 1, KF_ERR_DER, "non-minimal outer length");
  }
  /* A non-minimal version INTEGER. */
  {
    buf c = {{0}, 0};
    static const uint8_t v[] = {0x00, 0x00};
    tlv(&c, 0x02, v, 2);
    alg_id(&c, 2, 0);
    tlv(&c, 0x04, choice.b, choice.n);
    wrap(&bad, 0x30, &c);
    expect_der_error(bad.b, bad.n, KF_ERR_DER, "non-minimal version");
  }
  /* Not PEM, not DER, no raw size; empty; a lone SEQUENCE. */
  expect_any_error((const uint8_t *)"hello", 5, "text");
  CHECK(kf_decode(&key, (const uint8_t *)"", 0, NULL, &err) ==
        KF_ERR_UNRECOGNISED);
  expect_any_error((const uint8_t *)"\x30\x00", 2, "empty SEQUENCE");
  expect_any_error((const uint8_t *)"\x30\x01\x05", 3, "junk SEQUENCE");
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
      if (kf_decode(&key, junk, i, NULL, &err) == KF_OK) refused = 0;
      junk[0] = 0x30;
      if (kf_decode(&key, junk, i, NULL, &err) == KF_OK) refused = 0;
    }
    CHECK(refused);
  }
  CHECK(strcmp(kf_form_name(KF_FORM_BOTH), "both") == 0);
  CHECK(strcmp(kf_encoding_name(KF_ENC_DER), "DER") == 0);
}

int main(void) {
  size_t i;
  test_backend_banner();
  test_der();
  test_pem();
  for (i = 0; mlkem_kems[i] != NULL; i++) test_keyfile_set(mlkem_kems[i]);
  test_keyfile_misc();
  return test_summary("test_cli_keyfile");
}
