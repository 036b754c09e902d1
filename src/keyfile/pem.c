/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * pem.c - PEM decoding and encoding (pem.h). Base64 per @spec{RFC4648}, strict.
 *
 * The base64 of a private key is as secret as the key, and a decoder that
 * branches on each character's class, or looks its value up in a table,
 * leaks it through timing and the cache (as shown against the PEM
 * decoders of TLS libraries). So the characters between the BEGIN and END
 * lines are decoded in constant time: each one's value and class are
 * computed with arithmetic on masks (passed through the value barrier of
 * platform/ct.h), never a branch or a table index, and the only thing about a
 * character the code branches on is its class as structure (white space,
 * padding, the '-' that starts the END line, or data), which the lengths
 * and the line layout make public; whether a data character is valid is
 * folded into one flag, looked at once, at the end. The encoder computes
 * each character from its 6-bit value the same way. The armour (the
 * BEGIN and END lines, the label) is public and parsed plainly. make ct
 * checks both under valgrind with the body marked secret
 * (tests/ct/ct_check.c).
 */
#include "pem.h"

#include <string.h>

#include "platform/cbmc.h"
#include "platform/ct.h"

static const char begin_mark[] = "-----BEGIN ";
static const char end_mark[] = "-----END ";
static const char dashes[] = "-----";

/* 0xFF if lo <= c <= hi, else 0: c - hi - 1 and lo - 1 - c are both
 * negative exactly then (c, lo, hi < 256, so 32 bits cannot wrap them). */
static uint8_t in_range(uint32_t c, uint32_t lo, uint32_t hi) {
  uint32_t both = (lo - 1u - c) & (c - hi - 1u);
  return mlkem_value_barrier_u8((uint8_t)(0u - (both >> 31)));
}

/* The classes of a body character that the decoder may act on (public:
 * the layout), as bits of one byte; 0 is a data character. */
enum { PEM_SPACE = 1, PEM_PAD = 2, PEM_DASH = 4 };

/* 0xFF if c is white space (space, tab, CR, LF), else 0. */
static uint8_t space_mask(uint8_t c) {
  return in_range(c, ' ', ' ') | in_range(c, '\t', '\t') |
         in_range(c, '\r', '\r') | in_range(c, '\n', '\n');
}

static uint8_t char_class(uint8_t c) {
  return (uint8_t)((space_mask(c) & PEM_SPACE) |
                   (in_range(c, '=', '=') & PEM_PAD) |
                   (in_range(c, '-', '-') & PEM_DASH));
}

/* The 6-bit value of a base64 character (@spec{RFC4648, Table 1}), and in
 * *valid 0xFF if it is one, else 0 (the value is then 0). Constant time. */
static uint8_t b64_value(uint8_t c, uint8_t *valid) {
  uint8_t upper = in_range(c, 'A', 'Z'), lower = in_range(c, 'a', 'z');
  uint8_t digit = in_range(c, '0', '9'), plus = in_range(c, '+', '+');
  uint8_t slash = in_range(c, '/', '/');
  *valid = upper | lower | digit | plus | slash;
  return (uint8_t)((upper & (c - 'A')) | (lower & (c - 'a' + 26)) |
                   (digit & (c - '0' + 52)) | (plus & 62) | (slash & 63));
}

/* The base64 character of a 6-bit value v, constant time: 'A' + v, moved
 * up to 'a' from 26, down to '0' from 52, to '+' at 62 and '/' at 63. */
static char b64_char(uint32_t v) {
  uint32_t c = v + 'A';
  c += in_range(v, 26, 63) & ('a' - 26 - 'A');
  c -= in_range(v, 52, 63) & ('a' - 26 - ('0' - 52));
  c -= in_range(v, 62, 63) & (('0' - 52) - ('+' - 62));
  c += in_range(v, 63, 63) & (('/' - 63) - ('+' - 62));
  return (char)(c & 0xFF);
}

static int is_space(uint8_t c) {
  return (char_class(c) & PEM_SPACE) != 0;
}

static size_t skip_space(const uint8_t *in, size_t n, size_t i)
    __contract__(
        requires(fresh(in, n) && i <= n)
        assigns()
        ensures(i <= return_value && return_value <= n)
    ) {
  while (i < n && is_space(in[i]))
    __loop__(
      assigns(i)
      invariant(loop_entry(i) <= i && i <= n)
      decreases(n - i)) {
      i++;
    }
  return i;
}

