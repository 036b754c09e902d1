/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_aes.c - AES-256 and AES-256-CTR (src/aes/): every implementation
 * usable on this CPU, and the one the dispatch chose for the backend in
 * use (run once per backend, MLKEM_BACKEND).
 *
 * Expected values come from outside this library:
 *  - FIPS 197 Appendix C.3 (AES-256 of 00112233...ff under 00010203...1f)
 *    and Appendix A.3 (the key expansion of 603deb10...dff4: its last
 *    words);
 *  - NIST SP 800-38A Appendix F.5.5 and F.5.6 (CTR-AES256 encryption and
 *    decryption of four blocks; the initial counter block
 *    f0f1...fcfdfeff has the Kyber-90s form: 12-byte nonce f0..fb,
 *    32-bit counter fcfdfeff, and no carry leaves the counter);
 *  - the test suite's own AES-256 (tests/aes256_ctr_drbg.c: a plain
 *    table-based implementation written from FIPS 197, with the S-box
 *    computed from its definition, which the NIST KAT tests also rely
 *    on), on random keys, nonces, counters and lengths.
 * The remaining checks compare each implementation with the portable one
 * (many streams, any length) and the continuation of a stream.
 * tests/sym_diff.py compares the same functions with `openssl enc`.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aes/aes.h"
#include "aes256_ctr_drbg.h"
#include "platform/cpu.h"
#include "mlkem.h"
#include "test_util.h"

#define MAX_IMPLS 8
#define MAX_STREAMS 40
#define MAX_LEN 1100

static const mlkem_aes_impl *impls[MAX_IMPLS];
static size_t nimpls;

static void hex(uint8_t *out, size_t len, const char *h) {
  if (test_hex_decode(out, len, h, strlen(h)) != len) {
    fprintf(stderr, "bad hex constant in test\n");
    exit(2);
  }
}

static void ctr_impl(const mlkem_aes_impl *impl, uint8_t *out, size_t len,
                     const uint8_t key[32], const uint8_t nonce[12],
                     uint32_t ctr) {
  mlkem_aes256_key ks;
  uint8_t nonces[1][12];
  memcpy(nonces[0], nonce, 12);
  mlkem_aes256_expand_impl(&ks, key, impl);
  mlkem_aes256ctr_streams(&ks, (const uint8_t(*)[12])nonces, 1, ctr, &out, len);
  mlkem_aes256_key_wipe(&ks);
}

/* ---- FIPS 197 ---------------------------------------------------------- */

static void test_fips197(void) {
  uint8_t key[32], pt[16], want[16], got[16], a3key[32];
  uint8_t rk[15][16], want_last[16];
  aes256_ctx ref;
  size_t k;
  hex(key, 32,
      "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f");
  hex(pt, 16, "00112233445566778899aabbccddeeff");
  hex(want, 16, "8ea2b7ca516745bfeafc49904b496089");
  /* One block of AES-256: the keystream block whose counter block is the
   * plaintext. */
  for (k = 0; k < nimpls; k++) {
    ctr_impl(impls[k], got, 16, key, pt, 0xccddeeffu);
    CHECKF(memcmp(got, want, 16) == 0, "FIPS 197 C.3, %s", impls[k]->name);
  }
  memset(got, 0, sizeof got);
  {
    uint8_t *out = got;
    mlkem_aes256_key ks;
    mlkem_aes256_expand(&ks, key);
    mlkem_aes256ctr_streams(&ks, (const uint8_t(*)[12])pt, 1, 0xccddeeffu, &out,
                            16);
    mlkem_aes256_key_wipe(&ks);
    CHECK_MEM(got, want, 16, "FIPS 197 C.3, dispatched");
  }

  /* Appendix A.3: w[56..59] = fe4890d1 e6188d0b 046df344 706c631e. */
  hex(a3key, 32,
      "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4");
  hex(want_last, 16, "fe4890d1e6188d0b046df344706c631e");
  mlkem_aes256_expand_bytes(rk, a3key);
  CHECK_MEM(rk[14], want_last, 16, "FIPS 197 A.3 last round key");
  aes256_init(&ref, a3key);
  CHECK_MEM(rk, ref.rk, sizeof rk, "FIPS 197 A.3 key expansion");
}

