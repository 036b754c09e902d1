/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * der.c - the strict DER reader and the writer of der.h.
 */
#include "der.h"

#include <stdio.h>
#include <string.h>

#include "platform/cbmc.h"
#include "platform/ct_testing.h"

void mlkem_der_reader_init(mlkem_der_reader *r, const uint8_t *p, size_t n) {
  r->p = p;
  r->n = n;
}

int mlkem_der_at_end(const mlkem_der_reader *r) {
  return r->n == 0;
}

int mlkem_der_peek_tag(const mlkem_der_reader *r)
    __contract__(
        requires(MLKEM_DER_READER_OK(r))
        assigns()
        ensures(return_value >= -1 && return_value <= 255)
        ensures((return_value == -1) == (r->n == 0))
    ) {
  if (r->n == 0) return -1;
  /* Public: the structure of the file (der.h). */
  MLKEM_CT_UNPOISON(r->p, 1);
  return r->p[0];
}

/* Parses the tag and length at the start of r: on success *hdr is the size
 * of the header and *len that of the contents, both within r. */
static int parse_header(const mlkem_der_reader *r, size_t *hdr, size_t *len)
    __contract__(
        requires(MLKEM_DER_READER_OK(r))
        requires(fresh(hdr, sizeof *hdr) && fresh(len, sizeof *len))
        assigns(*hdr, *len)
        ensures(return_value == MLKEM_DER_OK ||
                return_value == MLKEM_DER_ERR_END ||
                return_value == MLKEM_DER_ERR_TRUNCATED ||
                return_value == MLKEM_DER_ERR_LENGTH ||
                return_value == MLKEM_DER_ERR_HIGH_TAG)
        ensures(return_value == MLKEM_DER_OK ==>
                (2 <= *hdr && *hdr <= 6 && *hdr <= r->n && *len <= r->n - *hdr))
    ) {
  size_t i, nbytes, v = 0;
  if (r->n == 0) return MLKEM_DER_ERR_END;
  /* The tag and length octets are public: the structure of the file
   * (der.h). */
  MLKEM_CT_UNPOISON(r->p, r->n < 2 ? 1 : 2);
  if ((r->p[0] & 0x1f) == 0x1f) return MLKEM_DER_ERR_HIGH_TAG;
  if (r->n < 2) return MLKEM_DER_ERR_TRUNCATED;
  if (r->p[1] < 0x80) {
    *hdr = 2;
    *len = r->p[1];
  } else {
    /* 0x80 is the indefinite form (BER only); more than four length
     * bytes would describe more than any key file holds. */
    nbytes = r->p[1] & 0x7f;
    if (nbytes == 0 || nbytes > 4) return MLKEM_DER_ERR_LENGTH;
    if (r->n < 2 + nbytes) return MLKEM_DER_ERR_TRUNCATED;
    MLKEM_CT_UNPOISON(r->p + 2, nbytes);
    if (r->p[2] == 0) return MLKEM_DER_ERR_LENGTH; /* leading zero byte */
    for (i = 0; i < nbytes; i++)
      __loop__(
        assigns(i, v)
        invariant(i <= nbytes && v < ((size_t)1 << (8 * i)))
        decreases(nbytes - i)) {
        v = (v << 8) | r->p[2 + i];
      }
    if (v < 0x80) return MLKEM_DER_ERR_LENGTH; /* fits the short form */
    *hdr = 2 + nbytes;
    *len = v;
  }
  if (*len > r->n - *hdr) return MLKEM_DER_ERR_TRUNCATED;
  return MLKEM_DER_OK;
}

int mlkem_der_read(mlkem_der_reader *r, uint8_t tag, mlkem_der_reader *content)
    __contract__(
        requires(MLKEM_DER_READER_OK(r) && fresh(content, sizeof *content))
        assigns(*r, *content)
        ensures(return_value == MLKEM_DER_OK ||
                return_value == MLKEM_DER_ERR_END ||
                return_value == MLKEM_DER_ERR_TAG ||
                return_value == MLKEM_DER_ERR_TRUNCATED ||
                return_value == MLKEM_DER_ERR_LENGTH ||
                return_value == MLKEM_DER_ERR_HIGH_TAG)
        /* On success the contents and the rest are parts of the span read, the
         * contents before the rest; on error r is as it was, content empty. */
        ensures(return_value == MLKEM_DER_OK ==>
                (same_object(content->p, old(r->p)) &&
                 content->p >= old(r->p) + 2 &&
                 content->n <= old(r->n) - (size_t)(content->p - old(r->p)) &&
                 r->p == content->p + content->n &&
                 r->n == old(r->n) - (size_t)(r->p - old(r->p)) &&
                 r->n < old(r->n)))
        ensures(return_value != MLKEM_DER_OK ==>
                (r->p == old(r->p) && r->n == old(r->n) && content->n == 0))
    ) {
  size_t hdr = 0, len = 0;
  int rc = parse_header(r, &hdr, &len);
  content->p = r->p;
  content->n = 0;
  if (rc != MLKEM_DER_OK) return rc;
  if (r->p[0] != tag) return MLKEM_DER_ERR_TAG;
  content->p = r->p + hdr;
  content->n = len;
  r->p += hdr + len;
  r->n -= hdr + len;
  return MLKEM_DER_OK;
}

