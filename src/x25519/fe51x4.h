/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * x25519/fe51x4.h - four elements modulo p = 2^255 - 19 side by side, in
 * radix 2^51 like fe51.h, limb i of element k in 64-bit lane k of the
 * 256-bit vector v[i], multiplied with AVX-512 IFMA (VPMADD52LUQ and
 * VPMADD52HUQ, with VL for 256-bit vectors). Only impl_ifma.c, compiled
 * with the AVX-512 flags, includes it.
 *
 * IFMA multiplies the low 52 bits of two lanes and adds the low or the
 * high 52 bits of the 104-bit product to a 64-bit lane. So every input of
 * fe4_mul must have limbs below 2^52, exactly: a limb beyond would lose
 * its top bits. Radix 2^51 leaves one bit of room, and the functions
 * keep to two bounds, per limb:
 *   carried   below 2^51 + 2^15: what every function here returns (one
 *             round of carries, all limbs at once, ends each of them);
 *   product input  below 2^52: a carried element.
 * The sum or difference of two carried elements is below 2^53, so add and
 * sub carry their result once more; that round costs a few cycles, where
 * a second bit of room would have cost a sixth limb.
 *
 * A product's 52-bit halves do not fall on the 51-bit limbs: the low half
 * of a[i] b[j] has weight 2^(51 (i + j)) and the high half 2^(51 (i + j)
 * + 52), that is, twice the weight of limb i + j + 1; the high halves are
 * summed apart and doubled.
 */
#ifndef MLKEM_X25519_FE51X4_H
#define MLKEM_X25519_FE51X4_H

#include <immintrin.h>
#include <stdint.h>

typedef struct {
  __m256i v[5];
} fe4;

#define FE4_MASK51 0x7FFFFFFFFFFFFull

/* 19 x, lane by lane, with shifts (x below 2^59). */
static inline __m256i fe4_times19(__m256i x) {
  return _mm256_add_epi64(
      _mm256_add_epi64(_mm256_slli_epi64(x, 4), _mm256_slli_epi64(x, 1)), x);
}

/* One round of carries, all limbs at once: limb k keeps its low 51 bits
 * and gains the bits of limb k - 1 from bit 51 up (limb 0 gains 19 times
 * those of limb 4: 2^255 = 19 mod p). In: limbs below 2^61. Out: carried
 * (the carries are below 2^10: limbs 1..4 below 2^51 + 2^10, limb 0 below
 * 2^51 + 19 * 2^10). */
static inline void fe4_carry(fe4 *r) {
  const __m256i m = _mm256_set1_epi64x((long long)FE4_MASK51);
  __m256i c0 = _mm256_srli_epi64(r->v[0], 51);
  __m256i c1 = _mm256_srli_epi64(r->v[1], 51);
  __m256i c2 = _mm256_srli_epi64(r->v[2], 51);
  __m256i c3 = _mm256_srli_epi64(r->v[3], 51);
  __m256i c4 = _mm256_srli_epi64(r->v[4], 51);
  /* 19 c4 is below 2^15: one IFMA low half gives it exactly. */
  r->v[0] = _mm256_madd52lo_epu64(_mm256_and_si256(r->v[0], m), c4,
                                  _mm256_set1_epi64x(19));
  r->v[1] = _mm256_add_epi64(_mm256_and_si256(r->v[1], m), c0);
  r->v[2] = _mm256_add_epi64(_mm256_and_si256(r->v[2], m), c1);
  r->v[3] = _mm256_add_epi64(_mm256_and_si256(r->v[3], m), c2);
  r->v[4] = _mm256_add_epi64(_mm256_and_si256(r->v[4], m), c3);
}

/* r = a + b. In: limbs below 2^60 each. Out: carried. */
static inline void fe4_add(fe4 *r, const fe4 *a, const fe4 *b) {
  unsigned i;
  for (i = 0; i < 5; i++) r->v[i] = _mm256_add_epi64(a->v[i], b->v[i]);
  fe4_carry(r);
}

/* r = 2p - a, lane by lane where mask (64-bit lanes all ones) is set,
 * else a. In: carried. Out: below 2^52 (not carried). */
static inline void fe4_neg_lanes(fe4 *r, const fe4 *a, __m256i mask) {
  unsigned i;
  for (i = 0; i < 5; i++) {
    const __m256i two_p = _mm256_set1_epi64x(
        (long long)(i == 0 ? (1ull << 52) - 38 : (1ull << 52) - 2));
    __m256i n = _mm256_sub_epi64(two_p, a->v[i]);
    r->v[i] = _mm256_blendv_epi8(a->v[i], n, mask);
  }
}

/* r = a b, lane by lane. In: limbs below 2^52. Out: carried. Column k
 * of the product (weight 2^(51 k)) is the sum of at most five low halves
 * and twice at most five high halves, below 15 * 2^52 < 2^56; columns 5
 * to 9 are folded into 0 to 4 times 19 (below 2^61 in all) before the
 * carry round. */
static inline void fe4_mul(fe4 *r, const fe4 *a, const fe4 *b) {
  __m256i lo[9], hi[9], c[10];
  unsigned i, j;
  for (i = 0; i < 9; i++) lo[i] = hi[i] = _mm256_setzero_si256();
  for (i = 0; i < 5; i++) {
    for (j = 0; j < 5; j++) {
      lo[i + j] = _mm256_madd52lo_epu64(lo[i + j], a->v[i], b->v[j]);
      hi[i + j] = _mm256_madd52hi_epu64(hi[i + j], a->v[i], b->v[j]);
    }
  }
  c[0] = lo[0];
  for (i = 1; i < 9; i++)
    c[i] = _mm256_add_epi64(lo[i], _mm256_add_epi64(hi[i - 1], hi[i - 1]));
  c[9] = _mm256_add_epi64(hi[8], hi[8]);
  for (i = 0; i < 5; i++)
    r->v[i] = _mm256_add_epi64(c[i], fe4_times19(c[i + 5]));
  fe4_carry(r);
}

/* r = a c for a constant c < 2^17, plus b. In: a below 2^52, b carried.
 * Out: carried. */
static inline void fe4_mul_small_add(fe4 *r, const fe4 *a, uint32_t c,
                                     const fe4 *b) {
  const __m256i k = _mm256_set1_epi64x(c);
  __m256i h[5];
  unsigned i;
  for (i = 0; i < 5; i++)
    h[i] = _mm256_madd52hi_epu64(_mm256_setzero_si256(), a->v[i], k);
  for (i = 0; i < 5; i++) {
    /* The high half of a[i - 1] c, doubled (limb i has half its weight);
     * for limb 0 that of a[4] c, times 38. */
    __m256i up = i == 0 ? _mm256_madd52lo_epu64(_mm256_setzero_si256(), h[4],
                                                _mm256_set1_epi64x(38))
                        : _mm256_add_epi64(h[i - 1], h[i - 1]);
    r->v[i] = _mm256_add_epi64(_mm256_madd52lo_epu64(b->v[i], a->v[i], k), up);
  }
  fe4_carry(r);
}

/* The masked exchange of lanes 0, 1 with lanes 2, 3 where mask is all
 * ones. */
static inline void fe4_swap_halves(fe4 *r, __m256i mask) {
  unsigned i;
  for (i = 0; i < 5; i++) {
    __m256i s = _mm256_permute4x64_epi64(r->v[i], 0x4E); /* 2, 3, 0, 1 */
    r->v[i] = _mm256_xor_si256(
        r->v[i], _mm256_and_si256(mask, _mm256_xor_si256(r->v[i], s)));
  }
}

#endif
