/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * json.h - a small, strict JSON (RFC 8259) reader and a writer, for the
 * tool's ACVP runner (cmd_acvp.c) and the conformance tests, which share
 * this one implementation. The reader parses a whole document into a tree
 * of heap-allocated values; callers then look members up by name. The
 * writer appends pretty-printed JSON to a growing buffer.
 *
 * Strict means: exactly one value with only whitespace around it, no
 * trailing commas, no comments, no control characters or bad escapes in
 * strings, no leading zeros or lone signs in numbers, no duplicate member
 * names in one object, and nesting at most JSON_MINI_MAX_DEPTH deep.
 * Strings are decoded (escapes and \u sequences, including surrogate
 * pairs, become UTF-8); a string containing \u0000 is refused so that the
 * decoded text can be used as a C string.
 *
 * Not for secrets: not constant time, uses malloc.
 */
#ifndef MLKEM_CLI_JSON_H
#define MLKEM_CLI_JSON_H

#include <stddef.h>

#define JSON_MINI_MAX_DEPTH 64

typedef enum {
  JSON_NULL,
  JSON_FALSE,
  JSON_TRUE,
  JSON_NUMBER,
  JSON_STRING,
  JSON_ARRAY,
  JSON_OBJECT
} json_type;

typedef struct json_value json_value;
struct json_value {
  json_type type;
  double number;      /* JSON_NUMBER */
  char *str;          /* JSON_STRING: decoded, NUL-terminated */
  size_t str_len;     /* JSON_STRING: length without the NUL */
  size_t count;       /* JSON_ARRAY / JSON_OBJECT: number of items */
  json_value **items; /* JSON_ARRAY / JSON_OBJECT: the values */
  char **keys;        /* JSON_OBJECT: member names, parallel to items */
};

#ifdef CBMC
/* The contracts' description of a tree (docs/PROOFS.md; CBMC only). The
 * proofs are bounded: a tree handed to the lookups is an object of at
 * most JSON_PROOF_MAX_ITEMS (2) members, each name a string of at most
 * JSON_PROOF_MAX_KEY bytes, each value a node whose string, for a string,
 * has str_len bytes and a NUL; a name looked up is a string whose object
 * is at most JSON_PROOF_MAX_KEY + 1 bytes (a literal; readable, not
 * fresh: the harnesses build it, proofs/include/json_harness.h). */
#ifndef JSON_PROOF_MAX_KEY
#define JSON_PROOF_MAX_KEY 3
#endif
#define JSON_PROOF_MAX_ITEMS 2
#define JSON_KEY_OK(s)                                     \
  (readable((s), 1) && __CPROVER_POINTER_OFFSET(s) == 0 && \
   __CPROVER_OBJECT_SIZE(s) <= JSON_PROOF_MAX_KEY + 1 &&   \
   (s)[__CPROVER_OBJECT_SIZE(s) - 1] == '\0')
#define JSON_TYPE_OK(t) ((t) >= JSON_NULL && (t) <= JSON_OBJECT)
#define JSON_LEAF_OK(x)                                                       \
  (fresh((x), sizeof(json_value)) && JSON_TYPE_OK((x)->type) &&               \
   ((x)->type != JSON_STRING ||                                               \
    ((x)->str_len < ((size_t)1 << 40) && fresh((x)->str, (x)->str_len + 1) && \
     (x)->str[(x)->str_len] == '\0')))
#define JSON_MEMBER_OK(v, k)                       \
  ((k) >= (v)->count ||                            \
   (fresh((v)->keys[k], JSON_PROOF_MAX_KEY + 1) && \
    (v)->keys[k][JSON_PROOF_MAX_KEY] == '\0' && JSON_LEAF_OK((v)->items[k])))
#define JSON_OBJECT_OK(v)                                       \
  (fresh((v), sizeof(json_value)) && JSON_TYPE_OK((v)->type) && \
   ((v)->type != JSON_OBJECT ||                                 \
    ((v)->count <= JSON_PROOF_MAX_ITEMS &&                      \
     ((v)->count == 0 ||                                        \
      (fresh((v)->items, (v)->count * sizeof(json_value *)) &&  \
       fresh((v)->keys, (v)->count * sizeof(char *)) &&         \
       JSON_MEMBER_OK(v, 0) && JSON_MEMBER_OK(v, 1))))))
/* r is one of the members of v. */
#define JSON_IS_MEMBER(v, r)                    \
  ((v) != NULL && (v)->type == JSON_OBJECT &&   \
   (((v)->count > 0 && (r) == (v)->items[0]) || \
    ((v)->count > 1 && (r) == (v)->items[1])))
/* s is the string of one of the members of v. */
#define JSON_IS_MEMBER_STRING(v, s)                          \
  ((v) != NULL && (v)->type == JSON_OBJECT &&                \
   (((v)->count > 0 && (v)->items[0]->type == JSON_STRING && \
     (s) == (v)->items[0]->str) ||                           \
    ((v)->count > 1 && (v)->items[1]->type == JSON_STRING && \
     (s) == (v)->items[1]->str)))
#endif

/* Parses text[0..len). Returns the root value, or NULL on any error, with
 * a message naming the line and column written to err (if not NULL). */
json_value *json_parse(const char *text, size_t len, char *err, size_t errlen);

/* Frees a tree returned by json_parse (NULL is allowed). */
void json_free(json_value *v);

/* Member of an object by name, or NULL (also if v is not an object). */
const json_value *json_get(const json_value *v, const char *key);

/* Member as a string / bool / number. They return NULL or 0 if the member
 * is missing or of another type. */
const char *json_get_string(const json_value *obj, const char *key);
/* Stores 0 or 1 in *out; returns 1 if the member is a boolean. */
int json_get_bool(const json_value *obj, const char *key, int *out);
/* Stores the number in *out; returns 1 if the member is a number. */
int json_get_number(const json_value *obj, const char *key, double *out);

/* The writer. Output is laid out as Python's json.dumps(indent=2) lays it
 * out (the layout of NIST's ACVP sample files): two spaces per level, ": "
 * after a name, one member or element per line. Inside an object every
 * call names its member (key); inside an array, and for the root, key is
 * NULL. Strings are written with the escapes RFC 8259 requires. Errors
 * (out of memory, nesting deeper than JSON_MINI_MAX_DEPTH, a call out of
 * place) set `failed`; the text is then incomplete. */
typedef struct {
  char *buf; /* the text so far (heap, NUL-terminated once len > 0) */
  size_t len, cap;
  int depth;
  unsigned char count[JSON_MINI_MAX_DEPTH + 1]; /* items so far, capped */
  int failed;
} json_writer;

void json_w_begin_object(json_writer *w, const char *key);
void json_w_end_object(json_writer *w);
void json_w_begin_array(json_writer *w, const char *key);
void json_w_end_array(json_writer *w);
void json_w_string(json_writer *w, const char *key, const char *s);
/* Integers only (JSON numbers without fraction or exponent). */
void json_w_int(json_writer *w, const char *key, long long v);
void json_w_bool(json_writer *w, const char *key, int v);
/* Ends the document with a newline. Returns 0, or -1 if the writer failed
 * or a container is still open. */
int json_w_finish(json_writer *w);
/* Frees the buffer (which holds no secret). */
void json_w_free(json_writer *w);

#endif
