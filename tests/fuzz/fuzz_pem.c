/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* fuzz-sources: (none) */
/*
 * fuzz_pem.c - libFuzzer target: the PEM decoder and encoder of the key
 * files (src/keyfile/pem.c), whose base64 works in constant time,
 * against a plain restatement of RFC 4648 written here with the
 * alphabet as a table.
 *
 * The input is used three ways:
 *  - as a PEM body: its bytes, with every '-' left out, between the lines
 *    "-----BEGIN K-----" and "-----END K-----". mlkem_pem_decode must accept it
 *    exactly when the restated strict base64 (white space skipped, '='
 *    only as the padding of the last quantum, unused bits zero) does, with
 *    the same bytes; refuse it with MLKEM_PEM_ERR_BASE64 when that finds a
 *    fault; and say MLKEM_PEM_ERR_EMPTY when there is no base64 at all;
 *  - as data: mlkem_pem_encode must write exactly the restated encoding (BEGIN
 *    line, base64 in lines of 64, END line), and mlkem_pem_decode must read it
 *    back to the data;
 *  - as a whole file: mlkem_pem_looks_like_pem says PEM exactly when a
 *    plain restatement does (and after white space and the BEGIN mark, the
 *    data behind it never matter); whatever mlkem_pem_decode says, an
 *    error leaves the output all zeros and its length 0, and accepted
 *    contents encode and decode back to themselves under the same label.
 */
#include "fuzz_common.h"
#include "keyfile/pem.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_IN 8192
#define MAX_TEXT (2 * MAX_IN + 256)

