/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * HMAC's key setup (sha2/hmac.c, mlkem_hmac_init) for each hash and every
 * key (empty, NULL, up to a block, longer: hashed first), against the
 * contract on hmac.h that the HKDF proofs assume: no read outside the key,
 * no write outside the context and the two 128-byte stack blocks (K0 and
 * the padded key), both hashes' contexts well formed with the padded
 * block (64 or 128 bytes) counted. The SHA-2 interface and the wipe are
 * replaced by their contracts (proven by sha2_init.c, sha2_update.c,
 * sha2_final.c, platform/zeroize.c); the two loops over the block are
 * unwound (at most 128 bytes).
 * @enforce mlkem_hmac_init
 * @replace mlkem_sha2_init mlkem_sha2_update mlkem_sha2_final
 * @replace mlkem_zeroize
 * @unwind mlkem_hmac_init.0:129 mlkem_hmac_init.1:129
 * @source src/sha2/sha2.c
 */
#include <stdlib.h>

#include "harness.h"
#include "sha2/hmac.c"
#include "spans.h"

void harness(void) {
  mlkem_hmac_ctx *ctx;
  size_t key_len;
  const uint8_t *key = nondet_int() == 0 ? NULL : malloc(key_len);
  mlkem_hmac_init(ctx, any_alg(), key, key_len);
}
