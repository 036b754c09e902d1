/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * x25519/invert.h - inversion modulo p = 2^255 - 19 by safegcd (invert.c),
 * for the compilers that have a 128-bit integer type; scalarmult.c uses it
 * for every field where MLKEM_X25519_SAFEGCD is 1 and falls back to
 * Fermat's little theorem elsewhere (32-bit targets such as the
 * Cortex-M4, compilers without __int128).
 */
#ifndef MLKEM_X25519_INVERT_H
#define MLKEM_X25519_INVERT_H

#include <stdint.h>

#if defined(__SIZEOF_INT128__) && !defined(MLKEM_X25519_NO_SAFEGCD)
#define MLKEM_X25519_SAFEGCD 1
#else
#define MLKEM_X25519_SAFEGCD 0
#endif

#if MLKEM_X25519_SAFEGCD
/* r = 1 / a mod p, and 0 for a = 0, as four little-endian 64-bit words;
 * a must be canonical (below p, as fe_to_words returns it) and r is. In
 * constant time: no branch, index or division depends on a. r may alias
 * a. */
void mlkem_x25519_invert(uint64_t r[4], const uint64_t a[4]);
#endif

#endif /* MLKEM_X25519_INVERT_H */
