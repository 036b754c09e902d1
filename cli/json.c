/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* json.c - a small, strict JSON reader and a writer (see json.h). */
#include "json.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "platform/cbmc.h"

typedef struct {
  const char *p;   /* next character */
  const char *end; /* one past the last character */
  const char *start;
  size_t len; /* end - start (the contracts name the text by it) */
  char *err;
  size_t errlen;
  int failed;
} parser;

/* The contracts (docs/PROOFS.md; nothing in ordinary builds). The proofs
 * of the reader are bounded: every text of at most JSON_PROOF_MAX_LEN
 * bytes (a harness sets it), every object of at most
 * JSON_PROOF_MAX_ITEMS members; every loop is unwound to its bound, with
 * an assertion that the bound is enough. */
#ifndef JSON_PROOF_MAX_LEN
#define JSON_PROOF_MAX_LEN 16
#endif
#ifndef JSON_PROOF_MAX_ERRLEN
#define JSON_PROOF_MAX_ERRLEN 8
#endif

/* A parser within its text: start[0..len) readable, start <= p <= end =
 * start + len, err NULL or errlen writable bytes, failed 0 or 1. */
#define JSON_PARSER_OK(ps)                                         \
  (fresh((ps), sizeof *(ps)) && (ps)->len <= JSON_PROOF_MAX_LEN && \
   fresh((ps)->start, (ps)->len) &&                                \
   __CPROVER_pointer_equals((ps)->end, (ps)->start + (ps)->len) && \
   ptr_in_range((ps)->start, (ps)->p, (ps)->end) &&                \
   ((ps)->err == NULL || ((ps)->errlen <= JSON_PROOF_MAX_ERRLEN && \
                          fresh((ps)->err, (ps)->errlen))) &&      \
   ((ps)->failed == 0 || (ps)->failed == 1))
/* What a function of the parser writes: the position, the flag, the
 * message. */
#define JSON_PARSER_WRITES(ps) \
  (ps)->p, (ps)->failed;       \
  (ps)->err != NULL : bytes((ps)->err, (ps)->errlen)
/* The position is k bytes past where it was (as an assumption, it also
 * makes the position such a pointer, which == could not). */
#define JSON_PARSER_PAST(ps, k)                      \
  (ptr_in_range(old((ps)->p), (ps)->p, (ps)->end) && \
   (size_t)((ps)->p - old((ps)->p)) == (k))
/* The position moved forward, within the text; the flag 0 or 1. */
#define JSON_PARSER_ADVANCED(ps)                     \
  (ptr_in_range(old((ps)->p), (ps)->p, (ps)->end) && \
   ((ps)->failed == 0 || (ps)->failed == 1))

static void fail(parser *ps, const char *what)
    __contract__(
      requires(JSON_PARSER_OK(ps) && fresh(what, 1))
      assigns(ps->failed; ps->err != NULL : bytes(ps->err, ps->errlen))
      ensures(ps->failed == 1)
    ) {
  const char *q;
  unsigned long line = 1, col = 1;
  if (ps->failed) return;
  ps->failed = 1;
  if (ps->err == NULL || ps->errlen == 0) return;
  for (q = ps->start; q < ps->p && q < ps->end; q++) {
    if (*q == '\n') {
      line++;
      col = 1;
    } else {
      col++;
    }
  }
  snprintf(ps->err, ps->errlen, "JSON error at line %lu, column %lu: %s", line,
           col, what);
}

static void skip_ws(parser *ps)
    __contract__(
      requires(JSON_PARSER_OK(ps))
      assigns(ps->p)
      ensures(JSON_PARSER_ADVANCED(ps))
      ensures(ps->p == ps->end || (*ps->p != ' ' && *ps->p != '\t' &&
                                   *ps->p != '\n' && *ps->p != '\r'))
    ) {
  while (ps->p < ps->end && (*ps->p == ' ' || *ps->p == '\t' ||
                             *ps->p == '\n' || *ps->p == '\r')) {
    ps->p++;
  }
}

