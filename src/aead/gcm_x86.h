/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * gcm_x86.h - what the x86 GCM files share (each compiled with its own
 * flags, all of which include -maes -mpclmul -msse4.1): GHASH's
 * multiplication on 128-bit vectors with PCLMULQDQ, and the layout of the
 * GHASH key, which gcm_x86_aesni.c computes for both implementations.
 *
 * Blocks are byte-reversed into the reflected form of gcm.h (the block as
 * a big-endian 128-bit integer: the high 64 bits in the upper half of the
 * vector). A product of two such values is Karatsuba's three carry-less
 * products (low halves, high halves, and the XORs of each value's halves)
 * accumulated unreduced over a batch of blocks, each block multiplied by
 * the power of Hs it needs to reach the end of the batch, and then one
 * reduction by y^128 for the whole batch (gcm.h).
 *
 * The GHASH key in k->h.b: MLKEM_GCM_POWERS powers of Hs, highest first
 * (entry i holds Hs^(POWERS - i), so a batch of n blocks uses the last n
 * entries, the last block Hs^1), then as many entries of the same powers
 * with each half replaced by the XOR of both (Karatsuba's middle operand,
 * the same in both halves so that any lane's low half can be used).
 */
#ifndef MLKEM_AEAD_GCM_X86_H
#define MLKEM_AEAD_GCM_X86_H

#include <immintrin.h>

#include "aead/gcm.h"

/* A block in GCM's byte order to the reflected form and back. */
#define MLKEM_GCM_X86_BSWAP \
  _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)

/* y^63 + y^62 + y^57, the fold of gcm.h, in the low half. */
#define MLKEM_GCM_X86_FOLD _mm_set_epi64x(0, (long long)0xC200000000000000ull)

/* Where power Hs^(MLKEM_GCM_POWERS - i) and its Karatsuba operand are. */
static inline const uint8_t *mlkem_gcm_x86_pow(const mlkem_aes_gcm_key *k,
                                               size_t i) {
  return k->h.b + 16 * i;
}
static inline const uint8_t *mlkem_gcm_x86_kar(const mlkem_aes_gcm_key *k,
                                               size_t i) {
  return k->h.b + 16 * (MLKEM_GCM_POWERS + i);
}

/* Adds the unreduced product of a and h (hk: h's Karatsuba operand) to
 * (lo, mid, hi). */
static inline void mlkem_gcm_x86_mul_acc(__m128i *lo, __m128i *mid, __m128i *hi,
                                         __m128i a, __m128i h, __m128i hk) {
  *lo = _mm_xor_si128(*lo, _mm_clmulepi64_si128(a, h, 0x00));
  *hi = _mm_xor_si128(*hi, _mm_clmulepi64_si128(a, h, 0x11));
  *mid = _mm_xor_si128(
      *mid, _mm_clmulepi64_si128(_mm_xor_si128(a, _mm_shuffle_epi32(a, 0x4E)),
                                 hk, 0x00));
}

/* The accumulated 256-bit product hi:lo (with Karatsuba's middle term
 * mid) times y^-128 modulo g* (gcm.h): two folds of the low 64-bit word
 * with y^63 + y^62 + y^57, each moving the word up by 64 bits. */
static inline __m128i mlkem_gcm_x86_reduce(__m128i lo, __m128i mid,
                                           __m128i hi) {
  const __m128i fold = MLKEM_GCM_X86_FOLD;
  __m128i t;
  mid = _mm_xor_si128(mid, _mm_xor_si128(lo, hi));
  lo = _mm_xor_si128(lo, _mm_slli_si128(mid, 8));
  hi = _mm_xor_si128(hi, _mm_srli_si128(mid, 8));
  t = _mm_clmulepi64_si128(lo, fold, 0x00);
  lo = _mm_xor_si128(_mm_shuffle_epi32(lo, 0x4E), t);
  t = _mm_clmulepi64_si128(lo, fold, 0x00);
  lo = _mm_xor_si128(_mm_shuffle_epi32(lo, 0x4E), t);
  return _mm_xor_si128(lo, hi);
}

/* The GHASH key (above) from hs = (high, low 64 bits of Hs). */
void mlkem_gcm_x86_init(mlkem_aes_gcm_key *k, const uint64_t hs[2]);

/* The ghash function of both x86 implementations (gcm.h), eight blocks
 * per reduction. */
void mlkem_gcm_x86_ghash(const mlkem_aes_gcm_key *k, uint8_t x[16],
                         const uint8_t *in, size_t nblocks);

#endif
