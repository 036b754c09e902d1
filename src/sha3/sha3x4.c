/*
 * sha3x4.c - four SHAKE128 or SHAKE256 instances side by side, for
 * sampling four matrix entries or four noise polynomials at once (FIPS 203
 * uses SHAKE128 as XOF and SHAKE256 as PRF). Each instance absorbs its own
 * input; all four inputs have the same public length. The state is the
 * interleaved layout of mlkem_keccakf1600_x4: lane i of instance j is
 * s[4 * i + j].
 *
 * The sponge steps are those of sha3.c (FIPS 202 Section 4, padding of
 * Section 5.1 with the SHAKE domain bits of Section 6.2), restricted to a
 * single absorb call and whole-block output, which is all ML-KEM needs.
 */
#include "sha3/sha3.h"

#include "bytes.h"

#define DS_SHAKE 0x1F


/* Zeroes the state, absorbs in[j][0..inlen) into instance j and pads, so
 * that the first squeezeblocks call starts with the final absorbing
 * permutation. */
static void absorb_once_x4(uint64_t s[100], unsigned rate,
                           const uint8_t *const in[4], size_t inlen) {
  size_t off;
  unsigned i, j;

  for (i = 0; i < 100; i++) s[i] = 0;
  off = 0;
  while (inlen - off >= rate) {
    for (i = 0; i < rate / 8; i++)
      for (j = 0; j < 4; j++) s[4 * i + j] ^= mlkem_load64_le(in[j] + off + 8 * i);
    mlkem_keccakf1600_x4(s);
    off += rate;
  }
  /* Last partial block: whole lanes, then single bytes. */
  for (i = 0; 8 * (size_t)i + 8 <= inlen - off; i++)
    for (j = 0; j < 4; j++) s[4 * i + j] ^= mlkem_load64_le(in[j] + off + 8 * i);
  for (i = 8 * i; i < inlen - off; i++)
    for (j = 0; j < 4; j++)
      s[4 * (i / 8) + j] ^= (uint64_t)in[j][off + i] << (8 * (i % 8));
  /* Padding: the domain byte right after the message (i == inlen - off)
   * and the closing 1 bit at the top of the block's last byte. */
  for (j = 0; j < 4; j++) {
    s[4 * (i / 8) + j] ^= (uint64_t)DS_SHAKE << (8 * (i % 8));
    s[4 * ((rate - 1) / 8) + j] ^= (uint64_t)0x80 << (8 * ((rate - 1) % 8));
  }
}

/* Writes nblocks blocks of rate bytes to each out[j]. */
static void squeezeblocks_x4(uint64_t s[100], unsigned rate,
                             uint8_t *const out[4], size_t nblocks) {
  size_t off = 0;
  unsigned i, j;

  while (nblocks > 0) {
    mlkem_keccakf1600_x4(s);
    for (i = 0; i < rate / 8; i++)
      for (j = 0; j < 4; j++) mlkem_store64_le(out[j] + off + 8 * i, s[4 * i + j]);
    off += rate;
    nblocks--;
  }
}

void mlkem_shake128x4_absorb_once(mlkem_keccak_x4_ctx *ctx,
                                  const uint8_t *in0, const uint8_t *in1,
                                  const uint8_t *in2, const uint8_t *in3,
                                  size_t inlen) {
  const uint8_t *const in[4] = {in0, in1, in2, in3};
  absorb_once_x4(ctx->s, MLKEM_SHAKE128_RATE, in, inlen);
}

void mlkem_shake128x4_squeezeblocks(mlkem_keccak_x4_ctx *ctx, uint8_t *out0,
                                    uint8_t *out1, uint8_t *out2,
                                    uint8_t *out3, size_t nblocks) {
  uint8_t *const out[4] = {out0, out1, out2, out3};
  squeezeblocks_x4(ctx->s, MLKEM_SHAKE128_RATE, out, nblocks);
}

void mlkem_shake256x4_absorb_once(mlkem_keccak_x4_ctx *ctx,
                                  const uint8_t *in0, const uint8_t *in1,
                                  const uint8_t *in2, const uint8_t *in3,
                                  size_t inlen) {
  const uint8_t *const in[4] = {in0, in1, in2, in3};
  absorb_once_x4(ctx->s, MLKEM_SHAKE256_RATE, in, inlen);
}

void mlkem_shake256x4_squeezeblocks(mlkem_keccak_x4_ctx *ctx, uint8_t *out0,
                                    uint8_t *out1, uint8_t *out2,
                                    uint8_t *out3, size_t nblocks) {
  uint8_t *const out[4] = {out0, out1, out2, out3};
  squeezeblocks_x4(ctx->s, MLKEM_SHAKE256_RATE, out, nblocks);
}
