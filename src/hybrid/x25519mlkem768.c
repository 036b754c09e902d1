/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * x25519mlkem768.c - the TLS 1.3 key shares of the hybrid group
 * X25519MLKEM768 (@spec{TLS-ECDHE-MLKEM}, codepoint 0x11EC): ML-KEM-768
 * and X25519 side by side, ML-KEM's part first in every byte string
 * (mlkem_hybrid.h), the two secrets concatenated for the key schedule.
 *
 * The client state is its ML-KEM-768 dk then its X25519 private key.
 */
#include <string.h>

#include "platform/ct.h"
#include "platform/ct_testing.h"
#include "hybrid/hybrid.h"
#include "fips203/kem.h"
#include "mlkem.h"
#include "mlkem_hybrid.h"
#include "platform/randombytes.h"

enum {
  MK_EK = MLKEM768_EK_BYTES,
  MK_DK = MLKEM768_DK_BYTES,
  MK_CT = MLKEM768_CT_BYTES,
  MK_SS = MLKEM_SS_BYTES,
  X_LEN = 32
};

_Static_assert(X25519MLKEM768_CLIENT_SHARE_BYTES == MK_EK + X_LEN, "share");
_Static_assert(X25519MLKEM768_SERVER_SHARE_BYTES == MK_CT + X_LEN, "share");
_Static_assert(X25519MLKEM768_SECRET_BYTES == MK_SS + X_LEN, "secret");
_Static_assert(X25519MLKEM768_CLIENT_STATE_BYTES == MK_DK + X_LEN, "state");

/* The all-zero check of an X25519 secret (@spec{RFC8446, sec. 7.4.2}). Its
 * result is public: the secret is zero exactly when the peer's point has
 * small order, whatever the (clamped) private key; so it is declassified
 * for the constant-time check (ct_testing.h) before the calls branch on
 * it. */
static int declassified_zero_check(const uint8_t x[32]) {
  int err = mlkem_x25519_zero_check(x);
  MLKEM_CT_UNPOISON(&err, sizeof err);
  return err;
}

/* The client's key pairs from coins (d || z, then the X25519 private key):
 * share = ek || X25519(x, 9), state = dk || x. */
static void client_share(const mlkem_x25519_impl *x, uint8_t *share,
                         uint8_t *state, const uint8_t *coins) {
  /* Cannot fail: valid pointers and a backend (x came from it). */
  (void)mlkem_k3_kem_keygen_derand(share, state, coins);
  memcpy(state + MK_DK, coins + 64, X_LEN);
  x->scalarmult_base(share + MK_EK, coins + 64);
}

int x25519mlkem768_client_share_derand(
    uint8_t share[X25519MLKEM768_CLIENT_SHARE_BYTES],
    uint8_t state[X25519MLKEM768_CLIENT_STATE_BYTES],
    const uint8_t coins[X25519MLKEM768_CLIENT_COINS_BYTES]) {
  const mlkem_hybrid_out outs[2] = {{share, X25519MLKEM768_CLIENT_SHARE_BYTES},
                                    {state, X25519MLKEM768_CLIENT_STATE_BYTES}};
  int err;
  const mlkem_x25519_impl *x = mlkem_hybrid_enter(
      share == NULL || state == NULL || coins == NULL, outs, 2, &err);
  if (x == NULL) return err;
  client_share(x, share, state, coins);
  return mlkem_hybrid_leave(MLKEM_OK, outs, 2);
}

int x25519mlkem768_client_share(
    uint8_t share[X25519MLKEM768_CLIENT_SHARE_BYTES],
    uint8_t state[X25519MLKEM768_CLIENT_STATE_BYTES]) {
  const mlkem_hybrid_out outs[2] = {{share, X25519MLKEM768_CLIENT_SHARE_BYTES},
                                    {state, X25519MLKEM768_CLIENT_STATE_BYTES}};
  uint8_t coins[X25519MLKEM768_CLIENT_COINS_BYTES];
  int err;
  const mlkem_x25519_impl *x =
      mlkem_hybrid_enter(share == NULL || state == NULL, outs, 2, &err);
  if (x == NULL) return err;
  if (mlkem_randombytes(coins, sizeof coins) != 0)
    err = MLKEM_ERR_RANDOM;
  else
    client_share(x, share, state, coins);
  mlkem_zeroize(coins, sizeof coins);
  return mlkem_hybrid_leave(err, outs, 2);
}

/* The server's answer from coins (m, then its X25519 private key):
 * share = ct || X25519(x, 9), secret = K || X25519(x, client's point). */
