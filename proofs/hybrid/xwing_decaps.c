/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * X-Wing's Decapsulate (hybrid/xwing.c, xwing_decaps, draft-connolly-
 * cfrg-xwing-kem sec. 5.5), the public function, for every argument (NULL
 * or not), every result of ML-KEM's decapsulation and a backend or none:
 * only the 32 bytes of ss written, no read outside ct's 1120 bytes and
 * sk's 32, MLKEM_ERR_NULL_ARGUMENT for a NULL argument, and on **every**
 * error ss all zero. The call's entry and exit (hybrid_enter.c,
 * hybrid_leave.c), the key expansion and the X25519 half with the
 * combiner (xwing_expand_keys.c, xwing_decaps_x25519.c) are replaced by
 * their contracts; ML-KEM-768's decapsulation is a stub with the contract
 * stated below (what it reads and writes, any result: the frontend's
 * proofs are in proofs/fips203/).
 * @enforce xwing_decaps
 * @replace mlkem_hybrid_enter mlkem_hybrid_leave xwing_expand_keys
 * @replace mlkem_xwing_decaps_x25519 mlkem_zeroize
 */
#include <stdlib.h>

#include "harness.h"
#include "hybrid/xwing.c"
#include "hybrid_stubs.h"

void harness(void) {
  uint8_t *ss;
  const uint8_t *ct = nondet_int() == 0 ? NULL : malloc(XWING_CT_BYTES);
  const uint8_t *sk = nondet_int() == 0 ? NULL : malloc(XWING_SK_BYTES);
  (void)xwing_decaps(ss, ct, sk);
}
