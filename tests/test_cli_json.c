/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_cli_json.c - the JSON reader's nesting limit (cli/json.c, the ACVP
 * runner's reader of files from outside): arrays and objects nested
 * JSON_MINI_MAX_DEPTH levels around a value are read whole; one level more
 * is refused with "nesting too deep" and no tree; a document opening a
 * million arrays is refused the same way, without recursing past the
 * limit (the reader checks the depth before it descends, so a hostile
 * file cannot overflow the stack). A document left open is an error too.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_util.h"

#include "../cli/json.c"

/* depth arrays ("[[...[7]...]]") or objects ({"a":{"a": ... 7}}) around
 * the number 7, closed or not; the caller frees the text. */
static char *nested(size_t depth, int objects, int closed, size_t *len) {
  size_t open = objects ? 5 : 1, n = depth * (open + 1) + 1, i;
  char *t = malloc(n + 1), *p = t;
  if (t == NULL) return NULL;
  for (i = 0; i < depth; i++) {
    memcpy(p, objects ? "{\"a\":" : "[", open);
    p += open;
  }
  *p++ = '7';
  if (closed)
    for (i = 0; i < depth; i++) *p++ = objects ? '}' : ']';
  *p = '\0';
  *len = (size_t)(p - t);
  return t;
}

/* Parses depth levels; returns the tree (checked down to the 7) or NULL,
 * with the reader's message in err. */
static json_value *parse_nested(size_t depth, int objects, int closed,
                                char *err, size_t errlen) {
  size_t len, i;
  char *t = nested(depth, objects, closed, &len);
  json_value *root, *v;
  CHECK(t != NULL);
  if (t == NULL) return NULL;
  root = json_parse(t, len, err, errlen);
  free(t);
  for (v = root, i = 0; v != NULL && i < depth; i++) {
    if (v->type != (objects ? JSON_OBJECT : JSON_ARRAY) || v->count != 1) break;
    if (objects && strcmp(v->keys[0], "a") != 0) break;
    v = v->items[0];
  }
  if (root != NULL)
    CHECKF(i == depth && v != NULL && v->type == JSON_NUMBER && v->number == 7,
           "%zu levels of %s read down to the value", depth,
           objects ? "objects" : "arrays");
  return root;
}

int main(void) {
  char err[160];
  int objects;
  for (objects = 0; objects <= 1; objects++) {
    const char *kind = objects ? "objects" : "arrays";
    json_value *v =
        parse_nested(JSON_MINI_MAX_DEPTH, objects, 1, err, sizeof err);
    CHECKF(v != NULL, "%d levels of %s read (%s)", JSON_MINI_MAX_DEPTH, kind,
           err);
    json_free(v);

    v = parse_nested(JSON_MINI_MAX_DEPTH + 1, objects, 1, err, sizeof err);
    CHECKF(v == NULL, "%d levels of %s refused", JSON_MINI_MAX_DEPTH + 1, kind);
    CHECKF(strstr(err, "nesting too deep") != NULL,
           "%d levels of %s: the reason given (%s)", JSON_MINI_MAX_DEPTH + 1,
           kind, err);
    json_free(v);

    v = parse_nested(JSON_MINI_MAX_DEPTH, objects, 0, err, sizeof err);
    CHECKF(v == NULL && strstr(err, objects ? "expected ',' or '}'"
                                            : "expected ',' or ']'") != NULL,
           "%s left open refused (%s)", kind, err);
    json_free(v);
  }

  /* A million arrays: refused at the limit (without it, the recursion
   * would need far more than a thread's stack). */
  {
    size_t n = 1000000;
    char *t = malloc(n);
    json_value *v;
    CHECK(t != NULL);
    if (t != NULL) {
      memset(t, '[', n);
      v = json_parse(t, n, err, sizeof err);
      CHECK(v == NULL);
      CHECKF(strstr(err, "nesting too deep") != NULL,
             "a million arrays refused as too deep (%s)", err);
      json_free(v);
      free(t);
    }
  }
  return test_summary("test_cli_json");
}
