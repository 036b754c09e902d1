/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The client's last step of X25519MLKEM768 (hybrid/x25519mlkem768.c,
 * x25519mlkem768_client_finish), the public function, for every argument
 * (NULL or not), every result of ML-KEM's decapsulation and of the
 * all-zero check, a backend or none: ML-KEM's secret and X25519's at
 * their offsets within the 64 bytes of secret, no read outside the
 * server's 1120-byte share and the state, MLKEM_ERR_NULL_ARGUMENT for a
 * NULL argument, on **every** error the secret all zero. (That the
 * state is all zero after every call is not stated: its 2,432 bytes'
 * quantifier kept the proof past 200 s.) The call's entry and exit are
 * replaced by their contracts (hybrid_enter.c, hybrid_leave.c);
 * ML-KEM-768's decapsulation, X25519 and its all-zero check are stubs
 * with the contracts stated in hybrid_stubs.h.
 * @enforce x25519mlkem768_client_finish
 * @replace mlkem_hybrid_enter mlkem_hybrid_leave mlkem_zeroize
 * @solver z3
 */
#include <stdlib.h>

#include "harness.h"
#include "hybrid/x25519mlkem768.c"
#include "../hybrid/hybrid_stubs.h"

void harness(void) {
  uint8_t *secret, *state;
  const uint8_t *server =
      nondet_int() == 0 ? NULL : malloc(X25519MLKEM768_SERVER_SHARE_BYTES);
  (void)x25519mlkem768_client_finish(secret, server, state);
}
