/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * sha2_absorb.h - the harness of absorb (sha2/sha2.c) for one block size,
 * fixed per harness (a constant log2_block: one proof per size is much
 * faster than both in one): a context of that hash, any number of bytes
 * held (absorb's requires), any input.
 */
#ifndef MLKEM_PROOFS_SHA2_ABSORB_H
#define MLKEM_PROOFS_SHA2_ABSORB_H

#include <stdlib.h>

#include "harness.h"
#include "sha2/sha2.c"

static void absorb_harness(unsigned log2_block) {
  size_t used, len;
  const uint8_t *in = nondet_int() == 0 ? NULL : malloc(len);
  if (log2_block == 6) {
    mlkem_sha256_ctx *ctx = malloc(sizeof *ctx);
    __CPROVER_assume(ctx != NULL);
    absorb(ctx->h, &mlkem_sha2_portable, blocks256, ctx->buf, 6, used, in, len);
  } else {
    mlkem_sha512_ctx *ctx = malloc(sizeof *ctx);
    __CPROVER_assume(ctx != NULL);
    absorb(ctx->h, &mlkem_sha2_portable, blocks512, ctx->buf, 7, used, in, len);
  }
}

#endif
