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
 */
#ifndef MLKEM_CLI_DER_H
#define MLKEM_CLI_DER_H

#include <stddef.h>
#include <stdint.h>

/* The tags the key files use. */
#define DER_INTEGER 0x02
#define DER_BIT_STRING 0x03
#define DER_OCTET_STRING 0x04
#define DER_NULL 0x05
#define DER_OID 0x06
#define DER_SEQUENCE 0x30
#define DER_CONTEXT_0 0x80      /* [0] IMPLICIT, primitive */
#define DER_CONTEXT_1 0x81      /* [1] IMPLICIT, primitive */
#define DER_CONTEXT_CONS_0 0xa0 /* [0] IMPLICIT, constructed */

/* Results of the reader. */
enum {
  DER_OK = 0,
  DER_ERR_END = -1,       /* no element left where one was expected */
  DER_ERR_TAG = -2,       /* the next element has another tag */
  DER_ERR_TRUNCATED = -3, /* a length runs past the end of the input */
  DER_ERR_LENGTH = -4,    /* indefinite or non-minimal length, or too long */
  DER_ERR_HIGH_TAG = -5   /* multi-byte tag (tag number 31 or more) */
};

/* A span of input still to be read. */
typedef struct {
  const uint8_t *p;
  size_t n;
} der_reader;

void der_reader_init(der_reader *r, const uint8_t *p, size_t n);

/* 1 if nothing is left in r. */
int der_at_end(const der_reader *r);

/* The tag of the next element, or -1 if r is empty. */
int der_peek_tag(const der_reader *r);

/* Reads the next element, which must have tag `tag`: on DER_OK its
 * contents are in *content and r has moved past it. On any error r and
 * *content are unchanged (content is set to an empty span). */
int der_read(der_reader *r, uint8_t tag, der_reader *content);

/* A short English description of a DER_* result. */
const char *der_strerror(int err);

/* Writes `oid` (the contents of an OBJECT IDENTIFIER) in dotted decimal
 * into buf (always NUL-terminated); a malformed one is written as hex. */
void der_oid_to_text(const uint8_t *oid, size_t n, char *buf, size_t cap);

/* The writer: appends to a fixed buffer and remembers if it ran out. */
typedef struct {
  uint8_t *p;
  size_t cap;
  size_t len;
  int overflow;
} der_writer;

void der_writer_init(der_writer *w, uint8_t *buf, size_t cap);

/* Size of an element whose contents are `content_len` bytes long. */
size_t der_tlv_size(size_t content_len);

/* Appends a tag and a length (the contents follow with der_put_bytes or
 * further elements). */
void der_put_header(der_writer *w, uint8_t tag, size_t content_len);

void der_put_bytes(der_writer *w, const uint8_t *b, size_t n);

/* Appends a whole element. */
void der_put_tlv(der_writer *w, uint8_t tag, const uint8_t *content, size_t n);

#endif
