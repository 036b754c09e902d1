/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * sha3.c - the sponge construction of FIPS 202 (@spec{FIPS202, sec. 4}) over
 * Keccak-f[1600], giving SHA3-256, SHA3-512 (@spec{FIPS202, sec. 6.1}) and
 * SHAKE128, SHAKE256 (@spec{FIPS202, sec. 6.2}), incrementally and in one shot.
 *
 * The state is kept as 25 64-bit lanes. FIPS 202 numbers the bits of a
 * lane so that byte i of the rate is bits 8*(i%8)..8*(i%8)+7 of lane i/8
 * (@spec{FIPS202, sec. 3.1.2, App. B.1}), i.e. lanes are little-endian words.
 * The conversion is written with shifts so that it is right on any host;
 * compilers reduce it to a plain (unaligned) load or store on
 * little-endian machines.
 *
 * The sponge state between calls:
 *   absorbing (squeezing == 0): pos < rate bytes of the current block have
 *     been XORed into the state and not yet permuted. A block is permuted
 *     as soon as it is full, so pos never equals rate here.
 *   squeezing (squeezing == 1): pos bytes of the current output block have
 *     been handed out; pos == rate means the next byte needs a permutation
 *     first. finalize leaves pos == rate with the padded last block XORed
 *     in but not permuted, so the first squeeze starts with the permutation
 *     that ends absorption.
 */
#include "sha3/sha3.h"

#include "platform/bytes.h"

#include "platform/ct.h"

/* Domain separation (@spec{FIPS202, sec. 6.1} and 6.2) combined with the
 * first bit of pad10*1 (@spec{FIPS202, sec. 5.1}), as one byte written at the
 * end of the message: SHA3 appends the bits 01 and SHAKE the bits 1111, each
 * followed by the padding's leading 1, read least significant bit first. */
#define DS_SHA3 0x06
#define DS_SHAKE 0x1F

/* XORs in[0..len) into the state's bytes pos..pos+len-1 (within the rate):
 * single bytes up to the next lane boundary, whole lanes, then the last
 * few bytes. */
static void xor_bytes(uint64_t s[25], unsigned pos, const uint8_t *in,
                      size_t len) {
  while (len > 0 && pos % 8 != 0) {
    s[pos / 8] ^= (uint64_t)*in << (8 * (pos % 8));
    in++;
    pos++;
    len--;
  }
  while (len >= 8) {
    s[pos / 8] ^= mlkem_load64_le(in);
    in += 8;
    pos += 8;
    len -= 8;
  }
  while (len > 0) {
    s[pos / 8] ^= (uint64_t)*in << (8 * (pos % 8));
    in++;
    pos++;
    len--;
  }
}

/* Copies the state's bytes pos..pos+len-1 (within the rate) to out. */
static void extract_bytes(const uint64_t s[25], unsigned pos, uint8_t *out,
                          size_t len) {
  while (len > 0 && pos % 8 != 0) {
    *out = (uint8_t)(s[pos / 8] >> (8 * (pos % 8)));
    out++;
    pos++;
    len--;
  }
  while (len >= 8) {
    mlkem_store64_le(out, s[pos / 8]);
    out += 8;
    pos += 8;
    len -= 8;
  }
  while (len > 0) {
    *out = (uint8_t)(s[pos / 8] >> (8 * (pos % 8)));
    out++;
    pos++;
    len--;
  }
}

/* XORs one whole block of rate bytes (a multiple of 8) into the state. */
static void xor_block(uint64_t s[25], const uint8_t *in, unsigned rate) {
  unsigned i;
  for (i = 0; i < rate / 8; i++) s[i] ^= mlkem_load64_le(in + 8 * i);
}

void mlkem_keccak_init(mlkem_keccak_ctx *ctx, unsigned rate, uint8_t ds) {
  unsigned i;
  for (i = 0; i < 25; i++) ctx->s[i] = 0;
  ctx->rate = rate;
  ctx->pos = 0;
  ctx->dsbyte = ds;
  ctx->squeezing = 0;
}

void mlkem_shake128_init(mlkem_keccak_ctx *ctx) {
  mlkem_keccak_init(ctx, MLKEM_SHAKE128_RATE, DS_SHAKE);
}

void mlkem_shake256_init(mlkem_keccak_ctx *ctx) {
  mlkem_keccak_init(ctx, MLKEM_SHAKE256_RATE, DS_SHAKE);
}

void mlkem_sha3_256_init(mlkem_keccak_ctx *ctx) {
  mlkem_keccak_init(ctx, MLKEM_SHA3_256_RATE, DS_SHA3);
}

void mlkem_sha3_512_init(mlkem_keccak_ctx *ctx) {
  mlkem_keccak_init(ctx, MLKEM_SHA3_512_RATE, DS_SHA3);
}

