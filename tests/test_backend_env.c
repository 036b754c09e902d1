/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_backend_env.c - MLKEM_BACKEND naming a backend that does not exist:
 * the library must refuse to compute (MLKEM_ERR_BACKEND, outputs zeroed),
 * report "unavailable", and still run the key checks, which need no
 * backend (but not expand keys, which are in a backend's layout). X25519
 * follows the backend and is refused too. The variable is set here, before the
 * first library call, since the choice is made once per process.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mlkem.h"
#include "mlkem_hazmat.h"
#include "mlkem_hybrid.h"
#include "test_util.h"

int main(void) {
  static uint8_t ek[MLKEM768_EK_BYTES], dk[MLKEM768_DK_BYTES];
  static uint8_t ct[MLKEM768_CT_BYTES], ss[MLKEM_SS_BYTES];
  static uint8_t seed[MLKEM_SEED_BYTES], m[MLKEM_MSG_BYTES];
  static uint8_t dkpke[MLKEM768_KPKE_DK_BYTES];

  CHECK(setenv("MLKEM_BACKEND", "no-such-backend", 1) == 0);
  CHECK(strcmp(mlkem_backend_name(), "unavailable") == 0);

  memset(ek, 0xAA, sizeof ek);
  memset(dk, 0xAA, sizeof dk);
  CHECK(mlkem768_keygen_derand(ek, dk, seed) == MLKEM_ERR_BACKEND);
  CHECK(test_all_bytes(ek, sizeof ek, 0) && test_all_bytes(dk, sizeof dk, 0));
  memset(ek, 0xAA, sizeof ek);
  CHECK(mlkem768_keygen(ek, dk) == MLKEM_ERR_BACKEND);
  CHECK(test_all_bytes(ek, sizeof ek, 0) && test_all_bytes(dk, sizeof dk, 0));

  memset(ek, 0, sizeof ek); /* a valid ek: all coefficients 0 */
  memset(ct, 0xAA, sizeof ct);
  memset(ss, 0xAA, sizeof ss);
  CHECK(mlkem768_encaps_derand(ct, ss, ek, m) == MLKEM_ERR_BACKEND);
  CHECK(test_all_bytes(ct, sizeof ct, 0) && test_all_bytes(ss, sizeof ss, 0));
  memset(ss, 0xAA, sizeof ss);
  CHECK(mlkem768_encaps(ct, ss, ek) == MLKEM_ERR_BACKEND);
  CHECK(test_all_bytes(ss, sizeof ss, 0));
  memset(ss, 0xAA, sizeof ss);
  CHECK(mlkem768_decaps(ss, ct, dk) == MLKEM_ERR_BACKEND);
  CHECK(test_all_bytes(ss, sizeof ss, 0));
  memset(ek, 0xAA, sizeof ek);
  CHECK(mlkem768_kpke_keygen(ek, dkpke, seed) == MLKEM_ERR_BACKEND);
  CHECK(test_all_bytes(ek, sizeof ek, 0));

  /* The checks need only SHA-3: an all-zero ek passes the modulus check. */
  CHECK(mlkem768_check_ek(ek) == MLKEM_OK);
  {
    /* Preparing a key is a check and a hash too; encapsulating is not. */
    uint8_t prep[MLKEM768_PREPARED_EK_BYTES];
    CHECK(mlkem768_prepare_ek(prep, ek) == MLKEM_OK);
    memset(ct, 0xAA, sizeof ct);
    memset(ss, 0xAA, sizeof ss);
    CHECK(mlkem768_encaps_prepared(ct, ss, prep) == MLKEM_ERR_BACKEND);
    CHECK(test_all_bytes(ct, sizeof ct, 0) && test_all_bytes(ss, sizeof ss, 0));
    memset(ss, 0xAA, sizeof ss);
    CHECK(mlkem768_encaps_prepared_derand(ct, ss, prep, m) ==
          MLKEM_ERR_BACKEND);
    CHECK(test_all_bytes(ss, sizeof ss, 0));
    memset(ek, 0xFF, 2); /* coefficient 0 = 4095 */
    CHECK(mlkem768_prepare_ek(prep, ek) == MLKEM_ERR_INVALID_EK);
    CHECK(test_all_bytes(prep, sizeof prep, 0));
    memset(ek, 0, 2);
  }
  {
    /* Expanded keys are in a backend's layout: none without one. */
    static uint8_t xdk[MLKEM768_EXPANDED_DK_BYTES];
    static uint8_t xek[MLKEM768_EXPANDED_EK_BYTES];
    memset(xek, 0xAA, sizeof xek);
    CHECK(mlkem768_expand_ek(xek, ek) == MLKEM_ERR_BACKEND);
    CHECK(test_all_bytes(xek, sizeof xek, 0));
    memset(xdk, 0xAA, sizeof xdk);
    CHECK(mlkem768_expand_dk(xdk, dk) == MLKEM_ERR_BACKEND);
    CHECK(test_all_bytes(xdk, sizeof xdk, 0));
    memset(xdk, 0xAA, sizeof xdk);
    CHECK(mlkem768_expand_dk_from_seed(xdk, seed) == MLKEM_ERR_BACKEND);
    CHECK(test_all_bytes(xdk, sizeof xdk, 0));
    memset(ct, 0xAA, sizeof ct);
    memset(ss, 0xAA, sizeof ss);
    CHECK(mlkem768_encaps_expanded_derand(ct, ss, xek, m) == MLKEM_ERR_BACKEND);
    CHECK(test_all_bytes(ct, sizeof ct, 0) && test_all_bytes(ss, sizeof ss, 0));
    memset(ss, 0xAA, sizeof ss);
    CHECK(mlkem768_encaps_expanded(ct, ss, xek) == MLKEM_ERR_BACKEND);
    CHECK(test_all_bytes(ss, sizeof ss, 0));
    memset(ss, 0xAA, sizeof ss);
    CHECK(mlkem768_decaps_expanded(ss, ct, xdk) == MLKEM_ERR_BACKEND);
    CHECK(test_all_bytes(ss, sizeof ss, 0));
  }
  {
    /* X25519 follows the backend: none, so no X25519 either. */
    uint8_t out[MLKEM_X25519_BYTES], k[MLKEM_X25519_BYTES] = {1};
    uint8_t u[MLKEM_X25519_BYTES] = {9};
    memset(out, 0xAA, sizeof out);
    CHECK(mlkem_x25519(out, k, u) == MLKEM_ERR_BACKEND);
    CHECK(test_all_bytes(out, sizeof out, 0));
    memset(out, 0xAA, sizeof out);
    CHECK(mlkem_x25519_base(out, k) == MLKEM_ERR_BACKEND);
    CHECK(test_all_bytes(out, sizeof out, 0));
  }
  {
    /* The hybrids: none either. */
    static uint8_t hpk[XWING_PK_BYTES], hct[XWING_CT_BYTES];
    static uint8_t hst[X25519MLKEM768_CLIENT_STATE_BYTES];
    uint8_t hsk[32], hss[64], hseed[96] = {3};
    memset(hpk, 0xAA, sizeof hpk);
    memset(hsk, 0xAA, sizeof hsk);
    CHECK(xwing_keygen_derand(hpk, hsk, hseed) == MLKEM_ERR_BACKEND);
    CHECK(test_all_bytes(hpk, sizeof hpk, 0) && test_all_bytes(hsk, 32, 0));
    memset(hct, 0xAA, sizeof hct);
    memset(hss, 0xAA, sizeof hss);
    CHECK(xwing_encaps_derand(hct, hss, hpk, hseed) == MLKEM_ERR_BACKEND);
    CHECK(test_all_bytes(hct, sizeof hct, 0) && test_all_bytes(hss, 32, 0));
    memset(hss, 0xAA, sizeof hss);
    CHECK(xwing_decaps(hss, hct, hsk) == MLKEM_ERR_BACKEND);
    CHECK(test_all_bytes(hss, 32, 0));
    memset(hpk, 0xAA, sizeof hpk);
    memset(hst, 0xAA, sizeof hst);
    CHECK(x25519mlkem768_client_share_derand(hpk, hst, hseed) ==
          MLKEM_ERR_BACKEND);
    CHECK(test_all_bytes(hpk, X25519MLKEM768_CLIENT_SHARE_BYTES, 0) &&
          test_all_bytes(hst, sizeof hst, 0));
    memset(hct, 0xAA, sizeof hct);
    memset(hss, 0xAA, sizeof hss);
    CHECK(x25519mlkem768_server_share_derand(hct, hss, hpk, hseed) ==
          MLKEM_ERR_BACKEND);
    CHECK(test_all_bytes(hct, X25519MLKEM768_SERVER_SHARE_BYTES, 0) &&
          test_all_bytes(hss, 64, 0));
    memset(hss, 0xAA, sizeof hss);
    CHECK(x25519mlkem768_client_finish(hss, hct, hst) == MLKEM_ERR_BACKEND);
    CHECK(test_all_bytes(hss, 64, 0));
  }
  CHECK(strcmp(mlkem_strerror(MLKEM_ERR_BACKEND), "unknown error") != 0);
  printf(
      "MLKEM_BACKEND=no-such-backend: every operation refused, outputs "
      "zeroed, checks still available\n");
  return test_summary("test_backend_env");
}
