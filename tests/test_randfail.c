/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_randfail.c - behaviour when the random source fails.
 *
 * Built against a copy of the library compiled with MLKEM_CUSTOM_RANDOMBYTES
 * (see tests/CMakeLists.txt), so this file supplies mlkem_randombytes. In
 * failing mode it writes garbage into the buffer and then reports failure
 * (optionally after a number of successful calls); in succeeding mode it
 * hands out a known byte stream.
 *
 * Checks, for every parameter set:
 *  - keygen and encaps return MLKEM_ERR_RANDOM with every output zeroed
 *    (outputs prefilled with 0xAA), whichever call of the source fails;
 *  - the derandomized functions and decaps still work meanwhile and never
 *    call the source;
 *  - with a succeeding source, keygen equals keygen_derand on the 64 bytes
 *    it drew (d first, then z) and encaps equals encaps_derand on the 32
 *    bytes it drew: the randomized functions use the source's bytes as
 *    FIPS 203 Algorithms 19 and 20 say.
 * The same for the round-3 variants (mlkem_kyber.h), whose keygen draws d
 * and z in two calls of 32 bytes, as the round-3 reference does; and for
 * the expanded keys, of which only encaps_expanded draws randomness.
 */
#include <stdio.h>
#include <string.h>

#include "mlkem.h"
#include "mlkem_hybrid.h"
#include "mlkem_kyber.h"
#include "platform/randombytes.h"
#include "test_util.h"

#define MAX_EK MLKEM1024_EK_BYTES
#define MAX_DK MLKEM1024_DK_BYTES
#define MAX_CT MLKEM1024_CT_BYTES

/* ---- the custom random source ------------------------------------------ */

static int rb_fail;            /* 1: fail (after rb_ok_calls successes) */
static unsigned rb_ok_calls;   /* successful calls allowed before failing */
static unsigned long rb_calls; /* calls so far */
static uint8_t rb_log[256];    /* bytes handed out since rb_reset */
static size_t rb_logged;
static uint8_t rb_counter; /* the known stream: 0x11 * i + counter */

static void rb_reset(int fail, unsigned ok_calls) {
  rb_fail = fail;
  rb_ok_calls = ok_calls;
  rb_calls = 0;
  rb_logged = 0;
}

int mlkem_randombytes(uint8_t *out, size_t len) {
  size_t i;
  rb_calls++;
  if (rb_fail && rb_ok_calls == 0) {
    /* Garbage first: the library must not use or leak it. */
    for (i = 0; i < len; i++) out[i] = (uint8_t)(0x5C ^ i);
    return -1;
  }
  if (rb_ok_calls > 0) rb_ok_calls--;
  for (i = 0; i < len; i++) {
    out[i] = (uint8_t)(0x11 * (unsigned)i + rb_counter++);
    if (rb_logged < sizeof rb_log) rb_log[rb_logged++] = out[i];
  }
  return 0;
}

/* ---- tests -------------------------------------------------------------- */

