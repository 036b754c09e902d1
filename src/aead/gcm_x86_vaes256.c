/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * gcm_x86_vaes256.c - AES-GCM with VAES and VPCLMULQDQ on 256-bit
 * vectors: two blocks per instruction, sixteen blocks (eight vectors) in
 * flight, the loop of gcm_x86_vaes.h (AES rounds stitched with GHASH, one
 * reduction per sixteen blocks, Hs^16 .. Hs^1). The aad's GHASH, the
 * GHASH key and the last blocks (fewer than sixteen) are the AES-NI
 * code's (gcm_x86_aesni.c). Built with -mvaes -mvpclmulqdq -mavx2 -maes
 * -mpclmul -msse4.1; gcm_select.c runs it only where mlkem_cpu_has_vaes()
 * and mlkem_cpu_has_vpclmulqdq().
 */
#include <immintrin.h>

#include "aead/gcm.h"
#include "aes/aes_x86.h"

/* The width, for gcm_x86_vaes.h. */
#define LANES 2 /* blocks per vector */
#define VECS 8

typedef __m256i vec;
#define V_LOADU(p) _mm256_loadu_si256((const __m256i *)(p))
#define V_STOREU(p, v) _mm256_storeu_si256((__m256i *)(p), (v))
#define V_XOR(a, b) _mm256_xor_si256((a), (b))
#define V_ZERO() _mm256_setzero_si256()
#define V_BCAST(x) _mm256_broadcastsi128_si256(x)
#define V_BCAST_LOAD(p) V_BCAST(_mm_loadu_si128((const __m128i *)(p)))
#define V_AESENC(a, k) _mm256_aesenc_epi128((a), (k))
#define V_AESENCLAST(a, k) _mm256_aesenclast_epi128((a), (k))
#define V_CLMUL(a, b, i) _mm256_clmulepi64_epi128((a), (b), (i))
#define V_SWAP64(a) _mm256_shuffle_epi32((a), 0x4E)
#define V_SHUFFLE8(a, m) _mm256_shuffle_epi8((a), (m))
#define V_ADD32(a, b) _mm256_add_epi32((a), (b))
#define V_COUNTER_STEP _mm256_set_epi32(LANES, 0, 0, 0, LANES, 0, 0, 0)

/* x into lane 0 (the batch's first block), and the lanes' sum. */
static vec lane0(__m128i x) {
  return _mm256_zextsi128_si256(x);
}
static __m128i fold_lanes(vec v) {
  return _mm_xor_si128(_mm256_castsi256_si128(v),
                       _mm256_extracti128_si256(v, 1));
}

/* The first LANES counter blocks of a run from ctr. */
static vec first_counters(const uint8_t *nonce, uint32_t ctr) {
  const __m128i c0 =
      _mm_insert_epi32(mlkem_aes_x86_nonce_block(nonce), (int)ctr, 3);
  return _mm256_set_m128i(_mm_add_epi32(c0, _mm_set_epi32(1, 0, 0, 0)), c0);
}

#include "aead/gcm_x86_vaes.h"

const mlkem_gcm_impl mlkem_gcm_x86_vaes256 = {
    "x86-vaes256-vpclmul", &mlkem_aes_x86_aesni, mlkem_gcm_x86_init,
    mlkem_gcm_x86_ghash, vaes_crypt};
