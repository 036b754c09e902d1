/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * kv_text.h - line-by-line reading of the plain-text vector formats used by
 * the NIST .rsp files and the C2SP/CCTV .txt files: lines of the form
 * "name = value", plus blank lines and '#' comment lines.
 */
#ifndef MLKEM_TEST_KV_TEXT_H
#define MLKEM_TEST_KV_TEXT_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
  const char *p;
  const char *end;
  unsigned long lineno; /* number of the line last returned, from 1 */
} text_reader;

void text_reader_init(text_reader *r, const char *text, size_t len);

/* Returns the next line (without its "\n" or "\r\n") in *line / *len and
 * 1, or 0 at the end of the text. */
int text_next_line(text_reader *r, const char **line, size_t *len);

typedef struct {
  const char *name;
  size_t name_len;
  const char *value;
  size_t value_len;
} kv_line;

/* Splits "name = value" at the LAST " = " (CCTV labels such as
 * "dkPKE = NTT(s)" contain one themselves). Returns 1 on success, 0 if the
 * line has no " = ". */
int kv_split(const char *line, size_t len, kv_line *out);

/* 1 if the line is empty (or only whitespace) or a '#' comment. */
int text_is_blank_or_comment(const char *line, size_t len);

/* 1 if kv's name equals name exactly. */
int kv_name_is(const kv_line *kv, const char *name);

/* Decodes kv's value as hex into out; returns 1 only if it is valid hex of
 * exactly want bytes. */
int kv_hex_exact(const kv_line *kv, uint8_t *out, size_t want);

/* Parses kv's value as a decimal number into *out; 1 on success. */
int kv_ulong(const kv_line *kv, unsigned long *out);

#endif
