/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * keyfile_der.h - what the key-file tests share (test_der_pem.c,
 * test_keyfile.c, test_keyfile_types.c): a tiny DER builder of their own
 * and the checks of a refused key (keyfile_der.c).
 */
#ifndef MLKEM_TEST_KEYFILE_DER_H
#define MLKEM_TEST_KEYFILE_DER_H

#include <stddef.h>
#include <stdint.h>

#include "mlkem.h"
#include "mlkem_keyfile.h"

/* A DER encoding being built. */
typedef struct {
  uint8_t b[8192];
  size_t n;
} der_buf;

/* Appends bytes; appends tag, minimal length and contents; replaces out
 * with tag around in. */
void der_put(der_buf *o, const uint8_t *p, size_t n);
void der_tlv(der_buf *o, uint8_t tag, const uint8_t *c, size_t n);
void der_wrap(der_buf *out, uint8_t tag, const der_buf *in);

/* The last arc of a set's OID (512: 1, 768: 2, 1024: 3). */
uint8_t arc_of(const mlkem_kem *kem);

/* AlgorithmIdentifier with the ML-KEM OID of `arc`, optional NULL. */
void der_alg_id(der_buf *o, uint8_t arc, int with_null);

/* PKCS#8 around the DER of a private key CHOICE (RFC 9935), and
 * SubjectPublicKeyInfo around ek. */
void der_pkcs8(der_buf *out, uint8_t arc, const der_buf *choice, int version,
               int null_params, const uint8_t *extra, size_t extra_n);
void der_spki(der_buf *out, uint8_t arc, const uint8_t *ek, size_t n,
              int null_params);

/* The three private key CHOICEs of RFC 9935. */
void der_choice_seed(der_buf *o, const uint8_t *seed, size_t n);
void der_choice_expanded(der_buf *o, const uint8_t *dk, size_t n);
void der_choice_both(der_buf *o, const uint8_t *seed, size_t sn,
                     const uint8_t *dk, size_t dn);

int all_zero(const void *p, size_t n);

/* Decodes DER expecting error `code`, and checks the message and the
 * wipe; decodes anything expecting a refusal and a wiped key. */
void expect_der_error(const uint8_t *der, size_t n, int code, const char *what);
void expect_any_error(const uint8_t *in, size_t n, const char *what);

/* A key file form's name. */
const char *type_name(mlkem_keyfile_type t);

/* A file of tests/vectors/ (malloc'ed), and whether the key written in
 * form `form` as PEM is exactly the file. */
uint8_t *read_vector(const char *rel, size_t *len);
void writes_as(const mlkem_keyfile_key *key, mlkem_keyfile_type form,
               const char *rel);

#endif
