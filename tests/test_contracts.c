/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_contracts.c - the contracts of the backend operations
 * (src/backend/backend.h), checked. Built against a copy of the library
 * compiled with MLKEM_CONTRACTS (tests/CMakeLists.txt), in which every
 * call through an operation table checks the operation's input bounds
 * before it runs and its output bounds after (src/backend/contracts.c).
 * A violation is reported to this program instead of aborting.
 *
 *  1. Each check accepts a value at its bound and refuses the first value
 *     past it (the check functions called directly).
 *  2. Each operation of the backend in use, given inputs at the edges of
 *     its input bounds, keeps its output bounds; a call through its table
 *     past an input bound is reported (the table holds the checks).
 *  3. Key generation, encapsulation and decapsulation (valid and random
 *     ciphertexts) of every set (ML-KEM's and the round-3 variants), the
 *     expanded keys and their operations (ML-KEM), the
 * self-test's published vectors and K-PKE under random keys run on the backend
 * in use without breaking any contract. Run once per backend (MLKEM_BACKEND,
 * tests/CMakeLists.txt).
 */
#include <stdio.h>
#include <string.h>

#include "mlkem.h"
#include "mlkem_hazmat.h"
#include "mlkem_kyber.h"
#include "backend/contracts.h"
#include "fips203/params.h"
#include "test_util.h"

#define Q MLKEM_Q

static unsigned violations;
static char last_violation[160];

static void count_violation(const char *op, const char *what) {
  violations++;
  snprintf(last_violation, sizeof last_violation, "%s: %s", op, what);
}

/* Runs call and checks that it reported exactly `want` violations. */
#define EXPECT(want, call)                                                 \
  do {                                                                     \
    unsigned before_ = violations;                                         \
    call;                                                                  \
    CHECKF(violations - before_ == (want), "%s: %u violation(s), want %u", \
           #call, violations - before_, (unsigned)(want));                 \
  } while (0)

static void fill(mlkem_poly *p, int16_t v) {
  unsigned i;
  for (i = 0; i < MLKEM_N; i++) p->coeffs[i] = v;
}

/* 1. The checks, at and past each bound. */
static void test_checks(void) {
  mlkem_poly a[MLKEM_K_MAX], b[MLKEM_K_MAX], r, s;
  uint8_t bytes[MLKEM_POLYBYTES];
  uint64_t lane[21] = {0};
  unsigned i, ctr;

  fill(&r, Q);
  EXPECT(0, mlkem_requires_ntt(&r));
  r.coeffs[7] = Q + 1;
  EXPECT(1, mlkem_requires_ntt(&r));
  r.coeffs[7] = -Q - 1;
  EXPECT(1, mlkem_requires_ntt(&r));
  fill(&r, 8 * Q - 1);
  r.coeffs[0] = -(8 * Q - 1);
  EXPECT(0, mlkem_ensures_ntt(&r));
  r.coeffs[255] = 8 * Q;
  EXPECT(1, mlkem_ensures_ntt(&r));

  fill(&r, Q - 1);
  EXPECT(0, mlkem_requires_invntt(&r));
  EXPECT(0, mlkem_ensures_invntt(&r));
  r.coeffs[100] = -Q;
  EXPECT(1, mlkem_requires_invntt(&r));
  EXPECT(1, mlkem_ensures_invntt(&r));

  for (i = 0; i < MLKEM_K_MAX; i++) {
    fill(&a[i], Q - 1);
    fill(&b[i], -(8 * Q - 1));
  }
  EXPECT(0, mlkem_requires_basemul_acc(&r, a, b, MLKEM_K_MAX, 0, MLKEM_N));
  EXPECT(1, mlkem_requires_basemul_acc(&r, a, b, 0, 0, MLKEM_N));
  EXPECT(1, mlkem_requires_basemul_acc(&r, a, b, MLKEM_K_MAX + 1, 0, 64));
  EXPECT(1, mlkem_requires_basemul_acc(&r, a, b, 2, 32, 64));
  EXPECT(1, mlkem_requires_basemul_acc(&r, a, b, 2, 64, 64));
  EXPECT(1, mlkem_requires_basemul_acc(&r, a, b, 2, 0, MLKEM_N + 64));
  a[3].coeffs[200] = Q;
  EXPECT(1, mlkem_requires_basemul_acc(&r, a, b, 4, 192, 256));
  EXPECT(0, mlkem_requires_basemul_acc(&r, a, b, 4, 0, 192));
  EXPECT(0, mlkem_requires_basemul_acc(&r, a, b, 3, 0, 256));
  a[3].coeffs[200] = -1;
  EXPECT(1, mlkem_requires_basemul_acc(&r, a, b, 4, 0, 256));
  a[3].coeffs[200] = 0;
  b[1].coeffs[5] = -8 * Q;
  EXPECT(1, mlkem_requires_basemul_acc(&r, a, b, 2, 0, 64));
  fill(&r, -(Q - 1));
  EXPECT(0, mlkem_ensures_basemul_acc(&r, a, b, 2, 0, 64));
  r.coeffs[64] = Q;
  EXPECT(0, mlkem_ensures_basemul_acc(&r, a, b, 2, 0, 64));
  EXPECT(1, mlkem_ensures_basemul_acc(&r, a, b, 2, 64, 128));

  fill(&r, Q - 1);
  fill(&s, 8 * Q - 1);
  EXPECT(0, mlkem_requires_add_reduce(&r, &s, 0, MLKEM_N));
  s.coeffs[3] = 8 * Q;
  EXPECT(1, mlkem_requires_add_reduce(&r, &s, 0, MLKEM_N));
  EXPECT(0, mlkem_requires_add_reduce(&r, &s, 64, MLKEM_N));
  r.coeffs[70] = Q;
  EXPECT(1, mlkem_requires_add_reduce(&r, &s, 64, 128));
  EXPECT(1, mlkem_ensures_add_reduce(&r, &s, 64, 128));
  EXPECT(0, mlkem_ensures_add_reduce(&r, &s, 0, 64));

  fill(&r, Q - 1);
  fill(&s, Q);
  EXPECT(0, mlkem_requires_add(&r, &s)); /* 2q - 1 */
  s.coeffs[9] = Q + 1;
  EXPECT(1, mlkem_requires_add(&r, &s)); /* 2q */
  fill(&r, -(Q - 1));
  fill(&s, -Q);
  EXPECT(0, mlkem_requires_add(&r, &s));
  s.coeffs[9] = -Q - 1;
  EXPECT(1, mlkem_requires_add(&r, &s));
  fill(&r, -(Q - 1));
  fill(&s, Q);
  EXPECT(0, mlkem_requires_sub_from(&r, &s)); /* s - r = 2q - 1 */
  r.coeffs[0] = -Q;
  EXPECT(1, mlkem_requires_sub_from(&r, &s));
  fill(&r, 2 * Q - 1);
  EXPECT(0, mlkem_ensures_add(&r, &s));
  EXPECT(0, mlkem_ensures_sub_from(&r, &s));
  r.coeffs[1] = -2 * Q;
  EXPECT(1, mlkem_ensures_add(&r, &s));
  EXPECT(1, mlkem_ensures_sub_from(&r, &s));

  /* 12-bit values: q - 1 = 0xD00 passes, q = 0xD01 does not. */
  for (i = 0; i < MLKEM_POLYBYTES; i += 3) {
    bytes[i] = 0x00;
    bytes[i + 1] = 0x0D;
    bytes[i + 2] = 0xD0;
  }
  fill(&r, 0);
  EXPECT(0, mlkem_requires_encode12(bytes, &r, 0, MLKEM_N));
  EXPECT(1, mlkem_requires_encode12(bytes, &r, 0, 100));
  EXPECT(0, mlkem_ensures_encode12(bytes, &r, 0, MLKEM_N));
  EXPECT(0, mlkem_ensures_decode12(0, &r, bytes));
  EXPECT(1, mlkem_ensures_decode12(1, &r, bytes));
  bytes[3 * 100] = 0x01; /* coefficient 200 becomes q */
  EXPECT(1, mlkem_ensures_encode12(bytes, &r, 192, 256));
  EXPECT(0, mlkem_ensures_encode12(bytes, &r, 0, 192));
  EXPECT(0, mlkem_ensures_decode12(1, &r, bytes));
  EXPECT(1, mlkem_ensures_decode12(0, &r, bytes));
  r.coeffs[17] = Q;
  EXPECT(1, mlkem_ensures_decode12(1, &r, bytes));

  fill(&r, 2 * Q - 1);
  EXPECT(0, mlkem_requires_compress_encode(bytes, &r, 4));
  EXPECT(0, mlkem_requires_compress_encode(bytes, &r, 5));
  EXPECT(0, mlkem_requires_compress_encode(bytes, &r, 10));
  EXPECT(0, mlkem_requires_compress_encode(bytes, &r, 11));
  EXPECT(1, mlkem_requires_compress_encode(bytes, &r, 12));
  EXPECT(1, mlkem_requires_decode_decompress(&r, bytes, 1));
  EXPECT(0, mlkem_requires_compress_encode_msg(bytes, &r));
  r.coeffs[255] = -2 * Q;
  EXPECT(1, mlkem_requires_compress_encode(bytes, &r, 4));
  EXPECT(1, mlkem_requires_compress_encode_msg(bytes, &r));
  fill(&r, Q - 1);
  EXPECT(0, mlkem_ensures_decode_decompress(&r, bytes, 4));
  r.coeffs[8] = Q;
  EXPECT(1, mlkem_ensures_decode_decompress(&r, bytes, 4));
  fill(&r, (Q + 1) / 2);
  r.coeffs[0] = 0;
  EXPECT(0, mlkem_ensures_decode_decompress_msg(&r, bytes));
  r.coeffs[0] = 1;
  EXPECT(1, mlkem_ensures_decode_decompress_msg(&r, bytes));

  EXPECT(0, mlkem_requires_cbd(&r, bytes, 2));
  EXPECT(0, mlkem_requires_cbd(&r, bytes, 3));
  EXPECT(1, mlkem_requires_cbd(&r, bytes, 4));
  fill(&r, -3);
  EXPECT(0, mlkem_ensures_cbd(&r, bytes, 3));
  EXPECT(1, mlkem_ensures_cbd(&r, bytes, 2));

  fill(&r, Q - 1);
  ctr = MLKEM_N;
  EXPECT(0, mlkem_requires_rej_uniform(&r, &ctr, lane, 1, 168));
  EXPECT(1, mlkem_requires_rej_uniform(&r, &ctr, lane, 1, 167));
  EXPECT(1, mlkem_requires_rej_uniform(&r, &ctr, lane, 1, 171));
  ctr = MLKEM_N + 1;
  EXPECT(1, mlkem_requires_rej_uniform(&r, &ctr, lane, 1, 168));
  r.coeffs[10] = Q;
  ctr = 10;
  EXPECT(0, mlkem_requires_rej_uniform(&r, &ctr, lane, 1, 168));
  ctr = 11;
  EXPECT(1, mlkem_requires_rej_uniform(&r, &ctr, lane, 1, 168));
  ctr = 10;
  EXPECT(0, mlkem_ensures_rej_uniform(&r, &ctr, lane, 1, 168));
  ctr = 11;
  EXPECT(1, mlkem_ensures_rej_uniform(&r, &ctr, lane, 1, 168));
  printf("every check accepts its bound and refuses the first value past it\n");
}

/* 2. The backend's operations at the edges of their input bounds. */
static void test_edges(const mlkem_backend *be) {
  static const int16_t ntt_in[] = {Q, -Q, 0, 1, -1};
  mlkem_poly a[MLKEM_K_MAX], b[MLKEM_K_MAX], r, s;
  uint8_t bytes[MLKEM_POLYBYTES];
  unsigned i, j, d;
  unsigned before = violations;

  for (i = 0; i < sizeof ntt_in / sizeof ntt_in[0]; i++) {
    for (j = 0; j < MLKEM_N; j++)
      r.coeffs[j] = (int16_t)(j % 2 ? ntt_in[i] : -ntt_in[i]);
    be->ntt(&r);
    s = r;
    fill(&a[0], Q - 1);
    for (j = 0; j < MLKEM_K_MAX; j++) {
      a[j] = a[0];
      b[j] = s;
    }
    be->basemul_acc(&r, a, b, MLKEM_K_MAX, 0, MLKEM_N);
    be->add_reduce(&r, &s, 0, MLKEM_N);
    be->invntt(&r);
    be->encode12(bytes, &s, 0, MLKEM_N);
    (void)be->decode12(&r, bytes);
  }
  fill(&r, Q - 1);
  fill(&s, Q);
  be->add(&r, &s);
  for (d = 4; d <= 11; d++) {
    if (d != 4 && d != 5 && d != 10 && d != 11) continue;
    be->compress_encode(bytes, &r, d);
    be->decode_decompress(&s, bytes, d);
  }
  be->compress_encode_msg(bytes, &r);
  be->decode_decompress_msg(&s, bytes);
  be->sub_from(&r, &s);
  memset(bytes, 0xFF, sizeof bytes);
  be->cbd(&r, bytes, 2);
  be->cbd(&r, bytes, 3);
  CHECKF(violations == before, "%s: contract broken at the edges: %s", be->name,
         last_violation);
  printf("%s: every operation keeps its output bounds at the input edges\n",
         be->name);
  /* The table holds the checking wrappers (backend/contracts.h), so the
   * checks saw the calls above: one past an input bound is reported. */
  fill(&r, 2 * Q);
  fill(&s, 0);
  before = violations;
  be->add(&r, &s);
  CHECKF(violations > before,
         "%s: a call through the table past its input bound is not reported",
         be->name);
}

/* 3. The library, every contract checked. */
static void test_library(void) {
  static uint8_t ek[MLKEM1024_EK_BYTES], dk[MLKEM1024_DK_BYTES];
  static uint8_t ct[MLKEM1024_CT_BYTES];
  static uint8_t xdk[MLKEM1024_EXPANDED_DK_BYTES];
  static uint8_t xek[MLKEM1024_EXPANDED_EK_BYTES];
  uint8_t seed[MLKEM_SEED_BYTES], m[MLKEM_MSG_BYTES];
  uint8_t ss1[MLKEM_SS_BYTES], ss2[MLKEM_SS_BYTES];
  test_rng rng;
  unsigned s, n, before = violations;

  test_rng_init(&rng, "test_contracts");
  CHECK(mlkem_selftest() == MLKEM_OK);
  /* The ML-KEM sets, then the round-3 variants (mlkem_kyber.h): the 90s
   * variant's matrix comes from AES-256-CTR keystream, fed to rej_uniform a
   * SHAKE128 block's worth at a time. */
  for (s = 0; s < 9; s++) {
    const mlkem_kem *kem = s < 3 ? mlkem_kems[s] : mlkem_kyber_kems[s - 3];
    for (n = 0; n < 50; n++) {
      test_rng_bytes(&rng, seed, sizeof seed);
      test_rng_bytes(&rng, m, sizeof m);
      CHECK(kem->keygen_derand(ek, dk, seed) == MLKEM_OK);
      CHECK(kem->encaps_derand(ct, ss1, ek, m) == MLKEM_OK);
      CHECK(kem->decaps(ss2, ct, dk) == MLKEM_OK);
      CHECK_MEM(ss2, ss1, sizeof ss1, "decaps of encaps");
      test_rng_bytes(&rng, ct, kem->ct_bytes); /* implicit rejection */
      CHECK(kem->decaps(ss2, ct, dk) == MLKEM_OK);
      if (kem->expand_dk == NULL || n % 5 != 0) continue;
      /* The expanded keys (ML-KEM), every fifth key. */
      CHECK(kem->expand_ek(xek, ek) == MLKEM_OK);
      CHECK(kem->expand_dk(xdk, dk) == MLKEM_OK);
      CHECK(kem->encaps_expanded_derand(ct, ss1, xek, m) == MLKEM_OK);
      CHECK(kem->decaps_expanded(ss2, ct, xdk) == MLKEM_OK);
      CHECK_MEM(ss2, ss1, sizeof ss1, "decaps_expanded of encaps_expanded");
      test_rng_bytes(&rng, ct, kem->ct_bytes);
      CHECK(kem->decaps_expanded(ss2, ct, xdk) == MLKEM_OK);
    }
  }
  /* K-PKE under an unchecked random ek (decoded mod q) and of a random
   * ciphertext, for the widest inputs the operations get. */
  for (n = 0; n < 20; n++) {
    test_rng_bytes(&rng, ek, MLKEM768_EK_BYTES);
    test_rng_bytes(&rng, dk, MLKEM768_KPKE_DK_BYTES);
    test_rng_bytes(&rng, ct, MLKEM768_CT_BYTES);
    test_rng_bytes(&rng, m, sizeof m);
    test_rng_bytes(&rng, seed, MLKEM_KPKE_COINS_BYTES);
    CHECK(mlkem768_kpke_encrypt(ct, ek, m, seed) == MLKEM_OK);
    CHECK(mlkem768_kpke_decrypt(m, dk, ct) == MLKEM_OK);
  }
  CHECKF(violations == before, "%s: contract broken by the library: %s",
         mlkem_backend_name(), last_violation);
  printf(
      "%s: keygen, encaps, decaps (50 of each per set), the expanded keys "
      "(10 per ML-KEM set), the self-test and K-PKE under random keys break "
      "no contract\n",
      mlkem_backend_name());
}

int main(void) {
  test_backend_banner();
  mlkem_contract_handler = count_violation;
  test_checks();
  test_edges(mlkem_backend_get());
  test_library();
  return test_summary("test_contracts");
}
