/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * aes_x86.h - what the x86 AES files share (each compiled with its own
 * flags, all of which include -maes -msse4.1): the key expansion with
 * AES-NI, and the Kyber-90s counter block in a register.
 */
#ifndef MLKEM_AES_X86_H
#define MLKEM_AES_X86_H

#include <immintrin.h>
#include <stdint.h>
#include <string.h>

#include "aes/aes.h"

/* Expands k into key->u.rk (@spec{FIPS197, sec. 5.2}) with AESKEYGENASSIST:
 * the expand function of every x86 implementation (aes_x86_aesni.c). */
void mlkem_aes256_expand_x86(mlkem_aes256_key *key, const uint8_t k[32]);

/* nonce (12 bytes) || BE32(ctr), built in a register without reading
 * past the nonce. */
static inline __m128i mlkem_aes_x86_counter_block(const uint8_t *nonce,
                                                  uint32_t ctr) {
  int64_t lo;
  int32_t mid;
  memcpy(&lo, nonce, 8);
  memcpy(&mid, nonce + 8, 4);
#if defined(_MSC_VER) && !defined(__clang__)
  ctr = _byteswap_ulong(ctr);
#else
  ctr = __builtin_bswap32(ctr);
#endif
  return _mm_set_epi32((int)ctr, mid, (int)(lo >> 32), (int)lo);
}

/* For a run: the nonce with a zero counter word, and the byte shuffle that
 * turns little-endian counters in the last word of each 128-bit lane into
 * big-endian ones (the other words pass through). */
static inline __m128i mlkem_aes_x86_nonce_block(const uint8_t *nonce) {
  return mlkem_aes_x86_counter_block(nonce, 0);
}
#define MLKEM_AES_X86_BSWAP_CTR \
  _mm_set_epi8(12, 13, 14, 15, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0)

#if defined(__GNUC__) || defined(__clang__)
#define MLKEM_AES_X86_UNROLL _Pragma("GCC unroll 8")
#else
#define MLKEM_AES_X86_UNROLL
#endif

#endif