void mlkem_keccak_absorb(mlkem_keccak_ctx *ctx, const uint8_t *in, size_t len) {
  const unsigned rate = ctx->rate;
  size_t take;

  if (len == 0) return; /* in may then be NULL: no arithmetic on it */
  /* Top up a partly filled block first. */
  if (ctx->pos > 0) {
    take = rate - ctx->pos;
    if (take > len) take = len;
    xor_bytes(ctx->s, ctx->pos, in, take);
    ctx->pos += (unsigned)take;
    in += take;
    len -= take;
    if (ctx->pos < rate) return;
    mlkem_keccakf1600(ctx->s);
    ctx->pos = 0;
  }
  /* Whole blocks straight from the input. */
  while (len >= rate) {
    xor_block(ctx->s, in, rate);
    mlkem_keccakf1600(ctx->s);
    in += rate;
    len -= rate;
  }
  /* The rest starts a new block. */
  xor_bytes(ctx->s, 0, in, len);
  ctx->pos = (unsigned)len;
}

void mlkem_keccak_finalize(mlkem_keccak_ctx *ctx) {
  /* pad10*1 (@spec{FIPS202, sec. 5.1}) with the domain bits in front: the
   * domain byte right after the message, and the final 1 bit as the top bit of
   * the last byte of the block. When pos == rate - 1 both land in the same
   * byte, which the two XORs handle. */
  ctx->s[ctx->pos / 8] ^= (uint64_t)ctx->dsbyte << (8 * (ctx->pos % 8));
  ctx->s[(ctx->rate - 1) / 8] ^= (uint64_t)0x80 << (8 * ((ctx->rate - 1) % 8));
  ctx->pos = ctx->rate;
  ctx->squeezing = 1;
}

void mlkem_keccak_squeeze(mlkem_keccak_ctx *ctx, uint8_t *out, size_t len) {
  const unsigned rate = ctx->rate;
  size_t take;

  while (len > 0) {
    if (ctx->pos == rate) {
      mlkem_keccakf1600(ctx->s);
      ctx->pos = 0;
    }
    take = rate - ctx->pos;
    if (take > len) take = len;
    extract_bytes(ctx->s, ctx->pos, out, take);
    ctx->pos += (unsigned)take;
    out += take;
    len -= take;
  }
}

void mlkem_keccak_squeezeblocks(mlkem_keccak_ctx *ctx, uint8_t *out,
                                size_t nblocks) {
  const unsigned rate = ctx->rate;
  unsigned i;

  /* Valid only on a block boundary (ctx->pos == rate); each block then
   * needs exactly one permutation, and the boundary is kept. */
  while (nblocks > 0) {
    mlkem_keccakf1600(ctx->s);
    for (i = 0; i < rate / 8; i++) mlkem_store64_le(out + 8 * i, ctx->s[i]);
    out += rate;
    nblocks--;
  }
  ctx->pos = rate;
}

void mlkem_sha3_256_final(mlkem_keccak_ctx *ctx, uint8_t out[32]) {
  mlkem_keccak_finalize(ctx);
  mlkem_keccak_squeeze(ctx, out, 32);
}

void mlkem_sha3_512_final(mlkem_keccak_ctx *ctx, uint8_t out[64]) {
  mlkem_keccak_finalize(ctx);
  mlkem_keccak_squeeze(ctx, out, 64);
}

/* The one-shot functions hash secrets (seeds, keys, messages), so the
 * context is wiped before returning; mlkem_zeroize cannot be optimised
 * away although the context is never read again. */

void mlkem_sha3_256(uint8_t out[32], const uint8_t *in, size_t len) {
  mlkem_keccak_ctx ctx;
  mlkem_sha3_256_init(&ctx);
  mlkem_keccak_absorb(&ctx, in, len);
  mlkem_sha3_256_final(&ctx, out);
  mlkem_zeroize(&ctx, sizeof ctx);
}

void mlkem_sha3_512(uint8_t out[64], const uint8_t *in, size_t len) {
  mlkem_keccak_ctx ctx;
  mlkem_sha3_512_init(&ctx);
  mlkem_keccak_absorb(&ctx, in, len);
  mlkem_sha3_512_final(&ctx, out);
  mlkem_zeroize(&ctx, sizeof ctx);
}

void mlkem_shake128(uint8_t *out, size_t outlen, const uint8_t *in,
                    size_t inlen) {
  mlkem_keccak_ctx ctx;
  mlkem_shake128_init(&ctx);
  mlkem_keccak_absorb(&ctx, in, inlen);
  mlkem_keccak_finalize(&ctx);
  mlkem_keccak_squeeze(&ctx, out, outlen);
  mlkem_zeroize(&ctx, sizeof ctx);
}

void mlkem_shake256(uint8_t *out, size_t outlen, const uint8_t *in,
                    size_t inlen) {
  mlkem_keccak_ctx ctx;
  mlkem_shake256_init(&ctx);
  mlkem_keccak_absorb(&ctx, in, inlen);
  mlkem_keccak_finalize(&ctx);
  mlkem_keccak_squeeze(&ctx, out, outlen);
  mlkem_zeroize(&ctx, sizeof ctx);
}