static int starts_with(const uint8_t *in, size_t n, size_t i, const char *s) {
  size_t k = strlen(s);
  return n - i >= k && memcmp(in + i, s, k) == 0;
}

/* Every position is tried, with masks: the input may be a raw private
 * key (secret), which must not decide a branch (mlkem_keyfile_decode looks
 * at every file first). A position is compared with the mark as one 8-byte
 * and one (overlapping) 4-byte word. Only the verdict is declassified: a
 * PEM file shows its armour anyway, and raw key bytes start with white
 * space and "-----BEGIN " with probability below 2^-88. */
int mlkem_pem_looks_like_pem(const uint8_t *in, size_t n)
    __contract__(
        requires(fresh(in, n))
        assigns()
        ensures(return_value == 0 || return_value == 1)
    ) {
  const size_t k = sizeof begin_mark - 1; /* 11 */
  uint8_t leading = 0xFF, found = 0;      /* leading: in[0..i) is white space */
  uint64_t mark8, w8;
  uint32_t mark4, w4;
  size_t i;
  memcpy(&mark8, begin_mark, 8);
  memcpy(&mark4, begin_mark + k - 4, 4);
  for (i = 0; n >= k && i <= n - k; i++)
    __loop__(
      assigns(i, leading, found, w8, w4)
      invariant(n < k || i <= n - k + 1)
      decreases(n - i)) {
      uint32_t c = in[i], blank, diff;
      uint64_t d;
      memcpy(&w8, in + i, 8);
      memcpy(&w4, in + i + k - 4, 4);
      d = (w8 ^ mark8) | (w4 ^ mark4);
      diff = (uint32_t)(d | (d >> 32));
      /* (x - 1) >> 31 is 1 exactly when x (below 2^31) is 0, and
       * (x | -x) >> 31 exactly when x is not 0. */
      blank = ((c ^ ' ') - 1) | ((c ^ '\t') - 1) | ((c ^ '\r') - 1) |
              ((c ^ '\n') - 1);
      found |= leading & mlkem_value_barrier_u8(
                             (uint8_t)(((diff | (0u - diff)) >> 31) - 1u));
      leading &= mlkem_value_barrier_u8((uint8_t)(0u - (blank >> 31)));
    }
  MLKEM_CT_UNPOISON(&found, sizeof found);
  return found != 0;
}

/* Reads a label and its closing dashes at in[*i]: printable ASCII other
 * than '-' (a single '-' inside is allowed by @spec{RFC7468} but no key label
 * has one; refusing it keeps the grammar simple). */
static int read_label(const uint8_t *in, size_t n, size_t *i,
                      char label[MLKEM_PEM_MAX_LABEL])
    __contract__(
        requires(fresh(in, n) && fresh(i, sizeof *i) && *i <= n)
        requires(fresh(label, MLKEM_PEM_MAX_LABEL))
        assigns(*i, bytes(label, MLKEM_PEM_MAX_LABEL))
        ensures(return_value == MLKEM_PEM_OK ||
                return_value == MLKEM_PEM_ERR_LABEL ||
                return_value == MLKEM_PEM_ERR_TRUNCATED)
        ensures(old(*i) <= *i && *i <= n)
        /* A label read is a string of the buffer. */
        ensures(return_value == MLKEM_PEM_OK ==>
                exists(j, 0, MLKEM_PEM_MAX_LABEL, label[j] == 0))
    ) {
  size_t k = 0;
  while (*i < n && in[*i] != '-' && in[*i] != '\n' && in[*i] != '\r')
    __loop__(
      assigns(*i, k, bytes(label, MLKEM_PEM_MAX_LABEL))
      invariant(loop_entry(*i) <= *i && *i <= n)
      invariant(k < MLKEM_PEM_MAX_LABEL)
      decreases(n - *i)) {
      if (in[*i] < 0x20 || in[*i] > 0x7e) return MLKEM_PEM_ERR_LABEL;
      if (k + 1 >= MLKEM_PEM_MAX_LABEL) return MLKEM_PEM_ERR_LABEL;
      label[k++] = (char)in[(*i)++];
    }
  label[k] = '\0';
  if (*i >= n) return MLKEM_PEM_ERR_TRUNCATED;
  if (!starts_with(in, n, *i, dashes)) {
    /* The line ended before its closing dashes: cut short, or garbled. */
    return (n - *i < 5) ? MLKEM_PEM_ERR_TRUNCATED : MLKEM_PEM_ERR_LABEL;
  }
  *i += 5;
  return MLKEM_PEM_OK;
}

