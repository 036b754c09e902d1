/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The wipe of an HMAC context (sha2/hmac.c, mlkem_hmac_wipe): only the
 * context written (mlkem_zeroize replaced by its contract,
 * platform/zeroize.c).
 * @enforce mlkem_hmac_wipe
 * @replace mlkem_zeroize
 */
#include "sha2/hmac.c"

void harness(void) {
  mlkem_hmac_ctx *ctx;
  mlkem_hmac_wipe(ctx);
}
