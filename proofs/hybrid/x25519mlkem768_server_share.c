/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The server's key share of X25519MLKEM768 (hybrid/x25519mlkem768.c,
 * server_share): ML-KEM-768's ciphertext and secret, then X25519's share
 * and secret at their offsets (1088 and 32), within the 1120 bytes of the
 * share and the 64 of the secret; the client's X25519 share read at 1184,
 * within its 1216 bytes, the coins within their 64. ML-KEM-768's
 * encapsulation, X25519 and its all-zero check are stubs with the
 * contracts stated below (what they read and write; their own code is
 * proven or tested elsewhere).
 * @enforce server_share
 */
#include <stdlib.h>

#include "hybrid/x25519mlkem768.c"

int mlkem_k3_kem_encaps_derand(uint8_t *ct, uint8_t *ss, const uint8_t *ek,
                               const uint8_t *coins) {
  int r;
  __CPROVER_assert(__CPROVER_r_ok(ek, MK_EK), "encaps reads ek");
  __CPROVER_assert(__CPROVER_r_ok(coins, 32), "encaps reads m");
  __CPROVER_assert(__CPROVER_w_ok(ct, MK_CT), "encaps writes ct");
  __CPROVER_assert(__CPROVER_w_ok(ss, MK_SS), "encaps writes K");
  __CPROVER_havoc_slice(ct, MK_CT);
  __CPROVER_havoc_slice(ss, MK_SS);
  return r;
}

/* X25519(scalar, 9) and X25519(scalar, u) in one call (x25519.h). */
static void keypair_dh(uint8_t pk[32], uint8_t out[32],
                       const uint8_t scalar[32], const uint8_t u[32]) {
  __CPROVER_assert(__CPROVER_r_ok(scalar, 32), "X25519 reads the scalar");
  __CPROVER_assert(__CPROVER_r_ok(u, 32), "X25519 reads u");
  __CPROVER_assert(__CPROVER_w_ok(pk, 32), "X25519 writes the 32-byte key");
  __CPROVER_assert(__CPROVER_w_ok(out, 32), "X25519 writes 32 bytes");
  __CPROVER_havoc_slice(pk, 32);
  __CPROVER_havoc_slice(out, 32);
}

int mlkem_x25519_zero_check(const uint8_t out[32]) {
  int r;
  __CPROVER_assert(__CPROVER_r_ok(out, 32), "the check reads 32 bytes");
  return r;
}

static const mlkem_x25519_impl stub = {"stub", NULL, NULL, keypair_dh};

void harness(void) {
  uint8_t *share, *secret;
  const uint8_t *client = malloc(X25519MLKEM768_CLIENT_SHARE_BYTES);
  const uint8_t *coins = malloc(X25519MLKEM768_SERVER_COINS_BYTES);
  __CPROVER_assume(client != NULL && coins != NULL);
  (void)server_share(&stub, share, secret, client, coins);
}
