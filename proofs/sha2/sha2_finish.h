/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * sha2_finish.h - the harness of finish (sha2/sha2.c) for one block size,
 * fixed per harness as for absorb (sha2_absorb.h): a context of that hash
 * with any count, so any number of bytes held.
 */
#ifndef MLKEM_PROOFS_SHA2_FINISH_H
#define MLKEM_PROOFS_SHA2_FINISH_H

#include <stdlib.h>

#include "sha2/sha2.c"

static void finish_harness(unsigned log2_block) {
  uint64_t nbytes;
  if (log2_block == 6) {
    mlkem_sha256_ctx *ctx = malloc(sizeof *ctx);
    __CPROVER_assume(ctx != NULL);
    finish(ctx->h, &mlkem_sha2_portable, blocks256, ctx->buf, 6, 8, nbytes);
  } else {
    mlkem_sha512_ctx *ctx = malloc(sizeof *ctx);
    __CPROVER_assume(ctx != NULL);
    finish(ctx->h, &mlkem_sha2_portable, blocks512, ctx->buf, 7, 16, nbytes);
  }
}

#endif
