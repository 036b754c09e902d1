/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The final step of SHA-512 and SHA-384 (sha2/sha2.c, final512, with
 * finish and pad; mlkem_sha512_final and mlkem_sha384_final call it with
 * 8 and 6 words) for every context: the padding (one block or two, a
 * 16-byte length) within its 256-byte tail, only the 64 or 48 bytes of
 * out and the context written, and the context all zero after it. The
 * callback, the padding and the wipe are replaced by their contracts.
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
