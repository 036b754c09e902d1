/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * pem.h - PEM (@spec{RFC7468}, strict form) around DER: the BEGIN line, base64
 * lines, the END line with the same label.
 */
#ifndef MLKEM_KEYFILE_PEM_H
#define MLKEM_KEYFILE_PEM_H

#include <stddef.h>
#include <stdint.h>

enum {
  MLKEM_PEM_OK = 0,
  MLKEM_PEM_ERR_NOT_PEM = -1,   /* does not start with a BEGIN line */
  MLKEM_PEM_ERR_TRUNCATED = -2, /* no END line (or the BEGIN line is cut) */
  MLKEM_PEM_ERR_BASE64 =
      -3, /* a character, padding or length that base64 forbids */
  MLKEM_PEM_ERR_LABEL =
      -4, /* END label differs from BEGIN, or label too long */
  MLKEM_PEM_ERR_TRAILING = -5, /* something other than white space after END */
  MLKEM_PEM_ERR_TOO_LONG = -6, /* the decoded contents do not fit the buffer */
  MLKEM_PEM_ERR_EMPTY = -7     /* no contents between BEGIN and END */
};

#define MLKEM_PEM_MAX_LABEL 64

/* The largest output buffer mlkem_pem_decode is proven for (docs/
 * PROOFS.md): far more than any key (the key files' buffer is
 * MLKEM_KEYFILE_MAX_DER). */
#define MLKEM_PEM_MAX_CAP ((size_t)1 << 30)

/* 1 if `in` starts, after optional white space, with "-----BEGIN ".
 * Constant time in the bytes of `in`, which may be a raw private key; only
 * the result is public. */
int mlkem_pem_looks_like_pem(const uint8_t *in, size_t n);

/* Decodes the single PEM block that makes up `in`: its label (NUL-
 * terminated, at most MLKEM_PEM_MAX_LABEL - 1 characters) into label, its
 * decoded contents into out (at most cap bytes), their length into
 * *out_len. White space (space, tab, CR, LF) may precede the BEGIN line,
 * separate the base64 characters and follow the END line; nothing else
 * may (no headers, no explanatory text, no second block). The base64 must
 * be canonical: '=' only as the final padding, unused bits zero. On error,
 * all cap bytes of out are zero and *out_len is 0. cap is at most
 * MLKEM_PEM_MAX_CAP. */
int mlkem_pem_decode(const uint8_t *in, size_t n,
                     char label[MLKEM_PEM_MAX_LABEL], uint8_t *out, size_t cap,
                     size_t *out_len);

/* The size mlkem_pem_encode writes for `n` bytes of DER under `label`. */
size_t mlkem_pem_encoded_size(const char *label, size_t n);

/* Writes the PEM block: BEGIN line, base64 in lines of 64 characters, END
 * line, each ending with "\n". Returns MLKEM_PEM_OK, or MLKEM_PEM_ERR_TOO_LONG
 * if it does not fit in cap (nothing usable is written then). */
int mlkem_pem_encode(const char *label, const uint8_t *der, size_t n, char *out,
                     size_t cap, size_t *out_len);

const char *mlkem_pem_strerror(int err);

#endif