/* A value just made: of its type, nothing in it. */
#define JSON_VALUE_NEW(v, t)                                                \
  (fresh((v), sizeof(json_value)) && (v)->type == (t) && (v)->count == 0 && \
   (v)->items == NULL && (v)->keys == NULL && (v)->str == NULL &&           \
   (v)->str_len == 0)
/* A value the reader returns: an object of its own, of a type of the
 * enum. (What is in it is the callee's: the tree is not described here.) */
#define JSON_VALUE_MADE(v)                                     \
  (fresh((v), sizeof(json_value)) && (v)->type >= JSON_NULL && \
   (v)->type <= JSON_OBJECT)

static json_value *new_value(parser *ps, json_type type)
    __contract__(
      requires(JSON_PARSER_OK(ps) && type >= JSON_NULL && type <= JSON_OBJECT)
      assigns(ps->failed; ps->err != NULL : bytes(ps->err, ps->errlen))
      ensures(ps->failed == 0 || ps->failed == 1)
      ensures(return_value == NULL ==> ps->failed == 1)
      ensures(return_value != NULL ==> JSON_VALUE_NEW(return_value, type))
    ) {
  json_value *v = calloc(1, sizeof *v);
  if (v == NULL)
    fail(ps, "out of memory");
  else
    v->type = type;
  return v;
}

/* A growable byte buffer for decoding strings. */
typedef struct {
  char *buf;
  size_t len, cap;
} sbuf;

/* An empty buffer, or len < cap bytes of cap (a string's buffer holds
 * fewer bytes than the text it comes from: far below 2^40; a harness may
 * bound it further, JSON_PROOF_MAX_CAP). */
#ifndef JSON_PROOF_MAX_CAP
#define JSON_PROOF_MAX_CAP ((size_t)1 << 40)
#endif
#define JSON_SBUF_OK(b)                                      \
  (((b)->buf == NULL && (b)->cap == 0 && (b)->len == 0) ||   \
   ((b)->len < (b)->cap && (b)->cap <= JSON_PROOF_MAX_CAP && \
    fresh((b)->buf, (b)->cap)))

static int sbuf_put(sbuf *b, char c)
    __contract__(
      requires(fresh(b, sizeof *b) && JSON_SBUF_OK(b))
      assigns(*b; b->buf != NULL : bytes(b->buf, b->cap))
      frees(b->buf)
      ensures(return_value == 0 || return_value == 1)
      ensures(return_value == 0 ==> (b->buf == old(b->buf) &&
                                     b->len == old(b->len) &&
                                     b->cap == old(b->cap)))
      ensures(return_value == 1 ==> (b->len == old(b->len) + 1 &&
                                     b->len < b->cap &&
                                     b->cap <= 2 * JSON_PROOF_MAX_CAP &&
                                     readable(b->buf, b->cap) &&
                                     b->buf[b->len - 1] == c))
    ) {
  if (b->len + 1 >= b->cap) {
    size_t ncap = b->cap ? 2 * b->cap : 64;
    char *nb = realloc(b->buf, ncap);
    if (nb == NULL) return 0;
    b->buf = nb;
    b->cap = ncap;
  }
  b->buf[b->len++] = c;
  return 1;
}

static int sbuf_put_utf8(sbuf *b, unsigned long cp)
    __contract__(
      requires(fresh(b, sizeof *b) && JSON_SBUF_OK(b) && cp <= 0x10FFFF)
      assigns(*b; b->buf != NULL : bytes(b->buf, b->cap))
      frees(b->buf)
      ensures(return_value == 0 || return_value == 1)
      ensures(return_value == 1 ==> (b->len > old(b->len) &&
                                     b->len <= old(b->len) + 4 &&
                                     b->len < b->cap &&
                                     readable(b->buf, b->cap)))
    ) {
  if (cp < 0x80) return sbuf_put(b, (char)cp);
  if (cp < 0x800) {
    return sbuf_put(b, (char)(0xC0 | (cp >> 6))) &&
           sbuf_put(b, (char)(0x80 | (cp & 0x3F)));
  }
  if (cp < 0x10000) {
    return sbuf_put(b, (char)(0xE0 | (cp >> 12))) &&
           sbuf_put(b, (char)(0x80 | ((cp >> 6) & 0x3F))) &&
           sbuf_put(b, (char)(0x80 | (cp & 0x3F)));
  }
  return sbuf_put(b, (char)(0xF0 | (cp >> 18))) &&
         sbuf_put(b, (char)(0x80 | ((cp >> 12) & 0x3F))) &&
         sbuf_put(b, (char)(0x80 | ((cp >> 6) & 0x3F))) &&
         sbuf_put(b, (char)(0x80 | (cp & 0x3F)));
}