static int server_share(const mlkem_x25519_impl *x, uint8_t *share,
                        uint8_t *secret, const uint8_t *client,
                        const uint8_t *coins)
    __contract__(
      requires(readable(x, sizeof *x) &&
               fresh(share, X25519MLKEM768_SERVER_SHARE_BYTES) &&
               fresh(secret, X25519MLKEM768_SECRET_BYTES) &&
               readable(client, X25519MLKEM768_CLIENT_SHARE_BYTES) &&
               readable(coins, X25519MLKEM768_SERVER_COINS_BYTES))
      assigns(bytes(share, X25519MLKEM768_SERVER_SHARE_BYTES),
              bytes(secret, X25519MLKEM768_SECRET_BYTES))
    ) {
  /* Encapsulation runs the @spec{FIPS203, sec. 7.2} check on the client's ek,
   * which the draft requires of the server. */
  int err = mlkem_k3_kem_encaps_derand(share, secret, client, coins);
  if (err != MLKEM_OK) return err;
  x->keypair_dh(share + MK_CT, secret + MK_SS, coins + 32, client + MK_EK);
  return declassified_zero_check(secret + MK_SS);
}

int x25519mlkem768_server_share_derand(
    uint8_t share[X25519MLKEM768_SERVER_SHARE_BYTES],
    uint8_t secret[X25519MLKEM768_SECRET_BYTES],
    const uint8_t client_share[X25519MLKEM768_CLIENT_SHARE_BYTES],
    const uint8_t coins[X25519MLKEM768_SERVER_COINS_BYTES]) {
  const mlkem_hybrid_out outs[2] = {{share, X25519MLKEM768_SERVER_SHARE_BYTES},
                                    {secret, X25519MLKEM768_SECRET_BYTES}};
  int err;
  const mlkem_x25519_impl *x = mlkem_hybrid_enter(
      share == NULL || secret == NULL || client_share == NULL || coins == NULL,
      outs, 2, &err);
  if (x == NULL) return err;
  err = server_share(x, share, secret, client_share, coins);
  return mlkem_hybrid_leave(err, outs, 2);
}

int x25519mlkem768_server_share(
    uint8_t share[X25519MLKEM768_SERVER_SHARE_BYTES],
    uint8_t secret[X25519MLKEM768_SECRET_BYTES],
    const uint8_t client_share[X25519MLKEM768_CLIENT_SHARE_BYTES]) {
  const mlkem_hybrid_out outs[2] = {{share, X25519MLKEM768_SERVER_SHARE_BYTES},
                                    {secret, X25519MLKEM768_SECRET_BYTES}};
  uint8_t coins[X25519MLKEM768_SERVER_COINS_BYTES];
  int err;
  const mlkem_x25519_impl *x = mlkem_hybrid_enter(
      share == NULL || secret == NULL || client_share == NULL, outs, 2, &err);
  if (x == NULL) return err;
  if (mlkem_randombytes(coins, sizeof coins) != 0)
    err = MLKEM_ERR_RANDOM;
  else
    err = server_share(x, share, secret, client_share, coins);
  mlkem_zeroize(coins, sizeof coins);
  return mlkem_hybrid_leave(err, outs, 2);
}

int x25519mlkem768_client_finish(
    uint8_t secret[X25519MLKEM768_SECRET_BYTES],
    const uint8_t server_share[X25519MLKEM768_SERVER_SHARE_BYTES],
    uint8_t state[X25519MLKEM768_CLIENT_STATE_BYTES])
    __contract__(
      requires((secret == NULL ||
                fresh(secret, X25519MLKEM768_SECRET_BYTES)) &&
               (server_share == NULL ||
                readable(server_share, X25519MLKEM768_SERVER_SHARE_BYTES)) &&
               (state == NULL ||
                fresh(state, X25519MLKEM768_CLIENT_STATE_BYTES)))
      assigns(secret != NULL : bytes(secret, X25519MLKEM768_SECRET_BYTES);
              state != NULL : bytes(state, X25519MLKEM768_CLIENT_STATE_BYTES))
      ensures((secret != NULL && server_share != NULL && state != NULL) ||
              return_value == MLKEM_ERR_NULL_ARGUMENT)
      ensures(return_value == MLKEM_OK || secret == NULL ||
              all_zero(secret, X25519MLKEM768_SECRET_BYTES))
    ) {
  const mlkem_hybrid_out outs[1] = {{secret, X25519MLKEM768_SECRET_BYTES}};
  uint8_t point[X_LEN];
  int err;
  const mlkem_x25519_impl *x = mlkem_hybrid_enter(
      secret == NULL || server_share == NULL || state == NULL, outs, 1, &err);
  if (x != NULL) {
    /* ML-KEM.Decaps with the @spec{FIPS203, sec. 7.3} check of the state's dk.
     */
    err = mlkem_k3_kem_decaps(secret, server_share, state);
    if (err == MLKEM_OK) {
      memcpy(point, server_share + MK_CT, X_LEN);
      x->scalarmult(secret + MK_SS, state + MK_DK, point);
      err = declassified_zero_check(secret + MK_SS);
    }
  }
  /* Single-use: the ephemeral key pairs serve one handshake. */
  x25519mlkem768_client_state_wipe(state);
  return x == NULL ? err : mlkem_hybrid_leave(err, outs, 1);
}

void x25519mlkem768_client_state_wipe(
    uint8_t state[X25519MLKEM768_CLIENT_STATE_BYTES]) {
  if (state != NULL) mlkem_zeroize(state, X25519MLKEM768_CLIENT_STATE_BYTES);
}
