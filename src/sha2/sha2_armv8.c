/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * sha2_armv8.c - the SHA-256 compression function with the Armv8 SHA-2
 * instructions (SHA256H, SHA256H2, SHA256SU0, SHA256SU1). Built with
 * -march=armv8-a+crypto only; sha2_select.c runs it only where
 * mlkem_cpu_has_arm_sha2().
 *
 * SHA256H and SHA256H2 each take the working variables as (a, b, c, d)
 * and (e, f, g, h) and four W_t + K_t, and return the new first and
 * second half after four rounds (@spec{FIPS180-4, sec. 6.2.2} step 3).
 */
#include <arm_neon.h>

#include "sha2/sha2.h"

void mlkem_sha256_blocks_armv8(uint32_t h[8], const uint8_t *in,
                               size_t nblocks) {
  uint32x4_t abcd = vld1q_u32(h), efgh = vld1q_u32(h + 4);
  for (; nblocks != 0; nblocks--, in += MLKEM_SHA256_BLOCK) {
    const uint32x4_t abcd0 = abcd, efgh0 = efgh;
    uint32x4_t m[4];
    unsigned i;
    for (i = 0; i < 4; i++)
      m[i] = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(in + 16 * i)));
    for (i = 0; i < 16; i++) {
      uint32x4_t wk = vaddq_u32(m[i & 3], vld1q_u32(&mlkem_sha256_k[4 * i]));
      uint32x4_t prev = abcd;
      /* @spec{FIPS180-4, sec. 6.2.2} step 1 for W_4i+16 .. W_4i+19, into the
       * slot of W_4i .. W_4i+3 now that it is used. */
      if (i < 12)
        m[i & 3] = vsha256su1q_u32(vsha256su0q_u32(m[i & 3], m[(i + 1) & 3]),
                                   m[(i + 2) & 3], m[(i + 3) & 3]);
      abcd = vsha256hq_u32(abcd, efgh, wk);
      efgh = vsha256h2q_u32(efgh, prev, wk);
    }
    abcd = vaddq_u32(abcd, abcd0);
    efgh = vaddq_u32(efgh, efgh0);
  }
  vst1q_u32(h, abcd);
  vst1q_u32(h + 4, efgh);
}

const mlkem_sha2_impl mlkem_sha2_armv8 = {
    "armv8-sha2", mlkem_sha256_blocks_armv8, mlkem_sha512_blocks_portable};
