/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * vec.h - what the AVX2 backend's files share beside Z_q arithmetic
 * (arith.h): loads and stores of polynomials and of byte lanes, and the
 * unpacking of 12-bit values, which ByteDecode_12 (serialize.c) and the
 * rejection step of SampleNTT (sampling.c) read alike. Included only by
 * files compiled with the backend's AVX2 flags.
 */
#ifndef MLKEM_AVX2_VEC_H
#define MLKEM_AVX2_VEC_H

#include <immintrin.h>

#include "fips203/params.h"

static inline __m256i load_poly16(const mlkem_poly *a, unsigned i) {
  return _mm256_loadu_si256((const __m256i *)(a->coeffs + 16 * i));
}

static inline void store_poly16(mlkem_poly *r, unsigned i, __m256i v) {
  _mm256_storeu_si256((__m256i *)(r->coeffs + 16 * i), v);
}

/* Lane 0 from the 16 bytes at lo, lane 1 from the 16 bytes at hi. */
static inline __m256i load_lanes(const uint8_t *lo, const uint8_t *hi) {
  __m128i l = _mm_loadu_si128((const __m128i *)lo);
  __m128i h = _mm_loadu_si128((const __m128i *)hi);
  return _mm256_inserti128_si256(_mm256_castsi128_si256(l), h, 1);
}

/* Sixteen 12-bit values from 24 bytes, given as lane 0 = bytes 0..15 and
 * lane 1 = bytes 8..23: lane 0's from bytes 0..11, lane 1's from bytes
 * 12..23 (at offsets 4..15 of lane 1).
 * Value j of a lane sits at bit 12 j: in the 16-bit window of bytes 3j/2,
 * 3j/2 + 1 at bit 0 (j even) or bit 4 (j odd). Multiplying by 16 (even) or
 * 1 (odd) puts it in bits 4..15, dropping the bits above, and a shift by 4
 * leaves it alone in its lane. */
static inline __m256i unpack12_lanes(__m256i b) {
  const __m256i win =
      _mm256_setr_epi8(0, 1, 1, 2, 3, 4, 4, 5, 6, 7, 7, 8, 9, 10, 10, 11, 4, 5,
                       5, 6, 7, 8, 8, 9, 10, 11, 11, 12, 13, 14, 14, 15);
  const __m256i align = _mm256_set1_epi32(16 | (1 << 16));
  __m256i v = _mm256_shuffle_epi8(b, win);
  return _mm256_srli_epi16(_mm256_mullo_epi16(v, align), 4);
}

/* The same from the 24 bytes at p (reads p .. p + 23 only). */
static inline __m256i unpack12(const uint8_t *p) {
  return unpack12_lanes(load_lanes(p, p + 8));
}

#endif /* MLKEM_AVX2_VEC_H */
