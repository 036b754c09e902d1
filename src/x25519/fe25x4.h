/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * x25519/fe25x4.h - EXPERIMENT (measured, then removed: docs/ARCHITECTURE.md,
 * X25519): four elements modulo 2^255 - 19 in the 64-bit lanes of AVX2
 * vectors, radix 2^25.5 (ten limbs of 26 and 25 bits), multiplied with
 * VPMULUDQ (32 x 32 -> 64 bits), with the API of fe51x4.h so that the
 * IFMA ladder's lane layout runs on it unchanged (impl_avx2x4.c).
 * "Carried": limbs below 2^26 + 2^6 (even) and 2^25 + 2^6 (odd).
 */
#ifndef MLKEM_X25519_FE25X4_H
#define MLKEM_X25519_FE25X4_H

#include <immintrin.h>
#include <stdint.h>

#define FE4_LIMBS 10

typedef struct {
  __m256i v[FE4_LIMBS];
} fe4;

static inline unsigned fe4_width(unsigned i) {
  return (i & 1) ? 25 : 26;
}

static inline __m256i fe4_times19(__m256i x) {
  return _mm256_add_epi64(
      _mm256_add_epi64(_mm256_slli_epi64(x, 4), _mm256_slli_epi64(x, 1)), x);
}

/* Carry from limb i into i + 1 (limb 9 into 0 times 19). */
static inline void fe4_carry_one(__m256i *v, unsigned i) {
  const unsigned w = fe4_width(i);
  const __m256i m = _mm256_set1_epi64x((long long)((1ull << w) - 1));
  __m256i c = _mm256_srli_epi64(v[i], (int)w);
  v[i] = _mm256_and_si256(v[i], m);
  if (i == 9)
    v[0] = _mm256_add_epi64(v[0], fe4_times19(c));
  else
    v[i + 1] = _mm256_add_epi64(v[i + 1], c);
}

/* Two interleaved carry chains: from limbs below 2^63 to carried. */
static inline void fe4_carry_full(fe4 *r) {
  static const unsigned order[12] = {0, 4, 1, 5, 2, 6, 3, 7, 4, 8, 9, 0};
  unsigned k;
  for (k = 0; k < 12; k++) fe4_carry_one(r->v, order[k]);
}

/* One round of carries, all limbs at once: from limbs below 2^31. */
static inline void fe4_carry(fe4 *r) {
  __m256i c[FE4_LIMBS];
  unsigned i;
  for (i = 0; i < FE4_LIMBS; i++) {
    const unsigned w = fe4_width(i);
    c[i] = _mm256_srli_epi64(r->v[i], (int)w);
    r->v[i] = _mm256_and_si256(r->v[i],
                               _mm256_set1_epi64x((long long)((1ull << w) - 1)));
  }
  r->v[0] = _mm256_add_epi64(r->v[0], fe4_times19(c[9]));
  for (i = 1; i < FE4_LIMBS; i++) r->v[i] = _mm256_add_epi64(r->v[i], c[i - 1]);
}

static inline void fe4_add(fe4 *r, const fe4 *a, const fe4 *b) {
  unsigned i;
  for (i = 0; i < FE4_LIMBS; i++) r->v[i] = _mm256_add_epi64(a->v[i], b->v[i]);
  fe4_carry(r);
}

/* 2p - a where mask is set. In: carried. */
static inline void fe4_neg_lanes(fe4 *r, const fe4 *a, __m256i mask) {
  unsigned i;
  for (i = 0; i < FE4_LIMBS; i++) {
    unsigned long long two_p = i == 0 ? (1ull << 27) - 38
                               : (i & 1) ? (1ull << 26) - 2
                                         : (1ull << 27) - 2;
    __m256i n = _mm256_sub_epi64(_mm256_set1_epi64x((long long)two_p), a->v[i]);
    r->v[i] = _mm256_blendv_epi8(a->v[i], n, mask);
  }
}

/* r = a b. In: limbs below 2^27.5. Out: carried. */
static inline void fe4_mul(fe4 *r, const fe4 *a, const fe4 *b) {
  __m256i a2[FE4_LIMBS], b19[FE4_LIMBS], c[FE4_LIMBS];
  const __m256i k19 = _mm256_set1_epi64x(19);
  unsigned i, j, k;
  for (i = 0; i < FE4_LIMBS; i++) {
    a2[i] = (i & 1) ? _mm256_add_epi64(a->v[i], a->v[i]) : a->v[i];
    b19[i] = _mm256_mul_epu32(b->v[i], k19);
  }
  for (k = 0; k < FE4_LIMBS; k++) c[k] = _mm256_setzero_si256();
  for (i = 0; i < FE4_LIMBS; i++) {
    for (j = 0; j < FE4_LIMBS; j++) {
      const __m256i x = ((i & 1) && (j & 1)) ? a2[i] : a->v[i];
      k = i + j;
      if (k < FE4_LIMBS)
        c[k] = _mm256_add_epi64(c[k], _mm256_mul_epu32(x, b->v[j]));
      else
        c[k - FE4_LIMBS] =
            _mm256_add_epi64(c[k - FE4_LIMBS], _mm256_mul_epu32(x, b19[j]));
    }
  }
  for (i = 0; i < FE4_LIMBS; i++) r->v[i] = c[i];
  fe4_carry_full(r);
}

/* r = a c + b for c < 2^17. In: a carried, b carried. Out: carried. */
static inline void fe4_mul_small_add(fe4 *r, const fe4 *a, uint32_t c,
                                     const fe4 *b) {
  const __m256i k = _mm256_set1_epi64x(c);
  unsigned i;
  for (i = 0; i < FE4_LIMBS; i++)
    r->v[i] = _mm256_add_epi64(_mm256_mul_epu32(a->v[i], k), b->v[i]);
  fe4_carry_full(r);
}

static inline void fe4_swap_halves(fe4 *r, __m256i mask) {
  unsigned i;
  for (i = 0; i < FE4_LIMBS; i++) {
    __m256i s = _mm256_permute4x64_epi64(r->v[i], 0x4E);
    r->v[i] = _mm256_xor_si256(
        r->v[i], _mm256_and_si256(mask, _mm256_xor_si256(r->v[i], s)));
  }
}

#endif
