/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * HMAC's update (sha2/hmac.c, mlkem_hmac_update) for every well-formed
 * context and every input (empty, NULL when empty, any length within the
 * count's bound): only the inner hash's context written, the len bytes
 * counted, the outer hash's context as it was. mlkem_sha2_update is
 * replaced by its contract (sha2_update.c).
 * @enforce mlkem_hmac_update
 * @replace mlkem_sha2_update
 * @source src/sha2/sha2.c
 */
#include <stdlib.h>

#include "harness.h"
#include "sha2/hmac.c"

void harness(void) {
  mlkem_hmac_ctx *ctx;
  size_t len;
  const uint8_t *in = nondet_int() == 0 ? NULL : malloc(len);
  mlkem_hmac_update(ctx, in, len);
}
