/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * arith.h - Z_q arithmetic on sixteen int16 lanes of a 256-bit vector:
 * the vector forms of backend/portable/arith.h, computing the same
 * representatives lane by lane.
 */
#ifndef MLKEM_AVX2_ARITH_H
#define MLKEM_AVX2_ARITH_H

#include <immintrin.h>

#include "fips203/params.h"

/* Montgomery product a b 2^-16 per lane, as mlkem_fqmul: high(a b) -
 * high(t q) with t = low(low(a b) q^-1). In: |a b| < 2^15 q. Out: |x| < q. */
static inline __m256i mlkem_avx2_fqmul(__m256i a, __m256i b) {
  const __m256i q = _mm256_set1_epi16(MLKEM_Q);
  const __m256i qinv = _mm256_set1_epi16(-3327);
  __m256i lo = _mm256_mullo_epi16(a, b);
  __m256i hi = _mm256_mulhi_epi16(a, b);
  __m256i t = _mm256_mullo_epi16(lo, qinv);
  return _mm256_sub_epi16(hi, _mm256_mulhi_epi16(t, q));
}

/* The same with b's low product by q^-1 precomputed (bqinv = b q^-1 mod
 * 2^16): saves one multiplication when b is a constant. */
static inline __m256i mlkem_avx2_fqmul_pre(__m256i a, __m256i b,
                                           __m256i bqinv) {
  const __m256i q = _mm256_set1_epi16(MLKEM_Q);
  __m256i hi = _mm256_mulhi_epi16(a, b);
  __m256i t = _mm256_mullo_epi16(a, bqinv);
  return _mm256_sub_epi16(hi, _mm256_mulhi_epi16(t, q));
}

/* Barrett reduction per lane, as mlkem_barrett_reduce: t = (high(a v) +
 * 2^9) >> 10 with v = 20159, a - t q. Out: [-(q-1)/2, (q-1)/2]. */
static inline __m256i mlkem_avx2_barrett(__m256i a) {
  const __m256i q = _mm256_set1_epi16(MLKEM_Q);
  const __m256i v = _mm256_set1_epi16(20159);
  const __m256i r = _mm256_set1_epi16(1 << 9);
  __m256i t = _mm256_mulhi_epi16(a, v);
  t = _mm256_srai_epi16(_mm256_add_epi16(t, r), 10);
  return _mm256_sub_epi16(a, _mm256_mullo_epi16(t, q));
}

/* a + q where a < 0, as mlkem_cond_add_q. In: [-q, q). Out: [0, q). */
static inline __m256i mlkem_avx2_cond_add_q(__m256i a) {
  const __m256i q = _mm256_set1_epi16(MLKEM_Q);
  return _mm256_add_epi16(a, _mm256_and_si256(_mm256_srai_epi16(a, 15), q));
}

/* The canonical representative in [0, q) of any int16, as mlkem_freeze. */
static inline __m256i mlkem_avx2_freeze(__m256i a) {
  return mlkem_avx2_cond_add_q(mlkem_avx2_barrett(a));
}

#endif
