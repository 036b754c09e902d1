/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * SHA-512's update (sha2/sha2.c, mlkem_sha512_update) for every context
 * (any count, so any number of bytes held) and every input length and
 * content: only the context written, the count advanced by len, the
 * context well formed. The buffering, absorb (the bytes taken into the
 * 128-byte buffer, whole blocks of in handed to the compression), is
 * replaced by its contract (proven by sha2_absorb512.c), as are the callbacks.
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