/* SubWord goes through the same S-box circuit as the rounds. Keys whose
 * word w[7] holds bytes 4i .. 4i + 3 (i < 64) make the first SubWord meet
 * all 256 inputs; the reference's S-box is computed from its definition. */
static void test_sbox_exhaustive(void) {
  uint8_t key[32], rk[15][16];
  aes256_ctx ref;
  unsigned i, bad = 0;
  memset(key, 0x5a, sizeof key);
  for (i = 0; i < 64; i++) {
    key[28] = (uint8_t)(4 * i);
    key[29] = (uint8_t)(4 * i + 1);
    key[30] = (uint8_t)(4 * i + 2);
    key[31] = (uint8_t)(4 * i + 3);
    mlkem_aes256_expand_bytes(rk, key);
    aes256_init(&ref, key);
    bad += memcmp(rk, ref.rk, sizeof rk) != 0;
  }
  CHECKF(bad == 0, "key expansion (every S-box input): %u of 64 keys differ",
         bad);
}

/* ---- SP 800-38A F.5.5 / F.5.6 ------------------------------------------ */

static void test_sp800_38a(void) {
  uint8_t key[32], icb[16], pt[64], ct[64], ks[64], got[64];
  size_t k, i;
  hex(key, 32,
      "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4");
  hex(icb, 16, "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff");
  hex(pt, 64,
      "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"
      "30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710");
  hex(ct, 64,
      "601ec313775789a5b7a7f504bbf3d228f443e3ca4d62b59aca84e990cacaf5c5"
      "2b0930daa23de94ce87017ba2d84988ddfc9c58db67aada613c2dd08457941a6");
  for (k = 0; k < nimpls; k++) {
    ctr_impl(impls[k], ks, 64, key, icb, 0xfcfdfeffu);
    for (i = 0; i < 64; i++) got[i] = pt[i] ^ ks[i];
    CHECKF(memcmp(got, ct, 64) == 0, "SP 800-38A F.5.5 encrypt, %s",
           impls[k]->name);
    for (i = 0; i < 64; i++) got[i] = ct[i] ^ ks[i];
    CHECKF(memcmp(got, pt, 64) == 0, "SP 800-38A F.5.6 decrypt, %s",
           impls[k]->name);
  }
}

/* ---- against the reference, and every implementation against portable -- */

static uint8_t outs_buf[MAX_STREAMS][MAX_LEN + 16];
static uint8_t want_buf[MAX_STREAMS][MAX_LEN + 16];

static void random_bytes(test_fast_rng *rng, uint8_t *p, size_t n) {
  size_t i;
  for (i = 0; i < n; i++) p[i] = (uint8_t)test_fast_rng_next(rng);
}

/* n streams of len bytes from block ctr with impl (NULL: the dispatched
 * one); the byte after each output must stay untouched. */
static int streams_match_ref(const mlkem_aes_impl *impl, const uint8_t key[32],
                             const uint8_t (*nonces)[12], size_t n,
                             uint32_t ctr, size_t len) {
  mlkem_aes256_key ks;
  uint8_t *outs[MAX_STREAMS];
  size_t s;
  int ok = 1;
  for (s = 0; s < n; s++) {
    outs[s] = outs_buf[s];
    memset(outs_buf[s], TEST_FILL, len + 16);
    aes256_ctr_keystream(want_buf[s], len, key, nonces[s], ctr);
  }
  if (impl != NULL)
    mlkem_aes256_expand_impl(&ks, key, impl);
  else
    mlkem_aes256_expand(&ks, key);
  mlkem_aes256ctr_streams(&ks, nonces, n, ctr, outs, len);
  mlkem_aes256_key_wipe(&ks);
  for (s = 0; s < n; s++) {
    ok &= memcmp(outs_buf[s], want_buf[s], len) == 0;
    ok &= test_all_bytes(outs_buf[s] + len, 16, TEST_FILL);
  }
  return ok;
}