static void test_set(const mlkem_kem *kem) {
  uint8_t seed[64], m[32], ek[MAX_EK], dk[MAX_DK], ct[MAX_CT], ss[32];
  uint8_t ek2[MAX_EK], dk2[MAX_DK], ct2[MAX_CT], ss2[32], ssd[32];
  unsigned ok_calls;
  int rc;
  memset(seed, 0x3C, sizeof seed);
  memset(m, 0x7E, sizeof m);

  /* A valid key pair from the derandomized function, source failing. */
  rb_reset(1, 0);
  CHECK(kem->keygen_derand(ek, dk, seed) == MLKEM_OK);
  CHECK(kem->encaps_derand(ct, ss, ek, m) == MLKEM_OK);
  CHECK(kem->decaps(ssd, ct, dk) == MLKEM_OK && memcmp(ss, ssd, 32) == 0);
  CHECK(kem->check_ek(ek) == MLKEM_OK && kem->check_dk(dk) == MLKEM_OK);
  CHECKF(rb_calls == 0,
         "%s: derandomized functions called the random "
         "source %lu times",
         kem->name, rb_calls);

  /* keygen: fail on the first, second or third call of the source. */
  for (ok_calls = 0; ok_calls < 3; ok_calls++) {
    rb_reset(1, ok_calls);
    memset(ek2, TEST_FILL, sizeof ek2);
    memset(dk2, TEST_FILL, sizeof dk2);
    rc = kem->keygen(ek2, dk2);
    if (rb_calls > ok_calls) {
      /* The failing call was reached. */
      CHECKF(rc == MLKEM_ERR_RANDOM,
             "%s keygen with the source failing on "
             "call %u: returned %d",
             kem->name, ok_calls + 1, rc);
      CHECKF(test_all_bytes(ek2, kem->ek_bytes, 0) &&
                 test_all_bytes(dk2, kem->dk_bytes, 0),
             "%s keygen with a failing source: outputs not zeroed", kem->name);
    } else {
      /* The source was called fewer times than needed to fail. */
      CHECK(ok_calls > 0 && rc == MLKEM_OK);
    }
    /* Nothing was written past the outputs. */
    CHECK(test_all_bytes(ek2 + kem->ek_bytes, sizeof ek2 - kem->ek_bytes,
                         TEST_FILL));
    CHECK(test_all_bytes(dk2 + kem->dk_bytes, sizeof dk2 - kem->dk_bytes,
                         TEST_FILL));
  }

  /* encaps with a valid ek. */
  for (ok_calls = 0; ok_calls < 2; ok_calls++) {
    rb_reset(1, ok_calls);
    memset(ct2, TEST_FILL, sizeof ct2);
    memset(ss2, TEST_FILL, sizeof ss2);
    rc = kem->encaps(ct2, ss2, ek);
    if (rb_calls > ok_calls) {
      CHECKF(rc == MLKEM_ERR_RANDOM,
             "%s encaps with the source failing on "
             "call %u: returned %d",
             kem->name, ok_calls + 1, rc);
      CHECKF(
          test_all_bytes(ct2, kem->ct_bytes, 0) && test_all_bytes(ss2, 32, 0),
          "%s encaps with a failing source: outputs not zeroed", kem->name);
    } else {
      CHECK(ok_calls > 0 && rc == MLKEM_OK);
    }
  }
  CHECKF(rb_calls >= 1, "%s encaps never called the random source", kem->name);

  /* encaps with an invalid ek and a failing source: an error either way,
   * outputs zeroed. */
  memcpy(ek2, ek, kem->ek_bytes);
  ek2[0] = 0xFF;
  ek2[1] |= 0x0F; /* first coefficient 4095 */
  rb_reset(1, 0);
  memset(ct2, TEST_FILL, sizeof ct2);
  memset(ss2, TEST_FILL, sizeof ss2);
  rc = kem->encaps(ct2, ss2, ek2);
  CHECKF(rc == MLKEM_ERR_INVALID_EK || rc == MLKEM_ERR_RANDOM,
         "%s encaps with a bad ek and a failing source returned %d", kem->name,
         rc);
  CHECK(test_all_bytes(ct2, kem->ct_bytes, 0) && test_all_bytes(ss2, 32, 0));

  /* Derandomized functions and decaps still work after the failures. */
  rb_reset(1, 0);
  CHECK(kem->keygen_derand(ek2, dk2, seed) == MLKEM_OK);
  CHECK(memcmp(ek2, ek, kem->ek_bytes) == 0 &&
        memcmp(dk2, dk, kem->dk_bytes) == 0);
  CHECK(kem->encaps_derand(ct2, ss2, ek, m) == MLKEM_OK);
  CHECK(memcmp(ct2, ct, kem->ct_bytes) == 0 && memcmp(ss2, ss, 32) == 0);
  CHECK(kem->decaps(ss2, ct, dk) == MLKEM_OK && memcmp(ss2, ss, 32) == 0);
  CHECK(rb_calls == 0);

  /* Succeeding source: the randomized functions are the derandomized ones
   * on the drawn bytes, in order (d || z for keygen, m for encaps). */
  rb_reset(0, 0);
  rc = kem->keygen(ek2, dk2);
  CHECK(rc == MLKEM_OK);
  CHECKF(rb_logged == 64, "%s keygen drew %zu random bytes, want 64", kem->name,
         rb_logged);
  /* ML-KEM draws d || z at once; round 3 d, then z. */
  CHECKF(rb_calls == (strncmp(kem->name, "Kyber", 5) == 0 ? 2u : 1u),
         "%s keygen called the random source %lu times", kem->name, rb_calls);
  if (rc == MLKEM_OK && rb_logged == 64) {
    uint8_t ek3[MAX_EK], dk3[MAX_DK];
    CHECK(kem->keygen_derand(ek3, dk3, rb_log) == MLKEM_OK);
    CHECKF(memcmp(ek2, ek3, kem->ek_bytes) == 0 &&
               memcmp(dk2, dk3, kem->dk_bytes) == 0,
           "%s keygen is not keygen_derand(d || z) of its random bytes",
           kem->name);
  }
  rb_reset(0, 0);
  rc = kem->encaps(ct2, ss2, ek);
  CHECK(rc == MLKEM_OK);
  CHECKF(rb_logged == 32, "%s encaps drew %zu random bytes, want 32", kem->name,
         rb_logged);
  if (rc == MLKEM_OK && rb_logged == 32) {
    uint8_t ct3[MAX_CT], ss3[32];
    CHECK(kem->encaps_derand(ct3, ss3, ek, rb_log) == MLKEM_OK);
    CHECKF(memcmp(ct2, ct3, kem->ct_bytes) == 0 && memcmp(ss2, ss3, 32) == 0,
           "%s encaps is not encaps_derand(m) of its random bytes", kem->name);
    CHECK(kem->decaps(ssd, ct2, dk) == MLKEM_OK && memcmp(ssd, ss2, 32) == 0);
  }
  printf(
      "  %s: keygen/encaps fail with MLKEM_ERR_RANDOM and zeroed "
      "outputs; derandomized functions unaffected; success path uses "
      "the drawn bytes\n",
      kem->name);
}

