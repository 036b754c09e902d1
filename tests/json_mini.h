/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * json_mini.h - a small, strict JSON (RFC 8259) reader for the test
 * programs. It parses a whole document into a tree of heap-allocated
 * values; test code then looks members up by name.
 *
 * Strict means: exactly one value with only whitespace around it, no
 * trailing commas, no comments, no control characters or bad escapes in
 * strings, no leading zeros or lone signs in numbers, no duplicate member
 * names in one object, and nesting at most JSON_MINI_MAX_DEPTH deep.
 * Strings are decoded (escapes and \u sequences, including surrogate
 * pairs, become UTF-8); a string containing \u0000 is refused so that the
 * decoded text can be used as a C string.
 *
 * Test-only code: not constant time, uses malloc.
 */
#ifndef MLKEM_TEST_JSON_MINI_H
#define MLKEM_TEST_JSON_MINI_H

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

#endif
