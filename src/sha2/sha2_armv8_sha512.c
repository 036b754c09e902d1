/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * sha2_armv8_sha512.c - the SHA-512 compression function with the Armv8.2
 * SHA-512 instructions (SHA512H, SHA512H2, SHA512SU0, SHA512SU1). Built
 * with -march=armv8.2-a+sha3 only (gcc's name for the extension that
 * holds both SHA-3 and SHA-512); sha2_select.c runs it only where
 * mlkem_cpu_has_arm_sha512() and mlkem_cpu_has_arm_sha2().
 *
 * The eight working variables live in pairs, (a, b), (c, d), (e, f),
 * (g, h), the first of each in the low lane. Two rounds (
 * @spec{FIPS180-4, sec. 6.4.2} step 3, rounds t and t+1): SHA512H takes (g, h)
 * plus the two K + W, (f, g) and (d, e), and returns the two T1 (T1_t high,
 * T1_t+1 low); c and d plus those give the new (e, f); SHA512H2 takes the
 * two T1, (c, d) and (a, b) and returns the new (a, b). The other pairs
 * move down: (c, d) <- (a, b), (g, h) <- (e, f).
 */
#include <arm_neon.h>

#include "sha2/sha2.h"

static void blocks(uint64_t h[8], const uint8_t *in, size_t nblocks) {
  uint64x2_t ab = vld1q_u64(h), cd = vld1q_u64(h + 2);
  uint64x2_t ef = vld1q_u64(h + 4), gh = vld1q_u64(h + 6);
  for (; nblocks != 0; nblocks--, in += MLKEM_SHA512_BLOCK) {
    const uint64x2_t ab0 = ab, cd0 = cd, ef0 = ef, gh0 = gh;
    uint64x2_t m[8];
    unsigned i;
    for (i = 0; i < 8; i++)
      m[i] = vreinterpretq_u64_u8(vrev64q_u8(vld1q_u8(in + 16 * i)));
    for (i = 0; i < 40; i++) {
      /* K + W of rounds 2i (low lane) and 2i+1, swapped to match (g, h). */
      uint64x2_t kw = vaddq_u64(m[i & 7], vld1q_u64(&mlkem_sha512_k[2 * i]));
      uint64x2_t t1, fg, de;
      /* @spec{FIPS180-4, sec. 6.4.2} step 1 for W_2i+16 and W_2i+17, in the
       * slot of W_2i and W_2i+1: W_t-16 + s0(W_t-15) (SU0), then + s1(W_t-2) +
       * W_t-7 (SU1, with W_t-2, W_t-1 in the newest slot). */
      if (i < 32) {
        uint64x2_t w9 = vextq_u64(m[(i + 4) & 7], m[(i + 5) & 7], 1);
        m[i & 7] = vsha512su1q_u64(vsha512su0q_u64(m[i & 7], m[(i + 1) & 7]),
                                   m[(i + 7) & 7], w9);
      }
      fg = vextq_u64(ef, gh, 1);
      de = vextq_u64(cd, ef, 1);
      t1 = vsha512hq_u64(vaddq_u64(gh, vextq_u64(kw, kw, 1)), fg, de);
      gh = ef;
      ef = vaddq_u64(cd, t1);
      t1 = vsha512h2q_u64(t1, cd, ab);
      cd = ab;
      ab = t1;
    }
    ab = vaddq_u64(ab, ab0);
    cd = vaddq_u64(cd, cd0);
    ef = vaddq_u64(ef, ef0);
    gh = vaddq_u64(gh, gh0);
  }
  vst1q_u64(h, ab);
  vst1q_u64(h + 2, cd);
  vst1q_u64(h + 4, ef);
  vst1q_u64(h + 6, gh);
}

const mlkem_sha2_impl mlkem_sha2_armv8_sha512 = {
    "armv8-sha2-sha512", mlkem_sha256_blocks_armv8, blocks};
