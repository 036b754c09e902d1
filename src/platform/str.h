/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * str.h - the comparisons of names the library makes (backends, parameter
 * sets), written here rather than taken from the C library, which the
 * freestanding configuration (MLKEM_FREESTANDING) does not link: its
 * library calls nothing but memcpy and memset. Names (and HPKE's labels)
 * are public: these stop at the first difference or the NUL.
 */
#ifndef MLKEM_STR_H
#define MLKEM_STR_H

#include <stddef.h>

/* 1 if the NUL-terminated strings a and b are equal, else 0. */
static inline int mlkem_str_equal(const char *a, const char *b) {
  while (*a != '\0' && *a == *b) {
    a++;
    b++;
  }
  return *a == *b;
}

/* The same with the ASCII letters A-Z taken as a-z (no locale: a name is
 * ASCII, and tolower would depend on the C library's locale). */
static inline char mlkem_ascii_lower(char c) {
  return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
}
static inline int mlkem_str_equal_nocase(const char *a, const char *b) {
  while (*a != '\0' && mlkem_ascii_lower(*a) == mlkem_ascii_lower(*b)) {
    a++;
    b++;
  }
  return *a == *b;
}

/* The length of the NUL-terminated string s (strlen). */
static inline size_t mlkem_str_len(const char *s) {
  size_t n = 0;
  while (s[n] != '\0') n++;
  return n;
}

#endif
