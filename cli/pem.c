/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * pem.c - PEM decoding and encoding (pem.h). Base64 per RFC 4648, strict.
 */
#include "pem.h"

#include <string.h>

static const char b64_alphabet[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static const char begin_mark[] = "-----BEGIN ";
static const char end_mark[] = "-----END ";
static const char dashes[] = "-----";

static int is_space(uint8_t c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* The value of a base64 character, or -1. */
static int b64_value(uint8_t c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '+') return 62;
  if (c == '/') return 63;
  return -1;
}

static size_t skip_space(const uint8_t *in, size_t n, size_t i) {
  while (i < n && is_space(in[i])) i++;
  return i;
}

static int starts_with(const uint8_t *in, size_t n, size_t i, const char *s) {
  size_t k = strlen(s);
  return n - i >= k && memcmp(in + i, s, k) == 0;
}

int pem_looks_like_pem(const uint8_t *in, size_t n) {
  size_t i = skip_space(in, n, 0);
  return starts_with(in, n, i, begin_mark);
}

/* Reads a label and its closing dashes at in[*i]: printable ASCII other
 * than '-' (a single '-' inside is allowed by RFC 7468 but no key label
 * has one; refusing it keeps the grammar simple). */
static int read_label(const uint8_t *in, size_t n, size_t *i,
                      char label[PEM_MAX_LABEL]) {
  size_t k = 0;
  while (*i < n && in[*i] != '-' && in[*i] != '\n' && in[*i] != '\r') {
    if (in[*i] < 0x20 || in[*i] > 0x7e) return PEM_ERR_LABEL;
    if (k + 1 >= PEM_MAX_LABEL) return PEM_ERR_LABEL;
    label[k++] = (char)in[(*i)++];
  }
  label[k] = '\0';
  if (*i >= n) return PEM_ERR_TRUNCATED;
  if (!starts_with(in, n, *i, dashes)) {
    /* The line ended before its closing dashes: cut short, or garbled. */
    return (n - *i < 5) ? PEM_ERR_TRUNCATED : PEM_ERR_LABEL;
  }
  *i += 5;
  return PEM_OK;
}

/* Finds the end of the line at in[i]: the index after its "\n" (or "\r\n");
 * returns 0 if the line has something other than an end of line at i. */
static int end_of_line(const uint8_t *in, size_t n, size_t *i) {
  if (*i < n && in[*i] == '\r') (*i)++;
  if (*i < n && in[*i] == '\n') {
    (*i)++;
    return 1;
  }
  return *i == n; /* a last line without "\n" */
}

static void wipe(volatile uint8_t *p, size_t n) {
  while (n-- > 0) *p++ = 0;
}

int pem_decode(const uint8_t *in, size_t n, char label[PEM_MAX_LABEL],
               uint8_t *out, size_t cap, size_t *out_len) {
  char end_label[PEM_MAX_LABEL];
  size_t i, len = 0;
  uint32_t acc = 0;
  int rc, nchars = 0, npad = 0;

  *out_len = 0;
  label[0] = '\0';
  i = skip_space(in, n, 0);
  if (!starts_with(in, n, i, begin_mark)) return PEM_ERR_NOT_PEM;
  i += strlen(begin_mark);
  if ((rc = read_label(in, n, &i, label)) != PEM_OK) return rc;
  if (i == n) return PEM_ERR_TRUNCATED;
  if (!end_of_line(in, n, &i)) return PEM_ERR_LABEL;

  /* Base64 up to the END line. */
  for (;; i++) {
    int v;
    if (i == n) {
      rc = PEM_ERR_TRUNCATED;
      goto fail;
    }
    if (in[i] == '-') break;
    if (is_space(in[i])) continue;
    if (in[i] == '=') {
      /* Padding: only after at least two characters of a quantum, and
       * nothing but more padding may follow. */
      npad++;
      if (npad > 2 || nchars % 4 < 2) {
        rc = PEM_ERR_BASE64;
        goto fail;
      }
      nchars++;
      continue;
    }
    v = b64_value(in[i]);
    if (v < 0 || npad > 0) {
      rc = PEM_ERR_BASE64;
      goto fail;
    }
    acc = (acc << 6) | (uint32_t)v;
    nchars++;
    if (nchars % 4 == 0) {
      if (len + 3 > cap) {
        rc = PEM_ERR_TOO_LONG;
        goto fail;
      }
      out[len++] = (uint8_t)(acc >> 16);
      out[len++] = (uint8_t)(acc >> 8);
      out[len++] = (uint8_t)acc;
      acc = 0;
    }
  }
  if (nchars % 4 != 0) {
    rc = PEM_ERR_BASE64;
    goto fail;
  }
  if (npad > 0) {
    /* The final quantum was 2 (npad 2) or 3 (npad 1) characters: their
     * bits are in acc; the bits beyond the last whole byte must be zero. */
    int kept = 4 - npad; /* characters of data in the final quantum */
    uint32_t bits = (uint32_t)kept * 6;
    uint32_t bytes = bits / 8;
    uint32_t extra = bits - 8 * bytes;
    if ((acc & ((1u << extra) - 1)) != 0) {
      rc = PEM_ERR_BASE64;
      goto fail;
    }
    acc >>= extra;
    if (len + bytes > cap) {
      rc = PEM_ERR_TOO_LONG;
      goto fail;
    }
    if (bytes == 2) out[len++] = (uint8_t)(acc >> 8);
    out[len++] = (uint8_t)acc;
  }

  /* The END line: "-----END " label "-----", then only white space. */
  if (!starts_with(in, n, i, end_mark)) {
    rc = (n - i < strlen(end_mark)) ? PEM_ERR_TRUNCATED : PEM_ERR_BASE64;
    goto fail;
  }
  i += strlen(end_mark);
  if ((rc = read_label(in, n, &i, end_label)) != PEM_OK) goto fail;
  if (strcmp(label, end_label) != 0) {
    rc = PEM_ERR_LABEL;
    goto fail;
  }
  if (skip_space(in, n, i) != n) {
    rc = PEM_ERR_TRAILING;
    goto fail;
  }
  if (len == 0) {
    rc = PEM_ERR_EMPTY;
    goto fail;
  }
  *out_len = len;
  return PEM_OK;

fail:
  wipe(out, len);
  acc = 0;
  return rc;
}

size_t pem_encoded_size(const char *label, size_t n) {
  size_t chars = 4 * ((n + 2) / 3);
  size_t lines = (chars + 63) / 64;
  size_t l = strlen(label);
  return (strlen(begin_mark) + l + 5 + 1) + chars + lines +
         (strlen(end_mark) + l + 5 + 1);
}

static void put(char *out, size_t *pos, const char *s, size_t k) {
  memcpy(out + *pos, s, k);
  *pos += k;
}

int pem_encode(const char *label, const uint8_t *der, size_t n, char *out,
               size_t cap, size_t *out_len) {
  size_t pos = 0, i, col = 0, l = strlen(label);
  *out_len = 0;
  if (pem_encoded_size(label, n) > cap) return PEM_ERR_TOO_LONG;
  put(out, &pos, begin_mark, strlen(begin_mark));
  put(out, &pos, label, l);
  put(out, &pos, "-----\n", 6);
  for (i = 0; i < n; i += 3) {
    uint32_t v = (uint32_t)der[i] << 16;
    size_t k = n - i < 3 ? n - i : 3;
    char q[4];
    if (k > 1) v |= (uint32_t)der[i + 1] << 8;
    if (k > 2) v |= der[i + 2];
    q[0] = b64_alphabet[(v >> 18) & 63];
    q[1] = b64_alphabet[(v >> 12) & 63];
    q[2] = k > 1 ? b64_alphabet[(v >> 6) & 63] : '=';
    q[3] = k > 2 ? b64_alphabet[v & 63] : '=';
    put(out, &pos, q, 4);
    col += 4;
    if (col == 64) {
      put(out, &pos, "\n", 1);
      col = 0;
    }
  }
  if (col != 0) put(out, &pos, "\n", 1);
  put(out, &pos, end_mark, strlen(end_mark));
  put(out, &pos, label, l);
  put(out, &pos, "-----\n", 6);
  *out_len = pos;
  return PEM_OK;
}

const char *pem_strerror(int err) {
  switch (err) {
    case PEM_OK:
      return "no error";
    case PEM_ERR_NOT_PEM:
      return "not PEM (no -----BEGIN line)";
    case PEM_ERR_TRUNCATED:
      return "truncated PEM (no -----END line)";
    case PEM_ERR_BASE64:
      return "bad base64 in PEM";
    case PEM_ERR_LABEL:
      return "malformed PEM label line";
    case PEM_ERR_TRAILING:
      return "data after the PEM -----END line";
    case PEM_ERR_TOO_LONG:
      return "PEM contents too long for a key";
    case PEM_ERR_EMPTY:
      return "empty PEM block";
    default:
      return "unknown PEM error";
  }
}
