/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * sha2.c - SHA-256, SHA-384 and SHA-512 (@spec{FIPS180-4}): padding and the
 * incremental interface over an implementation's compression functions
 * (sha2.h); the constants are sha2_constants.c's. SHA-384 is SHA-512 from
 * its own initial value, truncated (@spec{FIPS180-4, sec. 6.5}): the same
 * context and compression.
 */
#include "sha2/sha2.h"

#include <string.h>

#include "platform/bytes.h"
#include "platform/ct.h"

void mlkem_sha256_init_impl(mlkem_sha256_ctx *ctx,
                            const mlkem_sha2_impl *impl) {
  ctx->impl = impl;
  memcpy(ctx->h, mlkem_sha256_h0, sizeof ctx->h);
  ctx->nbytes = 0;
}

void mlkem_sha256_init(mlkem_sha256_ctx *ctx) {
  mlkem_sha256_init_impl(ctx, mlkem_sha2_impl_get());
}

void mlkem_sha512_init_impl(mlkem_sha512_ctx *ctx,
                            const mlkem_sha2_impl *impl) {
  ctx->impl = impl;
  memcpy(ctx->h, mlkem_sha512_h0, sizeof ctx->h);
  ctx->nbytes = 0;
}

void mlkem_sha512_init(mlkem_sha512_ctx *ctx) {
  mlkem_sha512_init_impl(ctx, mlkem_sha2_impl_get());
}

void mlkem_sha384_init_impl(mlkem_sha512_ctx *ctx,
                            const mlkem_sha2_impl *impl) {
  ctx->impl = impl;
  memcpy(ctx->h, mlkem_sha384_h0, sizeof ctx->h);
  ctx->nbytes = 0;
}

void mlkem_sha384_init(mlkem_sha512_ctx *ctx) {
  mlkem_sha384_init_impl(ctx, mlkem_sha2_impl_get());
}

/* The buffering both hashes share: fills buf (2^log2_block bytes, `used`
 * of them already held) from in (len > 0 bytes: the updates return on an
 * empty input, in which may then be NULL), hands every whole block to the
 * compression function (whole blocks of in directly, without copying) and
 * keeps the rest in buf; the caller advances its byte count. The
 * compression function is a callback on an opaque state, so that one copy
 * serves both word sizes. */
typedef void (*blocks_fn)(void *h, const uint8_t *in, size_t nblocks,
                          const mlkem_sha2_impl *impl);

/* The contract of the two callbacks: the implementation's compression
 * function of that word size (MLKEM_SHA2_BLOCKS_CONTRACT). */
#define BLOCKS_FN_CONTRACT(WORD, BLOCK) \
  __contract__(                                                 \
    requires(MLKEM_SHA2_IMPL_OK(impl) &&                        \
             nblocks <= MLKEM_SHA2_PROOF_MAX_BYTES / (BLOCK) &&  \
             fresh(h, 8 * sizeof(WORD)) &&                      \
             readable(in, nblocks * (BLOCK)))                   \
    assigns(bytes(h, 8 * sizeof(WORD))))

static void blocks256(void *h, const uint8_t *in, size_t nblocks,
                      const mlkem_sha2_impl *impl)
    BLOCKS_FN_CONTRACT(uint32_t, MLKEM_SHA256_BLOCK) {
  impl->sha256_blocks((uint32_t *)h, in, nblocks);
}

static void blocks512(void *h, const uint8_t *in, size_t nblocks,
                      const mlkem_sha2_impl *impl)
    BLOCKS_FN_CONTRACT(uint64_t, MLKEM_SHA512_BLOCK) {
  impl->sha512_blocks((uint64_t *)h, in, nblocks);
}

/* A hash's buffering as the proofs take it: the callback of its word
 * size, its chaining value (block / 2 bytes: eight words) and its buffer
 * (block bytes). h and buf lie in one context, so they are writable, not
 * fresh (apart). */
#define SHA2_HALF_OK(h, blocks, buf, log2_block)     \
  ((((log2_block) == 6 && (blocks) == blocks256) ||  \
    ((log2_block) == 7 && (blocks) == blocks512)) && \
   writable(h, (size_t)1 << ((log2_block)-1)) &&     \
   writable(buf, (size_t)1 << (log2_block)))