/* Expanded keys: the expansions and decaps_expanded never call the source;
 * encaps_expanded fails with MLKEM_ERR_RANDOM and zeroed outputs, and on
 * success is encaps_expanded_derand of the 32 bytes it drew. */
static void test_expanded(const mlkem_kem *kem) {
  static uint8_t xdk[MLKEM1024_EXPANDED_DK_BYTES];
  static uint8_t xek[MLKEM1024_EXPANDED_EK_BYTES];
  uint8_t seed[64], ek[MAX_EK], dk[MAX_DK], ct[MAX_CT], ct2[MAX_CT];
  uint8_t ss[32], ss2[32];
  memset(seed, 0x6B, sizeof seed);
  rb_reset(1, 0);
  CHECK(kem->keygen_derand(ek, dk, seed) == MLKEM_OK);
  CHECK(kem->expand_dk(xdk, dk) == MLKEM_OK);
  CHECK(kem->expand_dk_from_seed(xdk, seed) == MLKEM_OK);
  CHECK(kem->expand_ek(xek, ek) == MLKEM_OK);
  CHECK(kem->encaps_expanded_derand(ct, ss, xek, seed) == MLKEM_OK);
  CHECK(kem->decaps_expanded(ss2, ct, xdk) == MLKEM_OK);
  CHECK(memcmp(ss, ss2, 32) == 0);
  CHECKF(rb_calls == 0,
         "%s: expansions, encaps_expanded_derand or decaps_expanded called "
         "the random source",
         kem->name);
  rb_reset(1, 0);
  memset(ct, TEST_FILL, sizeof ct);
  memset(ss, TEST_FILL, sizeof ss);
  CHECK(kem->encaps_expanded(ct, ss, xek) == MLKEM_ERR_RANDOM);
  CHECK(test_all_bytes(ct, kem->ct_bytes, 0) && test_all_bytes(ss, 32, 0));
  rb_reset(0, 0);
  CHECK(kem->encaps_expanded(ct, ss, xek) == MLKEM_OK);
  CHECK(rb_logged == 32);
  CHECK(kem->encaps_expanded_derand(ct2, ss2, xek, rb_log) == MLKEM_OK);
  CHECKF(memcmp(ct, ct2, kem->ct_bytes) == 0 && memcmp(ss, ss2, 32) == 0,
         "%s: encaps_expanded is not encaps_expanded_derand(m) of its random "
         "bytes",
         kem->name);
}

/* The hybrids (mlkem_hybrid.h): each randomized function fails with
 * MLKEM_ERR_RANDOM and zeroed outputs, and on success is its derandomized
 * form on the bytes it drew. */
