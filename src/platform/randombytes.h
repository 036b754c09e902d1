/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * randombytes.h - the library's only source of randomness.
 *
 * By default the operating system's: getrandom() on Linux, getentropy() on
 * the BSDs and macOS, BCryptGenRandom() on Windows. Embedded users build
 * with MLKEM_RANDOMBYTES=custom (CMake) and define
 *
 *     int mlkem_randombytes(uint8_t *out, size_t len);
 *
 * themselves: it fills out with len bytes from a cryptographically secure
 * source and returns 0, or returns non-zero on failure. A failure makes
 * keygen and encaps return MLKEM_ERR_RANDOM with zeroed outputs; it never
 * yields a key.
 */
#ifndef MLKEM_RANDOMBYTES_H
#define MLKEM_RANDOMBYTES_H

#include <stddef.h>
#include <stdint.h>

int mlkem_randombytes(uint8_t *out, size_t len);

#endif