static void absorb(void *h, const mlkem_sha2_impl *impl, blocks_fn blocks,
                   uint8_t *buf, unsigned log2_block, size_t used,
                   const uint8_t *in, size_t len)
    __contract__(
      requires(MLKEM_SHA2_IMPL_OK(impl) &&
               SHA2_HALF_OK(h, blocks, buf, log2_block) &&
               used < ((size_t)1 << log2_block) &&
               len != 0 && len <= MLKEM_SHA2_PROOF_MAX_BYTES &&
               readable(in, len))
      assigns(bytes(h, (size_t)1 << (log2_block - 1)),
              bytes(buf, (size_t)1 << log2_block))
    ) {
  /* The block size as a power of two: no division instruction in the
   * library (scripts/check_no_division.sh), whatever the compiler folds. */
  const size_t block = (size_t)1 << log2_block;
  if (used != 0) {
    size_t take = block - used;
    if (take > len) take = len;
    memcpy(buf + used, in, take);
    used += take;
    in += take;
    len -= take;
    if (used < block) return;
    blocks(h, buf, 1, impl);
  }
  if (len >= block) {
    blocks(h, in, len >> log2_block, impl);
    in += len & ~(block - 1);
    len &= block - 1;
  }
  if (len != 0) memcpy(buf, in, len);
}

/* The contract of both updates: the context stays well formed, counts the
 * len bytes, and only it is written; in is read within its len bytes
 * (and may be NULL when len is 0). */
#define UPDATE_CONTRACT \
  __contract__(                                                          \
    requires(fresh(ctx, sizeof *ctx) && MLKEM_SHA2_HALF_CTX_OK(ctx) &&   \
             len <= MLKEM_SHA2_PROOF_MAX_BYTES - ctx->nbytes &&          \
             (len == 0 || readable(in, len)))                            \
    assigns(bytes(ctx, sizeof *ctx))                                     \
    ensures(MLKEM_SHA2_HALF_CTX_OK(ctx) &&                               \
            ctx->nbytes == old(ctx->nbytes) + len))

void mlkem_sha256_update(mlkem_sha256_ctx *ctx, const uint8_t *in,
                         size_t len) UPDATE_CONTRACT {
  if (len == 0) return;
  absorb(ctx->h, ctx->impl, blocks256, ctx->buf, 6,
         (size_t)(ctx->nbytes % MLKEM_SHA256_BLOCK), in, len);
  ctx->nbytes += len;
}

void mlkem_sha512_update(mlkem_sha512_ctx *ctx, const uint8_t *in,
                         size_t len) UPDATE_CONTRACT {
  if (len == 0) return;
  absorb(ctx->h, ctx->impl, blocks512, ctx->buf, 7,
         (size_t)(ctx->nbytes % MLKEM_SHA512_BLOCK), in, len);
  ctx->nbytes += len;
}

/* Padding (@spec{FIPS180-4, sec. 5.1.1}, 5.1.2): a 1 bit, zeros, and the
 * length in bits as a 64-bit (SHA-256) or 128-bit (SHA-512) big-endian
 * integer ending the last block. Writes the padded tail into buf (which
 * holds `used` message bytes) and returns how many blocks it takes: 1, or
 * 2 when fewer than lenbytes + 1 bytes are free. */
static size_t pad(uint8_t buf[2 * MLKEM_SHA512_BLOCK], size_t block,
                  size_t used, size_t lenbytes, uint64_t nbytes)
    __contract__(
      requires(fresh(buf, 2 * MLKEM_SHA512_BLOCK) &&
               ((block == MLKEM_SHA256_BLOCK && lenbytes == 8) ||
                (block == MLKEM_SHA512_BLOCK && lenbytes == 16)) &&
               used < block)
      assigns(bytes(buf, 2 * MLKEM_SHA512_BLOCK))
      ensures(return_value == 1 || return_value == 2)
    ) {
  size_t nblocks = used + 1 + lenbytes <= block ? 1 : 2;
  size_t end = nblocks * block;
  buf[used] = 0x80;
  memset(buf + used + 1, 0, end - used - 1);
  mlkem_store64_be(buf + end - 8, nbytes << 3);
  if (lenbytes == 16) mlkem_store64_be(buf + end - 16, nbytes >> 61);
  return nblocks;
}