/* Finds the end of the line at in[i]: the index after its "\n" (or "\r\n");
 * returns 0 if the line has something other than an end of line at i. */
static int end_of_line(const uint8_t *in, size_t n, size_t *i)
    __contract__(
        requires(fresh(in, n) && fresh(i, sizeof *i) && *i <= n)
        assigns(*i)
        ensures(old(*i) <= *i && *i <= n)
        ensures(return_value == 0 || return_value == 1)
    ) {
  if (*i < n && in[*i] == '\r') (*i)++;
  if (*i < n && in[*i] == '\n') {
    (*i)++;
    return 1;
  }
  return *i == n; /* a last line without "\n" */
}

/* rc, unless the body held a character base64 forbids: that is
 * MLKEM_PEM_ERR_BASE64 whatever else is wrong, as a decoder stopping at it
 * would say. Whether there was one (not where) is revealed only here, with the
 * error it causes. */
static int base64_error_first(uint8_t bad, int rc) {
  MLKEM_CT_UNPOISON(&bad, sizeof bad);
  return bad != 0 ? MLKEM_PEM_ERR_BASE64 : rc;
}

/* The contract of pem_decode (proven: proofs/keyfile/pem_decode.c) and of
 * mlkem_pem_decode, which is pem_decode and then the scrub of the stack
 * below it (assumed where the key-file reader's proof replaces it: its
 * proof with pem_decode replaced needs a quantified assumption over a
 * buffer of any size, which the SAT back-end drops and z3 did not decide
 * in 100 s). */
/* clang-format off */
#define MLKEM_PEM_DECODE_CONTRACT                                           \
  requires(fresh(in, n) && fresh(label, MLKEM_PEM_MAX_LABEL))               \
  requires(fresh(out, cap) && fresh(out_len, sizeof *out_len))              \
  requires(cap <= MLKEM_PEM_MAX_CAP)                                        \
  assigns(bytes(label, MLKEM_PEM_MAX_LABEL), bytes(out, cap), *out_len)     \
  ensures(return_value == MLKEM_PEM_OK ||                                   \
          return_value == MLKEM_PEM_ERR_NOT_PEM ||                          \
          return_value == MLKEM_PEM_ERR_TRUNCATED ||                        \
          return_value == MLKEM_PEM_ERR_BASE64 ||                           \
          return_value == MLKEM_PEM_ERR_LABEL ||                            \
          return_value == MLKEM_PEM_ERR_TRAILING ||                         \
          return_value == MLKEM_PEM_ERR_TOO_LONG ||                         \
          return_value == MLKEM_PEM_ERR_EMPTY)                              \
  ensures(return_value == MLKEM_PEM_OK ==> 0 < *out_len && *out_len <= cap) \
  ensures(return_value != MLKEM_PEM_OK ==> *out_len == 0 && all_zero(out, cap)) \
  ensures((return_value == MLKEM_PEM_OK ||                                  \
           return_value == MLKEM_PEM_ERR_TOO_LONG) ==>                      \
          exists(j, 0, MLKEM_PEM_MAX_LABEL, label[j] == 0))
/* clang-format on */

/* The reader and the writer proper, each called by its public function
 * below and never inlined into it, so that the scrub after the call
 * reaches the frame that held the key's bytes (the last characters and
 * their values, the accumulator: spilled by gcc and clang at -O1 and -Os,
 * test_pem_residue). */
#if defined(__GNUC__) || defined(__clang__)
#define PEM_NOINLINE __attribute__((noinline))
#else
#define PEM_NOINLINE
#endif

