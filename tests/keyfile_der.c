/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * keyfile_der.c - what the key-file tests share (keyfile_der.h): a tiny
 * DER builder of their own, to compare the library's encodings with
 * structures built by hand, and the checks of a refused key.
 */
#include "keyfile_der.h"

#include <stdlib.h>
#include <string.h>

#include "test_util.h"

void der_put(der_buf *o, const uint8_t *p, size_t n) {
  if (n > 0) memcpy(o->b + o->n, p, n);
  o->n += n;
}

/* Appends tag, minimal length, contents. */
void der_tlv(der_buf *o, uint8_t tag, const uint8_t *c, size_t n) {
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
  der_put(o, h, k);
  der_put(o, c, n);
}

void der_wrap(der_buf *out, uint8_t tag, const der_buf *in) {
  out->n = 0;
  der_tlv(out, tag, in->b, in->n);
}

static const uint8_t oid_mlkem[9] = {0x60, 0x86, 0x48, 0x01, 0x65,
                                     0x03, 0x04, 0x04, 0x00};

uint8_t arc_of(const mlkem_kem *kem) {
  return (uint8_t)(kem->rank - 1); /* 512: .1, 768: .2, 1024: .3 */
}

/* AlgorithmIdentifier with the set's OID (or `arc`), optional NULL. */
void der_alg_id(der_buf *o, uint8_t arc, int with_null) {
  der_buf c = {{0}, 0};
  uint8_t oid[9];
  memcpy(oid, oid_mlkem, 9);
  oid[8] = arc;
  der_tlv(&c, 0x06, oid, 9);
  if (with_null) der_tlv(&c, 0x05, NULL, 0);
  der_tlv(o, 0x30, c.b, c.n);
}

/* PKCS#8 around the DER of a private key CHOICE. */
void der_pkcs8(der_buf *out, uint8_t arc, const der_buf *choice, int version,
               int null_params, const uint8_t *extra, size_t extra_n) {
  der_buf c = {{0}, 0};
  uint8_t v = (uint8_t)version;
  der_tlv(&c, 0x02, &v, 1);
  der_alg_id(&c, arc, null_params);
  der_tlv(&c, 0x04, choice->b, choice->n);
  if (extra_n) der_put(&c, extra, extra_n);
  der_wrap(out, 0x30, &c);
}

void der_spki(der_buf *out, uint8_t arc, const uint8_t *ek, size_t n,
              int null_params) {
  der_buf c = {{0}, 0};
  static uint8_t bits[2048];
  bits[0] = 0;
  memcpy(bits + 1, ek, n);
  der_alg_id(&c, arc, null_params);
  der_tlv(&c, 0x03, bits, n + 1);
  der_wrap(out, 0x30, &c);
}

void der_choice_seed(der_buf *o, const uint8_t *seed, size_t n) {
  o->n = 0;
  der_tlv(o, 0x80, seed, n);
}
void der_choice_expanded(der_buf *o, const uint8_t *dk, size_t n) {
  o->n = 0;
  der_tlv(o, 0x04, dk, n);
}
void der_choice_both(der_buf *o, const uint8_t *seed, size_t sn,
                     const uint8_t *dk, size_t dn) {
  der_buf c = {{0}, 0};
  der_tlv(&c, 0x04, seed, sn);
  der_tlv(&c, 0x04, dk, dn);
  der_wrap(o, 0x30, &c);
}

/* ---- helpers ----------------------------------------------------------- */

int all_zero(const void *p, size_t n) {
  return test_all_bytes((const uint8_t *)p, n, 0);
}

/* Decodes DER expecting error `code`; checks the message and the wipe. */
void expect_der_error(const uint8_t *der, size_t n, int code,
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

void expect_any_error(const uint8_t *in, size_t n, const char *what) {
  static mlkem_keyfile_key key;
  mlkem_keyfile_error err;
  int rc = mlkem_keyfile_decode(&key, in, n, NULL, &err);
  CHECKF(rc != MLKEM_KEYFILE_OK, "%s: refused", what);
  CHECKF(all_zero(&key, sizeof key), "%s: key wiped", what);
}

const char *type_name(mlkem_keyfile_type t) {
  static const char *const names[] = {"?", "public", "seed", "expanded",
                                      "both"};
  return (unsigned)t < 5 ? names[t] : "?";
}

uint8_t *read_vector(const char *rel, size_t *len) {
  return (uint8_t *)test_read_file(test_vector_path(rel), len);
}

/* The key written in form `form` as PEM is exactly the file. */
void writes_as(const mlkem_keyfile_key *key, mlkem_keyfile_type form,
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