/* Pads the buffered tail and compresses it (one block or two). */
static void finish(void *h, const mlkem_sha2_impl *impl, blocks_fn blocks,
                   const uint8_t *buf, unsigned log2_block, size_t lenbytes,
                   uint64_t nbytes)
    __contract__(
      requires(MLKEM_SHA2_IMPL_OK(impl) &&
               SHA2_HALF_OK(h, blocks, buf, log2_block) &&
               lenbytes == (size_t)1 << (log2_block - 3))
      assigns(bytes(h, (size_t)1 << (log2_block - 1)))
    ) {
  uint8_t tail[2 * MLKEM_SHA512_BLOCK];
  const size_t block = (size_t)1 << log2_block;
  const size_t used = (size_t)nbytes & (block - 1);
  memcpy(tail, buf, used);
  blocks(h, tail, pad(tail, block, used, lenbytes, nbytes), impl);
  mlkem_zeroize(tail, sizeof tail);
}

void mlkem_sha256_final(mlkem_sha256_ctx *ctx, uint8_t out[MLKEM_SHA256_BYTES])
    __contract__(
      requires(fresh(ctx, sizeof *ctx) && MLKEM_SHA2_HALF_CTX_OK(ctx) &&
               fresh(out, MLKEM_SHA256_BYTES))
      assigns(bytes(ctx, sizeof *ctx), bytes(out, MLKEM_SHA256_BYTES))
    ) {
  size_t i;
  finish(ctx->h, ctx->impl, blocks256, ctx->buf, 6, 8, ctx->nbytes);
  for (i = 0; i < 8; i++) mlkem_store32_be(out + 4 * i, ctx->h[i]);
  mlkem_zeroize(ctx, sizeof *ctx);
}

/* The first nwords words of SHA-512's final state: the digest of SHA-512
 * (8) or of SHA-384 (6, the truncation of @spec{FIPS180-4, sec. 6.5}). */
static void final512(mlkem_sha512_ctx *ctx, uint8_t *out, size_t nwords)
    __contract__(
      requires(fresh(ctx, sizeof *ctx) && MLKEM_SHA2_HALF_CTX_OK(ctx) &&
               (nwords == 6 || nwords == 8) && fresh(out, 8 * nwords))
      assigns(bytes(ctx, sizeof *ctx), bytes(out, 8 * nwords))
      ensures(all_zero(ctx, sizeof *ctx))
    ) {
  size_t i;
  finish(ctx->h, ctx->impl, blocks512, ctx->buf, 7, 16, ctx->nbytes);
  for (i = 0; i < nwords; i++) mlkem_store64_be(out + 8 * i, ctx->h[i]);
  mlkem_zeroize(ctx, sizeof *ctx);
}

void mlkem_sha512_final(mlkem_sha512_ctx *ctx, uint8_t out[MLKEM_SHA512_BYTES])
    __contract__(
      requires(fresh(ctx, sizeof *ctx) && MLKEM_SHA2_HALF_CTX_OK(ctx) &&
               fresh(out, MLKEM_SHA512_BYTES))
      assigns(bytes(ctx, sizeof *ctx), bytes(out, MLKEM_SHA512_BYTES))
    ) {
  final512(ctx, out, MLKEM_SHA512_BYTES / 8);
}

void mlkem_sha384_final(mlkem_sha512_ctx *ctx, uint8_t out[MLKEM_SHA384_BYTES])
    __contract__(
      requires(fresh(ctx, sizeof *ctx) && MLKEM_SHA2_HALF_CTX_OK(ctx) &&
               fresh(out, MLKEM_SHA384_BYTES))
      assigns(bytes(ctx, sizeof *ctx), bytes(out, MLKEM_SHA384_BYTES))
    ) {
  final512(ctx, out, MLKEM_SHA384_BYTES / 8);
}