static int hex4(parser *ps, unsigned long *out)
    __contract__(
      requires(JSON_PARSER_OK(ps) && fresh(out, sizeof *out))
      assigns(ps->p, *out)
      ensures(return_value == 0 || return_value == 1)
      ensures(return_value == 1 ==> (JSON_PARSER_PAST(ps, 4) && *out <= 0xFFFF))
      ensures(return_value == 0 ==> JSON_PARSER_PAST(ps, 0))
    ) {
  unsigned long v = 0;
  int i;
  if (ps->end - ps->p < 4) return 0;
  for (i = 0; i < 4; i++) {
    char c = ps->p[i];
    v <<= 4;
    if (c >= '0' && c <= '9')
      v |= (unsigned long)(c - '0');
    else if (c >= 'a' && c <= 'f')
      v |= (unsigned long)(c - 'a' + 10);
    else if (c >= 'A' && c <= 'F')
      v |= (unsigned long)(c - 'A' + 10);
    else
      return 0;
  }
  ps->p += 4;
  *out = v;
  return 1;
}

/* Parses a string starting at the opening quote; returns the decoded,
 * NUL-terminated text (malloc'd) or NULL. */
static char *parse_string_raw(parser *ps, size_t *len_out)
    __contract__(
      requires(JSON_PARSER_OK(ps) && fresh(len_out, sizeof *len_out))
      requires(ps->p < ps->end && *ps->p == '"')
      assigns(*len_out; JSON_PARSER_WRITES(ps))
      ensures(JSON_PARSER_ADVANCED(ps))
      ensures(return_value == NULL ==> (ps->failed == 1 &&
                                        *len_out == old(*len_out)))
      ensures(return_value != NULL ==>
              (*len_out < (size_t)(ps->p - old(ps->p)) &&
               fresh(return_value, *len_out + 1) &&
               return_value[*len_out] == '\0'))
    ) {
  sbuf b = {NULL, 0, 0};
  ps->p++; /* opening quote */
  for (;;) {
    unsigned char c;
    if (ps->p >= ps->end) {
      fail(ps, "unterminated string");
      goto error;
    }
    c = (unsigned char)*ps->p;
    if (c == '"') {
      ps->p++;
      break;
    }
    if (c < 0x20) {
      fail(ps, "control character in string");
      goto error;
    }
    if (c != '\\') {
      if (!sbuf_put(&b, (char)c)) goto oom;
      ps->p++;
      continue;
    }
    ps->p++;
    if (ps->p >= ps->end) {
      fail(ps, "unterminated escape");
      goto error;
    }
    c = (unsigned char)*ps->p++;
    switch (c) {
      case '"':
        if (!sbuf_put(&b, '"')) goto oom;
        break;
      case '\\':
        if (!sbuf_put(&b, '\\')) goto oom;
        break;
      case '/':
        if (!sbuf_put(&b, '/')) goto oom;
        break;
      case 'b':
        if (!sbuf_put(&b, '\b')) goto oom;
        break;
      case 'f':
        if (!sbuf_put(&b, '\f')) goto oom;
        break;
      case 'n':
        if (!sbuf_put(&b, '\n')) goto oom;
        break;
      case 'r':
        if (!sbuf_put(&b, '\r')) goto oom;
        break;
      case 't':
        if (!sbuf_put(&b, '\t')) goto oom;
        break;
      case 'u': {
        unsigned long cp, lo;
        if (!hex4(ps, &cp)) {
          fail(ps, "bad \\u escape");
          goto error;
        }
        if (cp >= 0xDC00 && cp <= 0xDFFF) {
          fail(ps, "lone low surrogate");
          goto error;
        }
        if (cp >= 0xD800 && cp <= 0xDBFF) {
          if (ps->end - ps->p < 2 || ps->p[0] != '\\' || ps->p[1] != 'u') {
            fail(ps, "lone high surrogate");
            goto error;
          }
          ps->p += 2;
          if (!hex4(ps, &lo) || lo < 0xDC00 || lo > 0xDFFF) {
            fail(ps, "bad surrogate pair");
            goto error;
          }
          cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
        }
        if (cp == 0) {
          fail(ps, "\\u0000 in string");
          goto error;
        }
        if (!sbuf_put_utf8(&b, cp)) goto oom;
        break;
      }
      default:
        fail(ps, "bad escape");
        goto error;
    }
  }
  if (!sbuf_put(&b, '\0')) goto oom;
  *len_out = b.len - 1;
  return b.buf;
oom:
  fail(ps, "out of memory");
error:
  free(b.buf);
  return NULL;
}

