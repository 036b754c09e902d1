/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_x25519mlkem768.c - the TLS 1.3 key shares of X25519MLKEM768
 * (mlkem_hybrid.h, draft-ietf-tls-ecdhe-mlkem) against the layout the
 * draft gives, put together here from ML-KEM-768 and X25519 (each tested
 * on its own): client share = ek || X25519 public key, server share =
 * ct || X25519 public key, secret = ML-KEM secret || X25519 secret. Then:
 * every changed byte of each share, X25519 points of small order refused
 * on both sides, the ML-KEM checks, NULL arguments, zeroed outputs, the
 * state wipe, and the state single-use (client_finish wipes it, on success
 * and failure; a second finish fails). Interoperability with Go and
 * pyca/cryptography: tests/hybrid/.
 */
#include <stdio.h>
#include <string.h>

#include "mlkem.h"
#include "mlkem_hazmat.h"
#include "mlkem_hybrid.h"
#include "test_util.h"
#include "x25519_vectors.h"

#define CS X25519MLKEM768_CLIENT_SHARE_BYTES
#define SS X25519MLKEM768_SERVER_SHARE_BYTES
#define SEC X25519MLKEM768_SECRET_BYTES
#define ST X25519MLKEM768_CLIENT_STATE_BYTES
#define EK MLKEM768_EK_BYTES
#define CT MLKEM768_CT_BYTES

typedef struct {
  uint8_t ccoins[96], scoins[64];
  uint8_t cshare[CS], state[ST], sshare[SS], ssecret[SEC], csecret[SEC];
} exchange;

/* client_finish with a copy of state: the tests below finish one state
 * many times (a changed share each time), and client_finish consumes the
 * state it is given. */
static int finish_copy(uint8_t secret[SEC], const uint8_t sshare[SS],
                       const uint8_t state[ST]) {
  uint8_t copy[ST];
  memcpy(copy, state, ST);
  return x25519mlkem768_client_finish(secret, sshare, copy);
}

/* One handshake's key exchange from the rng; checks both sides agree. The
 * state is kept (a copy finishes). */
static void run_exchange(test_rng *rng, exchange *x) {
  test_rng_bytes(rng, x->ccoins, sizeof x->ccoins);
  test_rng_bytes(rng, x->scoins, sizeof x->scoins);
  CHECK(x25519mlkem768_client_share_derand(x->cshare, x->state, x->ccoins) ==
        MLKEM_OK);
  CHECK(x25519mlkem768_server_share_derand(x->sshare, x->ssecret, x->cshare,
                                           x->scoins) == MLKEM_OK);
  CHECK(finish_copy(x->csecret, x->sshare, x->state) == MLKEM_OK);
  CHECK_MEM(x->csecret, x->ssecret, SEC, "client and server secrets");
}

/* The draft's layout, from the parts. */
static void test_layout(test_rng *rng) {
  int i;
  for (i = 0; i < 30; i++) {
    exchange x;
    uint8_t ek[EK], dk[MLKEM768_DK_BYTES], ct[CT], k[32], xpub[32], xs[32];
    run_exchange(rng, &x);
    CHECK(mlkem768_keygen_derand(ek, dk, x.ccoins) == MLKEM_OK);
    CHECK(mlkem_x25519_base(xpub, x.ccoins + 64) == MLKEM_OK);
    CHECK_MEM(x.cshare, ek, EK, "client share: ML-KEM-768 ek first");
    CHECK_MEM(x.cshare + EK, xpub, 32, "client share: then X25519 public");
    CHECK(mlkem768_encaps_derand(ct, k, ek, x.scoins) == MLKEM_OK);
    CHECK(mlkem_x25519_base(xpub, x.scoins + 32) == MLKEM_OK);
    CHECK_MEM(x.sshare, ct, CT, "server share: ML-KEM-768 ct first");
    CHECK_MEM(x.sshare + CT, xpub, 32, "server share: then X25519 public");
    CHECK(mlkem_x25519(xs, x.scoins + 32, x.cshare + EK) == MLKEM_OK);
    CHECK_MEM(x.ssecret, k, 32, "secret: the ML-KEM secret first");
    CHECK_MEM(x.ssecret + 32, xs, 32, "secret: then the X25519 secret");
  }
  for (i = 0; i < 10; i++) {
    uint8_t cshare[CS], state[ST], sshare[SS], s1[SEC], s2[SEC];
    CHECK(x25519mlkem768_client_share(cshare, state) == MLKEM_OK);
    CHECK(x25519mlkem768_server_share(sshare, s1, cshare) == MLKEM_OK);
    CHECK(x25519mlkem768_client_finish(s2, sshare, state) == MLKEM_OK);
    CHECK_MEM(s2, s1, SEC, "random shares agree");
    x25519mlkem768_client_state_wipe(state);
    CHECK(test_all_bytes(state, ST, 0));
  }
  x25519mlkem768_client_state_wipe(NULL);
  printf(
      "  layout against ML-KEM-768 and X25519: 30 derandomized, 10 random"
      "\n");
}

