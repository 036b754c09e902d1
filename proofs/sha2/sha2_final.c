/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The three hashes' final behind one interface (sha2/sha2.c,
 * mlkem_sha2_final): for every well-formed context of each hash, only its
 * digest's 32, 48 or 64 bytes of out written, and the context all zero
 * after it (the three finals and the wipe replaced by their contracts).
 * @enforce mlkem_sha2_final
 * @replace mlkem_sha256_final mlkem_sha384_final mlkem_sha512_final
 * @replace mlkem_zeroize
 * @source src/sha2/sha2_portable.c
 */
#include "sha2/sha2.c"

void harness(void) {
  mlkem_sha2_ctx *ctx;
  uint8_t *out;
  mlkem_sha2_final(ctx, out);
}