static int is_digit(char c)
    __contract__(
      ensures(return_value == (c >= '0' && c <= '9'))
    ) {
  return c >= '0' && c <= '9';
}

static json_value *parse_number(parser *ps)
    __contract__(
      requires(JSON_PARSER_OK(ps))
      requires(ps->p < ps->end &&
               (*ps->p == '-' || (*ps->p >= '0' && *ps->p <= '9')))
      assigns(JSON_PARSER_WRITES(ps))
      ensures(JSON_PARSER_ADVANCED(ps))
      ensures(return_value == NULL ==> ps->failed == 1)
      ensures(return_value != NULL ==>
              (ps->p > old(ps->p) &&
               JSON_VALUE_NEW(return_value, JSON_NUMBER)))
    ) {
  const char *s = ps->p;
  char tmp[64];
  size_t n;
  json_value *v;
  if (ps->p < ps->end && *ps->p == '-') ps->p++;
  if (ps->p >= ps->end || !is_digit(*ps->p)) {
    fail(ps, "bad number");
    return NULL;
  }
  if (*ps->p == '0') {
    ps->p++;
    if (ps->p < ps->end && is_digit(*ps->p)) {
      fail(ps, "leading zero in number");
      return NULL;
    }
  } else {
    while (ps->p < ps->end && is_digit(*ps->p)) ps->p++;
  }
  if (ps->p < ps->end && *ps->p == '.') {
    ps->p++;
    if (ps->p >= ps->end || !is_digit(*ps->p)) {
      fail(ps, "bad fraction");
      return NULL;
    }
    while (ps->p < ps->end && is_digit(*ps->p)) ps->p++;
  }
  if (ps->p < ps->end && (*ps->p == 'e' || *ps->p == 'E')) {
    ps->p++;
    if (ps->p < ps->end && (*ps->p == '+' || *ps->p == '-')) ps->p++;
    if (ps->p >= ps->end || !is_digit(*ps->p)) {
      fail(ps, "bad exponent");
      return NULL;
    }
    while (ps->p < ps->end && is_digit(*ps->p)) ps->p++;
  }
  n = (size_t)(ps->p - s);
  if (n >= sizeof tmp) {
    fail(ps, "number too long");
    return NULL;
  }
  memcpy(tmp, s, n);
  tmp[n] = '\0';
  v = new_value(ps, JSON_NUMBER);
  if (v != NULL) v->number = strtod(tmp, NULL);
  return v;
}

/* 1 and past it if the text goes on with the n bytes of word (true, false,
 * null); 0 and unmoved if not. */
static int literal(parser *ps, const char *word, size_t n)
    __contract__(
      requires(JSON_PARSER_OK(ps) && n >= 1 && n <= 5 && fresh(word, n))
      assigns(ps->p)
      ensures(return_value == 0 || return_value == 1)
      ensures(return_value == 1 ==> JSON_PARSER_PAST(ps, n))
      ensures(return_value == 0 ==> JSON_PARSER_PAST(ps, 0))
    ) {
  if ((size_t)(ps->end - ps->p) < n || memcmp(ps->p, word, n) != 0) {
    return 0;
  }
  ps->p += n;
  return 1;
}

