/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * sha2_portable.c - the SHA-256 and SHA-512 compression functions in plain
 * C (@spec{FIPS180-4, sec. 6.2.2 and 6.4.2}).
 *
 * Written for the compiler: the rounds are unrolled sixteen at a time so
 * that the message-schedule index (i mod 16) and the rotation of the eight
 * working variables are constants, leaving only register renaming; the
 * schedule lives in a 16-word ring (W_t overwrites W_{t-16},
 * @spec{FIPS180-4, sec. 6.2.2} step 1 computed in place). Rotations are written
 * as shift pairs, which gcc and clang turn into single rotate instructions.
 * Nothing depends on the data but the data: no branch, no table index.
 */
#include <string.h>

#include "platform/bytes.h"
#include "platform/ct.h"
#include "sha2/sha2.h"

#define ROTR32(x, n) (((x) >> (n)) | ((x) << (32 - (n))))
#define ROTR64(x, n) (((x) >> (n)) | ((x) << (64 - (n))))

/* Ch and Maj (@spec{FIPS180-4, sec. 4.1.2}), in forms with one operation
 * fewer than the definitions: Ch(x,y,z) = z ^ (x & (y ^ z)), and
 * Maj(x,y,z) = (x & y) | (z & (x | y)). */
#define CH(x, y, z) ((z) ^ ((x) & ((y) ^ (z))))
#define MAJ(x, y, z) (((x) & (y)) | ((z) & ((x) | (y))))

/* @spec{FIPS180-4, sec. 4.1.2} (SHA-256) and 4.1.3 (SHA-512): the big and small
 * sigmas. */
#define S256_0(x) (ROTR32(x, 2) ^ ROTR32(x, 13) ^ ROTR32(x, 22))
#define S256_1(x) (ROTR32(x, 6) ^ ROTR32(x, 11) ^ ROTR32(x, 25))
#define s256_0(x) (ROTR32(x, 7) ^ ROTR32(x, 18) ^ ((x) >> 3))
#define s256_1(x) (ROTR32(x, 17) ^ ROTR32(x, 19) ^ ((x) >> 10))
#define S512_0(x) (ROTR64(x, 28) ^ ROTR64(x, 34) ^ ROTR64(x, 39))
#define S512_1(x) (ROTR64(x, 14) ^ ROTR64(x, 18) ^ ROTR64(x, 41))
#define s512_0(x) (ROTR64(x, 1) ^ ROTR64(x, 8) ^ ((x) >> 7))
#define s512_1(x) (ROTR64(x, 19) ^ ROTR64(x, 61) ^ ((x) >> 6))

/* Step 1 of the compression for t >= 16, in the ring of 16 words. */
#define SCHED(W, i, s0, s1) \
  (W[(i)&15] +=             \
   s1(W[((i) + 14) & 15]) + W[((i) + 9) & 15] + s0(W[((i) + 1) & 15]))

/* One round (step 3): T1 and T2 folded into d and h, the rename of the
 * eight variables left to the caller's argument order. */
#define ROUND(a, b, c, d, e, f, g, h, k, w, S0, S1) \
  do {                                              \
    h += S1(e) + CH(e, f, g) + (k) + (w);           \
    d += h;                                         \
    h += S0(a) + MAJ(a, b, c);                      \
  } while (0)

/* Sixteen rounds from round t0, each taking its message word from W (after
 * computing it when sched is nonzero: rounds 16 and later). */