void mlkem_sha256(uint8_t out[MLKEM_SHA256_BYTES], const uint8_t *in,
                  size_t len) {
  mlkem_sha256_ctx ctx;
  mlkem_sha256_init(&ctx);
  if (len != 0) mlkem_sha256_update(&ctx, in, len);
  mlkem_sha256_final(&ctx, out);
}

void mlkem_sha512(uint8_t out[MLKEM_SHA512_BYTES], const uint8_t *in,
                  size_t len) {
  mlkem_sha512_ctx ctx;
  mlkem_sha512_init(&ctx);
  if (len != 0) mlkem_sha512_update(&ctx, in, len);
  mlkem_sha512_final(&ctx, out);
}

void mlkem_sha384(uint8_t out[MLKEM_SHA384_BYTES], const uint8_t *in,
                  size_t len) {
  mlkem_sha512_ctx ctx;
  mlkem_sha384_init(&ctx);
  if (len != 0) mlkem_sha512_update(&ctx, in, len);
  mlkem_sha384_final(&ctx, out);
}

/* The three hashes behind one interface (sha2.h, mlkem_sha2_ctx). */

size_t mlkem_sha2_digest_bytes(mlkem_sha2_alg alg) {
  return MLKEM_SHA2_DIGEST_BYTES(alg);
}

size_t mlkem_sha2_block_bytes(mlkem_sha2_alg alg) {
  return alg == MLKEM_SHA2_256 ? MLKEM_SHA256_BLOCK : MLKEM_SHA512_BLOCK;
}

void mlkem_sha2_init(mlkem_sha2_ctx *ctx, mlkem_sha2_alg alg)
    __contract__(
      requires(fresh(ctx, sizeof *ctx) && MLKEM_SHA2_ALG_OK(alg))
      assigns(bytes(ctx, sizeof *ctx))
      ensures(MLKEM_SHA2_CTX_OK(ctx) && ctx->alg == alg &&
              (alg == MLKEM_SHA2_256 ? ctx->u.s256.nbytes == 0
                                     : ctx->u.s512.nbytes == 0))
    ) {
  ctx->alg = alg;
  if (alg == MLKEM_SHA2_256)
    mlkem_sha256_init(&ctx->u.s256);
  else if (alg == MLKEM_SHA2_384)
    mlkem_sha384_init(&ctx->u.s512);
  else
    mlkem_sha512_init(&ctx->u.s512);
}

void mlkem_sha2_update(mlkem_sha2_ctx *ctx, const uint8_t *in, size_t len)
    __contract__(
      requires(fresh(ctx, sizeof *ctx) && MLKEM_SHA2_CTX_OK(ctx) &&
               len <= MLKEM_SHA2_PROOF_MAX_BYTES - MLKEM_SHA2_COUNT(ctx) &&
               (len == 0 || readable(in, len)))
      assigns(bytes(ctx, sizeof *ctx))
      ensures(MLKEM_SHA2_CTX_OK(ctx) && ctx->alg == old(ctx->alg) &&
              MLKEM_SHA2_COUNTED(ctx, len))
    ) {
  if (ctx->alg == MLKEM_SHA2_256)
    mlkem_sha256_update(&ctx->u.s256, in, len);
  else
    mlkem_sha512_update(&ctx->u.s512, in, len);
}

void mlkem_sha2_final(mlkem_sha2_ctx *ctx, uint8_t *out) __contract__(
      requires(fresh(ctx, sizeof *ctx) && MLKEM_SHA2_CTX_OK(ctx) &&
               fresh(out, MLKEM_SHA2_DIGEST_BYTES(ctx->alg)))
      assigns(bytes(ctx, sizeof *ctx),
              bytes(out, MLKEM_SHA2_DIGEST_BYTES(ctx->alg)))
      ensures(all_zero(ctx, sizeof *ctx))
    ) {
  if (ctx->alg == MLKEM_SHA2_256)
    mlkem_sha256_final(&ctx->u.s256, out);
  else if (ctx->alg == MLKEM_SHA2_384)
    mlkem_sha384_final(&ctx->u.s512, out);
  else
    mlkem_sha512_final(&ctx->u.s512, out);
  mlkem_zeroize(ctx, sizeof *ctx);
}