/* The nesting: parse_value(depth) refuses a depth beyond
 * JSON_MINI_MAX_DEPTH before it descends, and parse_array and
 * parse_object (at most that depth) call it with depth + 1; so the
 * reader's recursion is at most JSON_MINI_MAX_DEPTH + 2 calls of
 * parse_value deep, whatever the text (the contracts below state it, the
 * proofs check every call against them). */
/* clang-format off */
#define JSON_PARSED(ps, t)                                                     \
  ensures(JSON_PARSER_ADVANCED(ps))                                            \
  ensures(return_value == NULL ==> ps->failed == 1)                            \
  ensures(return_value != NULL ==>                                             \
          (ps->p > old(ps->p) && fresh(return_value, sizeof(json_value)) &&    \
           (t)))
/* clang-format on */

static json_value *parse_value(parser *ps, int depth)
    __contract__(
      requires(JSON_PARSER_OK(ps) && depth >= 0 &&
               depth <= JSON_MINI_MAX_DEPTH + 1)
      assigns(JSON_PARSER_WRITES(ps))
      JSON_PARSED(ps, return_value->type >= JSON_NULL &&
                      return_value->type <= JSON_OBJECT)
    );

/* An array's or object's members so far: none, or count of them (below
 * 2^40: each took at least a byte of the text; a harness may bound it
 * further, JSON_PROOF_MAX_COUNT). */
#ifndef JSON_PROOF_MAX_COUNT
#define JSON_PROOF_MAX_COUNT ((size_t)1 << 40)
#endif
#define JSON_MEMBERS_OK(v)                                         \
  (((v)->count == 0 && (v)->items == NULL && (v)->keys == NULL) || \
   ((v)->count >= 1 && (v)->count < JSON_PROOF_MAX_COUNT &&        \
    fresh((v)->items, (v)->count * sizeof(json_value *)) &&        \
    ((v)->type != JSON_OBJECT ||                                   \
     fresh((v)->keys, (v)->count * sizeof(char *))) &&             \
    ((v)->type == JSON_OBJECT || (v)->keys == NULL)))

/* Appends item (and key, for objects) to v; takes ownership. */
static int append(parser *ps, json_value *v, json_value *item, char *key)
    __contract__(
      requires(JSON_PARSER_OK(ps) && fresh(v, sizeof *v))
      requires((v->type == JSON_ARRAY || v->type == JSON_OBJECT) &&
               JSON_MEMBERS_OK(v) && fresh(item, sizeof(json_value)))
      requires((v->type != JSON_OBJECT || fresh(key, 1)) &&
               (v->type == JSON_OBJECT || key == NULL))
      assigns(v->items, v->keys, v->count, ps->failed;
              ps->err != NULL : bytes(ps->err, ps->errlen))
      frees(v->items, v->keys, item, key)
      ensures(return_value == 0 || return_value == 1)
      ensures(ps->failed == 0 || ps->failed == 1)
      ensures(return_value == 0 ==> (ps->failed == 1 &&
                                     v->count == old(v->count)))
      ensures(return_value == 1 ==>
              (v->count == old(v->count) + 1 &&
               fresh(v->items, v->count * sizeof(json_value *)) &&
               v->items[v->count - 1] == item &&
               (v->type != JSON_OBJECT ||
                (fresh(v->keys, v->count * sizeof(char *)) &&
                 v->keys[v->count - 1] == key))))
    ) {
  json_value **ni = realloc(v->items, (v->count + 1) * sizeof *ni);
  if (ni == NULL) goto oom;
  v->items = ni;
  if (v->type == JSON_OBJECT) {
    char **nk = realloc(v->keys, (v->count + 1) * sizeof *nk);
    if (nk == NULL) goto oom;
    v->keys = nk;
    v->keys[v->count] = key;
  }
  v->items[v->count++] = item;
  return 1;
oom:
  fail(ps, "out of memory");
  json_free(item);
  free(key);
  return 0;
}

/* An array or object at its opening bracket, at most JSON_MINI_MAX_DEPTH
 * deep: its members at depth + 1. */