#define ROUNDS16(W, K, t0, sched, S0, S1, s0, s1)                       \
  do {                                                                  \
    unsigned i_;                                                        \
    for (i_ = 0; i_ < 16; i_ += 8) {                                    \
      if (sched) SCHED(W, i_ + 0, s0, s1);                              \
      ROUND(a, b, c, d, e, f, g, h, K[t0 + i_ + 0], W[i_ + 0], S0, S1); \
      if (sched) SCHED(W, i_ + 1, s0, s1);                              \
      ROUND(h, a, b, c, d, e, f, g, K[t0 + i_ + 1], W[i_ + 1], S0, S1); \
      if (sched) SCHED(W, i_ + 2, s0, s1);                              \
      ROUND(g, h, a, b, c, d, e, f, K[t0 + i_ + 2], W[i_ + 2], S0, S1); \
      if (sched) SCHED(W, i_ + 3, s0, s1);                              \
      ROUND(f, g, h, a, b, c, d, e, K[t0 + i_ + 3], W[i_ + 3], S0, S1); \
      if (sched) SCHED(W, i_ + 4, s0, s1);                              \
      ROUND(e, f, g, h, a, b, c, d, K[t0 + i_ + 4], W[i_ + 4], S0, S1); \
      if (sched) SCHED(W, i_ + 5, s0, s1);                              \
      ROUND(d, e, f, g, h, a, b, c, K[t0 + i_ + 5], W[i_ + 5], S0, S1); \
      if (sched) SCHED(W, i_ + 6, s0, s1);                              \
      ROUND(c, d, e, f, g, h, a, b, K[t0 + i_ + 6], W[i_ + 6], S0, S1); \
      if (sched) SCHED(W, i_ + 7, s0, s1);                              \
      ROUND(b, c, d, e, f, g, h, a, K[t0 + i_ + 7], W[i_ + 7], S0, S1); \
    }                                                                   \
  } while (0)

/* The compression function (@spec{FIPS180-4, sec. 6.2.2} / 6.4.2) for one word
 * size, written once: WORD the word type, BLOCK the block bytes, LOAD the
 * big-endian word load, K the round constants and NR their number. One
 * block is a function of its own (`one`: inlined, its only call), so that
 * the proofs check it on a block of fixed size and the loop over the
 * blocks with it replaced by its contract (proofs/sha2/). */
#define DEFINE_BLOCKS(name, one, WORD, BLOCK, LOAD, K, NR, S0, S1, s0, s1)    \
  static void one(WORD hs[8], WORD W[16], const uint8_t *in)                  \
      __contract__(                                                         \
        requires(fresh(hs, 8 * sizeof(WORD)) &&                             \
                 fresh(W, 16 * sizeof(WORD)) && readable(in, (BLOCK)))      \
        assigns(bytes(hs, 8 * sizeof(WORD)), bytes(W, 16 * sizeof(WORD)))) {    \
    WORD a = hs[0], b = hs[1], c = hs[2], d = hs[3];                          \
    WORD e = hs[4], f = hs[5], g = hs[6], h = hs[7];                          \
    unsigned t, i;                                                            \
    for (i = 0; i < 16; i++) W[i] = LOAD(in + sizeof(WORD) * i);              \
    ROUNDS16(W, K, 0, 0, S0, S1, s0, s1);                                     \
    for (t = 16; t < (NR); t += 16) ROUNDS16(W, K, t, 1, S0, S1, s0, s1);     \
    hs[0] += a;                                                               \
    hs[1] += b;                                                               \
    hs[2] += c;                                                               \
    hs[3] += d;                                                               \
    hs[4] += e;                                                               \
    hs[5] += f;                                                               \
    hs[6] += g;                                                               \
    hs[7] += h;                                                               \
  }                                                                           \
  void name(WORD hs[8], const uint8_t *in, size_t nblocks)                    \
      MLKEM_SHA2_BLOCKS_CONTRACT(WORD, BLOCK) {                               \
    WORD W[16];                                                               \
    for (; nblocks != 0; nblocks--, in += (BLOCK))                            \
      __loop__(                                                               \
      assigns(nblocks, in, whole(W), bytes(hs, 8 * sizeof(WORD)))           \
      invariant(nblocks <= loop_entry(nblocks) &&                           \
                in == loop_entry(in) +                                      \
                          (loop_entry(nblocks) - nblocks) * (BLOCK))        \
      decreases(nblocks)) { \
        one(hs, W, in);                                                       \
      }                                                                       \
    mlkem_zeroize(W, sizeof W);                                               \
  }

DEFINE_BLOCKS(mlkem_sha256_blocks_portable, sha256_block, uint32_t,
              MLKEM_SHA256_BLOCK, mlkem_load32_be, mlkem_sha256_k, 64, S256_0,
              S256_1, s256_0, s256_1)
DEFINE_BLOCKS(mlkem_sha512_blocks_portable, sha512_block, uint64_t,
              MLKEM_SHA512_BLOCK, mlkem_load64_be, mlkem_sha512_k, 80, S512_0,
              S512_1, s512_0, s512_1)

const mlkem_sha2_impl mlkem_sha2_portable = {
    "portable", mlkem_sha256_blocks_portable, mlkem_sha512_blocks_portable};
