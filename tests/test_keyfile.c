/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_keyfile.c - the key files (src/keyfile/), through the public
 * header include/mlkem_keyfile.h, and their DER and PEM code:
 *
 *  - der.c: every length form (short, long, non-minimal, indefinite, too
 *    long, truncated), tags, high tags, the writer's lengths and overflow,
 *    OIDs as text;
 *  - pem.c: round trips for every length 0..200 with 64-character lines,
 *    CRLF and white space, and each refusal (truncated, bad base64
 *    characters, padding and unused bits, label mismatch, trailing data,
 *    empty, too long, headers); every byte in every position against the
 *    alphabet of RFC 4648;
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
 *    names, descriptors, the stack depth;
 *  - a key type that is not built in (X-Wing, and a raw-only type), added
 *    through the internal table: the X-Wing draft's example keys read,
 *    checked against its key generation restated here, and written back
 *    byte for byte.
 */
/* First: it asks for the POSIX and GNU extensions it uses. */
#if !defined(_WIN32)
#include "painted_stack.h"
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aes256_ctr_drbg.h"
#include "keyfile/der.h"
#include "keyfile/keyfile_alg.h"
#include "keyfile/pem.h"
#include "mlkem.h"
#include "mlkem_hazmat.h"
#include "mlkem_hybrid.h"
#include "kv_text.h"
#include "mlkem_keyfile.h"
#include "mlkem_kyber.h"
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
  static mlkem_keyfile_key key;
  mlkem_keyfile_error err;
  int rc;
  memset(&key, 0x5a, sizeof key);
  rc = mlkem_keyfile_decode_der(&key, der, n, &err);
  CHECKF(rc == code, "%s: got code %d (%s), want %d", what, rc, err.msg, code);
  CHECKF(err.code == rc, "%s: err.code matches", what);
  CHECKF(strlen(err.msg) > 0 && strchr(err.msg, '\n') == NULL,
         "%s: one-line message", what);
  CHECKF(all_zero(&key, sizeof key), "%s: key wiped after an error", what);
}