/* clang-format off */
#define JSON_CONTAINER(ps, depth, open, t)                                     \
  requires(JSON_PARSER_OK(ps) && ps->p < ps->end && *ps->p == (open))          \
  requires(depth >= 0 && depth <= JSON_MINI_MAX_DEPTH)                         \
  assigns(JSON_PARSER_WRITES(ps))                                              \
  JSON_PARSED(ps, return_value->type == (t))
/* clang-format on */

static json_value *parse_array(parser *ps, int depth)
    __contract__(JSON_CONTAINER(ps, depth, '[', JSON_ARRAY)) {
  json_value *v = new_value(ps, JSON_ARRAY);
  if (v == NULL) return NULL;
  ps->p++; /* [ */
  skip_ws(ps);
  if (ps->p < ps->end && *ps->p == ']') {
    ps->p++;
    return v;
  }
  for (;;) {
    json_value *item = parse_value(ps, depth + 1);
    if (item == NULL || !append(ps, v, item, NULL)) break;
    skip_ws(ps);
    if (ps->p < ps->end && *ps->p == ',') {
      ps->p++;
      continue;
    }
    if (ps->p < ps->end && *ps->p == ']') {
      ps->p++;
      return v;
    }
    fail(ps, "expected ',' or ']' in array");
    break;
  }
  json_free(v);
  return NULL;
}

static json_value *parse_object(parser *ps, int depth)
    __contract__(JSON_CONTAINER(ps, depth, '{', JSON_OBJECT)) {
  json_value *v = new_value(ps, JSON_OBJECT);
  if (v == NULL) return NULL;
  ps->p++; /* { */
  skip_ws(ps);
  if (ps->p < ps->end && *ps->p == '}') {
    ps->p++;
    return v;
  }
  for (;;) {
    char *key;
    size_t klen, i;
    json_value *item;
    skip_ws(ps);
    if (ps->p >= ps->end || *ps->p != '"') {
      fail(ps, "expected member name");
      break;
    }
    key = parse_string_raw(ps, &klen);
    if (key == NULL) break;
    for (i = 0; i < v->count; i++) {
      if (strcmp(v->keys[i], key) == 0) break;
    }
    if (i < v->count) {
      fail(ps, "duplicate member name");
      free(key);
      break;
    }
    skip_ws(ps);
    if (ps->p >= ps->end || *ps->p != ':') {
      fail(ps, "expected ':'");
      free(key);
      break;
    }
    ps->p++;
    item = parse_value(ps, depth + 1);
    if (item == NULL) {
      free(key);
      break;
    }
    if (!append(ps, v, item, key)) break;
    skip_ws(ps);
    if (ps->p < ps->end && *ps->p == ',') {
      ps->p++;
      continue;
    }
    if (ps->p < ps->end && *ps->p == '}') {
      ps->p++;
      return v;
    }
    fail(ps, "expected ',' or '}' in object");
    break;
  }
  json_free(v);
  return NULL;
}

/* A string, true, false, null or a number at ps->p (parse_value's
 * values that hold no others). */
static json_value *parse_scalar(parser *ps)
    __contract__(
      requires(JSON_PARSER_OK(ps) && ps->p < ps->end)
      assigns(JSON_PARSER_WRITES(ps))
      JSON_PARSED(ps, return_value->type >= JSON_NULL &&
                      return_value->type <= JSON_STRING)
    ) {
  switch (*ps->p) {
    case '"': {
      json_value *v;
      size_t len;
      char *s = parse_string_raw(ps, &len);
      if (s == NULL) return NULL;
      v = new_value(ps, JSON_STRING);
      if (v == NULL) {
        free(s);
        return NULL;
      }
      v->str = s;
      v->str_len = len;
      return v;
    }
    case 't':
      if (literal(ps, "true", 4)) return new_value(ps, JSON_TRUE);
      break;
    case 'f':
      if (literal(ps, "false", 5)) return new_value(ps, JSON_FALSE);
      break;
    case 'n':
      if (literal(ps, "null", 4)) return new_value(ps, JSON_NULL);
      break;
    default:
      if (*ps->p == '-' || is_digit(*ps->p)) return parse_number(ps);
      break;
  }
  fail(ps, "unexpected character");
  return NULL;
}

