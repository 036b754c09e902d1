/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The three hashes' init behind one interface (sha2/sha2.c,
 * mlkem_sha2_init, with mlkem_sha256_init, mlkem_sha384_init,
 * mlkem_sha512_init): for each hash, only the context written, and a
 * well-formed context of that hash with nothing counted. The dispatched
 * implementation is taken as the portable one (mlkem_sha2_impl_get's
 * contract: an assumption, docs/PROOFS.md).
 * @enforce mlkem_sha2_init
 * @replace mlkem_sha2_impl_get
 * @source src/sha2/sha2_portable.c src/sha2/sha2_constants.c
 */
#include "harness.h"
#include "sha2/sha2.c"

void harness(void) {
  mlkem_sha2_ctx *ctx;
  mlkem_sha2_alg alg = nondet_int() == 0   ? MLKEM_SHA2_256
                       : nondet_int() == 0 ? MLKEM_SHA2_384
                                           : MLKEM_SHA2_512;
  mlkem_sha2_init(ctx, alg);
}
