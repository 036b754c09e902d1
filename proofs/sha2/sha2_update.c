/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The three hashes' update behind one interface (sha2/sha2.c,
 * mlkem_sha2_update): for every well-formed context of each hash and every
 * input, the update of that hash's context, within its contract (the two
 * updates replaced by their contracts, proven by sha256_update.c and
 * sha512_update.c).
 * @enforce mlkem_sha2_update
 * @replace mlkem_sha256_update mlkem_sha512_update
 * @source src/sha2/sha2_portable.c
 */
#include <stdlib.h>

#include "harness.h"
#include "sha2/sha2.c"

void harness(void) {
  mlkem_sha2_ctx *ctx;
  size_t len;
  const uint8_t *in = nondet_int() == 0 ? NULL : malloc(len);
  mlkem_sha2_update(ctx, in, len);
}
