/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * aes_x86_vaes256.c - AES-256-CTR with VAES on 256-bit vectors: two
 * blocks per VAESENC, sixteen blocks (eight vectors) in flight. Built with
 * -mvaes -mavx2 -maes -msse4.1; aes_select.c runs it only where
 * mlkem_cpu_has_vaes(). The key is expanded as for AES-NI and each round
 * key broadcast to both halves as it is used (AVX2 has 16 vector
 * registers: eight for the blocks, not enough to hold all 15 keys).
 */
#include <immintrin.h>

#include "aes/aes_x86.h"

#define VECS 8
#define WIDTH (2 * VECS)

/* @spec{FIPS197, sec. 5.1} (Nr = 14) on VECS pairs of blocks. */
static void encrypt(__m256i b[VECS], const mlkem_aes256_key *key) {
  __m256i rk = _mm256_broadcastsi128_si256(
      _mm_loadu_si128((const __m128i *)key->u.rk[0]));
  size_t i;
  unsigned r;
  for (i = 0; i < VECS; i++) b[i] = _mm256_xor_si256(b[i], rk);
  for (r = 1; r < 14; r++) {
    rk = _mm256_broadcastsi128_si256(
        _mm_loadu_si128((const __m128i *)key->u.rk[r]));
    for (i = 0; i < VECS; i++) b[i] = _mm256_aesenc_epi128(b[i], rk);
  }
  rk = _mm256_broadcastsi128_si256(
      _mm_loadu_si128((const __m128i *)key->u.rk[14]));
  for (i = 0; i < VECS; i++) b[i] = _mm256_aesenclast_epi128(b[i], rk);
}

static void ctr_group(const mlkem_aes256_key *key, const uint8_t *const nonce[],
                      const uint32_t ctr[], uint8_t *const dst[],
                      size_t count) {
  __m128i c[WIDTH];
  __m256i b[VECS];
  size_t i;
  for (i = 0; i < WIDTH; i++)
    c[i] = i < count ? mlkem_aes_x86_counter_block(nonce[i], ctr[i])
                     : _mm_setzero_si128();
  for (i = 0; i < VECS; i++) b[i] = _mm256_set_m128i(c[2 * i + 1], c[2 * i]);
  encrypt(b, key);
  /* Two blocks that go to consecutive addresses (most of a stream) with
   * one store, others half by half. */
  for (i = 0; i < count; i += 2) {
    if (i + 1 < count && dst[i + 1] == dst[i] + 16) {
      _mm256_storeu_si256((__m256i *)dst[i], b[i / 2]);
    } else {
      _mm_storeu_si128((__m128i *)dst[i], _mm256_castsi256_si128(b[i / 2]));
      if (i + 1 < count)
        _mm_storeu_si128((__m128i *)dst[i + 1],
                         _mm256_extracti128_si256(b[i / 2], 1));
    }
  }
}

static void ctr_run(const mlkem_aes256_key *key, const uint8_t *nonce,
                    uint32_t ctr, uint8_t *dst, size_t nblocks) {
  const __m256i bswap = _mm256_broadcastsi128_si256(MLKEM_AES_X86_BSWAP_CTR);
  const __m256i two = _mm256_set_epi32(2, 0, 0, 0, 2, 0, 0, 0);
  __m128i c0 = _mm_insert_epi32(mlkem_aes_x86_nonce_block(nonce), (int)ctr, 3);
  __m256i c =
      _mm256_set_m128i(_mm_add_epi32(c0, _mm_set_epi32(1, 0, 0, 0)), c0);
  while (nblocks != 0) {
    const size_t n = nblocks < WIDTH ? nblocks : WIDTH;
    __m256i b[VECS];
    size_t i;
    for (i = 0; i < VECS; i++) {
      b[i] = _mm256_shuffle_epi8(c, bswap);
      c = _mm256_add_epi32(c, two);
    }
    encrypt(b, key);
    /* Unrolled, as in aes_x86_aesni.c. */
    MLKEM_AES_X86_UNROLL
    for (i = 0; i < VECS; i++) {
      if (2 * i + 2 <= n)
        _mm256_storeu_si256((__m256i *)(dst + 32 * i), b[i]);
      else if (2 * i + 1 == n)
        _mm_storeu_si128((__m128i *)(dst + 32 * i),
                         _mm256_castsi256_si128(b[i]));
    }
    dst += 16 * n;
    nblocks -= n;
  }
}

const mlkem_aes_impl mlkem_aes_x86_vaes256 = {
    "x86-vaes256", WIDTH, mlkem_aes256_expand_x86, ctr_group, ctr_run};
