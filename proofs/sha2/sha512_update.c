/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * SHA-512's update (sha2/sha2.c, mlkem_sha512_update, with the buffering
 * of absorb) for every context (any count, so any number of bytes held)
 * and every input length and content: it reads only the len bytes of in,
 * writes only the context (the buffer's fill within its 128 bytes, whole
 * blocks of in handed to the compression function within in), and counts
 * the len bytes. The callback to the compression function (blocks512) is
 * replaced by its contract (proven by sha2_blocks512.c).
 * @enforce mlkem_sha512_update
 * @replace blocks256 blocks512 absorb
 * @source src/sha2/sha2_portable.c
 */
#include <stdlib.h>

#include "harness.h"
#include "sha2/sha2.c"

void harness(void) {
  mlkem_sha512_ctx *ctx;
  size_t len;
  const uint8_t *in = nondet_int() == 0 ? NULL : malloc(len);
  mlkem_sha512_update(ctx, in, len);
}