/* RFC 4648, Table 1. */
static const char alphabet[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static int value_of(uint8_t c) {
  const char *p = c != 0 ? strchr(alphabet, c) : NULL;
  return p != NULL ? (int)(p - alphabet) : -1;
}

enum { REF_OK, REF_BAD, REF_EMPTY };

/* Strict base64 of a PEM body, restated: white space is skipped; every
 * quantum is four characters of the alphabet, but the last, which may end
 * in "=" or "==" with the unused bits zero. */
static int ref_decode(const uint8_t *in, size_t n, uint8_t *out, size_t *len) {
  uint8_t q[4];
  size_t i, k = 0;
  int ended = 0;
  *len = 0;
  for (i = 0; i < n; i++) {
    int v[4], j;
    if (in[i] == ' ' || in[i] == '\t' || in[i] == '\r' || in[i] == '\n')
      continue;
    if (ended) return REF_BAD; /* something after the padding */
    q[k++] = in[i];
    if (k < 4) continue;
    k = 0;
    for (j = 0; j < 4; j++) v[j] = value_of(q[j]);
    if (v[0] < 0 || v[1] < 0) return REF_BAD;
    out[(*len)++] = (uint8_t)(v[0] << 2 | v[1] >> 4);
    if (q[2] == '=' && q[3] == '=') {
      if ((v[1] & 15) != 0) return REF_BAD;
      ended = 1;
      continue;
    }
    if (v[2] < 0) return REF_BAD;
    out[(*len)++] = (uint8_t)((v[1] & 15) << 4 | v[2] >> 2);
    if (q[3] == '=') {
      if ((v[2] & 3) != 0) return REF_BAD;
      ended = 1;
      continue;
    }
    if (v[3] < 0) return REF_BAD;
    out[(*len)++] = (uint8_t)((v[2] & 3) << 6 | v[3]);
  }
  if (k != 0) return REF_BAD;
  return *len == 0 ? REF_EMPTY : REF_OK;
}

/* RFC 7468 as pem.h writes it, restated. */
static size_t ref_encode(const char *label, const uint8_t *in, size_t n,
                         char *out) {
  size_t pos = 0, i, col = 0;
  pos += (size_t)sprintf(out, "-----BEGIN %s-----\n", label);
  for (i = 0; i < n; i += 3) {
    unsigned b0 = in[i], b1 = i + 1 < n ? in[i + 1] : 0;
    unsigned b2 = i + 2 < n ? in[i + 2] : 0;
    out[pos++] = alphabet[b0 >> 2];
    out[pos++] = alphabet[(b0 & 3) << 4 | b1 >> 4];
    out[pos++] = i + 1 < n ? alphabet[(b1 & 15) << 2 | b2 >> 6] : '=';
    out[pos++] = i + 2 < n ? alphabet[b2 & 63] : '=';
    if ((col += 4) == 64) {
      out[pos++] = '\n';
      col = 0;
    }
  }
  if (col != 0) out[pos++] = '\n';
  pos += (size_t)sprintf(out + pos, "-----END %s-----\n", label);
  return pos;
}

/* Whether a file is PEM (mlkem_pem_looks_like_pem, which tries every
 * position in constant time), restated plainly: white space, then the
 * BEGIN mark. */
static int ref_looks_like_pem(const uint8_t *in, size_t n) {
  static const char mark[] = "-----BEGIN ";
  size_t i = 0;
  while (i < n &&
         (in[i] == ' ' || in[i] == '\t' || in[i] == '\r' || in[i] == '\n'))
    i++;
  return n - i >= sizeof mark - 1 && memcmp(in + i, mark, sizeof mark - 1) == 0;
}

/* The output buffer is filled with FUZZ_FILL before each decode: after an
 * error every byte must be 0 (written, then wiped) or still FUZZ_FILL. */
static int wiped(const uint8_t *p, size_t n) {
  size_t i;
  for (i = 0; i < n; i++)
    if (p[i] != 0 && p[i] != FUZZ_FILL) return 0;
  return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static uint8_t body[MAX_IN], want[MAX_IN], got[MAX_IN];
  static char text[MAX_TEXT], text2[MAX_TEXT];
  static const char head[] = "-----BEGIN K-----\n";
  static const char tail[] = "\n-----END K-----\n";
  char label[MLKEM_PEM_MAX_LABEL];
  size_t i, nb = 0, wl, gl, tl, tl2;
  int ref, rc;

  if (size > MAX_IN) return 0;

  /* As a PEM body. */
  for (i = 0; i < size; i++)
    if (data[i] != '-') body[nb++] = data[i];
  memcpy(text, head, sizeof head - 1);
  memcpy(text + sizeof head - 1, body, nb);
  memcpy(text + sizeof head - 1 + nb, tail, sizeof tail - 1);
  tl = sizeof head - 1 + nb + sizeof tail - 1;
  ref = ref_decode(body, nb, want, &wl);
  memset(got, FUZZ_FILL, sizeof got);
  rc = mlkem_pem_decode((const uint8_t *)text, tl, label, got, sizeof got, &gl);
  if (ref == REF_OK) {
    FUZZ_REQUIRE(rc == MLKEM_PEM_OK, "valid base64 refused");
    FUZZ_REQUIRE(gl == wl && memcmp(got, want, wl) == 0,
                 "decoded bytes differ from RFC 4648");
    FUZZ_REQUIRE(strcmp(label, "K") == 0, "label");
  } else {
    FUZZ_REQUIRE(
        rc == (ref == REF_BAD ? MLKEM_PEM_ERR_BASE64 : MLKEM_PEM_ERR_EMPTY),
        "invalid base64 not refused as such");
    FUZZ_REQUIRE(gl == 0 && wiped(got, sizeof got), "output wiped on error");
  }

  /* As data to encode. */
  rc = mlkem_pem_encode("PRIVATE KEY", data, size, text, sizeof text, &tl);
  FUZZ_REQUIRE(
      rc == MLKEM_PEM_OK && tl == mlkem_pem_encoded_size("PRIVATE KEY", size),
      "mlkem_pem_encode");
  tl2 = ref_encode("PRIVATE KEY", data, size, text2);
  FUZZ_REQUIRE(tl == tl2 && memcmp(text, text2, tl) == 0,
               "encoding differs from RFC 4648 / 7468");
  rc = mlkem_pem_decode((const uint8_t *)text, tl, label, got, sizeof got, &gl);
  if (size == 0) {
    FUZZ_REQUIRE(rc == MLKEM_PEM_ERR_EMPTY, "empty contents");
  } else {
    FUZZ_REQUIRE(rc == MLKEM_PEM_OK && gl == size &&
                     memcmp(got, data, size) == 0 &&
                     strcmp(label, "PRIVATE KEY") == 0,
                 "round trip");
  }

  /* As a whole file. */
  FUZZ_REQUIRE(
      mlkem_pem_looks_like_pem(data, size) == ref_looks_like_pem(data, size),
      "the PEM sniff differs from its plain restatement");
  memcpy(text, "  \r\n-----BEGIN ", 16);
  memcpy(text + 16, data, size);
  FUZZ_REQUIRE(mlkem_pem_looks_like_pem((const uint8_t *)text, size + 16),
               "PEM after white space not seen");
  memset(got, FUZZ_FILL, sizeof got);
  gl = 99;
  rc = mlkem_pem_decode(data, size, label, got, sizeof got, &gl);
  if (rc != MLKEM_PEM_OK) {
    FUZZ_REQUIRE(gl == 0 && wiped(got, sizeof got), "output wiped on error");
    return 0;
  }
  rc = mlkem_pem_encode(label, got, gl, text, sizeof text, &tl);
  FUZZ_REQUIRE(rc == MLKEM_PEM_OK, "re-encode");
  memcpy(want, got, gl);
  wl = gl;
  rc = mlkem_pem_decode((const uint8_t *)text, tl, text2, got, sizeof got, &gl);
  FUZZ_REQUIRE(rc == MLKEM_PEM_OK && gl == wl && memcmp(got, want, wl) == 0 &&
                   strcmp(text2, label) == 0,
               "accepted contents round trip");
  return 0;
}