/* Its contract is on its declaration, above parse_array. */
static json_value *parse_value(parser *ps, int depth) {
  if (depth > JSON_MINI_MAX_DEPTH) {
    fail(ps, "nesting too deep");
    return NULL;
  }
  skip_ws(ps);
  if (ps->p >= ps->end) {
    fail(ps, "unexpected end of input");
    return NULL;
  }
  if (*ps->p == '{') return parse_object(ps, depth);
  if (*ps->p == '[') return parse_array(ps, depth);
  return parse_scalar(ps);
}

json_value *json_parse(const char *text, size_t len, char *err, size_t errlen)
    __contract__(
      requires(len <= JSON_PROOF_MAX_LEN && fresh(text, len))
      requires(err == NULL || (errlen <= JSON_PROOF_MAX_ERRLEN &&
                               fresh(err, errlen)))
      assigns(err != NULL : bytes(err, errlen))
      ensures(return_value == NULL ||
              (fresh(return_value, sizeof(json_value)) &&
               return_value->type >= JSON_NULL &&
               return_value->type <= JSON_OBJECT))
    ) {
  parser ps;
  json_value *root;
  ps.p = ps.start = text;
  ps.end = text + len;
  ps.len = len;
  ps.err = err;
  ps.errlen = errlen;
  ps.failed = 0;
  if (err != NULL && errlen > 0) err[0] = '\0';
  /* A UTF-8 byte-order mark is not JSON text (RFC 8259 section 8.1). */
  root = parse_value(&ps, 0);
  if (root == NULL) return NULL;
  skip_ws(&ps);
  if (ps.p != ps.end) {
    fail(&ps, "trailing characters after the JSON value");
    json_free(root);
    return NULL;
  }
  return root;
}

void json_free(json_value *v)
    __contract__(
      requires(v == NULL || fresh(v, sizeof *v))
      frees(v)
    ) {
  size_t i;
  if (v == NULL) return;
  for (i = 0; i < v->count; i++) {
    json_free(v->items[i]);
    if (v->keys != NULL) free(v->keys[i]);
  }
  free(v->items);
  free(v->keys);
  free(v->str);
  free(v);
}

const json_value *json_get(const json_value *v, const char *key)
    __contract__(
      requires(v == NULL || JSON_OBJECT_OK(v))
      requires(JSON_KEY_OK(key))
      ensures(return_value == NULL || JSON_IS_MEMBER(v, return_value))
      ensures((v == NULL || v->type != JSON_OBJECT) ==> return_value == NULL)
    ) {
  size_t i;
  if (v == NULL || v->type != JSON_OBJECT) return NULL;
  for (i = 0; i < v->count; i++) {
    if (strcmp(v->keys[i], key) == 0) return v->items[i];
  }
  return NULL;
}

const char *json_get_string(const json_value *obj, const char *key)
    __contract__(
      requires(obj == NULL || JSON_OBJECT_OK(obj))
      requires(JSON_KEY_OK(key))
      ensures(return_value == NULL ||
              (JSON_IS_MEMBER_STRING(obj, return_value)))
    ) {
  const json_value *m = json_get(obj, key);
  return (m != NULL && m->type == JSON_STRING) ? m->str : NULL;
}

/* A typed lookup: *out written only where the member has the type. */
/* clang-format off */
#define JSON_GETTER(obj, key, out)                                             \
  requires(obj == NULL || JSON_OBJECT_OK(obj))                                 \
  requires(JSON_KEY_OK(key) && fresh(out, sizeof *out))                        \
  assigns(*out)                                                                \
  ensures(return_value == 0 || return_value == 1)
/* clang-format on */

int json_get_bool(const json_value *obj, const char *key, int *out)
    __contract__(
      JSON_GETTER(obj, key, out)
      ensures(return_value == 0 ==> *out == old(*out))
      ensures(return_value == 1 ==> (*out == 0 || *out == 1))
    ) {
  const json_value *m = json_get(obj, key);
  if (m == NULL || (m->type != JSON_TRUE && m->type != JSON_FALSE)) return 0;
  *out = m->type == JSON_TRUE;
  return 1;
}

