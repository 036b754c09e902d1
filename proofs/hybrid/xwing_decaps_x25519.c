/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * X-Wing's X25519 half of Decapsulate with the combiner (hybrid/xwing.c,
 * mlkem_xwing_decaps_x25519, draft-connolly-cfrg-xwing-kem sec. 5.5):
 * ss_X = X25519(sk_X, ct_X) into a stack buffer, only the 32 bytes of ss
 * written, the four 32-byte inputs read within. X25519 is the stub of
 * hybrid_stubs.h, the combiner replaced by its contract
 * (xwing_combiner.c).
 * @enforce mlkem_xwing_decaps_x25519
 * @replace xwing_combiner mlkem_zeroize
 */
#include <stdlib.h>

#include "hybrid/xwing.c"
#include "hybrid_stubs.h"

void harness(void) {
  uint8_t *ss;
  const uint8_t *a = malloc(32), *b = malloc(32), *c = malloc(32),
                *d = malloc(32);
  __CPROVER_assume(a != NULL && b != NULL && c != NULL && d != NULL);
  mlkem_xwing_decaps_x25519(&mlkem_x25519_portable, ss, a, b, c, d);
}
