/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * SHA-256's final (sha2/sha2.c, mlkem_sha256_final) for every context:
 * only the 32 bytes of out and the context written. The last step,
 * finish (the bytes held copied within the 256-byte tail, padded, the
 * one or two blocks handed to the compression: sha2_finish256.c), the
 * callback and the wipe are replaced by their contracts.
 * @enforce mlkem_sha256_final
 * @replace blocks256 blocks512
 * @replace mlkem_zeroize pad finish
 * @solver z3
 * @source src/sha2/sha2_portable.c
 */
#include "sha2/sha2.c"

void harness(void) {
  mlkem_sha256_ctx *ctx;
  uint8_t *out;
  mlkem_sha256_final(ctx, out);
}