/* The bit of a byte that the sweeps below flip: any of the eight, except
 * the top bit of an X25519 public key's last byte, which X25519 ignores
 * (RFC 7748 section 5 masks it; test_masked_bit checks that). */
static uint8_t sweep_bit(size_t i, size_t x25519_last) {
  return (uint8_t)(1u << (i == x25519_last ? 0 : i % 8));
}

/* Every byte of a client share changed (one bit each): the server refuses
 * an ML-KEM ek that fails the check, and otherwise the client, finishing
 * with its own state, does not reach the server's secret. */
static void test_changed_client_share(test_rng *rng) {
  exchange x;
  size_t i;
  unsigned refused = 0, other = 0, small = 0;
  run_exchange(rng, &x);
  for (i = 0; i < CS; i++) {
    uint8_t sshare[SS], ssecret[SEC], csecret[SEC];
    int r;
    x.cshare[i] ^= sweep_bit(i, CS - 1);
    r = x25519mlkem768_server_share_derand(sshare, ssecret, x.cshare, x.scoins);
    if (r == MLKEM_ERR_INVALID_EK) {
      refused++;
      CHECK(i < EK);
      CHECK(test_all_bytes(sshare, SS, 0) && test_all_bytes(ssecret, SEC, 0));
      CHECKF(mlkem768_check_ek(x.cshare) == MLKEM_ERR_INVALID_EK,
             "byte %zu: refused an ek check_ek accepts", i);
    } else if (r == MLKEM_ERR_X25519_ZERO) {
      small++;
    } else {
      CHECKF(r == MLKEM_OK, "byte %zu: server_share gave %d", i, r);
      r = finish_copy(csecret, sshare, x.state);
      CHECK(r == MLKEM_OK || r == MLKEM_ERR_X25519_ZERO);
      other += memcmp(csecret, ssecret, SEC) != 0;
    }
    x.cshare[i] ^= sweep_bit(i, CS - 1);
  }
  CHECKF(refused + other + small == CS,
         "%u of %d changed client shares still agreed",
         CS - refused - other - small, CS);
  printf(
      "  every byte of a client share changed: %u refused (ek), %u "
      "secrets differ\n",
      refused, other);
}

/* Every byte of a server share changed: the client's secret differs from
 * the server's (ML-KEM's implicit rejection, or another X25519 point). */
static void test_changed_server_share(test_rng *rng) {
  exchange x;
  size_t i;
  unsigned other = 0;
  run_exchange(rng, &x);
  for (i = 0; i < SS; i++) {
    uint8_t csecret[SEC];
    int r;
    x.sshare[i] ^= sweep_bit(i, SS - 1);
    r = finish_copy(csecret, x.sshare, x.state);
    CHECK(r == MLKEM_OK || r == MLKEM_ERR_X25519_ZERO);
    other += memcmp(csecret, x.ssecret, SEC) != 0;
    x.sshare[i] ^= sweep_bit(i, SS - 1);
  }
  CHECKF(other == SS, "%u of %d changed server shares still agreed", SS - other,
         SS);
  printf("  every byte of a server share changed: %u secrets differ\n", other);
}

/* The top bit of an X25519 public key is masked (RFC 7748 section 5):
 * setting it in either share changes nothing. */
static void test_masked_bit(test_rng *rng) {
  exchange x;
  uint8_t sshare[SS], ssecret[SEC], csecret[SEC];
  run_exchange(rng, &x);
  x.cshare[CS - 1] ^= 0x80;
  CHECK(x25519mlkem768_server_share_derand(sshare, ssecret, x.cshare,
                                           x.scoins) == MLKEM_OK);
  CHECK_MEM(ssecret, x.ssecret, SEC, "the client point's top bit is masked");
  x.sshare[SS - 1] ^= 0x80;
  CHECK(finish_copy(csecret, x.sshare, x.state) == MLKEM_OK);
  CHECK_MEM(csecret, x.ssecret, SEC, "the server point's top bit is masked");
  printf("  the top bit of either X25519 point is masked (RFC 7748)\n");
}

/* The encodings of points of small order (x25519_vectors.h): refused by
 * both sides, outputs zeroed. */
static void test_small_order(test_rng *rng) {
  const char *const *points = x25519_small_order_hex;
  size_t i;
  exchange x;
  run_exchange(rng, &x);
  for (i = 0; i < X25519_SMALL_ORDER_POINTS; i++) {
    uint8_t cshare[CS], sshare[SS], secret[SEC];
    memcpy(cshare, x.cshare, CS);
    CHECK(test_hex_decode(cshare + EK, 32, points[i], 64) == 32);
    memset(sshare, TEST_FILL, SS);
    memset(secret, TEST_FILL, SEC);
    CHECKF(x25519mlkem768_server_share_derand(
               sshare, secret, cshare, x.scoins) == MLKEM_ERR_X25519_ZERO,
           "server accepted the client point %s", points[i]);
    CHECK(test_all_bytes(sshare, SS, 0) && test_all_bytes(secret, SEC, 0));
    memcpy(sshare, x.sshare, SS);
    CHECK(test_hex_decode(sshare + CT, 32, points[i], 64) == 32);
    memset(secret, TEST_FILL, SEC);
    CHECKF(finish_copy(secret, sshare, x.state) == MLKEM_ERR_X25519_ZERO,
           "client accepted the server point %s", points[i]);
    CHECK(test_all_bytes(secret, SEC, 0));
  }
  printf("  %zu points of small order refused by server and client\n", i);
}

