/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * SHA-256's final (sha2/sha2.c, mlkem_sha256_final, with finish and pad)
 * for every context: the padding (one block or two) within its 128-byte
 * tail, only the 32 bytes of out and the context written, and the context
 * all zero after it. The compression function and the wipe are replaced
 * by their contracts.
 * @enforce mlkem_sha256_final
 * @replace blocks256 blocks512
 * @replace mlkem_zeroize pad
 * @solver z3
 * @source src/sha2/sha2_portable.c
 */
#include "sha2/sha2.c"

void harness(void) {
  mlkem_sha256_ctx *ctx;
  uint8_t *out;
  mlkem_sha256_final(ctx, out);
}
