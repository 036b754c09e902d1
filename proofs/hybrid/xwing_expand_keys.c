/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * X-Wing's key expansion (hybrid/xwing.c, xwing_expand_keys, draft-
 * connolly-cfrg-xwing-kem sec. 5.2: expandDecapsulationKey and the public
 * key) with dk and sk_X each given or NULL: pk's 1216 bytes (ML-KEM's ek,
 * then X25519's share at 1184), dk's 2400 and sk_X's 32 written where
 * given, nothing else; the 96-byte expansion and the spare dk on the
 * stack. SHAKE256, ML-KEM-768's key generation and X25519 are the stubs
 * of hybrid_stubs.h.
 * @enforce xwing_expand_keys
 * @replace mlkem_zeroize
 */
#include <stdlib.h>

#include "hybrid/xwing.c"
#include "hybrid_stubs.h"

void harness(void) {
  uint8_t *pk, *dk, *sk_x;
  const uint8_t *sk = malloc(XWING_SK_BYTES);
  __CPROVER_assume(sk != NULL);
  xwing_expand_keys(&mlkem_x25519_portable, pk, dk, sk, sk_x);
}
