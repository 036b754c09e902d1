/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * sha2/hmac.h - HMAC (@spec{RFC2104}, @spec{FIPS198-1}) over SHA-256, SHA-384
 * and SHA-512, incremental and in one shot: HKDF's building block (hkdf.h).
 * Internal to the library.
 *
 * The key and every message byte are treated as secret: nothing branches
 * on them or indexes by them; lengths are public.
 */
#ifndef MLKEM_SHA2_HMAC_H
#define MLKEM_SHA2_HMAC_H

#include <stddef.h>
#include <stdint.h>

#include "sha2/sha2.h"

#define MLKEM_HMAC_MAX_BYTES MLKEM_SHA512_BYTES

/* The two hashes of HMAC(K, m) = H((K0 ^ opad) || H((K0 ^ ipad) || m))
 * (@spec{RFC2104, sec. 2}), each with its padded key absorbed. A context may
 * be copied (by assignment) to compute several MACs under one key. */
typedef struct {
  mlkem_sha2_ctx inner, outer;
} mlkem_hmac_ctx;

/* Starts HMAC under key[0..key_len) (key may be NULL when key_len is 0);
 * a key longer than the hash's block is hashed first (K0 = H(K)). */
/* A context as the proofs take it (docs/PROOFS.md): two well-formed
 * contexts of one hash, the outer one holding its padded key only. */
#define MLKEM_HMAC_COUNT(c) MLKEM_SHA2_COUNT(&(c)->inner)
#define MLKEM_HMAC_CTX_OK(c)                                           \
  (MLKEM_SHA2_CTX_OK(&(c)->inner) && MLKEM_SHA2_CTX_OK(&(c)->outer) && \
   (c)->outer.alg == (c)->inner.alg &&                                 \
   MLKEM_SHA2_COUNT(&(c)->outer) <= MLKEM_SHA512_BLOCK)

void mlkem_hmac_init(mlkem_hmac_ctx *ctx, mlkem_sha2_alg alg,
                     const uint8_t *key, size_t key_len)
    __contract__(
      requires(fresh(ctx, sizeof *ctx) && MLKEM_SHA2_ALG_OK(alg) &&
               key_len <= MLKEM_SHA2_PROOF_MAX_BYTES &&
               (key_len == 0 || readable(key, key_len)))
      assigns(bytes(ctx, sizeof *ctx))
      ensures(MLKEM_HMAC_CTX_OK(ctx) && ctx->inner.alg == alg &&
              MLKEM_HMAC_COUNT(ctx) <= MLKEM_SHA512_BLOCK)
    );
void mlkem_hmac_update(mlkem_hmac_ctx *ctx, const uint8_t *in, size_t len)
    __contract__(
      requires(fresh(ctx, sizeof *ctx) && MLKEM_HMAC_CTX_OK(ctx) &&
               len <= MLKEM_SHA2_PROOF_MAX_BYTES - MLKEM_HMAC_COUNT(ctx) &&
               (len == 0 || readable(in, len)))
      assigns(bytes(ctx, sizeof *ctx))
      ensures(MLKEM_HMAC_CTX_OK(ctx) && ctx->inner.alg == old(ctx->inner.alg) &&
              MLKEM_SHA2_COUNTED(&ctx->inner, len))
    );
/* Writes the mlkem_sha2_digest_bytes(alg)-byte MAC and wipes ctx. */
void mlkem_hmac_final(mlkem_hmac_ctx *ctx, uint8_t *out) __contract__(
      requires(fresh(ctx, sizeof *ctx) && MLKEM_HMAC_CTX_OK(ctx) &&
               fresh(out, MLKEM_SHA2_DIGEST_BYTES(ctx->inner.alg)))
      assigns(bytes(ctx, sizeof *ctx),
              bytes(out, MLKEM_SHA2_DIGEST_BYTES(ctx->inner.alg)))
    );
/* Wipes a context that will not be finished (a copy kept as a template). */
void mlkem_hmac_wipe(mlkem_hmac_ctx *ctx)
    __contract__(
      requires(fresh(ctx, sizeof *ctx))
      assigns(bytes(ctx, sizeof *ctx))
    );

/* out = HMAC(key, in) in one call. */
void mlkem_hmac(mlkem_sha2_alg alg, uint8_t *out, const uint8_t *key,
                size_t key_len, const uint8_t *in, size_t len);

#endif
