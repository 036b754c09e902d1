/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * portable.h - the portable backend's operations, one per entry of
 * mlkem_backend (backend/backend.h, where each one's contract is stated).
 * Other backends may call these for the operations they do not replace.
 */
#ifndef MLKEM_PORTABLE_H
#define MLKEM_PORTABLE_H

#include <stdint.h>

#include "backend/backend.h"

extern const int16_t mlkem_zetas[128];
extern const int16_t mlkem_gammas[128];

void mlkem_portable_ntt(mlkem_poly *p);
void mlkem_portable_invntt(mlkem_poly *p);
void mlkem_portable_basemul_acc(mlkem_poly *r, const mlkem_poly *a,
                                const mlkem_poly *b, unsigned k, unsigned from,
                                unsigned to);
void mlkem_portable_add_reduce(mlkem_poly *r, const mlkem_poly *a,
                               unsigned from, unsigned to);
void mlkem_portable_add(mlkem_poly *r, const mlkem_poly *a);
void mlkem_portable_sub_from(mlkem_poly *r, const mlkem_poly *a);

void mlkem_portable_encode12(uint8_t out[MLKEM_POLYBYTES], const mlkem_poly *a,
                             unsigned from, unsigned to);
unsigned mlkem_portable_decode12(mlkem_poly *r,
                                 const uint8_t in[MLKEM_POLYBYTES]);
void mlkem_portable_compress_encode(uint8_t *out, const mlkem_poly *a,
                                    unsigned d);
void mlkem_portable_decode_decompress(mlkem_poly *r, const uint8_t *in,
                                      unsigned d);
void mlkem_portable_compress_encode_msg(uint8_t out[32], const mlkem_poly *a);
void mlkem_portable_decode_decompress_msg(mlkem_poly *r, const uint8_t in[32]);

void mlkem_portable_cbd(mlkem_poly *r, const uint8_t *buf, unsigned eta);
void mlkem_portable_rej_uniform(mlkem_poly *r, unsigned *ctr,
                                const uint64_t *lane, size_t stride,
                                unsigned len);

/* Compress_d (FIPS 203 equation 4.7) of one canonical coefficient x in
 * [0, q), for 1 <= d <= 11, without a division: round(2^d x / q) equals
 * floor((2^d x + (q-1)/2) / q) because 2^d x / q is never a half-integer (q
 * is odd), and that quotient equals (N * 2580335) >> 33 for every
 * N < 2^11 q + q (2580335 = ceil(2^33 / q); test_compress checks every
 * x and d exhaustively). */
static inline uint16_t mlkem_compress_d(uint16_t x, unsigned d) {
  uint64_t n = ((uint64_t)x << d) + (MLKEM_Q - 1) / 2;
  return (uint16_t)(((n * 2580335u) >> 33) & ((1u << d) - 1));
}

/* Decompress_d (FIPS 203 equation 4.8): round(q y / 2^d), rounding halves
 * up, for y < 2^d. */
static inline uint16_t mlkem_decompress_d(uint16_t y, unsigned d) {
  return (uint16_t)(((uint32_t)y * MLKEM_Q + (1u << (d - 1))) >> d);
}

#endif
