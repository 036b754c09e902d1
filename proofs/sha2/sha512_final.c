/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The final step of SHA-512 and SHA-384 (sha2/sha2.c, final512;
 * mlkem_sha512_final and mlkem_sha384_final call it with 8 and 6 words)
 * for every context: only the 64 or 48 bytes of out and the context
 * written, the context all zero after it. The last step, finish (the
 * padding within its 256-byte tail, one block or two, a 16-byte length:
 * sha2_finish512.c), the callback and the wipe are replaced by their
 * contracts; the loop over the words is unwound (with nwords symbolic,
 * symbolic execution would not end on its own).
 * @enforce final512
 * @replace blocks256 blocks512
 * @replace mlkem_zeroize pad finish
 * @unwind final512.0:9
 * @source src/sha2/sha2_portable.c
 */
#include "sha2/sha2.c"

void harness(void) {
  mlkem_sha512_ctx *ctx;
  uint8_t *out;
  size_t nwords;
  final512(ctx, out, nwords);
}
