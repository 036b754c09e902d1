/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* kv_text.c - reading "name = value" vector files (see kv_text.h). */
#include "kv_text.h"

#include <string.h>

#include "test_util.h"

void text_reader_init(text_reader *r, const char *text, size_t len) {
  r->p = text;
  r->end = text + len;
  r->lineno = 0;
}

int text_next_line(text_reader *r, const char **line, size_t *len) {
  const char *s = r->p, *e;
  if (s >= r->end) return 0;
  e = memchr(s, '\n', (size_t)(r->end - s));
  if (e == NULL) {
    r->p = r->end;
    e = r->end;
  } else {
    r->p = e + 1;
  }
  if (e > s && e[-1] == '\r') e--;
  *line = s;
  *len = (size_t)(e - s);
  r->lineno++;
  return 1;
}

int kv_split(const char *line, size_t len, kv_line *out) {
  size_t i, at = (size_t)-1;
  for (i = 0; i + 3 <= len; i++) {
    if (line[i] == ' ' && line[i + 1] == '=' && line[i + 2] == ' ') at = i;
  }
  if (at == (size_t)-1) return 0;
  out->name = line;
  out->name_len = at;
  out->value = line + at + 3;
  out->value_len = len - at - 3;
  return 1;
}

int text_is_blank_or_comment(const char *line, size_t len) {
  size_t i;
  for (i = 0; i < len; i++) {
    if (line[i] == '#') return 1;
    if (line[i] != ' ' && line[i] != '\t') return 0;
  }
  return 1;
}

int kv_name_is(const kv_line *kv, const char *name) {
  size_t n = strlen(name);
  return kv->name_len == n && memcmp(kv->name, name, n) == 0;
}

int kv_hex_exact(const kv_line *kv, uint8_t *out, size_t want) {
  if (kv->value_len != 2 * want) return 0;
  return test_hex_decode(out, want, kv->value, kv->value_len) == want;
}

int kv_ulong(const kv_line *kv, unsigned long *out) {
  size_t i;
  unsigned long v = 0;
  if (kv->value_len == 0 || kv->value_len > 9) return 0;
  for (i = 0; i < kv->value_len; i++) {
    char c = kv->value[i];
    if (c < '0' || c > '9') return 0;
    v = v * 10 + (unsigned long)(c - '0');
  }
  *out = v;
  return 1;
}