static void test_hybrids(void) {
  uint8_t seed[32], pk[XWING_PK_BYTES], sk[32], ct[XWING_CT_BYTES], ss[32];
  uint8_t pk2[XWING_PK_BYTES], sk2[32], ct2[XWING_CT_BYTES], ss2[32];
  uint8_t cs[X25519MLKEM768_CLIENT_SHARE_BYTES];
  uint8_t st[X25519MLKEM768_CLIENT_STATE_BYTES];
  uint8_t cs2[X25519MLKEM768_CLIENT_SHARE_BYTES];
  uint8_t st2[X25519MLKEM768_CLIENT_STATE_BYTES];
  uint8_t sh[X25519MLKEM768_SERVER_SHARE_BYTES], sec[64];
  uint8_t sh2[X25519MLKEM768_SERVER_SHARE_BYTES], sec2[64];
  memset(seed, 0x5A, sizeof seed);
  rb_reset(1, 0);
  CHECK(xwing_keygen_derand(pk, sk, seed) == MLKEM_OK);
  CHECK(rb_calls == 0);

  rb_reset(1, 0);
  memset(pk2, TEST_FILL, sizeof pk2);
  memset(sk2, TEST_FILL, sizeof sk2);
  CHECK(xwing_keygen(pk2, sk2) == MLKEM_ERR_RANDOM);
  CHECK(test_all_bytes(pk2, sizeof pk2, 0) && test_all_bytes(sk2, 32, 0));
  rb_reset(1, 0);
  memset(ct2, TEST_FILL, sizeof ct2);
  memset(ss2, TEST_FILL, sizeof ss2);
  CHECK(xwing_encaps(ct2, ss2, pk) == MLKEM_ERR_RANDOM);
  CHECK(test_all_bytes(ct2, sizeof ct2, 0) && test_all_bytes(ss2, 32, 0));
  rb_reset(1, 0);
  memset(cs2, TEST_FILL, sizeof cs2);
  memset(st2, TEST_FILL, sizeof st2);
  CHECK(x25519mlkem768_client_share(cs2, st2) == MLKEM_ERR_RANDOM);
  CHECK(test_all_bytes(cs2, sizeof cs2, 0) &&
        test_all_bytes(st2, sizeof st2, 0));

  /* Success: the derandomized functions of the bytes drawn. */
  rb_reset(0, 0);
  CHECK(xwing_keygen(pk2, sk2) == MLKEM_OK);
  CHECK(rb_logged == 32 && memcmp(sk2, rb_log, 32) == 0);
  CHECK(xwing_keygen_derand(pk, sk, rb_log) == MLKEM_OK);
  CHECK(memcmp(pk, pk2, sizeof pk) == 0);
  rb_reset(0, 0);
  CHECK(xwing_encaps(ct2, ss2, pk) == MLKEM_OK);
  CHECK(rb_logged == XWING_ESEED_BYTES);
  CHECK(xwing_encaps_derand(ct, ss, pk, rb_log) == MLKEM_OK);
  CHECK(memcmp(ct, ct2, sizeof ct) == 0 && memcmp(ss, ss2, 32) == 0);
  rb_reset(0, 0);
  CHECK(x25519mlkem768_client_share(cs2, st2) == MLKEM_OK);
  CHECK(rb_logged == X25519MLKEM768_CLIENT_COINS_BYTES);
  CHECK(x25519mlkem768_client_share_derand(cs, st, rb_log) == MLKEM_OK);
  CHECK(memcmp(cs, cs2, sizeof cs) == 0 && memcmp(st, st2, sizeof st) == 0);

  rb_reset(1, 0);
  memset(sh2, TEST_FILL, sizeof sh2);
  memset(sec2, TEST_FILL, sizeof sec2);
  CHECK(x25519mlkem768_server_share(sh2, sec2, cs) == MLKEM_ERR_RANDOM);
  CHECK(test_all_bytes(sh2, sizeof sh2, 0) && test_all_bytes(sec2, 64, 0));
  rb_reset(0, 0);
  CHECK(x25519mlkem768_server_share(sh2, sec2, cs) == MLKEM_OK);
  CHECK(rb_logged == X25519MLKEM768_SERVER_COINS_BYTES);
  CHECK(x25519mlkem768_server_share_derand(sh, sec, cs, rb_log) == MLKEM_OK);
  CHECK(memcmp(sh, sh2, sizeof sh) == 0 && memcmp(sec, sec2, 64) == 0);
  printf(
      "  X-Wing and X25519MLKEM768: the randomized functions fail with "
      "MLKEM_ERR_RANDOM and zeroed outputs; on success they are the "
      "derandomized ones of the drawn bytes\n");
}

int main(void) {
  unsigned s;
  test_backend_banner();
  printf("test_randfail: a failing random source\n");
  for (s = 0; mlkem_kems[s] != NULL; s++) {
    test_set(mlkem_kems[s]);
    test_expanded(mlkem_kems[s]);
  }
  test_hybrids();
  for (s = 0; mlkem_kyber_kems[s] != NULL; s++) test_set(mlkem_kyber_kems[s]);
  return test_summary("test_randfail");
}
