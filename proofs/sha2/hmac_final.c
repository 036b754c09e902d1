/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * HMAC's final (sha2/hmac.c, mlkem_hmac_final) for every well-formed
 * context of each hash: the inner digest (32, 48 or 64 bytes) within the
 * 64-byte stack buffer and hashed into the outer context, only the MAC's
 * HashLen bytes of out and the context written. The SHA-2 interface and
 * the wipes are replaced by their contracts (sha2_update.c, sha2_final.c,
 * hmac_wipe.c, platform/zeroize.c).
 * @enforce mlkem_hmac_final
 * @replace mlkem_sha2_update mlkem_sha2_final
 * @replace mlkem_hmac_wipe mlkem_zeroize
 * @source src/sha2/sha2.c
 */
#include "sha2/hmac.c"

void harness(void) {
  mlkem_hmac_ctx *ctx;
  uint8_t *out;
  mlkem_hmac_final(ctx, out);
}
