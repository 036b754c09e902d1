/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * X-Wing's combiner (hybrid/xwing.c, xwing_combiner, draft-connolly-cfrg-
 * xwing-kem sec. 5.3): for all four 32-byte inputs (any of them the same
 * object) the five pieces copied within its 134-byte input, only the 32
 * bytes of ss written, the input wiped. SHA3-256 is a stub with the
 * contract stated below (reads len bytes of in, writes the 32 of out;
 * the Keccak code is proven in proofs/sha3/).
 * @enforce xwing_combiner
 * @replace mlkem_zeroize
 */
#include <stdlib.h>

#include "harness.h"
#include "hybrid/xwing.c"

void mlkem_sha3_256(uint8_t out[32], const uint8_t *in, size_t len) {
  __CPROVER_assert(__CPROVER_r_ok(in, len), "SHA3-256 reads its input");
  __CPROVER_assert(__CPROVER_w_ok(out, 32), "SHA3-256 writes 32 bytes");
  __CPROVER_havoc_slice(out, 32);
}

void harness(void) {
  uint8_t *ss;
  uint8_t *a = malloc(32), *b = malloc(32), *c = malloc(32);
  __CPROVER_assume(a != NULL && b != NULL && c != NULL);
  xwing_combiner(ss, a, pick(a, b, c), pick(a, b, c), pick(a, b, c));
}