int json_get_number(const json_value *obj, const char *key, double *out)
    __contract__(
      JSON_GETTER(obj, key, out)
      ensures(return_value == 0 ==> (*out == old(*out) || *out != *out))
    ) {
  const json_value *m = json_get(obj, key);
  if (m == NULL || m->type != JSON_NUMBER) return 0;
  *out = m->number;
  return 1;
}

/* ---------------------------------------------------------------------- */
/* The writer                                                               */

static void w_put(json_writer *w, const char *s, size_t n) {
  if (w->failed) return;
  if (w->len + n + 1 > w->cap) {
    size_t ncap = w->cap ? w->cap : 4096;
    char *nb;
    while (ncap < w->len + n + 1) ncap *= 2;
    nb = realloc(w->buf, ncap);
    if (nb == NULL) {
      w->failed = 1;
      return;
    }
    w->buf = nb;
    w->cap = ncap;
  }
  memcpy(w->buf + w->len, s, n);
  w->len += n;
  w->buf[w->len] = '\0';
}

static void w_puts(json_writer *w, const char *s) {
  w_put(w, s, strlen(s));
}

static void w_newline(json_writer *w) {
  int i;
  w_put(w, "\n", 1);
  for (i = 0; i < w->depth; i++) w_put(w, "  ", 2);
}

static void w_quoted(json_writer *w, const char *s) {
  static const char hex[] = "0123456789abcdef";
  w_put(w, "\"", 1);
  for (; *s != '\0'; s++) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\') {
      char e[2] = {'\\', (char)c};
      w_put(w, e, 2);
    } else if (c < 0x20) {
      char e[6] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
      w_put(w, e, 6);
    } else {
      w_put(w, (const char *)&c, 1);
    }
  }
  w_put(w, "\"", 1);
}

/* Starts an item: the separator from the previous one, the line break and
 * indentation, and the member name inside an object. */
static void w_item(json_writer *w, const char *key) {
  if (w->depth > 0) {
    if (w->count[w->depth] != 0) w_put(w, ",", 1);
    w_newline(w);
    if (w->count[w->depth] < 2) w->count[w->depth]++;
  } else if (w->len != 0) {
    w->failed = 1; /* a second root value */
  }
  if (key != NULL) {
    w_quoted(w, key);
    w_put(w, ": ", 2);
  }
}

static void w_open(json_writer *w, const char *key, const char *bracket) {
  w_item(w, key);
  w_puts(w, bracket);
  if (w->depth >= JSON_MINI_MAX_DEPTH) {
    w->failed = 1;
    return;
  }
  w->depth++;
  w->count[w->depth] = 0;
}

static void w_close(json_writer *w, const char *bracket) {
  if (w->depth == 0) {
    w->failed = 1;
    return;
  }
  w->depth--;
  if (w->count[w->depth + 1] != 0) w_newline(w);
  w_puts(w, bracket);
}

void json_w_begin_object(json_writer *w, const char *key) {
  w_open(w, key, "{");
}

void json_w_end_object(json_writer *w) {
  w_close(w, "}");
}

void json_w_begin_array(json_writer *w, const char *key) {
  w_open(w, key, "[");
}

void json_w_end_array(json_writer *w) {
  w_close(w, "]");
}

void json_w_string(json_writer *w, const char *key, const char *s) {
  w_item(w, key);
  w_quoted(w, s);
}

void json_w_int(json_writer *w, const char *key, long long v) {
  char num[32];
  w_item(w, key);
  snprintf(num, sizeof num, "%lld", v);
  w_puts(w, num);
}

void json_w_bool(json_writer *w, const char *key, int v) {
  w_item(w, key);
  w_puts(w, v ? "true" : "false");
}

int json_w_finish(json_writer *w) {
  if (w->depth != 0 || w->len == 0) w->failed = 1;
  w_put(w, "\n", 1);
  return w->failed ? -1 : 0;
}

void json_w_free(json_writer *w) {
  free(w->buf);
  w->buf = NULL;
  w->len = w->cap = 0;
}
