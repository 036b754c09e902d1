/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * portable.h - the portable backend's operations (declared from the list
 * of backend/backend.h, where each one's contract is stated), and the
 * tables and scalar helpers the other backends share with it; the AVX2
 * and NEON rejection steps hand their last bytes to
 * mlkem_portable_rej_uniform.
 */
#ifndef MLKEM_PORTABLE_H
#define MLKEM_PORTABLE_H

#include <stdint.h>

#include "backend/backend.h"

extern const int16_t mlkem_zetas[128];
extern const int16_t mlkem_gammas[128];

MLKEM_BACKEND_DECLARE(mlkem_portable)

/* Compress_d (@spec{FIPS203, eq. 4.7}) of one canonical coefficient x in
 * [0, q), for 1 <= d <= 11, without a division: round(2^d x / q) equals
 * floor((2^d x + (q-1)/2) / q) because 2^d x / q is never a half-integer (q
 * is odd), and that quotient equals (N * 2580335) >> 33 for every
 * N < 2^11 q + q (2580335 = ceil(2^33 / q); test_compress checks every
 * x and d exhaustively). */
static inline uint16_t mlkem_compress_d(uint16_t x, unsigned d) {
  uint64_t n = ((uint64_t)x << d) + (MLKEM_Q - 1) / 2;
  return (uint16_t)(((n * 2580335u) >> 33) & ((1u << d) - 1));
}

/* Decompress_d (@spec{FIPS203, eq. 4.8}): round(q y / 2^d), rounding halves
 * up, for y < 2^d. */
static inline uint16_t mlkem_decompress_d(uint16_t y, unsigned d) {
  return (uint16_t)(((uint32_t)y * MLKEM_Q + (1u << (d - 1))) >> d);
}

#endif