PEM_NOINLINE static int pem_decode(const uint8_t *in, size_t n,
                                   char label[MLKEM_PEM_MAX_LABEL],
                                   uint8_t *out, size_t cap, size_t *out_len)
    __contract__(MLKEM_PEM_DECODE_CONTRACT) {
  char end_label[MLKEM_PEM_MAX_LABEL];
  size_t i, len = 0;
  uint32_t acc = 0;
  uint8_t bad = 0; /* 0xFF once a data character is not base64 (secret) */
  unsigned nchars = 0, npad = 0;
  int rc;

  *out_len = 0;
  label[0] = '\0';
  i = skip_space(in, n, 0);
  rc = MLKEM_PEM_ERR_NOT_PEM;
  if (!starts_with(in, n, i, begin_mark)) goto fail;
  i += strlen(begin_mark);
  if ((rc = read_label(in, n, &i, label)) != MLKEM_PEM_OK) goto fail;
  rc = MLKEM_PEM_ERR_TRUNCATED;
  if (i == n) goto fail;
  rc = MLKEM_PEM_ERR_LABEL;
  if (!end_of_line(in, n, &i)) goto fail;

  /* Base64 up to the END line, in constant time (see the top). len counts
   * the bytes of the whole quanta of data characters read, padding not
   * counted. */
  for (;; i++)
    __loop__(
      assigns(i, len, acc, bad, nchars, npad, rc, bytes(out, cap))
      invariant(i <= n && len <= cap && npad <= 2 && npad <= nchars)
      invariant(len == 3 * ((nchars - npad) / 4))
      decreases(n - i)) {
      uint8_t cls, valid, v;
      if (i == n) {
        rc = base64_error_first(bad, MLKEM_PEM_ERR_TRUNCATED);
        goto fail;
      }
      cls = char_class(in[i]);
      /* Public: the layout of the body (white space, padding, its end). */
      MLKEM_CT_UNPOISON(&cls, sizeof cls);
      if (cls & PEM_DASH) break;
      if (cls & PEM_SPACE) continue;
      if (cls & PEM_PAD) {
        /* Padding: only after at least two characters of a quantum, and
         * nothing but more padding may follow. */
        npad++;
        if (npad > 2 || nchars % 4 < 2) {
          rc = MLKEM_PEM_ERR_BASE64;
          goto fail;
        }
        nchars++;
        continue;
      }
      if (npad > 0) {
        rc = MLKEM_PEM_ERR_BASE64;
        goto fail;
      }
      v = b64_value(in[i], &valid);
      bad |= (uint8_t)~valid;
      acc = (acc << 6) | v;
      nchars++;
      if (nchars % 4 == 0) {
        if (len + 3 > cap) {
          rc = base64_error_first(bad, MLKEM_PEM_ERR_TOO_LONG);
          goto fail;
        }
        out[len++] = (uint8_t)(acc >> 16);
        out[len++] = (uint8_t)(acc >> 8);
        out[len++] = (uint8_t)acc;
        acc = 0;
      }
    }
  if (nchars % 4 != 0) {
    rc = MLKEM_PEM_ERR_BASE64;
    goto fail;
  }
  if (npad > 0) {
    /* The final quantum was 2 (npad 2) or 3 (npad 1) characters: their
     * bits are in acc; the bits beyond the last whole byte must be zero
     * (canonical base64), a secret condition folded into bad. */
    uint32_t bits = (4u - npad) * 6;
    uint32_t bytes = bits / 8;
    uint32_t extra = bits - 8 * bytes;
    bad |= in_range(acc & ((1u << extra) - 1), 1, 255);
    if ((rc = base64_error_first(bad, MLKEM_PEM_OK)) != MLKEM_PEM_OK) goto fail;
    acc >>= extra;
    if (len + bytes > cap) {
      rc = MLKEM_PEM_ERR_TOO_LONG;
      goto fail;
    }
    if (bytes == 2) out[len++] = (uint8_t)(acc >> 8);
    out[len++] = (uint8_t)acc;
  } else if ((rc = base64_error_first(bad, MLKEM_PEM_OK)) != MLKEM_PEM_OK) {
    goto fail;
  }

  /* The END line: "-----END " label "-----", then only white space. */
  if (!starts_with(in, n, i, end_mark)) {
    rc = (n - i < strlen(end_mark)) ? MLKEM_PEM_ERR_TRUNCATED
                                    : MLKEM_PEM_ERR_BASE64;
    goto fail;
  }
  i += strlen(end_mark);
  if ((rc = read_label(in, n, &i, end_label)) != MLKEM_PEM_OK) goto fail;
  if (strcmp(label, end_label) != 0) {
    rc = MLKEM_PEM_ERR_LABEL;
    goto fail;
  }
  if (skip_space(in, n, i) != n) {
    rc = MLKEM_PEM_ERR_TRAILING;
    goto fail;
  }
  if (len == 0) {
    rc = MLKEM_PEM_ERR_EMPTY;
    goto fail;
  }
  *out_len = len;
  /* acc held the last decoded bytes: wiped, not merely set to zero (a
   * store the compiler may drop, leaving them in a spill slot). */
  mlkem_zeroize(&acc, sizeof acc);
  return MLKEM_PEM_OK;

fail:
  /* All of out, not only what was decoded: an output is zeroed on error. */
  mlkem_zeroize(out, cap);
  mlkem_zeroize(&acc, sizeof acc);
  return rc;
}

