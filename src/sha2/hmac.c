/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * hmac.c - HMAC (@spec{RFC2104, sec. 2}) over the SHA-2 hashes of sha2.h.
 */
#include "sha2/hmac.h"

#include <string.h>

#include "platform/ct.h"

#define IPAD 0x36
#define OPAD 0x5c

void mlkem_hmac_init(mlkem_hmac_ctx *ctx, mlkem_sha2_alg alg,
                     const uint8_t *key, size_t key_len) {
  uint8_t k0[MLKEM_SHA512_BLOCK], pad[MLKEM_SHA512_BLOCK];
  const size_t block = mlkem_sha2_block_bytes(alg);
  size_t i;

  /* K0: the key, or its hash when longer than a block, then zeros up to
   * the block size (steps 1-3 of @spec{FIPS198-1, sec. 4}). */
  memset(k0, 0, sizeof k0);
  if (key_len > block) {
    mlkem_sha2_init(&ctx->inner, alg);
    mlkem_sha2_update(&ctx->inner, key, key_len);
    mlkem_sha2_final(&ctx->inner, k0);
  } else if (key_len != 0) {
    memcpy(k0, key, key_len);
  }
  for (i = 0; i < block; i++) pad[i] = (uint8_t)(k0[i] ^ IPAD);
  mlkem_sha2_init(&ctx->inner, alg);
  mlkem_sha2_update(&ctx->inner, pad, block);
  for (i = 0; i < block; i++) pad[i] = (uint8_t)(k0[i] ^ OPAD);
  mlkem_sha2_init(&ctx->outer, alg);
  mlkem_sha2_update(&ctx->outer, pad, block);
  mlkem_zeroize(k0, sizeof k0);
  mlkem_zeroize(pad, sizeof pad);
}

void mlkem_hmac_update(mlkem_hmac_ctx *ctx, const uint8_t *in, size_t len) {
  if (len != 0) mlkem_sha2_update(&ctx->inner, in, len);
}

void mlkem_hmac_final(mlkem_hmac_ctx *ctx, uint8_t *out) {
  uint8_t h[MLKEM_HMAC_MAX_BYTES];
  const size_t n = mlkem_sha2_digest_bytes(ctx->inner.alg);
  mlkem_sha2_final(&ctx->inner, h);
  mlkem_sha2_update(&ctx->outer, h, n);
  mlkem_sha2_final(&ctx->outer, out);
  mlkem_zeroize(h, sizeof h);
  mlkem_hmac_wipe(ctx);
}

void mlkem_hmac_wipe(mlkem_hmac_ctx *ctx) {
  mlkem_zeroize(ctx, sizeof *ctx);
}

void mlkem_hmac(mlkem_sha2_alg alg, uint8_t *out, const uint8_t *key,
                size_t key_len, const uint8_t *in, size_t len) {
  mlkem_hmac_ctx ctx;
  mlkem_hmac_init(&ctx, alg, key, key_len);
  mlkem_hmac_update(&ctx, in, len);
  mlkem_hmac_final(&ctx, out);
}