const char *mlkem_der_strerror(int err) {
  switch (err) {
    case MLKEM_DER_OK:
      return "no error";
    case MLKEM_DER_ERR_END:
      return "an element is missing";
    case MLKEM_DER_ERR_TAG:
      return "unexpected tag";
    case MLKEM_DER_ERR_TRUNCATED:
      return "truncated (a length runs past the end)";
    case MLKEM_DER_ERR_LENGTH:
      return "length not in DER form (indefinite, non-minimal or too long)";
    case MLKEM_DER_ERR_HIGH_TAG:
      return "multi-byte tags are not supported";
    default:
      return "unknown DER error";
  }
}

void mlkem_der_oid_to_text(const uint8_t *oid, size_t n, char *buf, size_t cap)
    __contract__(
        requires(fresh(oid, n) && cap > 0 && fresh(buf, cap))
        assigns(bytes(buf, cap))
    ) {
  size_t i, used = 0;
  unsigned long long arc = 0;
  int first = 1, ok = n > 0 && (oid[n - 1] & 0x80) == 0;
  if (cap == 0) return;
  buf[0] = '\0';
  for (i = 0; ok && i < n; i++) {
    int w;
    if (arc == 0 && oid[i] == 0x80) ok = 0; /* non-minimal arc */
    if (arc > (~0ull >> 7)) ok = 0;         /* arc too large */
    if (!ok) break;
    arc = (arc << 7) | (oid[i] & 0x7f);
    if (oid[i] & 0x80) continue;
    if (first) {
      unsigned long long top = arc < 40 ? 0 : arc < 80 ? 1 : 2;
      w = snprintf(buf + used, cap - used, "%llu.%llu", top, arc - 40 * top);
      first = 0;
    } else {
      w = snprintf(buf + used, cap - used, ".%llu", arc);
    }
    if (w < 0 || (size_t)w >= cap - used)
      ok = 0;
    else
      used += (size_t)w;
    arc = 0;
  }
  if (!ok) {
    /* Not a well-formed OID (or too long to print): show the bytes. */
    used = 0;
    buf[0] = '\0';
    for (i = 0; i < n && used + 3 < cap; i++) {
      snprintf(buf + used, cap - used, "%02x", oid[i]);
      used += 2;
    }
    if (i < n && used + 4 < cap) memcpy(buf + used, "...", 4);
  }
}

void mlkem_der_writer_init(mlkem_der_writer *w, uint8_t *buf, size_t cap) {
  w->p = buf;
  w->cap = cap;
  w->len = 0;
  w->overflow = 0;
}

static size_t length_octets(size_t n) {
  size_t k = 0;
  if (n < 0x80) return 1;
  while (n > 0) {
    k++;
    n >>= 8;
  }
  return 1 + k;
}

size_t mlkem_der_tlv_size(size_t content_len) {
  return 1 + length_octets(content_len) + content_len;
}

static void put_byte(mlkem_der_writer *w, uint8_t b) {
  if (w->overflow || w->len >= w->cap) {
    w->overflow = 1;
    return;
  }
  w->p[w->len++] = b;
}

void mlkem_der_put_header(mlkem_der_writer *w, uint8_t tag,
                          size_t content_len) {
  size_t k = length_octets(content_len) - 1, i;
  put_byte(w, tag);
  if (k == 0) {
    put_byte(w, (uint8_t)content_len);
    return;
  }
  put_byte(w, (uint8_t)(0x80 | k));
  for (i = k; i > 0; i--) put_byte(w, (uint8_t)(content_len >> (8 * (i - 1))));
}

void mlkem_der_put_bytes(mlkem_der_writer *w, const uint8_t *b, size_t n) {
  if (w->overflow || n > w->cap - w->len) {
    w->overflow = 1;
    return;
  }
  if (n > 0) memcpy(w->p + w->len, b, n);
  w->len += n;
}

void mlkem_der_put_tlv(mlkem_der_writer *w, uint8_t tag, const uint8_t *content,
                       size_t n) {
  mlkem_der_put_header(w, tag, n);
  mlkem_der_put_bytes(w, content, n);
}
