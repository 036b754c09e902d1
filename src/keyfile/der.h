/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * der.h - a strict DER reader and a DER writer, for the few structures of
 * the key files (PKCS#8 OneAsymmetricKey, SubjectPublicKeyInfo and the
 * ML-KEM private key CHOICE). Not a general ASN.1 library.
 *
 * The reader accepts only the distinguished encoding: single-byte tags
 * (tag numbers below 31), definite lengths in their shortest form, and no
 * element running past the end of the one that encloses it. It never reads
 * outside the buffer it is given, and never allocates.
 *
 * The contents of a private key's elements (the seed, the expanded key)
 * are secret: the reader only says where they are and never looks at
 * them. What it branches on, the tags and lengths, is the structure of the
 * file, which its key type, form and size (public) decide; it declassifies
 * those bytes for the constant-time check as it reads them (make ct reads
 * private keys marked secret, tests/ct/ct_check.c).
 */
#ifndef MLKEM_KEYFILE_DER_H
#define MLKEM_KEYFILE_DER_H

#include <stddef.h>
#include <stdint.h>

/* The tags the key files use. */
#define MLKEM_DER_INTEGER 0x02
#define MLKEM_DER_BIT_STRING 0x03
#define MLKEM_DER_OCTET_STRING 0x04
#define MLKEM_DER_NULL 0x05
#define MLKEM_DER_OID 0x06
#define MLKEM_DER_SEQUENCE 0x30
#define MLKEM_DER_CONTEXT_0 0x80      /* [0] IMPLICIT, primitive */
#define MLKEM_DER_CONTEXT_1 0x81      /* [1] IMPLICIT, primitive */
#define MLKEM_DER_CONTEXT_CONS_0 0xa0 /* [0] IMPLICIT, constructed */

/* Results of the reader. */
enum {
  MLKEM_DER_OK = 0,
  MLKEM_DER_ERR_END = -1,       /* no element left where one was expected */
  MLKEM_DER_ERR_TAG = -2,       /* the next element has another tag */
  MLKEM_DER_ERR_TRUNCATED = -3, /* a length runs past the end of the input */
  MLKEM_DER_ERR_LENGTH = -4, /* indefinite or non-minimal length, or too long */
  MLKEM_DER_ERR_HIGH_TAG = -5 /* multi-byte tag (tag number 31 or more) */
};

/* A span of input still to be read. */
typedef struct {
  const uint8_t *p;
  size_t n;
} mlkem_der_reader;

/* A reader's span is valid memory: the proofs' precondition on every
 * reader passed in (platform/cbmc.h; proofs/keyfile/). */
#define MLKEM_DER_READER_OK(r) \
  (fresh((r), sizeof *(r)) && fresh((r)->p, (r)->n))

void mlkem_der_reader_init(mlkem_der_reader *r, const uint8_t *p, size_t n);

/* 1 if nothing is left in r. */
int mlkem_der_at_end(const mlkem_der_reader *r);

/* The tag of the next element, or -1 if r is empty (declassified, as
 * mlkem_der_read does). */
int mlkem_der_peek_tag(const mlkem_der_reader *r);

/* Reads the next element, which must have tag `tag`: on MLKEM_DER_OK its
 * contents are in *content and r has moved past it. On any error r and
 * *content are unchanged (content is set to an empty span). */
int mlkem_der_read(mlkem_der_reader *r, uint8_t tag, mlkem_der_reader *content);

/* A short English description of a MLKEM_DER_* result. */
const char *mlkem_der_strerror(int err);

/* Writes `oid` (the contents of an OBJECT IDENTIFIER) in dotted decimal
 * into buf (always NUL-terminated); a malformed one is written as hex. */
void mlkem_der_oid_to_text(const uint8_t *oid, size_t n, char *buf, size_t cap);

/* The writer: appends to a fixed buffer and remembers if it ran out. */
typedef struct {
  uint8_t *p;
  size_t cap;
  size_t len;
  int overflow;
} mlkem_der_writer;

void mlkem_der_writer_init(mlkem_der_writer *w, uint8_t *buf, size_t cap);

/* Size of an element whose contents are `content_len` bytes long. */
size_t mlkem_der_tlv_size(size_t content_len);

/* Appends a tag and a length (the contents follow with mlkem_der_put_bytes or
 * further elements). */
void mlkem_der_put_header(mlkem_der_writer *w, uint8_t tag, size_t content_len);

void mlkem_der_put_bytes(mlkem_der_writer *w, const uint8_t *b, size_t n);

/* Appends a whole element. */
void mlkem_der_put_tlv(mlkem_der_writer *w, uint8_t tag, const uint8_t *content,
                       size_t n);

#endif
