/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * keyfile_error.c - the error a key-file call reports (keyfile_alg.h):
 * for keyfile.c and for the key types' own checks (keyfile_algs.c).
 */
#include <stdarg.h>
#include <stdio.h>

#include "keyfile_alg.h"

int mlkem_keyfile_fail(mlkem_keyfile_error *err, int code, const char *fmt,
                       ...) {
  va_list ap;
  if (err == NULL) return code;
  err->code = code;
  va_start(ap, fmt);
  vsnprintf(err->msg, sizeof err->msg, fmt, ap);
  va_end(ap);
  return code;
}
