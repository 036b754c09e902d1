/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * sha2_x86_shani.c - the SHA-256 compression function with the x86 SHA
 * extensions (SHA256RNDS2, SHA256MSG1, SHA256MSG2). Built with -msha
 * -msse4.1 only; sha2_select.c runs it only where mlkem_cpu_has_sha_ni().
 * SHA-512 has no such instruction on x86: the portable code.
 *
 * SHA256RNDS2 keeps the working variables as two vectors, (A, B, E, F) and
 * (C, D, G, H), highest lane first, and does two rounds (
 * @spec{FIPS180-4, sec. 6.2.2} step 3) with W_t + K_t from the low half of its
 * third operand; after two rounds the old (A, B, E, F) is the new (C, D, G, H),
 * so the two vectors swap roles every call.
 */
#include <immintrin.h>

#include "sha2/sha2.h"

/* Lanes (a, b, c, d), (e, f, g, h) <-> (f, e, b, a), (h, g, d, c). */
static void to_abef(__m128i *abef, __m128i *cdgh, const uint32_t h[8]) {
  __m128i dcba = _mm_loadu_si128((const __m128i *)h);
  __m128i hgfe = _mm_loadu_si128((const __m128i *)(h + 4));
  __m128i cdab = _mm_shuffle_epi32(dcba, 0xB1);
  __m128i efgh = _mm_shuffle_epi32(hgfe, 0x1B);
  *abef = _mm_alignr_epi8(cdab, efgh, 8);
  *cdgh = _mm_blend_epi16(efgh, cdab, 0xF0);
}

static void from_abef(uint32_t h[8], __m128i abef, __m128i cdgh) {
  __m128i feba = _mm_shuffle_epi32(abef, 0x1B);
  __m128i dchg = _mm_shuffle_epi32(cdgh, 0xB1);
  _mm_storeu_si128((__m128i *)h, _mm_blend_epi16(feba, dchg, 0xF0));
  _mm_storeu_si128((__m128i *)(h + 4), _mm_alignr_epi8(dchg, feba, 8));
}

/* Four rounds from round 4 i with message words m (W_4i .. W_4i+3). */
#define ROUNDS4(m, i)                                                       \
  do {                                                                      \
    __m128i wk_ = _mm_add_epi32(                                            \
        (m), _mm_loadu_si128((const __m128i *)&mlkem_sha256_k[4 * (i)]));   \
    cdgh = _mm_sha256rnds2_epu32(cdgh, abef, wk_);                          \
    abef = _mm_sha256rnds2_epu32(abef, cdgh, _mm_shuffle_epi32(wk_, 0x0E)); \
  } while (0)

/* W_t .. W_t+3 from the previous sixteen (@spec{FIPS180-4, sec. 6.2.2} step 1):
 * m0 holds W_t-16 .. W_t-13, m3 W_t-4 .. W_t-1. */
#define SCHEDULE(m0, m1, m2, m3)                                              \
  (m0) = _mm_sha256msg2_epu32(_mm_add_epi32(_mm_sha256msg1_epu32((m0), (m1)), \
                                            _mm_alignr_epi8((m3), (m2), 4)),  \
                              (m3))

static void blocks(uint32_t h[8], const uint8_t *in, size_t nblocks) {
  const __m128i bswap =
      _mm_set_epi64x(0x0c0d0e0f08090a0bll, 0x0405060700010203ll);
  __m128i abef, cdgh;
  to_abef(&abef, &cdgh, h);
  for (; nblocks != 0; nblocks--, in += MLKEM_SHA256_BLOCK) {
    const __m128i abef0 = abef, cdgh0 = cdgh;
    __m128i m0 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)in), bswap);
    __m128i m1 =
        _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(in + 16)), bswap);
    __m128i m2 =
        _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(in + 32)), bswap);
    __m128i m3 =
        _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(in + 48)), bswap);
    unsigned i;
    ROUNDS4(m0, 0);
    ROUNDS4(m1, 1);
    ROUNDS4(m2, 2);
    ROUNDS4(m3, 3);
    for (i = 4; i < 16; i += 4) {
      SCHEDULE(m0, m1, m2, m3);
      ROUNDS4(m0, i);
      SCHEDULE(m1, m2, m3, m0);
      ROUNDS4(m1, i + 1);
      SCHEDULE(m2, m3, m0, m1);
      ROUNDS4(m2, i + 2);
      SCHEDULE(m3, m0, m1, m2);
      ROUNDS4(m3, i + 3);
    }
    abef = _mm_add_epi32(abef, abef0);
    cdgh = _mm_add_epi32(cdgh, cdgh0);
  }
  from_abef(h, abef, cdgh);
}

const mlkem_sha2_impl mlkem_sha2_x86_shani = {"x86-sha-ni", blocks,
                                              mlkem_sha512_blocks_portable};