int mlkem_pem_decode(const uint8_t *in, size_t n,
                     char label[MLKEM_PEM_MAX_LABEL], uint8_t *out, size_t cap,
                     size_t *out_len) __contract__(MLKEM_PEM_DECODE_CONTRACT) {
  int rc = pem_decode(in, n, label, out, cap, out_len);
  mlkem_scrub_stack();
  return rc;
}

/* Without a division instruction (make ct finds none in the library,
 * scripts/check_no_division.sh; gcc -Os would emit one for n / 3), though
 * n is public: the quanta are counted as the encoder writes them. */
size_t mlkem_pem_encoded_size(const char *label, size_t n) {
  size_t quanta = 0, rest = n, chars, lines, l = strlen(label);
  while (rest > 0) {
    quanta++;
    rest = rest > 3 ? rest - 3 : 0;
  }
  chars = 4 * quanta;
  lines = (chars + 63) >> 6;
  return (strlen(begin_mark) + l + 5 + 1) + chars + lines +
         (strlen(end_mark) + l + 5 + 1);
}

static void put(char *out, size_t *pos, const char *s, size_t k) {
  memcpy(out + *pos, s, k);
  *pos += k;
}

PEM_NOINLINE static int pem_encode(const char *label, const uint8_t *der,
                                   size_t n, char *out, size_t cap,
                                   size_t *out_len) {
  size_t pos = 0, i, col = 0, l = strlen(label);
  *out_len = 0;
  if (mlkem_pem_encoded_size(label, n) > cap) return MLKEM_PEM_ERR_TOO_LONG;
  put(out, &pos, begin_mark, strlen(begin_mark));
  put(out, &pos, label, l);
  put(out, &pos, "-----\n", 6);
  for (i = 0; i < n; i += 3) {
    uint32_t v = (uint32_t)der[i] << 16;
    size_t k = n - i < 3 ? n - i : 3;
    char q[4];
    if (k > 1) v |= (uint32_t)der[i + 1] << 8;
    if (k > 2) v |= der[i + 2];
    q[0] = b64_char((v >> 18) & 63);
    q[1] = b64_char((v >> 12) & 63);
    q[2] = k > 1 ? b64_char((v >> 6) & 63) : '=';
    q[3] = k > 2 ? b64_char(v & 63) : '=';
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
  return MLKEM_PEM_OK;
}

int mlkem_pem_encode(const char *label, const uint8_t *der, size_t n, char *out,
                     size_t cap, size_t *out_len) {
  int rc = pem_encode(label, der, n, out, cap, out_len);
  mlkem_scrub_stack();
  return rc;
}

const char *mlkem_pem_strerror(int err) {
  switch (err) {
    case MLKEM_PEM_OK:
      return "no error";
    case MLKEM_PEM_ERR_NOT_PEM:
      return "not PEM (no -----BEGIN line)";
    case MLKEM_PEM_ERR_TRUNCATED:
      return "truncated PEM (no -----END line)";
    case MLKEM_PEM_ERR_BASE64:
      return "bad base64 in PEM";
    case MLKEM_PEM_ERR_LABEL:
      return "malformed PEM label line";
    case MLKEM_PEM_ERR_TRAILING:
      return "data after the PEM -----END line";
    case MLKEM_PEM_ERR_TOO_LONG:
      return "PEM contents too long for a key";
    case MLKEM_PEM_ERR_EMPTY:
      return "empty PEM block";
    default:
      return "unknown PEM error";
  }
}