static void expect_any_error(const uint8_t *in, size_t n, const char *what) {
  static mlkem_keyfile_key key;
  mlkem_keyfile_error err;
  int rc = mlkem_keyfile_decode(&key, in, n, NULL, &err);
  CHECKF(rc != MLKEM_KEYFILE_OK, "%s: refused", what);
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
  mlkem_der_reader r, c;
  mlkem_der_writer w;
  uint8_t out[80000];
  char text[64];
  size_t lens[] = {0, 1, 127, 128, 255, 256, 65535, 65536};
  size_t i;

  mlkem_der_reader_init(&r, short_ok, sizeof short_ok);
  CHECK(mlkem_der_peek_tag(&r) == 0x04);
  CHECK(mlkem_der_read(&r, 0x03, &c) == MLKEM_DER_ERR_TAG);
  CHECK(r.n == sizeof short_ok); /* unchanged by a refused read */
  CHECK(mlkem_der_read(&r, 0x04, &c) == MLKEM_DER_OK);
  CHECK(c.n == 2 && c.p[0] == 0xaa && c.p[1] == 0xbb);
  CHECK(mlkem_der_at_end(&r) && mlkem_der_peek_tag(&r) == -1);
  CHECK(mlkem_der_read(&r, 0x04, &c) == MLKEM_DER_ERR_END);

  long_ok[0] = 0x04;
  long_ok[1] = 0x81;
  long_ok[2] = 200;
  memset(long_ok + 3, 7, 200);
  mlkem_der_reader_init(&r, long_ok, sizeof long_ok);
  CHECK(mlkem_der_read(&r, 0x04, &c) == MLKEM_DER_OK && c.n == 200 &&
        mlkem_der_at_end(&r));
  mlkem_der_reader_init(&r, long_ok, sizeof long_ok - 1);
  CHECK(mlkem_der_read(&r, 0x04, &c) == MLKEM_DER_ERR_TRUNCATED);

#define REFUSE(arr, want)                                                  \
  do {                                                                     \
    mlkem_der_reader_init(&r, arr, sizeof arr);                            \
    CHECKF(mlkem_der_read(&r, arr[0], &c) == (want), "%s refused with %s", \
           #arr, #want);                                                   \
    CHECK(r.n == sizeof arr);                                              \
  } while (0)
  REFUSE(nonmin81, MLKEM_DER_ERR_LENGTH);
  REFUSE(nonmin82, MLKEM_DER_ERR_LENGTH);
  REFUSE(indefinite, MLKEM_DER_ERR_LENGTH);
  REFUSE(five_bytes, MLKEM_DER_ERR_LENGTH);
  REFUSE(truncated, MLKEM_DER_ERR_TRUNCATED);
  REFUSE(cut_len, MLKEM_DER_ERR_TRUNCATED);
  REFUSE(high_tag, MLKEM_DER_ERR_HIGH_TAG);
  REFUSE(lone_tag, MLKEM_DER_ERR_TRUNCATED);
#undef REFUSE
  for (i = MLKEM_DER_OK; (int)i >= MLKEM_DER_ERR_HIGH_TAG; i--)
    CHECK(strlen(mlkem_der_strerror((int)i)) > 0);

  /* Writer: every length form, read back by the reader. */
  for (i = 0; i < sizeof lens / sizeof lens[0]; i++) {
    mlkem_der_writer_init(&w, out, sizeof out);
    mlkem_der_put_header(&w, 0x04, lens[i]);
    CHECK(w.len + lens[i] == mlkem_der_tlv_size(lens[i]));
    memset(out + w.len, 1, lens[i]);
    mlkem_der_reader_init(&r, out, mlkem_der_tlv_size(lens[i]));
    CHECKF(mlkem_der_read(&r, 0x04, &c) == MLKEM_DER_OK && c.n == lens[i] &&
               mlkem_der_at_end(&r),
           "writer length %zu reads back", lens[i]);
  }
  mlkem_der_writer_init(&w, out, 3);
  mlkem_der_put_tlv(&w, 0x04, short_ok, 2);
  CHECK(w.overflow);
  mlkem_der_writer_init(&w, out, 4);
  mlkem_der_put_tlv(&w, 0x04, short_ok, 2);
  CHECK(!w.overflow && w.len == 4);

  {
    static const uint8_t kem768[] = {0x60, 0x86, 0x48, 0x01, 0x65,
                                     0x03, 0x04, 0x04, 0x02};
    static const uint8_t rsa[] = {0x2a, 0x86, 0x48, 0x86, 0xf7,
                                  0x0d, 0x01, 0x01, 0x01};
    static const uint8_t bad[] = {0x2a, 0x86};
    mlkem_der_oid_to_text(kem768, sizeof kem768, text, sizeof text);
    CHECK(strcmp(text, "2.16.840.1.101.3.4.4.2") == 0);
    mlkem_der_oid_to_text(rsa, sizeof rsa, text, sizeof text);
    CHECK(strcmp(text, "1.2.840.113549.1.1.1") == 0);
    mlkem_der_oid_to_text(bad, sizeof bad, text, sizeof text);
    CHECK(strcmp(text, "2a86") == 0);
    mlkem_der_oid_to_text(bad, 0, text, sizeof text);
    CHECK(strcmp(text, "") == 0);
  }
}

/* mlkem_keyfile_der_type: the type named by the structures built here,
 * whatever follows the OID; nothing for a structure of another kind. */
static void test_der_type(void) {
  static const uint8_t rsa_oid[9] = {0x2a, 0x86, 0x48, 0x86, 0xf7,
                                     0x0d, 0x01, 0x01, 0x01};
  static buf out, choice, c;
  uint8_t seed[64] = {0}, one = 1, ek[MLKEM1024_EK_BYTES] = {0};
  const mlkem_keyfile_entry *const *t = mlkem_keyfile_table;
  int priv = -1;
  size_t arc;

  for (arc = 1; arc <= 3; arc++) {
    choice_seed(&choice, seed, sizeof seed);
    pkcs8(&out, (uint8_t)arc, &choice, 0, 0, NULL, 0);
    CHECKF(mlkem_keyfile_der_type(t, out.b, out.n, &priv) == t[arc - 1] &&
               priv == 1,
           "PKCS#8 names ML-KEM arc %zu", arc);
    /* Only the OID counts: a zero ek, a version 1, parameters and
     * trailing bytes inside are the decoder's to refuse. */
    spki(&out, (uint8_t)arc, ek, t[arc - 1]->alg.ek_bytes, 1);
    priv = -1;
    CHECKF(mlkem_keyfile_der_type(t, out.b, out.n, &priv) == t[arc - 1] &&
               priv == 0,
           "SubjectPublicKeyInfo names ML-KEM arc %zu", arc);
  }
  pkcs8(&out, 2, &choice, 1, 1, &one, 1);
  CHECK(mlkem_keyfile_der_type(t, out.b, out.n, NULL) == t[1]);
  /* Cut short, it is not one DER element. */
  CHECK(mlkem_keyfile_der_type(t, out.b, out.n - 1, NULL) == NULL);
  /* Another ML-KEM arc, another algorithm, other structures. */
  pkcs8(&out, 4, &choice, 0, 0, NULL, 0);
  CHECK(mlkem_keyfile_der_type(t, out.b, out.n, &priv) == NULL);
  c.n = 0;
  tlv(&c, 0x06, rsa_oid, sizeof rsa_oid);
  tlv(&c, 0x05, NULL, 0);
  wrap(&choice, 0x30, &c);
  c.n = 0;
  tlv(&c, 0x02, &one, 1);
  put(&c, choice.b, choice.n);
  tlv(&c, 0x04, seed, 8);
  wrap(&out, 0x30, &c);
  CHECK(mlkem_keyfile_der_type(t, out.b, out.n, NULL) == NULL);
  /* An RSAPrivateKey (INTEGER after INTEGER) and an OCTET STRING. */
  c.n = 0;
  tlv(&c, 0x02, &one, 1);
  tlv(&c, 0x02, seed, 8);
  wrap(&out, 0x30, &c);
  CHECK(mlkem_keyfile_der_type(t, out.b, out.n, NULL) == NULL);
  wrap(&out, 0x04, &c);
  CHECK(mlkem_keyfile_der_type(t, out.b, out.n, NULL) == NULL);
  CHECK(mlkem_keyfile_der_type(t, out.b, 0, NULL) == NULL);
  CHECK(mlkem_keyfile_der_type(t, NULL, 0, NULL) == NULL);
}

/* ---- PEM --------------------------------------------------------------- */

/* On an error the whole output buffer is zero, not only what was decoded
 * into it (pem.h; the post-condition proven in proofs/keyfile/pem_decode.c):
 * it starts filled with another byte. */
static void expect_pem(const char *text, int want, const char *what) {
  char label[MLKEM_PEM_MAX_LABEL];
  uint8_t out[256], zero[sizeof out] = {0};
  size_t len = 99;
  int rc;
  memset(out, 0xA5, sizeof out);
  rc = mlkem_pem_decode((const uint8_t *)text, strlen(text), label, out,
                        sizeof out, &len);
  CHECKF(rc == want, "%s: got %d, want %d", what, rc, want);
  if (want != MLKEM_PEM_OK) {
    CHECKF(len == 0, "%s: no output length", what);
    CHECKF(memcmp(out, zero, sizeof out) == 0, "%s: output buffer zeroed",
           what);
  }
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
  char text[64], label[MLKEM_PEM_MAX_LABEL];
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
      rc = mlkem_pem_decode((const uint8_t *)text, strlen(text), label, out,
                            sizeof out, &len);
      if (c == '=' && pos == 3) {
        /* "AAA=": padding, two zero bytes. */
        CHECK(rc == MLKEM_PEM_OK && len == 2 && out[0] == 0 && out[1] == 0);
        continue;
      }
      if (hit == NULL) {
        CHECKF(rc != MLKEM_PEM_OK, "byte 0x%02x at %u accepted as base64", c,
               pos);
        refused++;
        continue;
      }
      bits = (uint32_t)(hit - rfc4648) << (6 * (3 - pos));
      want[0] = (uint8_t)(bits >> 16);
      want[1] = (uint8_t)(bits >> 8);
      want[2] = (uint8_t)bits;
      CHECKF(rc == MLKEM_PEM_OK && len == 3 && memcmp(out, want, 3) == 0,
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
      CHECK(mlkem_pem_encode("K", der, 3, text, sizeof text, &tl) ==
            MLKEM_PEM_OK);
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
  char label[MLKEM_PEM_MAX_LABEL];
  size_t n, len, tl, i;
  test_rng rng;
  int lines_ok = 1;

  test_rng_init(&rng, "cli pem");
  for (n = 0; n <= 200; n++) {
    test_rng_bytes(&rng, data, n);
    CHECK(mlkem_pem_encode("TEST DATA", data, n, text, sizeof text, &tl) ==
          MLKEM_PEM_OK);
    CHECK(tl == mlkem_pem_encoded_size("TEST DATA", n));
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
      CHECK(mlkem_pem_decode((const uint8_t *)text, tl, label, back,
                             sizeof back, &len) == MLKEM_PEM_ERR_EMPTY);
      continue;
    }
    CHECKF(mlkem_pem_decode((const uint8_t *)text, tl, label, back, sizeof back,
                            &len) == MLKEM_PEM_OK &&
               len == n && memcmp(back, data, n) == 0 &&
               strcmp(label, "TEST DATA") == 0,
           "PEM round trip of %zu bytes", n);
  }
  CHECK(lines_ok);
  CHECK(mlkem_pem_encode("X", data, 100, text, 10, &tl) ==
        MLKEM_PEM_ERR_TOO_LONG);

  expect_pem("-----BEGIN K-----\nAAEC\n-----END K-----\n", MLKEM_PEM_OK,
             "plain");
  expect_pem("\n  -----BEGIN K-----\r\nAA\r\nEC\r\n-----END K-----\r\n\n",
             MLKEM_PEM_OK, "CRLF and white space");
  expect_pem("-----BEGIN K-----\nAAEC\n-----END K-----", MLKEM_PEM_OK,
             "no final newline");
  expect_pem("-----BEGIN K-----\nAAE=\n-----END K-----\n", MLKEM_PEM_OK,
             "one padding character");
  expect_pem("-----BEGIN K-----\nAA==\n-----END K-----\n", MLKEM_PEM_OK,
             "two padding characters");
  expect_pem("-----BEGIN K-----\nAAEC\n", MLKEM_PEM_ERR_TRUNCATED,
             "no END line");
  expect_pem("-----BEGIN K-----\nAAEC\n-----EN", MLKEM_PEM_ERR_TRUNCATED,
             "END line cut");
  expect_pem("-----BEGIN K-----\nAAEC\n-----END K--", MLKEM_PEM_ERR_TRUNCATED,
             "END dashes cut");
  expect_pem("-----BEGIN K", MLKEM_PEM_ERR_TRUNCATED, "BEGIN line cut");
  expect_pem("-----BEGIN K-----", MLKEM_PEM_ERR_TRUNCATED, "BEGIN line only");
  expect_pem("-----BEGIN K-----\nAA*C\n-----END K-----\n", MLKEM_PEM_ERR_BASE64,
             "bad character");
  expect_pem("-----BEGIN K-----\nAAE\n-----END K-----\n", MLKEM_PEM_ERR_BASE64,
             "length not a multiple of 4");
  expect_pem("-----BEGIN K-----\nA===\n-----END K-----\n", MLKEM_PEM_ERR_BASE64,
             "three padding characters");
  expect_pem("-----BEGIN K-----\nAB=C\n-----END K-----\n", MLKEM_PEM_ERR_BASE64,
             "data after padding");
  expect_pem("-----BEGIN K-----\nAA==AAAA\n-----END K-----\n",
             MLKEM_PEM_ERR_BASE64, "a quantum after padding");
  expect_pem("-----BEGIN K-----\nAB==\n-----END K-----\n", MLKEM_PEM_ERR_BASE64,
             "non-zero unused bits (two pads)");
  expect_pem("-----BEGIN K-----\nAAB=\n-----END K-----\n", MLKEM_PEM_ERR_BASE64,
             "non-zero unused bits (one pad)");
  expect_pem(
      "-----BEGIN K-----\nProc-Type: 4,ENCRYPTED\n\nAAEC\n"
      "-----END K-----\n",
      MLKEM_PEM_ERR_BASE64, "headers");
  expect_pem("-----BEGIN K-----\nAAEC\n-----END L-----\n", MLKEM_PEM_ERR_LABEL,
             "END label differs");
  expect_pem("-----BEGIN K----X\nAAEC\n-----END K-----\n", MLKEM_PEM_ERR_LABEL,
             "text after BEGIN dashes");
  expect_pem("-----BEGIN K-----\nAAEC\n-----END K-----\nmore\n",
             MLKEM_PEM_ERR_TRAILING, "text after END");
  expect_pem(
      "-----BEGIN K-----\nAAEC\n-----END K-----\n-----BEGIN K-----\n"
      "AAEC\n-----END K-----\n",
      MLKEM_PEM_ERR_TRAILING, "two blocks");
  expect_pem("-----BEGIN K-----\n-----END K-----\n", MLKEM_PEM_ERR_EMPTY,
             "empty");
  expect_pem("text\n-----BEGIN K-----\nAAEC\n-----END K-----\n",
             MLKEM_PEM_ERR_NOT_PEM, "explanatory text first");
  expect_pem("-----BEGIN K\x01-----\nAAEC\n-----END K-----\n",
             MLKEM_PEM_ERR_LABEL, "control character in label");
  {
    /* 400 bytes of base64 (300 bytes) into a 256-byte buffer. */
    static char big[600];
    strcpy(big, "-----BEGIN K-----\n");
    for (i = 0; i < 100; i++) strcat(big, "AAAA");
    strcat(big, "\n-----END K-----\n");
    expect_pem(big, MLKEM_PEM_ERR_TOO_LONG, "too long for the buffer");
  }
  test_pem_alphabet();
  for (i = 0; i <= 7; i++) CHECK(strlen(mlkem_pem_strerror(-(int)i)) > 0);
  CHECK(mlkem_pem_looks_like_pem((const uint8_t *)" \n-----BEGIN X", 14));
  CHECK(!mlkem_pem_looks_like_pem((const uint8_t *)"----BEGIN X", 11));
  /* The sniff tries every position with masks (constant time): white
   * space only before the mark, the whole mark, its space included; every
   * byte value at every position of the mark, after each white space. */
  {
    static const char mark[] = "-----BEGIN ", space[] = " \t\r\n";
    char sniff[32];
    unsigned j, v, w, wrong = 0;
    for (w = 0; w < 4; w++)
      for (j = 0; j < 11; j++)
        for (v = 0; v < 256; v++) {
          sniff[0] = space[w];
          sniff[1] = space[(w + 1) % 4];
          memcpy(sniff + 2, mark, 11);
          sniff[2 + j] = (char)v;
          sniff[13] = 'X';
          if (mlkem_pem_looks_like_pem((const uint8_t *)sniff, 14) !=
              (v == (unsigned char)mark[j]))
            wrong++;
        }
    CHECKF(wrong == 0, "PEM sniff wrong on %u inputs", wrong);
  }
  CHECK(mlkem_pem_looks_like_pem((const uint8_t *)" \r\n\t-----BEGIN X", 16));
  CHECK(!mlkem_pem_looks_like_pem((const uint8_t *)" x-----BEGIN X", 14));
  CHECK(!mlkem_pem_looks_like_pem((const uint8_t *)"-----BEGIN", 10));
  CHECK(mlkem_pem_looks_like_pem((const uint8_t *)"-----BEGIN ", 11));
  CHECK(!mlkem_pem_looks_like_pem((const uint8_t *)"", 0));
}

/* ---- key files --------------------------------------------------------- */

static const mlkem_keyfile_alg *alg_of(const mlkem_kem *kem) {
  return mlkem_keyfile_alg_by_name(kem->name);
}

static void seed_for(uint8_t seed[64], unsigned salt) {
  unsigned i;
  for (i = 0; i < 64; i++) seed[i] = (uint8_t)(i + salt);
}

static const char *type_name(mlkem_keyfile_type t) {
  static const char *const names[] = {"?", "public", "seed", "expanded",
                                      "both"};
  return (unsigned)t < 5 ? names[t] : "?";
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
  static buf want, choice, bad;
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
  choice_seed(&choice, seed, 64);
  pkcs8(&want, arc, &choice, 0, 0, NULL, 0);
  CHECK(want.n == 86);
  CHECK(encode_der(&key, MLKEM_KEYFILE_SEED, out, sizeof out, &len, &err) ==
            MLKEM_KEYFILE_OK &&
        len == want.n && memcmp(out, want.b, len) == 0);
  choice_expanded(&choice, key.dk, kem->dk_bytes);
  pkcs8(&want, arc, &choice, 0, 0, NULL, 0);
  CHECK(encode_der(&key, MLKEM_KEYFILE_EXPANDED, out, sizeof out, &len, &err) ==
            MLKEM_KEYFILE_OK &&
        len == want.n && memcmp(out, want.b, len) == 0);
  choice_both(&choice, seed, 64, key.dk, kem->dk_bytes);
  pkcs8(&want, arc, &choice, 0, 0, NULL, 0);
  CHECK(encode_der(&key, MLKEM_KEYFILE_BOTH, out, sizeof out, &len, &err) ==
            MLKEM_KEYFILE_OK &&
        len == want.n && memcmp(out, want.b, len) == 0);
  spki(&want, arc, key.ek, kem->ek_bytes, 0);
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
  choice_seed(&choice, seed, 64);
  pkcs8(&bad, 4, &choice, 0, 0, NULL, 0);
  expect_der_error(bad.b, bad.n, MLKEM_KEYFILE_ERR_OID, "OID arc 4 (private)");
  spki(&bad, 0, key.ek, kem->ek_bytes, 0);
  expect_der_error(bad.b, bad.n, MLKEM_KEYFILE_ERR_OID, "OID arc 0 (public)");
  pkcs8(&bad, arc, &choice, 0, 1, NULL, 0);
  expect_der_error(bad.b, bad.n, MLKEM_KEYFILE_ERR_PARAMS,
                   "NULL parameters (private)");
  spki(&bad, arc, key.ek, kem->ek_bytes, 1);
  expect_der_error(bad.b, bad.n, MLKEM_KEYFILE_ERR_PARAMS,
                   "NULL parameters (public)");

  /* Version and the optional fields of OneAsymmetricKey. */
  pkcs8(&bad, arc, &choice, 1, 0, NULL, 0);
  expect_der_error(bad.b, bad.n, MLKEM_KEYFILE_ERR_VERSION, "version 1");
  {
    static const uint8_t attrs[] = {0xa0, 0x00};
    static const uint8_t pubkey[] = {0x81, 0x01, 0x00};
    pkcs8(&bad, arc, &choice, 0, 0, attrs, sizeof attrs);
    expect_der_error(bad.b, bad.n, MLKEM_KEYFILE_ERR_VERSION, "attributes");
    pkcs8(&bad, arc, &choice, 0, 0, pubkey, sizeof pubkey);
    expect_der_error(bad.b, bad.n, MLKEM_KEYFILE_ERR_VERSION,
                     "publicKey field");
  }

  /* Wrong lengths. */
  choice_seed(&choice, seed, 63);
  pkcs8(&bad, arc, &choice, 0, 0, NULL, 0);
  expect_der_error(bad.b, bad.n, MLKEM_KEYFILE_ERR_LENGTH, "63-byte seed");
  choice_seed(&choice, key.dk, 65);
  pkcs8(&bad, arc, &choice, 0, 0, NULL, 0);
  expect_der_error(bad.b, bad.n, MLKEM_KEYFILE_ERR_LENGTH, "65-byte seed");
  choice_expanded(&choice, key.dk, kem->dk_bytes - 1);
  pkcs8(&bad, arc, &choice, 0, 0, NULL, 0);
  expect_der_error(bad.b, bad.n, MLKEM_KEYFILE_ERR_LENGTH,
                   "short expanded key");
  choice_both(&choice, seed, 64, key.dk, kem->dk_bytes + 1);
  pkcs8(&bad, arc, &choice, 0, 0, NULL, 0);
  expect_der_error(bad.b, bad.n, MLKEM_KEYFILE_ERR_LENGTH,
                   "long expanded key in both");
  choice_both(&choice, seed, 32, key.dk, kem->dk_bytes);
  pkcs8(&bad, arc, &choice, 0, 0, NULL, 0);
  expect_der_error(bad.b, bad.n, MLKEM_KEYFILE_ERR_LENGTH,
                   "short seed in both");
  spki(&bad, arc, key.ek, kem->ek_bytes - 1, 0);
  expect_der_error(bad.b, bad.n, MLKEM_KEYFILE_ERR_LENGTH, "short ek");
  /* An ML-KEM-768 OID on a key of another set's size. */
  spki(&bad, (uint8_t)(arc == 2 ? 3 : 2), key.ek, kem->ek_bytes, 0);
  expect_der_error(bad.b, bad.n, MLKEM_KEYFILE_ERR_LENGTH, "ek of another set");

  /* The CHOICE told apart by tag: a seed under the expandedKey tag is a
   * wrong-length expanded key, not a seed. */
  choice_expanded(&choice, seed, 64);
  pkcs8(&bad, arc, &choice, 0, 0, NULL, 0);
  expect_der_error(bad.b, bad.n, MLKEM_KEYFILE_ERR_LENGTH,
                   "seed under tag 0x04");
  choice.n = 0;
  tlv(&choice, 0x81, seed, 64);
  pkcs8(&bad, arc, &choice, 0, 0, NULL, 0);
  expect_der_error(bad.b, bad.n, MLKEM_KEYFILE_ERR_DER, "seed under tag [1]");
  choice.n = 0;
  tlv(&choice, 0xa0, seed, 64);
  pkcs8(&bad, arc, &choice, 0, 0, NULL, 0);
  expect_der_error(bad.b, bad.n, MLKEM_KEYFILE_ERR_DER, "constructed [0]");
  choice_seed(&choice, seed, 64);
  tlv(&choice, 0x05, NULL, 0);
  pkcs8(&bad, arc, &choice, 0, 0, NULL, 0);
  expect_der_error(bad.b, bad.n, MLKEM_KEYFILE_ERR_DER, "data after the seed");
  choice.n = 0;
  pkcs8(&bad, arc, &choice, 0, 0, NULL, 0);
  expect_der_error(bad.b, bad.n, MLKEM_KEYFILE_ERR_DER, "empty privateKey");
  /* The both SEQUENCE of a draft before RFC 9935: expandedKey [1]. */
  {
    buf c = {{0}, 0};
    tlv(&c, 0x04, seed, 64);
    tlv(&c, 0x81, key.dk, kem->dk_bytes);
    wrap(&choice, 0x30, &c);
    pkcs8(&bad, arc, &choice, 0, 0, NULL, 0);
    expect_der_error(bad.b, bad.n, MLKEM_KEYFILE_ERR_DER,
                     "both with expandedKey [1]");
  }

  /* Non-reduced ek: coefficient 0 set to q = 3329 (0xd01). */
  {
    static uint8_t ek[MLKEM_KEYFILE_MAX_EK_BYTES];
    memcpy(ek, key.ek, kem->ek_bytes);
    ek[0] = 0x01;
    ek[1] = (uint8_t)((ek[1] & 0xf0) | 0x0d);
    spki(&bad, arc, ek, kem->ek_bytes, 0);
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
    choice_expanded(&choice, dk, kem->dk_bytes);
    pkcs8(&bad, arc, &choice, 0, 0, NULL, 0);
    expect_der_error(bad.b, bad.n, MLKEM_KEYFILE_ERR_INVALID_DK,
                     "H(ek) changed");
    expect_raw_error(alg, MLKEM_KEYFILE_EXPANDED, dk, kem->dk_bytes,
                     MLKEM_KEYFILE_ERR_INVALID_DK, "hash check failed");

    memcpy(dk, key.dk, kem->dk_bytes);
    dk[ekoff] = 0xff;
    dk[ekoff + 1] |= 0x0f; /* coefficient 0 = 4095 */
    mlkem_sha3_256(h, dk + ekoff, kem->ek_bytes);
    memcpy(dk + ekoff + kem->ek_bytes, h, 32);
    choice_expanded(&choice, dk, kem->dk_bytes);
    pkcs8(&bad, arc, &choice, 0, 0, NULL, 0);
    expect_der_error(bad.b, bad.n, MLKEM_KEYFILE_ERR_INVALID_EK,
                     "non-reduced ek inside dk");

    /* both: a different seed, or a changed dk, disagree. */
    choice_both(&choice, seed, 64, dk, kem->dk_bytes);
    pkcs8(&bad, arc, &choice, 0, 0, NULL, 0);
    expect_der_error(bad.b, bad.n, MLKEM_KEYFILE_ERR_MISMATCH,
                     "both, dk changed");
    {
      uint8_t other[64];
      seed_for(other, 100);
      choice_both(&choice, other, 64, key.dk, kem->dk_bytes);
      pkcs8(&bad, arc, &choice, 0, 0, NULL, 0);
      expect_der_error(bad.b, bad.n, MLKEM_KEYFILE_ERR_MISMATCH,
                       "both, other seed");
      CHECK(mlkem_keyfile_decode_der(&got, bad.b, bad.n, &err) ==
                MLKEM_KEYFILE_ERR_MISMATCH &&
            strstr(err.msg, "seed and expanded key disagree") != NULL);
    }
    /* z changed: the hash check cannot see it, the seed comparison does. */
    memcpy(dk, key.dk, kem->dk_bytes);
    dk[kem->dk_bytes - 1] ^= 0x80;
    choice_both(&choice, seed, 64, dk, kem->dk_bytes);
    pkcs8(&bad, arc, &choice, 0, 0, NULL, 0);
    expect_der_error(bad.b, bad.n, MLKEM_KEYFILE_ERR_MISMATCH,
                     "both, z changed");
  }

  /* An expanded key has no seed to write. */
  choice_expanded(&choice, key.dk, kem->dk_bytes);
  pkcs8(&bad, arc, &choice, 0, 0, NULL, 0);
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
  spki(&want, arc, key.ek, kem->ek_bytes, 0);
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
  static buf bad, choice;
  uint8_t seed[64];
  mlkem_keyfile_error err;
  static const uint8_t rsa_oid[] = {0x2a, 0x86, 0x48, 0x86, 0xf7,
                                    0x0d, 0x01, 0x01, 0x01};
  size_t i;

  /* An RSA SPKI: wrong OID, named in dotted form, with the known ones. */
  {
    buf alg = {{0}, 0}, body = {{0}, 0}, oid = {{0}, 0};
    static const uint8_t bits[] = {0x00, 0x30, 0x00};
    tlv(&oid, 0x06, rsa_oid, sizeof rsa_oid);
    tlv(&oid, 0x05, NULL, 0);
    tlv(&alg, 0x30, oid.b, oid.n);
    put(&body, alg.b, alg.n);
    tlv(&body, 0x03, bits, sizeof bits);
    wrap(&bad, 0x30, &body);
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
  choice_seed(&choice, seed, 64);
  pkcs8(&bad, 2, &choice, 0, 0, NULL, 0);
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
    buf c = {{0}, 0};
    static const uint8_t v[] = {0x00, 0x00};
    tlv(&c, 0x02, v, 2);
    alg_id(&c, 2, 0);
    tlv(&c, 0x04, choice.b, choice.n);
    wrap(&bad, 0x30, &c);
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

static uint8_t *read_vector(const char *rel, size_t *len) {
  return (uint8_t *)test_read_file(test_vector_path(rel), len);
}

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

/* The key written in form `form` as PEM is exactly the file. */
static void writes_as(const mlkem_keyfile_key *key, mlkem_keyfile_type form,
                      const char *rel) {
  static uint8_t out[MLKEM_KEYFILE_MAX_PEM];
  mlkem_keyfile_error err;
  size_t len = 0, flen;
  uint8_t *data = read_vector(rel, &flen);
  int rc = mlkem_keyfile_encode(key, form, MLKEM_KEYFILE_PEM, out, sizeof out,
                                &len, &err);
  CHECKF(rc == MLKEM_KEYFILE_OK && len == flen && memcmp(out, data, len) == 0,
         "written as %s: %s byte for byte", type_name(form), rel);
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
static void xwing_alg_id(buf *o, const uint8_t *oid, size_t oid_n,
                         int with_null) {
  buf c = {{0}, 0};
  tlv(&c, 0x06, oid, oid_n);
  if (with_null) tlv(&c, 0x05, NULL, 0);
  tlv(o, 0x30, c.b, c.n);
}

/* The draft's PKCS#8: version 0, the algorithm, the seed (n bytes) in the
 * privateKey OCTET STRING. */
static void xwing_pkcs8(buf *out, const uint8_t *oid, size_t oid_n,
                        int with_null, const uint8_t *seed, size_t n) {
  static const uint8_t v0 = 0;
  buf c = {{0}, 0};
  tlv(&c, 0x02, &v0, 1);
  xwing_alg_id(&c, oid, oid_n, with_null);
  tlv(&c, 0x04, seed, n);
  wrap(out, 0x30, &c);
}

static void xwing_spki(buf *out, const uint8_t *oid, size_t oid_n,
                       const uint8_t *pk, size_t n) {
  static uint8_t bits[XWING_EK_BYTES + 2];
  buf c = {{0}, 0};
  bits[0] = 0;
  memcpy(bits + 1, pk, n);
  xwing_alg_id(&c, oid, oid_n, 0);
  tlv(&c, 0x03, bits, n + 1);
  wrap(out, 0x30, &c);
}

/* Decodes DER expecting error `code` and a message containing `phrase`. */
static void expect_xwing_error(const buf *der, int code, const char *phrase,
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
  buf der, want;

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
    buf choice = {{0}, 0};
    tlv(&choice, 0x80, seed, 32);
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
    buf der;
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
  test_der();
  test_der_type();
  test_pem();
  for (i = 0; mlkem_kems[i] != NULL; i++) test_keyfile_set(mlkem_kems[i]);
  test_keyfile_misc();
  test_rfc9935_examples();
  test_codes_and_names();
  test_contracts();
  test_xwing();
  test_kyber();
  test_added_type();
#if !defined(_WIN32)
  test_stack();
#endif
  return test_summary("test_keyfile");
}