static void test_random(void) {
  test_fast_rng rng;
  unsigned iter;
  size_t k;
  test_fast_rng_init(&rng, "aes ctr random");
  for (iter = 0; iter < 400; iter++) {
    uint8_t key[32], nonces[MAX_STREAMS][12];
    size_t n = 1 + (size_t)(test_fast_rng_next(&rng) % MAX_STREAMS);
    size_t len =
        (size_t)(test_fast_rng_next(&rng) % (iter < 300 ? 600 : MAX_LEN));
    size_t nb = (len + 15) / 16;
    /* Counters anywhere, some ending exactly at 2^32 - 1. */
    uint32_t ctr = iter % 4 == 0 ? (uint32_t)(0xFFFFFFFFu - nb + 1)
                                 : (uint32_t)test_fast_rng_next(&rng) &
                                       (iter % 4 == 1 ? 0xFFu : 0xFFFFFFFFu);
    if (iter % 4 != 0 && (uint64_t)ctr + nb > 0xFFFFFFFFull) ctr = 0;
    random_bytes(&rng, key, 32);
    random_bytes(&rng, &nonces[0][0], sizeof nonces);
    for (k = 0; k < nimpls; k++)
      CHECKF(streams_match_ref(impls[k], key, (const uint8_t(*)[12])nonces, n,
                               ctr, len),
             "%s: %zu streams of %zu bytes from block %u differ from the "
             "reference",
             impls[k]->name, n, len, (unsigned)ctr);
    CHECKF(
        streams_match_ref(NULL, key, (const uint8_t(*)[12])nonces, n, ctr, len),
        "dispatched: %zu streams of %zu bytes from block %u differ", n, len,
        (unsigned)ctr);
  }
}

/* Every implementation against portable on the Kyber-90s shapes: 4, 9 and
 * 16 streams (the matrices) of 504 bytes and 2..8 noise streams of
 * 128-192 bytes, and one stream continued: blocks [0, a) then [a, b) equal
 * [0, b). */
static void test_against_portable(void) {
  static uint8_t want[MAX_STREAMS][MAX_LEN], got[MAX_STREAMS][MAX_LEN];
  static const size_t shapes[][2] = {{4, 504}, {9, 504}, {16, 504}, {2, 192},
                                     {6, 128}, {8, 192}, {1, 504},  {33, 17}};
  test_fast_rng rng;
  size_t k, t, s;
  test_fast_rng_init(&rng, "aes vs portable");
  for (t = 0; t < 100; t++) {
    uint8_t key[32], nonces[MAX_STREAMS][12];
    size_t n = shapes[t % 8][0], len = shapes[t % 8][1];
    uint8_t *wp[MAX_STREAMS], *gp[MAX_STREAMS];
    mlkem_aes256_key ks;
    random_bytes(&rng, key, 32);
    random_bytes(&rng, &nonces[0][0], sizeof nonces);
    for (s = 0; s < n; s++) {
      wp[s] = want[s];
      gp[s] = got[s];
    }
    mlkem_aes256_expand_impl(&ks, key, &mlkem_aes_portable);
    mlkem_aes256ctr_streams(&ks, (const uint8_t(*)[12])nonces, n, 0, wp, len);
    for (k = 1; k < nimpls; k++) {
      int ok = 1;
      mlkem_aes256_expand_impl(&ks, key, impls[k]);
      mlkem_aes256ctr_streams(&ks, (const uint8_t(*)[12])nonces, n, 0, gp, len);
      for (s = 0; s < n; s++) ok &= memcmp(got[s], want[s], len) == 0;
      CHECKF(ok, "%s vs portable: %zu streams of %zu bytes", impls[k]->name, n,
             len);
    }
    /* Continuation, every implementation: [0, a) || [a, nb) == [0, nb). */
    for (k = 0; k < nimpls; k++) {
      size_t a = (size_t)(test_fast_rng_next(&rng) % ((len + 15) / 16 + 1));
      size_t first = 16 * a < len ? 16 * a : len;
      int ok = 1;
      mlkem_aes256_expand_impl(&ks, key, impls[k]);
      for (s = 0; s < n; s++) memset(got[s], 0, len);
      mlkem_aes256ctr_streams(&ks, (const uint8_t(*)[12])nonces, n, 0, gp,
                              first);
      for (s = 0; s < n; s++) gp[s] = got[s] + first;
      mlkem_aes256ctr_streams(&ks, (const uint8_t(*)[12])nonces, n, (uint32_t)a,
                              gp, len - first);
      for (s = 0; s < n; s++) {
        gp[s] = got[s];
        ok &= memcmp(got[s], want[s], len) == 0;
      }
      CHECKF(ok, "%s: %zu streams of %zu bytes continued at block %zu",
             impls[k]->name, n, len, a);
    }
    mlkem_aes256_key_wipe(&ks);
  }
  if (nimpls == 1) CHECK_MSG(1, "only the portable implementation here");
}

