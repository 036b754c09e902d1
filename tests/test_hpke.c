/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_hpke.c - the behaviour of include/mlkem_hpke.h, per backend (the
 * published vectors are test_hpke_vectors', Go's interoperability
 * hpke_interop_go's):
 *
 *  - every suite (5 KEMs x 7 KDFs x 4 AEADs) in every mode its KEM has:
 *    several messages sealed and opened in sequence through contexts and
 *    single-shot, exports agreeing on both sides;
 *  - the KEM adapters against the library's own functions: ML-KEM's enc
 *    is mlkemXXX_encaps_derand's ciphertext and its context the key
 *    schedule of that shared secret; X-Wing's likewise with
 *    xwing_encaps_derand and xwing_decaps (on the seed);
 *  - every refusal with its documented error and zeroed outputs: wrong
 *    private key, another suite, truncated and altered enc and ciphertext,
 *    altered aad and info, the sequence number exhausted (set near its end
 *    through the context's state), export-only seal/open, PSK and Auth
 *    inputs that do not fit, export and input lengths beyond the limits, a
 *    non-reduced ML-KEM key, X25519 points of small order, objects not set
 *    up, NULL pointers; names and error strings.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hpke/hpke.h"
#include "mlkem_hazmat.h"
#include "mlkem_hpke.h"
#include "mlkem_hybrid.h"
#include "test_util.h"

static const uint16_t kems[] = {0x0020, 0x0040, 0x0041, 0x0042, 0x647A};
static const uint16_t kdfs[] = {0x0001, 0x0002, 0x0003, 0x0010,
                                0x0011, 0x0012, 0x0013};
static const uint16_t aeads[] = {0x0001, 0x0002, 0x0003, 0xFFFF};
#define N(a) (sizeof(a) / sizeof((a)[0]))

static mlkem_hpke_private_key skR, skR2, skS;
static mlkem_hpke_public_key pkR, pkR2, pkS;
static uint8_t enc[MLKEM_HPKE_MAX_ENC_BYTES],
    enc2[MLKEM_HPKE_MAX_ENC_BYTES + 1];
static uint8_t msg[1100], ct[1200], pt[1200];

static mlkem_hpke_suite suite_of(uint16_t kem, uint16_t kdf, uint16_t aead) {
  mlkem_hpke_suite s;
  s.kem = kem;
  s.kdf = kdf;
  s.aead = aead;
  return s;
}

/* A key pair of kem from a label, imported. */
static void make_keys(uint16_t kem, const char *label,
                      mlkem_hpke_private_key *sk, mlkem_hpke_public_key *pk) {
  uint8_t ikm[48], pkb[MLKEM_HPKE_MAX_PK_BYTES], skb[MLKEM_HPKE_MAX_SK_BYTES];
  size_t npk, nsk;
  test_rng rng;
  test_rng_init(&rng, label);
  test_rng_bytes(&rng, ikm, sizeof ikm);
  CHECK(mlkem_hpke_kem_sizes(kem, &npk, &nsk, NULL) == 0);
  CHECK(mlkem_hpke_derive_keypair(kem, pkb, npk, skb, nsk, ikm, sizeof ikm) ==
        0);
  CHECK(mlkem_hpke_private_key_import(sk, kem, skb, nsk) == 0);
  CHECK(mlkem_hpke_public_key_import(pk, kem, pkb, npk) == 0);
}

/* ---- every suite, every mode -------------------------------------------- */

static void round_trip(mlkem_hpke_suite s, const mlkem_hpke_psk *psk,
                       int auth) {
  mlkem_hpke_sender snd;
  mlkem_hpke_recipient rcv;
  size_t nenc, i;
  uint8_t e1[64], e2[64];
  static const uint8_t info[] = "round trip info";
  int export_only = s.aead == MLKEM_HPKE_AEAD_EXPORT_ONLY, ok = 1;
  CHECK(mlkem_hpke_kem_sizes(s.kem, NULL, NULL, &nenc) == 0);
  CHECKF(mlkem_hpke_setup_sender(&snd, enc, nenc, s, &pkR, info, sizeof info,
                                 psk, auth ? &skS : NULL) == 0,
         "setup sender %04x %04x %04x psk %d auth %d", s.kem, s.kdf, s.aead,
         psk != NULL, auth);
  CHECKF(mlkem_hpke_setup_recipient(&rcv, s, &skR, enc, nenc, info, sizeof info,
                                    psk, auth ? &pkS : NULL) == 0,
         "setup recipient %04x %04x %04x", s.kem, s.kdf, s.aead);
  for (i = 0; !export_only && i < 4; i++) {
    size_t n = i * 337;
    ok &= mlkem_hpke_sender_seal(&snd, ct, n + 16, msg, i, msg, n) == 0;
    ok &= mlkem_hpke_recipient_open(&rcv, pt, n, msg, i, ct, n + 16) == 0;
    ok &= memcmp(pt, msg, n) == 0;
  }
  CHECKF(ok, "4 messages in sequence, %04x %04x %04x", s.kem, s.kdf, s.aead);
  CHECK(mlkem_hpke_sender_seq(&snd) == (export_only ? 0 : 4) &&
        mlkem_hpke_recipient_seq(&rcv) == (export_only ? 0 : 4));
  CHECK(mlkem_hpke_sender_export(&snd, e1, sizeof e1, msg, 7) == 0 &&
        mlkem_hpke_recipient_export(&rcv, e2, sizeof e2, msg, 7) == 0 &&
        memcmp(e1, e2, sizeof e1) == 0);
  CHECK(mlkem_hpke_sender_mode(&snd) ==
        ((psk != NULL ? 1 : 0) | (auth ? 2 : 0)));
  /* Single-shot export: what the recipient's context of that enc exports
   * (and the sender's own single-shot export agrees with a receive). */
  CHECKF(mlkem_hpke_receive_export(s, e2, sizeof e2, &skR, enc, nenc, info,
                                   sizeof info, msg, 7, psk,
                                   auth ? &pkS : NULL) == 0 &&
             memcmp(e1, e2, sizeof e1) == 0,
         "single-shot receive export %04x %04x %04x", s.kem, s.kdf, s.aead);
  CHECKF(mlkem_hpke_send_export(s, enc2, nenc, e1, sizeof e1, &pkR, info,
                                sizeof info, msg, 3, psk,
                                auth ? &skS : NULL) == 0 &&
             mlkem_hpke_receive_export(s, e2, sizeof e2, &skR, enc2, nenc, info,
                                       sizeof info, msg, 3, psk,
                                       auth ? &pkS : NULL) == 0 &&
             memcmp(e1, e2, sizeof e1) == 0,
         "single-shot send export %04x %04x %04x", s.kem, s.kdf, s.aead);
  if (!export_only) {
    /* Single-shot: enc || ct in one buffer, as Go's hpke.Seal writes. */
    static uint8_t wire[MLKEM_HPKE_MAX_ENC_BYTES + 1100 + 16];
    CHECKF(mlkem_hpke_seal(s, wire, nenc, wire + nenc, 1016, &pkR, info,
                           sizeof info, NULL, 0, msg, 1000, psk,
                           auth ? &skS : NULL) == 0 &&
               mlkem_hpke_open(s, pt, 1000, &skR, wire, nenc, info, sizeof info,
                               NULL, 0, wire + nenc, 1016, psk,
                               auth ? &pkS : NULL) == 0 &&
               memcmp(pt, msg, 1000) == 0,
           "single-shot %04x %04x %04x", s.kem, s.kdf, s.aead);
  }
  mlkem_hpke_sender_wipe(&snd);
  mlkem_hpke_recipient_wipe(&rcv);
  CHECK(test_all_bytes((const uint8_t *)&snd, sizeof snd, 0));
}

static void test_every_suite(void) {
  static const uint8_t pskb[32] = {1, 2, 3}, pskid[] = "id";
  mlkem_hpke_psk psk = {pskb, sizeof pskb, pskid, sizeof pskid};
  size_t k, d, a;
  unsigned runs = 0;
  for (k = 0; k < N(kems); k++) {
    make_keys(kems[k], "every suite R", &skR, &pkR);
    make_keys(kems[k], "every suite S", &skS, &pkS);
    for (d = 0; d < N(kdfs); d++)
      for (a = 0; a < N(aeads); a++) {
        mlkem_hpke_suite s = suite_of(kems[k], kdfs[d], aeads[a]);
        CHECK(mlkem_hpke_suite_check(s) == 0);
        round_trip(s, NULL, 0);
        round_trip(s, &psk, 0);
        runs += 2;
        if (kems[k] == MLKEM_HPKE_KEM_DHKEM_X25519_HKDF_SHA256) {
          round_trip(s, NULL, 1);
          round_trip(s, &psk, 1);
          runs += 2;
        }
      }
  }
  printf("round trips: %u (suites x modes)\n", runs);
}

/* ---- the KEMs against the library's own functions ------------------------ */

static void test_adapters(void) {
  static uint8_t pk[MLKEM_HPKE_MAX_PK_BYTES], sk[MLKEM_HPKE_MAX_SK_BYTES];
  static uint8_t ctb[MLKEM1024_CT_BYTES], dk[MLKEM1024_DK_BYTES];
  uint8_t ss[32], coins[64], ikm[40];
  mlkem_hpke_sender snd;
  mlkem_hpke_recipient rcv;
  mlkem_hpke_context_state want;
  mlkem_hpke_suite s = suite_of(0x0041, 0x0001, 0x0001);
  test_rng rng;
  test_rng_init(&rng, "adapters");
  test_rng_bytes(&rng, coins, sizeof coins);
  test_rng_bytes(&rng, ikm, sizeof ikm);

  /* ML-KEM-768: sk is the seed, pk its ek; enc is encaps_derand's ct. */
  CHECK(mlkem_hpke_derive_keypair(0x0041, pk, 1184, sk, 64, ikm, 40) == 0);
  CHECK(mlkem768_keygen_derand(ctb, dk, sk) == 0 && memcmp(ctb, pk, 1184) == 0);
  CHECK(mlkem_hpke_public_key_import(&pkR, 0x0041, pk, 1184) == 0);
  CHECK(mlkem_hpke_private_key_import(&skR, 0x0041, sk, 64) == 0);
  CHECK(mlkem_hpke_setup_sender_derand(&snd, enc, 1088, s, &pkR, NULL, 0, NULL,
                                       NULL, coins, 32) == 0);
  CHECK(mlkem768_encaps_derand(ctb, ss, pk, coins) == 0);
  CHECK_MEM(enc, ctb, 1088, "ML-KEM-768 enc is mlkem768_encaps_derand's ct");
  CHECK(mlkem_hpke_key_schedule(&want, s, 0, ss, 32, NULL, 0, NULL) == 0);
  CHECK_MEM(&snd.s, &want, sizeof want, "ML-KEM-768 context from ss");
  CHECK(mlkem_hpke_setup_recipient(&rcv, s, &skR, enc, 1088, NULL, 0, NULL,
                                   NULL) == 0);
  CHECK_MEM(&rcv.s, &want, sizeof want, "ML-KEM-768 recipient context");
  CHECK(mlkem_hpke_setup_sender_derand(&snd, enc, 1088, s, &pkR, NULL, 0, NULL,
                                       NULL, coins,
                                       31) == MLKEM_HPKE_ERR_LENGTH);

  /* X-Wing: xwing_keygen_derand of the derived seed, xwing_encaps_derand
   * and xwing_decaps on the seed. */
  s.kem = 0x647A;
  CHECK(mlkem_hpke_derive_keypair(0x647A, pk, 1216, sk, 32, ikm, 40) == 0);
  CHECK(xwing_keygen_derand(ctb, dk, sk) == 0 && memcmp(ctb, pk, 1216) == 0);
  CHECK(mlkem_hpke_public_key_import(&pkR, 0x647A, pk, 1216) == 0);
  CHECK(mlkem_hpke_private_key_import(&skR, 0x647A, sk, 32) == 0);
  CHECK(mlkem_hpke_setup_sender_derand(&snd, enc, 1120, s, &pkR, NULL, 0, NULL,
                                       NULL, coins, 64) == 0);
  CHECK(xwing_encaps_derand(ctb, ss, pk, coins) == 0);
  CHECK_MEM(enc, ctb, 1120, "X-Wing enc is xwing_encaps_derand's ct");
  CHECK(mlkem_hpke_key_schedule(&want, s, 0, ss, 32, NULL, 0, NULL) == 0);
  CHECK_MEM(&snd.s, &want, sizeof want, "X-Wing context from ss");
  /* An altered ciphertext: implicit rejection in both, the same secret. */
  enc[5] ^= 1;
  CHECK(xwing_decaps(ss, enc, sk) == 0);
  CHECK(mlkem_hpke_key_schedule(&want, s, 0, ss, 32, NULL, 0, NULL) == 0);
  CHECK(mlkem_hpke_setup_recipient(&rcv, s, &skR, enc, 1120, NULL, 0, NULL,
                                   NULL) == 0);
  CHECK_MEM(&rcv.s, &want, sizeof want,
            "X-Wing decap of an altered enc is "
            "xwing_decaps's");
  mlkem_hpke_sender_wipe(&snd);
  mlkem_hpke_recipient_wipe(&rcv);
}

/* ---- refusals -------------------------------------------------------------
 */

/* Fills with a pattern, so that zeroing shows. */
static void dirty(void *p, size_t n) {
  memset(p, 0xA5, n);
}

static void test_wrong_inputs(uint16_t kem) {
  mlkem_hpke_suite s = suite_of(kem, 0x0001, 0x0001), t;
  mlkem_hpke_sender snd;
  mlkem_hpke_recipient rcv;
  size_t nenc, i;
  const size_t n = 100;
  static const uint8_t info[] = "info", aad[] = "aad";
  char what[64];
  CHECK(mlkem_hpke_kem_sizes(kem, NULL, NULL, &nenc) == 0);
  snprintf(what, sizeof what, "kem %04x", kem);
  make_keys(kem, "wrong R", &skR, &pkR);
  make_keys(kem, "wrong R2", &skR2, &pkR2);
  CHECK(mlkem_hpke_seal(s, enc, nenc, ct, n + 16, &pkR, info, sizeof info, aad,
                        sizeof aad, msg, n, NULL, NULL) == 0);
  memcpy(enc2, enc, nenc);

#define OPEN_FAILS(want, suite, key, e, elen, inf, ilen, a, alen, c, clen,    \
                   plen)                                                      \
  do {                                                                        \
    dirty(pt, sizeof pt);                                                     \
    CHECKF(mlkem_hpke_open(suite, pt, plen, key, e, elen, inf, ilen, a, alen, \
                           c, clen, NULL, NULL) == (want) &&                  \
               test_all_bytes(pt, plen, 0),                                   \
           "%s: %s refused with %s, pt zeroed", what, #key " " #e " " #c,     \
           #want);                                                            \
  } while (0)

  /* It opens as it is. */
  CHECK(mlkem_hpke_open(s, pt, n, &skR, enc, nenc, info, sizeof info, aad,
                        sizeof aad, ct, n + 16, NULL, NULL) == 0 &&
        memcmp(pt, msg, n) == 0);
  /* Another private key (implicit rejection, or another DH). */
  OPEN_FAILS(MLKEM_ERR_AEAD_TAG, s, &skR2, enc, nenc, info, sizeof info, aad,
             sizeof aad, ct, n + 16, n);
  /* Another KDF, another AEAD: another key schedule. */
  t = s;
  t.kdf = 0x0003;
  OPEN_FAILS(MLKEM_ERR_AEAD_TAG, t, &skR, enc, nenc, info, sizeof info, aad,
             sizeof aad, ct, n + 16, n);
  t = s;
  t.aead = 0x0003;
  OPEN_FAILS(MLKEM_ERR_AEAD_TAG, t, &skR, enc, nenc, info, sizeof info, aad,
             sizeof aad, ct, n + 16, n);
  /* Another KEM than the key's, unknown identifiers. */
  t = s;
  t.kem = kem == 0x0041 ? 0x0042 : 0x0041;
  OPEN_FAILS(MLKEM_HPKE_ERR_SUITE, t, &skR, enc, nenc, info, sizeof info, aad,
             sizeof aad, ct, n + 16, n);
  t = s;
  t.kdf = 0x0004;
  OPEN_FAILS(MLKEM_HPKE_ERR_SUITE, t, &skR, enc, nenc, info, sizeof info, aad,
             sizeof aad, ct, n + 16, n);
  t = s;
  t.aead = 0x0004;
  OPEN_FAILS(MLKEM_HPKE_ERR_SUITE, t, &skR, enc, nenc, info, sizeof info, aad,
             sizeof aad, ct, n + 16, n);
  /* Truncated enc and ciphertext, lengths that do not fit. */
  OPEN_FAILS(MLKEM_HPKE_ERR_LENGTH, s, &skR, enc, nenc - 1, info, sizeof info,
             aad, sizeof aad, ct, n + 16, n);
  OPEN_FAILS(MLKEM_ERR_AEAD_TAG, s, &skR, enc, nenc, info, sizeof info, aad,
             sizeof aad, ct, n + 15, n - 1);
  OPEN_FAILS(MLKEM_HPKE_ERR_LENGTH, s, &skR, enc, nenc, info, sizeof info, aad,
             sizeof aad, ct, 15, 0);
  OPEN_FAILS(MLKEM_HPKE_ERR_LENGTH, s, &skR, enc, nenc, info, sizeof info, aad,
             sizeof aad, ct, n + 16, n + 1);
  /* Other info, other aad. */
  OPEN_FAILS(MLKEM_ERR_AEAD_TAG, s, &skR, enc, nenc, info, sizeof info - 1, aad,
             sizeof aad, ct, n + 16, n);
  OPEN_FAILS(MLKEM_ERR_AEAD_TAG, s, &skR, enc, nenc, info, sizeof info, aad,
             sizeof aad - 1, ct, n + 16, n);
  /* Every byte of the ciphertext and tag, and some of enc, flipped. */
  {
    int ok = 1;
    for (i = 0; i < n + 16; i += 7) {
      ct[i] ^= 0x10;
      ok &= mlkem_hpke_open(s, pt, n, &skR, enc, nenc, info, sizeof info, aad,
                            sizeof aad, ct, n + 16, NULL,
                            NULL) == MLKEM_ERR_AEAD_TAG &&
            test_all_bytes(pt, n, 0);
      ct[i] ^= 0x10;
    }
    CHECKF(ok, "%s: altered ciphertexts refused, pt zeroed", what);
    ok = 1;
    for (i = 0; i < nenc; i += nenc / 8) {
      int err;
      enc[i] ^= 0x02;
      err = mlkem_hpke_open(s, pt, n, &skR, enc, nenc, info, sizeof info, aad,
                            sizeof aad, ct, n + 16, NULL, NULL);
      ok &= err == MLKEM_ERR_AEAD_TAG && test_all_bytes(pt, n, 0);
      enc[i] ^= 0x02;
    }
    CHECKF(ok, "%s: altered encs refused, pt zeroed", what);
  }
  /* Setups that fail zero the context and enc. */
  dirty(&snd, sizeof snd);
  dirty(enc2, nenc);
  CHECK(mlkem_hpke_setup_sender(&snd, enc2, nenc + 1, s, &pkR, NULL, 0, NULL,
                                NULL) == MLKEM_HPKE_ERR_LENGTH &&
        test_all_bytes((uint8_t *)&snd, sizeof snd, 0) &&
        test_all_bytes(enc2, nenc, 0));
  /* A sender's public key (Auth) for a KEM without AuthDecap. */
  dirty(&rcv, sizeof rcv);
  if (kem != MLKEM_HPKE_KEM_DHKEM_X25519_HKDF_SHA256)
    CHECK(mlkem_hpke_setup_recipient(&rcv, s, &skR, enc, nenc, NULL, 0, NULL,
                                     &pkR2) == MLKEM_HPKE_ERR_MODE &&
          test_all_bytes((uint8_t *)&rcv, sizeof rcv, 0));
}

/* The sequence number near its end, set through the context's state (the
 * test's hook: the members are private to the library). */
static void test_message_limit(void) {
  mlkem_hpke_suite s = suite_of(0x0020, 0x0001, 0x0001);
  mlkem_hpke_sender snd;
  mlkem_hpke_recipient rcv;
  make_keys(0x0020, "limit", &skR, &pkR);
  CHECK(mlkem_hpke_setup_sender(&snd, enc, 32, s, &pkR, NULL, 0, NULL, NULL) ==
        0);
  CHECK(mlkem_hpke_setup_recipient(&rcv, s, &skR, enc, 32, NULL, 0, NULL,
                                   NULL) == 0);
  snd.s.seq = UINT64_MAX - 1;
  rcv.s.seq = UINT64_MAX - 1;
  /* The last sequence number still works, and its nonce is the last. */
  CHECK(mlkem_hpke_sender_seal(&snd, ct, 20, NULL, 0, msg, 4) == 0);
  CHECK(mlkem_hpke_recipient_open(&rcv, pt, 4, NULL, 0, ct, 20) == 0 &&
        memcmp(pt, msg, 4) == 0);
  CHECK(mlkem_hpke_sender_seq(&snd) == UINT64_MAX);
  dirty(ct, 20);
  CHECK(mlkem_hpke_sender_seal(&snd, ct, 20, NULL, 0, msg, 4) ==
            MLKEM_HPKE_ERR_MESSAGE_LIMIT &&
        test_all_bytes(ct, 20, 0));
  dirty(pt, 4);
  CHECK(mlkem_hpke_recipient_open(&rcv, pt, 4, NULL, 0, ct, 20) ==
            MLKEM_HPKE_ERR_MESSAGE_LIMIT &&
        test_all_bytes(pt, 4, 0));
  CHECK(mlkem_hpke_sender_seq(&snd) == UINT64_MAX);
  /* Export still works. */
  CHECK(mlkem_hpke_sender_export(&snd, pt, 8, NULL, 0) == 0);
  /* A failed open leaves the sequence number: the next opens. */
  rcv.s.seq = 0;
  snd.s.seq = 0;
  CHECK(mlkem_hpke_sender_seal(&snd, ct, 20, NULL, 0, msg, 4) == 0);
  ct[0] ^= 1;
  CHECK(mlkem_hpke_recipient_open(&rcv, pt, 4, NULL, 0, ct, 20) ==
        MLKEM_ERR_AEAD_TAG);
  ct[0] ^= 1;
  CHECK(mlkem_hpke_recipient_seq(&rcv) == 0 &&
        mlkem_hpke_recipient_open(&rcv, pt, 4, NULL, 0, ct, 20) == 0);
  /* A message opened out of order does not open. */
  CHECK(mlkem_hpke_sender_seal(&snd, ct, 20, NULL, 0, msg, 4) == 0);
  CHECK(mlkem_hpke_sender_seal(&snd, ct, 20, NULL, 0, msg, 4) == 0);
  CHECK(mlkem_hpke_recipient_open(&rcv, pt, 4, NULL, 0, ct, 20) ==
        MLKEM_ERR_AEAD_TAG);
  mlkem_hpke_sender_wipe(&snd);
  mlkem_hpke_recipient_wipe(&rcv);
  /* A wiped context is refused. */
  CHECK(mlkem_hpke_sender_seal(&snd, ct, 20, NULL, 0, msg, 4) ==
        MLKEM_HPKE_ERR_STATE);
  CHECK(mlkem_hpke_sender_export(&snd, pt, 8, NULL, 0) == MLKEM_HPKE_ERR_STATE);
  CHECK(mlkem_hpke_sender_mode(&snd) == -1);
}

static void test_modes_and_limits(void) {
  static const uint8_t pskb[32] = {9};
  static uint8_t big[70000];
  mlkem_hpke_psk psk = {pskb, sizeof pskb, pskb, 0};
  mlkem_hpke_suite s = suite_of(0x0041, 0x0001, 0x0001);
  mlkem_hpke_sender snd;
  mlkem_hpke_recipient rcv;
  make_keys(0x0041, "modes R", &skR, &pkR);
  make_keys(0x0041, "modes S", &skS, &pkS);
  /* A PSK without its identifier, and the reverse. */
  CHECK(mlkem_hpke_setup_sender(&snd, enc, 1088, s, &pkR, NULL, 0, &psk,
                                NULL) == MLKEM_HPKE_ERR_MODE);
  psk.psk_id_len = 3;
  psk.psk_len = 0;
  CHECK(mlkem_hpke_setup_sender(&snd, enc, 1088, s, &pkR, NULL, 0, &psk,
                                NULL) == MLKEM_HPKE_ERR_MODE);
  /* Auth with ML-KEM: no AuthEncap. */
  CHECK(mlkem_hpke_setup_sender(&snd, enc, 1088, s, &pkR, NULL, 0, NULL,
                                &skS) == MLKEM_HPKE_ERR_MODE);
  CHECK(mlkem_hpke_setup_recipient(&rcv, s, &skR, enc, 1088, NULL, 0, NULL,
                                   &pkS) == MLKEM_HPKE_ERR_MODE);
  /* Export lengths: 255 Nh with HKDF-SHA256, 65,535 one-stage. */
  CHECK(mlkem_hpke_setup_sender(&snd, enc, 1088, s, &pkR, NULL, 0, NULL,
                                NULL) == 0);
  CHECK(mlkem_hpke_sender_export(&snd, big, 255 * 32, NULL, 0) == 0);
  dirty(big, 255 * 32 + 1);
  CHECK(mlkem_hpke_sender_export(&snd, big, 255 * 32 + 1, NULL, 0) ==
            MLKEM_HPKE_ERR_LENGTH &&
        test_all_bytes(big, 255 * 32 + 1, 0));
  s.kdf = 0x0013;
  CHECK(mlkem_hpke_setup_sender(&snd, enc, 1088, s, &pkR, NULL, 0, NULL,
                                NULL) == 0);
  CHECK(mlkem_hpke_sender_export(&snd, big, 65535, big, 70000) == 0);
  CHECK(mlkem_hpke_sender_export(&snd, big, 65536, NULL, 0) ==
        MLKEM_HPKE_ERR_LENGTH);
  /* One-stage inputs over 65,535 bytes (two-byte length prefixes); HKDF's
   * are not limited. */
  CHECK(mlkem_hpke_setup_sender(&snd, enc, 1088, s, &pkR, big, 65535, NULL,
                                NULL) == 0);
  dirty(enc, 1088);
  CHECK(mlkem_hpke_setup_sender(&snd, enc, 1088, s, &pkR, big, 65536, NULL,
                                NULL) == MLKEM_HPKE_ERR_LENGTH &&
        test_all_bytes(enc, 1088, 0));
  psk.psk = big;
  psk.psk_len = 65536;
  CHECK(mlkem_hpke_setup_sender(&snd, enc, 1088, s, &pkR, NULL, 0, &psk,
                                NULL) == MLKEM_HPKE_ERR_LENGTH);
  s.kdf = 0x0001;
  CHECK(mlkem_hpke_setup_sender(&snd, enc, 1088, s, &pkR, big, 70000, &psk,
                                NULL) == 0);
  /* Single-shot export: its limits and zeroed outputs. */
  s.kdf = 0x0001;
  dirty(big, 8161);
  dirty(enc, 1088);
  CHECK(mlkem_hpke_send_export(s, enc, 1088, big, 255 * 32 + 1, &pkR, NULL, 0,
                               NULL, 0, NULL, NULL) == MLKEM_HPKE_ERR_LENGTH &&
        test_all_bytes(enc, 1088, 0) && test_all_bytes(big, 8161, 0));
  dirty(big, 32);
  CHECK(mlkem_hpke_receive_export(s, big, 32, &skR, enc, 1087, NULL, 0, NULL, 0,
                                  NULL, NULL) == MLKEM_HPKE_ERR_LENGTH &&
        test_all_bytes(big, 32, 0));
  /* Export-only refuses seal and open. */
  s.aead = 0xFFFF;
  CHECK(mlkem_hpke_setup_sender(&snd, enc, 1088, s, &pkR, NULL, 0, NULL,
                                NULL) == 0);
  dirty(ct, 16);
  CHECK(mlkem_hpke_sender_seal(&snd, ct, 16, NULL, 0, NULL, 0) ==
            MLKEM_HPKE_ERR_EXPORT_ONLY &&
        test_all_bytes(ct, 16, 0));
  CHECK(mlkem_hpke_seal(s, enc, 1088, ct, 16, &pkR, NULL, 0, NULL, 0, NULL, 0,
                        NULL, NULL) == MLKEM_HPKE_ERR_EXPORT_ONLY &&
        test_all_bytes(enc, 1088, 0));
  mlkem_hpke_sender_wipe(&snd);
}

static void test_keys(void) {
  static uint8_t pk[MLKEM_HPKE_MAX_PK_BYTES], pk2[MLKEM_HPKE_MAX_PK_BYTES];
  uint8_t sk[64], sk2[64];
  mlkem_hpke_sender snd;
  size_t k;
  mlkem_hpke_suite s = suite_of(0x0020, 0x0001, 0x0001);
  for (k = 0; k < N(kems); k++) {
    size_t npk, nsk, nenc;
    CHECK(mlkem_hpke_kem_sizes(kems[k], &npk, &nsk, &nenc) == 0);
    CHECK(mlkem_hpke_keygen(kems[k], pk, npk, sk, nsk) == 0);
    CHECK(mlkem_hpke_private_key_import(&skR, kems[k], sk, nsk) == 0);
    CHECK(mlkem_hpke_private_key_public(&skR, pk2, npk) == 0 &&
          memcmp(pk, pk2, npk) == 0);
    CHECK(mlkem_hpke_private_key_bytes(&skR, sk2, nsk) == 0 &&
          memcmp(sk, sk2, nsk) == 0);
    CHECK(mlkem_hpke_private_key_kem(&skR) == kems[k]);
    CHECK(mlkem_hpke_public_key_import(&pkR, kems[k], pk, npk) == 0 &&
          mlkem_hpke_public_key_bytes(&pkR, pk2, npk) == 0 &&
          memcmp(pk, pk2, npk) == 0 &&
          mlkem_hpke_public_key_kem(&pkR) == kems[k]);
    /* Wrong lengths, zeroed outputs. */
    dirty(pk, npk);
    dirty(sk, nsk);
    CHECK(mlkem_hpke_keygen(kems[k], pk, npk - 1, sk, nsk) ==
              MLKEM_HPKE_ERR_LENGTH &&
          test_all_bytes(pk, npk - 1, 0) && test_all_bytes(sk, nsk, 0));
    CHECK(mlkem_hpke_private_key_import(&skR, kems[k], sk, nsk + 1) ==
              MLKEM_HPKE_ERR_LENGTH &&
          test_all_bytes((const uint8_t *)&skR, sizeof skR, 0));
    CHECK(mlkem_hpke_public_key_import(&pkR, kems[k], pk, npk - 1) ==
          MLKEM_HPKE_ERR_LENGTH);
    CHECK(mlkem_hpke_private_key_public(&skR, pk2, npk) ==
          MLKEM_HPKE_ERR_STATE);
  }
  CHECK(mlkem_hpke_kem_sizes(0x0010, NULL, NULL, NULL) == MLKEM_HPKE_ERR_SUITE);
  CHECK(mlkem_hpke_keygen(0x0011, pk, 97, sk, 48) == MLKEM_HPKE_ERR_SUITE);
  /* A non-reduced ML-KEM ek (a 12-bit value 0xFFF): EncapError at import;
   * the same inside X-Wing's key. */
  memset(pk, 0xFF, sizeof pk);
  CHECK(mlkem_hpke_public_key_import(&pkR, 0x0041, pk, 1184) ==
        MLKEM_ERR_INVALID_EK);
  CHECK(mlkem_hpke_public_key_import(&pkR, 0x647A, pk, 1216) ==
            MLKEM_ERR_INVALID_EK &&
        test_all_bytes((const uint8_t *)&pkR, sizeof pkR, 0));
  /* DHKEM: a recipient key of small order (u = 0, u = 1) is refused at
   * Encap (ValidationError), an enc of small order at Decap. */
  memset(pk, 0, 32);
  CHECK(mlkem_hpke_public_key_import(&pkR, 0x0020, pk, 32) == 0);
  dirty(enc, 32);
  CHECK(mlkem_hpke_setup_sender(&snd, enc, 32, s, &pkR, NULL, 0, NULL, NULL) ==
            MLKEM_ERR_X25519_ZERO &&
        test_all_bytes(enc, 32, 0));
  make_keys(0x0020, "small order", &skR, &pkR2);
  pk[0] = 1;
  dirty(pt, 8);
  CHECK(mlkem_hpke_open(s, pt, 8, &skR, pk, 32, NULL, 0, NULL, 0, ct, 24, NULL,
                        NULL) == MLKEM_ERR_X25519_ZERO &&
        test_all_bytes(pt, 8, 0));
  /* Objects not set up. */
  mlkem_hpke_private_key_wipe(&skR);
  CHECK(mlkem_hpke_open(s, pt, 8, &skR, pk, 32, NULL, 0, NULL, 0, ct, 24, NULL,
                        NULL) == MLKEM_HPKE_ERR_STATE);
  mlkem_hpke_public_key_wipe(&pkR);
  CHECK(mlkem_hpke_seal(s, enc, 32, ct, 24, &pkR, NULL, 0, NULL, 0, msg, 8,
                        NULL, NULL) == MLKEM_HPKE_ERR_STATE);
}

static void test_null_arguments(void) {
  mlkem_hpke_suite s = suite_of(0x0020, 0x0001, 0x0001);
  mlkem_hpke_sender snd;
  mlkem_hpke_recipient rcv;
  make_keys(0x0020, "null", &skR, &pkR);
  dirty(enc, 32);
  CHECK(mlkem_hpke_setup_sender(NULL, enc, 32, s, &pkR, NULL, 0, NULL, NULL) ==
            MLKEM_ERR_NULL_ARGUMENT &&
        test_all_bytes(enc, 32, 0));
  CHECK(mlkem_hpke_setup_sender(&snd, NULL, 32, s, &pkR, NULL, 0, NULL, NULL) ==
        MLKEM_ERR_NULL_ARGUMENT);
  CHECK(mlkem_hpke_setup_sender(&snd, enc, 32, s, NULL, NULL, 0, NULL, NULL) ==
        MLKEM_ERR_NULL_ARGUMENT);
  CHECK(mlkem_hpke_setup_sender(&snd, enc, 32, s, &pkR, NULL, 3, NULL, NULL) ==
        MLKEM_ERR_NULL_ARGUMENT);
  CHECK(mlkem_hpke_setup_sender_derand(&snd, enc, 32, s, &pkR, NULL, 0, NULL,
                                       NULL, NULL,
                                       32) == MLKEM_ERR_NULL_ARGUMENT);
  CHECK(mlkem_hpke_setup_recipient(&rcv, s, NULL, enc, 32, NULL, 0, NULL,
                                   NULL) == MLKEM_ERR_NULL_ARGUMENT);
  CHECK(mlkem_hpke_setup_recipient(&rcv, s, &skR, NULL, 32, NULL, 0, NULL,
                                   NULL) == MLKEM_ERR_NULL_ARGUMENT);
  CHECK(mlkem_hpke_seal(s, enc, 32, NULL, 24, &pkR, NULL, 0, NULL, 0, msg, 8,
                        NULL, NULL) == MLKEM_ERR_NULL_ARGUMENT);
  CHECK(mlkem_hpke_sender_seal(NULL, ct, 24, NULL, 0, msg, 8) ==
        MLKEM_ERR_NULL_ARGUMENT);
  CHECK(mlkem_hpke_recipient_open(NULL, pt, 8, NULL, 0, ct, 24) ==
        MLKEM_ERR_NULL_ARGUMENT);
  CHECK(mlkem_hpke_sender_export(NULL, pt, 8, NULL, 0) ==
        MLKEM_ERR_NULL_ARGUMENT);
  CHECK(mlkem_hpke_public_key_import(NULL, 0x0020, msg, 32) ==
        MLKEM_ERR_NULL_ARGUMENT);
  CHECK(mlkem_hpke_private_key_import(&skR2, 0x0020, NULL, 32) ==
        MLKEM_ERR_NULL_ARGUMENT);
  CHECK(mlkem_hpke_derive_keypair(0x0020, enc, 32, NULL, 32, msg, 3) ==
        MLKEM_ERR_NULL_ARGUMENT);
  mlkem_hpke_sender_wipe(NULL);
  mlkem_hpke_recipient_wipe(NULL);
  mlkem_hpke_private_key_wipe(NULL);
  mlkem_hpke_public_key_wipe(NULL);
}

static void test_names(void) {
  uint16_t id;
  size_t i;
  static const int codes[] = {
      MLKEM_HPKE_ERR_SUITE,       MLKEM_HPKE_ERR_LENGTH,
      MLKEM_HPKE_ERR_MODE,        MLKEM_HPKE_ERR_MESSAGE_LIMIT,
      MLKEM_HPKE_ERR_EXPORT_ONLY, MLKEM_HPKE_ERR_STATE};
  for (i = 0; i < N(kems); i++)
    CHECK(mlkem_hpke_kem_by_name(mlkem_hpke_kem_name(kems[i]), &id) == 0 &&
          id == kems[i]);
  for (i = 0; i < N(kdfs); i++)
    CHECK(mlkem_hpke_kdf_by_name(mlkem_hpke_kdf_name(kdfs[i]), &id) == 0 &&
          id == kdfs[i]);
  for (i = 0; i < N(aeads); i++)
    CHECK(mlkem_hpke_aead_by_name(mlkem_hpke_aead_name(aeads[i]), &id) == 0 &&
          id == aeads[i]);
  CHECK(mlkem_hpke_kem_by_name("x-wing", &id) == 0 && id == 0x647A);
  CHECK(mlkem_hpke_aead_by_name("ChaCha20-Poly1305", &id) == 0 && id == 3);
  CHECK(mlkem_hpke_kdf_by_name("hkdf-sha384", &id) == 0 && id == 2);
  CHECK(mlkem_hpke_kem_by_name("P-256", &id) == MLKEM_HPKE_ERR_SUITE);
  CHECK(mlkem_hpke_kem_name(0x0010) == NULL);
  CHECK(strcmp(mlkem_hpke_kem_name(0x647A), "MLKEM768-X25519") == 0);
  for (i = 0; i < N(codes); i++) {
    const char *s = mlkem_hpke_strerror(codes[i]);
    CHECKF(strncmp(s, "HPKE: ", 6) == 0, "mlkem_hpke_strerror(%d)", codes[i]);
  }
  CHECK(strcmp(mlkem_hpke_strerror(MLKEM_ERR_AEAD_TAG),
               mlkem_strerror(MLKEM_ERR_AEAD_TAG)) == 0);
  CHECK(mlkem_hpke_suite_check(suite_of(0x0041, 0x0012, 0x0003)) == 0);
  CHECK(mlkem_hpke_suite_check(suite_of(0x0041, 0x0012, 0x0000)) ==
        MLKEM_HPKE_ERR_SUITE);
}

int main(void) {
  size_t i;
  test_backend_banner();
  for (i = 0; i < sizeof msg; i++) msg[i] = (uint8_t)(i * 7);
  test_every_suite();
  test_adapters();
  for (i = 0; i < N(kems); i++) test_wrong_inputs(kems[i]);
  test_message_limit();
  test_modes_and_limits();
  test_keys();
  test_null_arguments();
  test_names();
  return test_summary("test_hpke");
}
