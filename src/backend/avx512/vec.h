/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * vec.h - what the AVX-512 backend's files share beside Z_q arithmetic
 * (arith.h): byte tables for the permutations, whole-vector loads and
 * stores of a polynomial, and the unpacking of 12-bit values, which
 * ByteDecode_12 (serialize.c) and the rejection step of SampleNTT
 * (sampling.c) read alike. Included only by files compiled with the
 * backend's AVX-512 flags.
 */
#ifndef MLKEM_AVX512_VEC_H
#define MLKEM_AVX512_VEC_H

#include <immintrin.h>

#include "fips203/params.h"

/* Byte tables for vpermb and vpmultishiftqb are written as one formula per
 * table: Q64(f, a) lists f(a, m, j) for the 64 bytes of a vector, where m
 * (0..7) is the 64-bit lane and j (0..7) the byte within it. */
#define Q8(f, a, m)                                                       \
  f(a, m, 0), f(a, m, 1), f(a, m, 2), f(a, m, 3), f(a, m, 4), f(a, m, 5), \
      f(a, m, 6), f(a, m, 7)
#define Q64(f, a)                                                  \
  Q8(f, a, 0), Q8(f, a, 1), Q8(f, a, 2), Q8(f, a, 3), Q8(f, a, 4), \
      Q8(f, a, 5), Q8(f, a, 6), Q8(f, a, 7)
#define ALIGN64 _Alignas(64)

static inline __m512i table(const uint8_t t[64]) {
  return _mm512_load_si512((const void *)t);
}

static inline __m512i load_poly32(const mlkem_poly *a, unsigned i) {
  return _mm512_loadu_si512((const void *)(a->coeffs + 32 * i));
}

static inline void store_poly32(mlkem_poly *r, unsigned i, __m512i v) {
  _mm512_storeu_si512((void *)(r->coeffs + 32 * i), v);
}

/* Unpacking 32 12-bit values from 48 bytes: 16-bit lane j (value j, bits
 * 12 j of the bytes) receives bytes floor(3j/2) and floor(3j/2) + 1
 * (vpermb with unpack12_idx()), where the value starts at bit 0 (j even)
 * or 4 (j odd); unpack12_bits() then shifts and masks it alone into its
 * lane. */
#define UNPACK12_IDX(a, m, j) (3 * (4 * (m) + (j) / 2) / 2 + (j) % 2)

static inline __m512i unpack12_idx(void) {
  static const ALIGN64 uint8_t idx[64] = {Q64(UNPACK12_IDX, 0)};
  return table(idx);
}

static inline __m512i unpack12_bits(__m512i v) {
  const __m512i shift = _mm512_set1_epi32(4 << 16); /* 0, 4 */
  return _mm512_and_si512(_mm512_srlv_epi16(v, shift),
                          _mm512_set1_epi16(0xFFF));
}

#endif /* MLKEM_AVX512_VEC_H */
