/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* fuzz-sources: (none: the library and fuzz_common.h) */
/*
 * fuzz_tls_server_share.c - libFuzzer target: the TLS server's
 * X25519MLKEM768 key share (mlkem_hybrid.h) for an arbitrary client share.
 *
 * Input: flag byte || client share (1216) || coins (64). Random bytes
 * almost never pass the ML-KEM modulus check, so for a flag byte >= 128
 * every 12-bit value of the client's ek is first reduced mod q. Invariants:
 *  - server_share_derand fails with MLKEM_ERR_INVALID_EK exactly when the
 *    restated FIPS 203 section 7.2 check fails, else with
 *    MLKEM_ERR_X25519_ZERO exactly when X25519 of the client's point is
 *    zero, and every output is then zero;
 *  - it is deterministic;
 *  - on success the share and secret are the draft's, restated from
 *    ML-KEM-768 and X25519: ct || X25519(x, 9) and K || X25519(x, point);
 *  - the client, finishing with a state it made itself, refuses the same
 *    small-order points and never crashes on the share.
 */
#include "fuzz_common.h"
#include "mlkem_hazmat.h"
#include "mlkem_hybrid.h"

#define CS X25519MLKEM768_CLIENT_SHARE_BYTES
#define SS X25519MLKEM768_SERVER_SHARE_BYTES

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Reduces every 12-bit value of ek mod q (ByteEncode_12(ByteDecode_12)). */
static void reduce_ek(uint8_t *ek) {
  size_t i;
  for (i = 0; i + 3 <= MLKEM768_EK_BYTES - 32; i += 3) {
    unsigned a = ek[i] | (unsigned)(ek[i + 1] & 15) << 8;
    unsigned b = ek[i + 1] >> 4 | (unsigned)ek[i + 2] << 4;
    a %= FUZZ_Q;
    b %= FUZZ_Q;
    ek[i] = (uint8_t)a;
    ek[i + 1] = (uint8_t)(a >> 8 | (b & 15) << 4);
    ek[i + 2] = (uint8_t)(b >> 4);
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static uint8_t client[CS], share[SS], share2[SS], want_share[SS];
  static uint8_t state[X25519MLKEM768_CLIENT_STATE_BYTES];
  static uint8_t cshare[CS];
  uint8_t coins[64], secret[64], secret2[64], want[64], ccoins[96];
  int fix = size > 0 && data[0] >= 128;
  int r1, r2, want_rc, rx;

  if (size > 0) {
    data++;
    size--;
  }
  fuzz_take(client, sizeof client, &data, &size);
  fuzz_take(coins, sizeof coins, &data, &size);
  if (fix) reduce_ek(client);

  memset(share, FUZZ_FILL, sizeof share);
  memset(secret, FUZZ_FILL, sizeof secret);
  r1 = x25519mlkem768_server_share_derand(share, secret, client, coins);
  r2 = x25519mlkem768_server_share_derand(share2, secret2, client, coins);
  FUZZ_REQUIRE(r2 == r1 && memcmp(share, share2, SS) == 0 &&
                   memcmp(secret, secret2, 64) == 0,
               "server_share is deterministic");

  /* The draft's server, restated. */
  rx = mlkem_x25519(want + 32, coins + 32, client + MLKEM768_EK_BYTES);
  if (!fuzz_ek_modulus_ok(mlkem_kems[1], client))
    want_rc = MLKEM_ERR_INVALID_EK;
  else
    want_rc = rx;
  FUZZ_REQUIRE(r1 == want_rc,
               "fails exactly on an invalid ek, then on a small-order point");
  if (r1 != MLKEM_OK) {
    FUZZ_REQUIRE(fuzz_all(share, SS, 0) && fuzz_all(secret, 64, 0),
                 "outputs zeroed on error");
  } else {
    FUZZ_REQUIRE(
        mlkem768_encaps_derand(want_share, want, client, coins) == MLKEM_OK,
        "ML-KEM-768 encaps");
    FUZZ_REQUIRE(mlkem_x25519_base(want_share + MLKEM768_CT_BYTES,
                                   coins + 32) == MLKEM_OK,
                 "X25519 base");
    FUZZ_REQUIRE(
        memcmp(share, want_share, SS) == 0 && memcmp(secret, want, 64) == 0,
        "share and secret are the draft's");
  }

  /* A client of its own finishing with an arbitrary server share: the
   * fuzzed client share's bytes, cut to a server share's length. */
  memcpy(ccoins, coins, 64);
  memcpy(ccoins + 64, client, 32);
  FUZZ_REQUIRE(
      x25519mlkem768_client_share_derand(cshare, state, ccoins) == MLKEM_OK,
      "client_share");
  r1 = x25519mlkem768_client_finish(secret, client, state);
  rx = mlkem_x25519(want, ccoins + 64, client + MLKEM768_CT_BYTES);
  FUZZ_REQUIRE(r1 == rx,
               "client_finish refuses exactly the small-order "
               "points");
  if (r1 != MLKEM_OK)
    FUZZ_REQUIRE(fuzz_all(secret, 64, 0), "secret zeroed on error");
  return 0;
}