/* The one-shot function: the first len bytes of the stream. */
static void test_one_shot(void) {
  uint8_t key[32], nonce[12], got[300], want[300];
  test_fast_rng rng;
  size_t len;
  test_fast_rng_init(&rng, "aes one-shot");
  for (len = 0; len <= 300; len += 13) {
    random_bytes(&rng, key, 32);
    random_bytes(&rng, nonce, 12);
    memset(got, TEST_FILL, sizeof got);
    aes256_ctr_keystream(want, len, key, nonce, 0);
    mlkem_aes256ctr(got, len, key, nonce);
    CHECKF(memcmp(got, want, len) == 0 &&
               test_all_bytes(got + len, sizeof got - len, TEST_FILL),
           "mlkem_aes256ctr of %zu bytes", len);
  }
}

/* The dispatch follows the backend (aes_select.c). */
static void test_choice(void) {
  const mlkem_aes_impl *got = mlkem_aes_impl_get();
  const mlkem_aes_impl *want = &mlkem_aes_portable;
  const char *be = mlkem_backend_name();
  if (strcmp(be, "portable") != 0) {
#ifdef MLKEM_HAVE_AESNI
    if (mlkem_cpu_has_aesni()) want = &mlkem_aes_x86_aesni;
#endif
#ifdef MLKEM_HAVE_VAES256
    if (mlkem_cpu_has_vaes()) want = &mlkem_aes_x86_vaes256;
#endif
#ifdef MLKEM_HAVE_VAES512
    if (strcmp(be, "avx512") == 0 && mlkem_cpu_has_vaes())
      want = &mlkem_aes_x86_vaes512;
#endif
#ifdef MLKEM_HAVE_ARM_AES
    if (mlkem_cpu_has_arm_aes()) want = &mlkem_aes_armv8;
#endif
  }
  printf("dispatched AES implementation: %s (backend %s)\n", got->name, be);
  CHECKF(got == want, "backend %s dispatches AES to %s, expected %s", be,
         got->name, want->name);
}

int main(void) {
  size_t k;
  test_backend_banner();
  nimpls = mlkem_aes_impls(impls, MAX_IMPLS);
  printf("AES implementations usable here:");
  for (k = 0; k < nimpls; k++) printf(" %s", impls[k]->name);
  printf("\n");
  CHECK(nimpls >= 1 && impls[0] == &mlkem_aes_portable);
  test_choice();
  test_fips197();
  test_sbox_exhaustive();
  test_sp800_38a();
  test_one_shot();
  test_random();
  test_against_portable();
  return test_summary("test_aes");
}
