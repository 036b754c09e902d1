/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_der_pem.c - the key files' DER and PEM code (src/keyfile/der.c,
 * pem.c), alone:
 *
 *  - der.c: every length form (short, long, non-minimal, indefinite, too
 *    long, truncated), tags, high tags, the writer's lengths and overflow,
 *    OIDs as text;
 *  - pem.c: round trips for every length 0..200 with 64-character lines,
 *    CRLF and white space, and each refusal (truncated, bad base64
 *    characters, padding and unused bits, label mismatch, trailing data,
 *    empty, too long, headers); every byte in every position against the
 *    alphabet of RFC 4648.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "keyfile/der.h"
#include "keyfile/keyfile_alg.h"
#include "keyfile/pem.h"
#include "keyfile_der.h"
#include "mlkem.h"
#include "mlkem_keyfile.h"
#include "test_util.h"

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
  static der_buf out, choice, c;
  uint8_t seed[64] = {0}, one = 1, ek[MLKEM1024_EK_BYTES] = {0};
  const mlkem_keyfile_entry *const *t = mlkem_keyfile_table;
  int priv = -1;
  size_t arc;

  for (arc = 1; arc <= 3; arc++) {
    der_choice_seed(&choice, seed, sizeof seed);
    der_pkcs8(&out, (uint8_t)arc, &choice, 0, 0, NULL, 0);
    CHECKF(mlkem_keyfile_der_type(t, out.b, out.n, &priv) == t[arc - 1] &&
               priv == 1,
           "PKCS#8 names ML-KEM arc %zu", arc);
    /* Only the OID counts: a zero ek, a version 1, parameters and
     * trailing bytes inside are the decoder's to refuse. */
    der_spki(&out, (uint8_t)arc, ek, t[arc - 1]->alg.ek_bytes, 1);
    priv = -1;
    CHECKF(mlkem_keyfile_der_type(t, out.b, out.n, &priv) == t[arc - 1] &&
               priv == 0,
           "SubjectPublicKeyInfo names ML-KEM arc %zu", arc);
  }
  der_pkcs8(&out, 2, &choice, 1, 1, &one, 1);
  CHECK(mlkem_keyfile_der_type(t, out.b, out.n, NULL) == t[1]);
  /* Cut short, it is not one DER element. */
  CHECK(mlkem_keyfile_der_type(t, out.b, out.n - 1, NULL) == NULL);
  /* Another ML-KEM arc, another algorithm, other structures. */
  der_pkcs8(&out, 4, &choice, 0, 0, NULL, 0);
  CHECK(mlkem_keyfile_der_type(t, out.b, out.n, &priv) == NULL);
  c.n = 0;
  der_tlv(&c, 0x06, rsa_oid, sizeof rsa_oid);
  der_tlv(&c, 0x05, NULL, 0);
  der_wrap(&choice, 0x30, &c);
  c.n = 0;
  der_tlv(&c, 0x02, &one, 1);
  der_put(&c, choice.b, choice.n);
  der_tlv(&c, 0x04, seed, 8);
  der_wrap(&out, 0x30, &c);
  CHECK(mlkem_keyfile_der_type(t, out.b, out.n, NULL) == NULL);
  /* An RSAPrivateKey (INTEGER after INTEGER) and an OCTET STRING. */
  c.n = 0;
  der_tlv(&c, 0x02, &one, 1);
  der_tlv(&c, 0x02, seed, 8);
  der_wrap(&out, 0x30, &c);
  CHECK(mlkem_keyfile_der_type(t, out.b, out.n, NULL) == NULL);
  der_wrap(&out, 0x04, &c);
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

int main(void) {
  test_der();
  test_der_type();
  test_pem();
  return test_summary("test_der_pem");
}
