/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * aes_x86_vaes512.c - AES-256-CTR with VAES on 512-bit vectors: four
 * blocks per VAESENC, 32 blocks (eight vectors) in flight, the 15 round
 * keys held in registers (AVX-512 has 32). Built with -mvaes -mavx512f
 * -mavx512bw -mavx2 -maes -msse4.1; aes_select.c runs it only with the
 * AVX-512 backend (which requires AVX-512 BW) and where
 * mlkem_cpu_has_vaes().
 */
#include <immintrin.h>

#include "aes/aes_x86.h"

#define VECS 8
#define WIDTH (4 * VECS)

/* The round keys, each repeated in the four 128-bit lanes. */
static void load_keys(__m512i rk[15], const mlkem_aes256_key *key) {
  unsigned r;
  for (r = 0; r < 15; r++)
    rk[r] =
        _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)key->u.rk[r]));
}

/* @spec{FIPS197, sec. 5.1} (Nr = 14) on VECS quadruples of blocks. */
static void encrypt(__m512i b[VECS], const __m512i rk[15]) {
  size_t i;
  unsigned r;
  for (i = 0; i < VECS; i++) b[i] = _mm512_xor_si512(b[i], rk[0]);
  for (r = 1; r < 14; r++)
    for (i = 0; i < VECS; i++) b[i] = _mm512_aesenc_epi128(b[i], rk[r]);
  for (i = 0; i < VECS; i++) b[i] = _mm512_aesenclast_epi128(b[i], rk[14]);
}

static __m512i join4(const __m128i *c) {
  __m512i v = _mm512_castsi128_si512(c[0]);
  v = _mm512_inserti32x4(v, c[1], 1);
  v = _mm512_inserti32x4(v, c[2], 2);
  return _mm512_inserti32x4(v, c[3], 3);
}

static void ctr_group(const mlkem_aes256_key *key, const uint8_t *const nonce[],
                      const uint32_t ctr[], uint8_t *const dst[],
                      size_t count) {
  __m128i c[WIDTH];
  __m512i b[VECS], rk[15];
  size_t i;
  load_keys(rk, key);
  for (i = 0; i < WIDTH; i++)
    c[i] = i < count ? mlkem_aes_x86_counter_block(nonce[i], ctr[i])
                     : _mm_setzero_si128();
  for (i = 0; i < VECS; i++) b[i] = join4(&c[4 * i]);
  encrypt(b, rk);
  /* Four blocks that go to consecutive addresses with one store, others
   * one by one. */
  for (i = 0; i < count; i += 4) {
    if (i + 3 < count && dst[i + 1] == dst[i] + 16 &&
        dst[i + 2] == dst[i] + 32 && dst[i + 3] == dst[i] + 48) {
      _mm512_storeu_si512((void *)dst[i], b[i / 4]);
    } else {
      __m128i lane[4];
      size_t j;
      lane[0] = _mm512_castsi512_si128(b[i / 4]);
      lane[1] = _mm512_extracti32x4_epi32(b[i / 4], 1);
      lane[2] = _mm512_extracti32x4_epi32(b[i / 4], 2);
      lane[3] = _mm512_extracti32x4_epi32(b[i / 4], 3);
      for (j = 0; j < 4 && i + j < count; j++)
        _mm_storeu_si128((__m128i *)dst[i + j], lane[j]);
    }
  }
}

static void ctr_run(const mlkem_aes256_key *key, const uint8_t *nonce,
                    uint32_t ctr, uint8_t *dst, size_t nblocks) {
  const __m512i bswap = _mm512_broadcast_i32x4(MLKEM_AES_X86_BSWAP_CTR);
  const __m512i four =
      _mm512_set_epi32(4, 0, 0, 0, 4, 0, 0, 0, 4, 0, 0, 0, 4, 0, 0, 0);
  __m128i c0 = _mm_insert_epi32(mlkem_aes_x86_nonce_block(nonce), (int)ctr, 3);
  __m512i rk[15], c;
  load_keys(rk, key);
  c = _mm512_add_epi32(
      _mm512_broadcast_i32x4(c0),
      _mm512_set_epi32(3, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0));
  while (nblocks != 0) {
    const size_t n = nblocks < WIDTH ? nblocks : WIDTH;
    __m512i b[VECS];
    size_t i;
    for (i = 0; i < VECS; i++) {
      b[i] = _mm512_shuffle_epi8(c, bswap);
      c = _mm512_add_epi32(c, four);
    }
    encrypt(b, rk);
    /* Unrolled, as in aes_x86_aesni.c; the last 1-3 blocks by a masked
     * store (two 64-bit lanes a block). */
    MLKEM_AES_X86_UNROLL
    for (i = 0; i < VECS; i++) {
      if (4 * i + 4 <= n)
        _mm512_storeu_si512((void *)(dst + 64 * i), b[i]);
      else if (4 * i < n)
        _mm512_mask_storeu_epi64((void *)(dst + 64 * i),
                                 (__mmask8)((1u << (2 * (n - 4 * i))) - 1),
                                 b[i]);
    }
    dst += 16 * n;
    nblocks -= n;
  }
}

const mlkem_aes_impl mlkem_aes_x86_vaes512 = {
    "x86-vaes512", WIDTH, mlkem_aes256_expand_x86, ctr_group, ctr_run};
