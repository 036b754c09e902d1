/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * os_randombytes.c - the random source a test program supplies when it is
 * linked against a library built without one (the freestanding
 * configuration, tests/amalgamation_test.sh): the operating system's, as
 * the hosted library's own (getentropy, 256 bytes per call).
 */
#if !defined(_DEFAULT_SOURCE)
#define _DEFAULT_SOURCE
#endif
#include <stddef.h>
#include <stdint.h>
#include <unistd.h>

#include "mlkem.h"

int mlkem_randombytes(uint8_t *out, size_t len) {
  while (len > 0) {
    size_t chunk = len > 256 ? 256 : len;
    if (getentropy(out, chunk) != 0) return -1;
    out += chunk;
    len -= chunk;
  }
  return 0;
}