static void test_errors(test_rng *rng) {
  exchange x;
  uint8_t sshare[SS], secret[SEC], cshare[CS], state[ST];
  run_exchange(rng, &x);
  /* An altered state: its dk fails the FIPS 203 section 7.3 check. */
  memcpy(state, x.state, ST);
  state[MLKEM768_DK_BYTES - 40] ^= 1; /* in H(ek) */
  memset(secret, TEST_FILL, SEC);
  CHECK(x25519mlkem768_client_finish(secret, x.sshare, state) ==
        MLKEM_ERR_INVALID_DK);
  CHECK(test_all_bytes(secret, SEC, 0));
  /* NULL pointers. */
  memset(cshare, TEST_FILL, CS);
  memset(state, TEST_FILL, ST);
  CHECK(x25519mlkem768_client_share_derand(cshare, state, NULL) ==
        MLKEM_ERR_NULL_ARGUMENT);
  CHECK(test_all_bytes(cshare, CS, 0) && test_all_bytes(state, ST, 0));
  CHECK(x25519mlkem768_client_share(NULL, state) == MLKEM_ERR_NULL_ARGUMENT);
  memset(sshare, TEST_FILL, SS);
  memset(secret, TEST_FILL, SEC);
  CHECK(x25519mlkem768_server_share(sshare, secret, NULL) ==
        MLKEM_ERR_NULL_ARGUMENT);
  CHECK(test_all_bytes(sshare, SS, 0) && test_all_bytes(secret, SEC, 0));
  CHECK(x25519mlkem768_server_share_derand(sshare, secret, x.cshare, NULL) ==
        MLKEM_ERR_NULL_ARGUMENT);
  memset(secret, TEST_FILL, SEC);
  CHECK(finish_copy(secret, NULL, x.state) == MLKEM_ERR_NULL_ARGUMENT);
  CHECK(test_all_bytes(secret, SEC, 0));
  CHECK(x25519mlkem768_client_finish(secret, x.sshare, NULL) ==
        MLKEM_ERR_NULL_ARGUMENT);
  printf("  errors: altered state, NULL arguments, zeroed outputs\n");
}

/* The state is single-use, as its ephemeral key pairs are: client_finish
 * wipes it whether it succeeds or fails, and a second finish with it is
 * refused (the wiped dk fails the section 7.3 check) with a zeroed
 * secret. */
static void test_single_use(test_rng *rng) {
  exchange x;
  uint8_t state[ST], sshare[SS], secret[SEC];
  run_exchange(rng, &x);
  memcpy(state, x.state, ST);
  CHECK(x25519mlkem768_client_finish(secret, x.sshare, state) == MLKEM_OK);
  CHECK_MEM(secret, x.ssecret, SEC, "the first finish");
  CHECKF(test_all_bytes(state, ST, 0), "the state wiped by client_finish");
  memset(secret, TEST_FILL, SEC);
  CHECKF(x25519mlkem768_client_finish(secret, x.sshare, state) ==
             MLKEM_ERR_INVALID_DK,
         "a second finish with the same state refused");
  CHECK(test_all_bytes(secret, SEC, 0));
  /* Consumed by a failing finish too: a server point of small order, an
   * altered state, a missing server share. */
  memcpy(state, x.state, ST);
  memcpy(sshare, x.sshare, SS);
  memset(sshare + CT, 0, 32);
  CHECK(x25519mlkem768_client_finish(secret, sshare, state) ==
        MLKEM_ERR_X25519_ZERO);
  CHECKF(test_all_bytes(state, ST, 0), "wiped by a refused finish");
  memcpy(state, x.state, ST);
  state[MLKEM768_DK_BYTES - 40] ^= 1;
  CHECK(x25519mlkem768_client_finish(secret, x.sshare, state) ==
        MLKEM_ERR_INVALID_DK);
  CHECKF(test_all_bytes(state, ST, 0), "wiped by a finish with its dk bad");
  memcpy(state, x.state, ST);
  CHECK(x25519mlkem768_client_finish(secret, NULL, state) ==
        MLKEM_ERR_NULL_ARGUMENT);
  CHECKF(test_all_bytes(state, ST, 0), "wiped by a finish without a share");
  printf("  the client state: wiped by every finish, a second one refused\n");
}

int main(void) {
  test_rng rng;
  test_backend_banner();
  test_rng_init(&rng, "test_x25519mlkem768");
  test_layout(&rng);
  test_changed_client_share(&rng);
  test_changed_server_share(&rng);
  test_masked_bit(&rng);
  test_single_use(&rng);
  test_small_order(&rng);
  test_errors(&rng);
  return test_summary("test_x25519mlkem768");
}
