/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * aes_x86_aesni.c - AES-256 with AES-NI: the key expansion with
 * AESKEYGENASSIST, and CTR eight blocks at a time, so that eight
 * independent AESENC chains hide the instruction's latency (about 3-4
 * cycles, issued 1-2 per cycle). Built with -maes -msse4.1 only;
 * aes_select.c runs it only where mlkem_cpu_has_aesni().
 */
#include <immintrin.h>
#include <string.h>

#include "aes/aes_x86.h"
#include "platform/ct.h"

/* @spec{FIPS197, sec. 5.2}, two round keys a step: each word is the word Nk
 * back XORed with the previous one, so a round key is the key 8 words back
 * with its prefix XORs (three shifted XORs) plus the broadcast
 * SubWord(RotWord(w)) ^ Rcon (AESKEYGENASSIST's word 3) or SubWord(w) (its
 * word 2). */
static __m128i prefix_xor(__m128i k) {
  k = _mm_xor_si128(k, _mm_slli_si128(k, 4));
  k = _mm_xor_si128(k, _mm_slli_si128(k, 4));
  return _mm_xor_si128(k, _mm_slli_si128(k, 4));
}

#define EXPAND_EVEN(k0, k1, rcon) \
  _mm_xor_si128(                  \
      prefix_xor(k0),             \
      _mm_shuffle_epi32(_mm_aeskeygenassist_si128((k1), rcon), 0xFF))
#define EXPAND_ODD(k0, k1)      \
  _mm_xor_si128(prefix_xor(k1), \
                _mm_shuffle_epi32(_mm_aeskeygenassist_si128((k0), 0), 0xAA))

static void expand_rk(__m128i rk[15], const uint8_t k[32]) {
  rk[0] = _mm_loadu_si128((const __m128i *)k);
  rk[1] = _mm_loadu_si128((const __m128i *)(k + 16));
  rk[2] = EXPAND_EVEN(rk[0], rk[1], 0x01);
  rk[3] = EXPAND_ODD(rk[2], rk[1]);
  rk[4] = EXPAND_EVEN(rk[2], rk[3], 0x02);
  rk[5] = EXPAND_ODD(rk[4], rk[3]);
  rk[6] = EXPAND_EVEN(rk[4], rk[5], 0x04);
  rk[7] = EXPAND_ODD(rk[6], rk[5]);
  rk[8] = EXPAND_EVEN(rk[6], rk[7], 0x08);
  rk[9] = EXPAND_ODD(rk[8], rk[7]);
  rk[10] = EXPAND_EVEN(rk[8], rk[9], 0x10);
  rk[11] = EXPAND_ODD(rk[10], rk[9]);
  rk[12] = EXPAND_EVEN(rk[10], rk[11], 0x20);
  rk[13] = EXPAND_ODD(rk[12], rk[11]);
  rk[14] = EXPAND_EVEN(rk[12], rk[13], 0x40);
}

void mlkem_aes256_expand_x86(mlkem_aes256_key *key, const uint8_t k[32]) {
  __m128i rk[15];
  unsigned r;
  expand_rk(rk, k);
  for (r = 0; r < 15; r++) _mm_storeu_si128((__m128i *)key->u.rk[r], rk[r]);
  mlkem_zeroize(rk, sizeof rk);
}

#define WIDTH 8

/* @spec{FIPS197, sec. 5.1} (Nr = 14) on WIDTH blocks, the round keys read
 * as each round needs them (with SSE's 16 registers, eight blocks and 15
 * keys do not fit). */
static void encrypt(__m128i b[WIDTH], const mlkem_aes256_key *key) {
  __m128i rk = _mm_loadu_si128((const __m128i *)key->u.rk[0]);
  size_t i;
  unsigned r;
  for (i = 0; i < WIDTH; i++) b[i] = _mm_xor_si128(b[i], rk);
  for (r = 1; r < 14; r++) {
    rk = _mm_loadu_si128((const __m128i *)key->u.rk[r]);
    for (i = 0; i < WIDTH; i++) b[i] = _mm_aesenc_si128(b[i], rk);
  }
  rk = _mm_loadu_si128((const __m128i *)key->u.rk[14]);
  for (i = 0; i < WIDTH; i++) b[i] = _mm_aesenclast_si128(b[i], rk);
}

static void ctr_group(const mlkem_aes256_key *key, const uint8_t *const nonce[],
                      const uint32_t ctr[], uint8_t *const dst[],
                      size_t count) {
  __m128i b[WIDTH];
  size_t i;
  for (i = 0; i < WIDTH; i++)
    b[i] = i < count ? mlkem_aes_x86_counter_block(nonce[i], ctr[i])
                     : _mm_setzero_si128();
  encrypt(b, key);
  for (i = 0; i < count; i++) _mm_storeu_si128((__m128i *)dst[i], b[i]);
}

static void ctr_run(const mlkem_aes256_key *key, const uint8_t *nonce,
                    uint32_t ctr, uint8_t *dst, size_t nblocks) {
  const __m128i bswap = MLKEM_AES_X86_BSWAP_CTR;
  const __m128i one = _mm_set_epi32(1, 0, 0, 0);
  __m128i c = _mm_insert_epi32(mlkem_aes_x86_nonce_block(nonce), (int)ctr, 3);
  while (nblocks != 0) {
    const size_t n = nblocks < WIDTH ? nblocks : WIDTH;
    __m128i b[WIDTH];
    size_t i;
    for (i = 0; i < WIDTH; i++) {
      b[i] = _mm_shuffle_epi8(c, bswap);
      c = _mm_add_epi32(c, one);
    }
    encrypt(b, key);
    /* Unrolled with a test per block: as a loop to n, gcc turns the
     * stores into a copy from the stack (rep movsq), slower and leaving
     * keystream behind. */
    MLKEM_AES_X86_UNROLL
    for (i = 0; i < WIDTH; i++)
      if (i < n) _mm_storeu_si128((__m128i *)(dst + 16 * i), b[i]);
    dst += 16 * n;
    nblocks -= n;
  }
}

const mlkem_aes_impl mlkem_aes_x86_aesni = {
    "x86-aesni", WIDTH, mlkem_aes256_expand_x86, ctr_group, ctr_run};
