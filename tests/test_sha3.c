/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_sha3.c - the hashing layer: Keccak-f[1600], SHA3-256, SHA3-512,
 * SHAKE128, SHAKE256 (one-shot, incremental, squeezeblocks) and the
 * four-way SHAKE functions.
 *
 * Expected values come from outside this library:
 *  - NIST's FIPS 202 example values (csrc.nist.gov, "Examples with
 *    Intermediate Values" for SHA3-256, SHA3-512, SHAKE128, SHAKE256);
 *  - the Keccak team's KeccakF-1600-IntermediateValues.txt (the all-zero
 *    state permuted once and twice);
 *  - tests/vectors/sha3/sha3_kat.txt, computed with Python's hashlib
 *    (OpenSSL) by tests/vectors/sha3/gen_sha3_kat.py.
 * The remaining checks compare the library's own entry points with each
 * other (incremental against one-shot, four-way against single).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/backend.h"
#include "platform/bytes.h"
#include "platform/cpu.h"
#include "sha3/sha3.h"
#include "fips203/symmetric.h"
#include "test_util.h"

#define MAX_MSG 8192
#define MAX_OUT 4096

static uint8_t msg_buf[MAX_MSG];
static uint8_t want_buf[MAX_OUT];
static uint8_t got_buf[MAX_OUT];

static void hex(uint8_t *out, size_t len, const char *h) {
  size_t n = test_hex_decode(out, len, h, strlen(h));
  if (n != len) {
    fprintf(stderr, "bad hex constant in test\n");
    exit(2);
  }
}

/* ---- Keccak-f[1600] ---------------------------------------------------- */

/* KeccakF-1600-IntermediateValues.txt: the all-zero state after one and
 * after two applications of Keccak-f[1600], lanes in index order x + 5y. */
/* clang-format off */
static const uint64_t zero_perm1[25] = {
    0xF1258F7940E1DDE7ULL, 0x84D5CCF933C0478AULL, 0xD598261EA65AA9EEULL,
    0xBD1547306F80494DULL, 0x8B284E056253D057ULL, 0xFF97A42D7F8E6FD4ULL,
    0x90FEE5A0A44647C4ULL, 0x8C5BDA0CD6192E76ULL, 0xAD30A6F71B19059CULL,
    0x30935AB7D08FFC64ULL, 0xEB5AA93F2317D635ULL, 0xA9A6E6260D712103ULL,
    0x81A57C16DBCF555FULL, 0x43B831CD0347C826ULL, 0x01F22F1A11A5569FULL,
    0x05E5635A21D9AE61ULL, 0x64BEFEF28CC970F2ULL, 0x613670957BC46611ULL,
    0xB87C5A554FD00ECBULL, 0x8C3EE88A1CCF32C8ULL, 0x940C7922AE3A2614ULL,
    0x1841F924A2C509E4ULL, 0x16F53526E70465C2ULL, 0x75F644E97F30A13BULL,
    0xEAF1FF7B5CECA249ULL};
static const uint64_t zero_perm2[25] = {
    0x2D5C954DF96ECB3CULL, 0x6A332CD07057B56DULL, 0x093D8D1270D76B6CULL,
    0x8A20D9B25569D094ULL, 0x4F9C4F99E5E7F156ULL, 0xF957B9A2DA65FB38ULL,
    0x85773DAE1275AF0DULL, 0xFAF4F247C3D810F7ULL, 0x1F1B9EE6F79A8759ULL,
    0xE4FECC0FEE98B425ULL, 0x68CE61B6B9CE68A1ULL, 0xDEEA66C4BA8F974FULL,
    0x33C43D836EAFB1F5ULL, 0xE00654042719DBD9ULL, 0x7CF8A9F009831265ULL,
    0xFD5449A6BF174743ULL, 0x97DDAD33D8994B40ULL, 0x48EAD5FC5D0BE774ULL,
    0xE3B8C8EE55B7B03CULL, 0x91A0226E649E42E9ULL, 0x900E3129E7BADD7BULL,
    0x202A9EC5FAA3CCE8ULL, 0x5B3402464E1C3DB6ULL, 0x609F4E62A44C1059ULL,
    0x20D06CD26A8FBF5CULL};

/* Four interleaved states permuted one by one: the reference for the
 * four-way SIMD functions. */
static void ref_x4(uint64_t state[100]) {
  unsigned j;
  for (j = 0; j < 4; j++) mlkem_keccakf1600_strided(state + j, 4);
}

static void test_permutation(void) {
  uint64_t s[25], s4[100], ref[4][25];
  test_rng rng;
  int i, j, round;

  memset(s, 0, sizeof s);
  mlkem_keccakf1600(s);
  CHECK(memcmp(s, zero_perm1, sizeof s) == 0);
  mlkem_keccakf1600(s);
  CHECK(memcmp(s, zero_perm2, sizeof s) == 0);

  /* The strided form on four interleaved states against four plain
   * permutations, from random states, several times in a row (so that any
   * mix-up between instances shows). */
  test_rng_init(&rng, "keccakf1600_x4");
  for (i = 0; i < 4; i++)
    for (j = 0; j < 25; j++) {
      uint8_t b[8];
      int k;
      test_rng_bytes(&rng, b, 8);
      ref[i][j] = 0;
      for (k = 0; k < 8; k++) ref[i][j] |= (uint64_t)b[k] << (8 * k);
      s4[4 * j + i] = ref[i][j];
    }
  for (round = 0; round < 5; round++) {
    int ok = 1;
    ref_x4(s4);
    for (i = 0; i < 4; i++) {
      mlkem_keccakf1600(ref[i]);
      for (j = 0; j < 25; j++) ok &= s4[4 * j + i] == ref[i][j];
    }
    CHECK_MSG(ok, "keccakf1600_strided(4) equals four keccakf1600");
  }
  /* Zero states in x4 form give the known value in every instance. */
  memset(s4, 0, sizeof s4);
  ref_x4(s4);
  for (i = 0; i < 4; i++) {
    int ok = 1;
    for (j = 0; j < 25; j++) ok &= s4[4 * j + i] == zero_perm1[j];
    CHECK_MSG(ok, "keccakf1600_strided(4) of zero states");
  }
}

/* ---- AVX2 four-way permutation against the portable one ---------------- */

/*
 * mlkem_keccakf1600_x4_avx2 must equal four single permutations of the
 * interleaved states (ref_x4) bit for bit on every input. Compared here on:
 *  - 100,000 four-way calls on random states (400,000 states; a tenth
 *    under MLKEM_TEST_QUICK, test_trials): uniform lanes, sparse lanes
 *    (AND of two random words), dense lanes (OR of two), and calls mixing
 *    a random, an all-zero, an all-one and a sparse instance so that any
 *    leak between instances shows;
 *  - the all-zero and all-one states, every single-bit state and every
 *    all-ones-but-one-bit state, each bit position in each instance;
 *  - a chain of 10,000 calls, each on the output of the previous one;
 *  - the Keccak team's values for the all-zero state permuted once and
 *    twice, on the AVX2 function alone.
 * The state is placed at all four offsets modulo 32 bytes inside a larger
 * buffer (the function takes any 8-byte aligned state) and the words
 * around it are checked to stay untouched.
 */
#if (defined(__x86_64__) || defined(_M_X64)) && defined(MLKEM_HAVE_AVX2)
#include "sha3/keccak_avx2.h"
#define HAVE_KECCAK_AVX2_BUILD 1
#else
#define HAVE_KECCAK_AVX2_BUILD 0
#endif

#if HAVE_KECCAK_AVX2_BUILD

#define AVX2_RANDOM_CALLS 100000ul
#define AVX2_CHAIN_CALLS 10000ul
#define GUARD_WORD 0x5A5A5A5A5A5A5A5AULL

static unsigned long avx2_calls, avx2_mismatches;

/* Runs both functions on in[0..100) and compares the results; the AVX2
 * function works on a copy placed at word offset off (0..3) of a guarded
 * buffer. out (if not NULL) receives the portable result. */
static void avx2_compare(const uint64_t in[100], unsigned off,
                         uint64_t *out) {
  uint64_t want[100], buf[4 + 100 + 4];
  unsigned i;
  int ok = 1;

  memcpy(want, in, sizeof want);
  ref_x4(want);
  for (i = 0; i < sizeof buf / sizeof buf[0]; i++) buf[i] = GUARD_WORD;
  memcpy(buf + off, in, 100 * sizeof(uint64_t));
  mlkem_keccakf1600_x4_avx2(buf + off);
  if (memcmp(buf + off, want, sizeof want) != 0) ok = 0;
  for (i = 0; i < off; i++) ok &= buf[i] == GUARD_WORD;
  for (i = off + 100; i < sizeof buf / sizeof buf[0]; i++)
    ok &= buf[i] == GUARD_WORD;

  avx2_calls++;
  if (!ok) {
    if (avx2_mismatches < 5) {
      for (i = 0; i < 100 && buf[off + i] == want[i]; i++) {
      }
      fprintf(stderr, "keccakf1600_x4_avx2: call %lu differs from the "
              "portable x4 (first at lane %u of instance %u, or outside "
              "the state)\n", avx2_calls, i / 4, i % 4);
    }
    avx2_mismatches++;
  }
  if (out != NULL) memcpy(out, want, sizeof want);
}

static uint64_t rng_u64(test_rng *rng) {
  uint8_t b[8];
  uint64_t v = 0;
  int k;
  test_rng_bytes(rng, b, 8);
  for (k = 0; k < 8; k++) v |= (uint64_t)b[k] << (8 * k);
  return v;
}

static void test_permutation_avx2(void) {
  uint64_t s[100];
  test_rng rng;
  unsigned long n, random_calls = 0, extreme_calls = 0, chain_calls = 0;
  const unsigned long trials = test_trials(AVX2_RANDOM_CALLS);
  unsigned i, j, bit;
  int avx2;

#if defined(__GNUC__) || defined(__clang__)
  avx2 = __builtin_cpu_supports("avx2");
#else
  avx2 = mlkem_cpu_has_avx2();
#endif
  if (!avx2) {
    printf("keccakf1600_x4_avx2: avx2 not available: not compared\n");
    return;
  }

  /* Known values, on the AVX2 function alone. */
  memset(s, 0, sizeof s);
  mlkem_keccakf1600_x4_avx2(s);
  for (j = 0; j < 4; j++) {
    int ok = 1;
    for (i = 0; i < 25; i++) ok &= s[4 * i + j] == zero_perm1[i];
    CHECK_MSG(ok, "keccakf1600_x4_avx2 of zero states, once");
  }
  mlkem_keccakf1600_x4_avx2(s);
  for (j = 0; j < 4; j++) {
    int ok = 1;
    for (i = 0; i < 25; i++) ok &= s[4 * i + j] == zero_perm2[i];
    CHECK_MSG(ok, "keccakf1600_x4_avx2 of zero states, twice");
  }

  /* Random states. */
  avx2_calls = avx2_mismatches = 0;
  test_rng_init(&rng, "keccakf1600_x4_avx2");
  for (n = 0; n < trials; n++) {
    switch (n % 4) {
      case 0: /* uniform */
        for (i = 0; i < 100; i++) s[i] = rng_u64(&rng);
        break;
      case 1: /* sparse: each bit set with probability 1/4 */
        for (i = 0; i < 100; i++) s[i] = rng_u64(&rng) & rng_u64(&rng);
        break;
      case 2: /* dense: each bit set with probability 3/4 */
        for (i = 0; i < 100; i++) s[i] = rng_u64(&rng) | rng_u64(&rng);
        break;
      default: /* one uniform, one zero, one all-one, one sparse instance,
                  the uniform one moving round the four positions */
        for (i = 0; i < 25; i++) {
          unsigned u = (unsigned)(n / 4) % 4;
          s[4 * i + u] = rng_u64(&rng);
          s[4 * i + (u + 1) % 4] = 0;
          s[4 * i + (u + 2) % 4] = ~(uint64_t)0;
          s[4 * i + (u + 3) % 4] = rng_u64(&rng) & rng_u64(&rng);
        }
        break;
    }
    avx2_compare(s, (unsigned)n % 4, NULL);
    random_calls++;
  }

  /* Extreme states. */
  memset(s, 0, sizeof s);
  avx2_compare(s, 0, NULL);
  memset(s, 0xFF, sizeof s);
  avx2_compare(s, 1, NULL);
  extreme_calls += 2;
  for (bit = 0; bit < 1600; bit++) {
    /* Instance j holds bit (bit + 400 j) mod 1600 of its state, so every
     * bit position is tried in every instance. */
    memset(s, 0, sizeof s);
    for (j = 0; j < 4; j++) {
      unsigned b = (bit + 400 * j) % 1600;
      s[4 * (b / 64) + j] = (uint64_t)1 << (b % 64);
    }
    avx2_compare(s, bit % 4, NULL);
    for (i = 0; i < 100; i++) s[i] = ~s[i];
    avx2_compare(s, (bit + 1) % 4, NULL);
    extreme_calls += 2;
  }

  /* A chain: each call on the previous (portable) output. */
  for (i = 0; i < 100; i++) s[i] = rng_u64(&rng);
  for (n = 0; n < AVX2_CHAIN_CALLS; n++) {
    avx2_compare(s, (unsigned)n % 4, s);
    chain_calls++;
  }

  CHECKF(avx2_mismatches == 0,
         "keccakf1600_x4_avx2 differs from the portable x4 in %lu of %lu "
         "calls", avx2_mismatches, avx2_calls);
  CHECK(avx2_calls == random_calls + extreme_calls + chain_calls);
  printf("keccakf1600_x4_avx2: %lu four-way calls (%lu states) compared "
         "with the portable x4: %lu random, %lu extreme, %lu chained; %lu "
         "differ\n", avx2_calls, 4 * avx2_calls, random_calls, extreme_calls,
         chain_calls, avx2_mismatches);
}

/*
 * mlkem_keccakf1600_strided_bmi (BMI1/BMI2 build of the one-way
 * permutation, the AVX2 backend's lone-lane path) against the portable
 * one, bit for bit: the known all-zero results; 100,000 random states
 * (uniform, sparse, dense lanes; a tenth under MLKEM_TEST_QUICK); every
 * single-bit and all-ones-but-one state; a chain of 10,000 calls; strides
 * 1, 4 and 8 with every other word of the interleaved buffer checked to
 * stay untouched.
 */
static void test_permutation_bmi(void) {
  uint64_t s[25], want[25], buf[8 * 25 + 8];
  test_rng rng;
  unsigned long n, calls = 0, differ = 0;
  const unsigned long trials = test_trials(100000ul);
  unsigned i, bit, stride, off;

  if (!mlkem_cpu_has_avx2()) {
    printf("keccakf1600_strided_bmi: BMI1/BMI2 not available: not "
           "compared\n");
    return;
  }
  memset(s, 0, sizeof s);
  mlkem_keccakf1600_strided_bmi(s, 1);
  CHECK_MSG(memcmp(s, zero_perm1, sizeof s) == 0,
            "keccakf1600_strided_bmi of the zero state, once");
  mlkem_keccakf1600_strided_bmi(s, 1);
  CHECK_MSG(memcmp(s, zero_perm2, sizeof s) == 0,
            "keccakf1600_strided_bmi of the zero state, twice");

#define BMI_COMPARE() \
  do { \
    memcpy(want, s, sizeof want); \
    mlkem_keccakf1600(want); \
    mlkem_keccakf1600_strided_bmi(s, 1); \
    differ += memcmp(s, want, sizeof want) != 0; \
    calls++; \
  } while (0)
  test_rng_init(&rng, "keccakf1600_bmi");
  for (n = 0; n < trials; n++) {
    for (i = 0; i < 25; i++) {
      uint64_t a = rng_u64(&rng), b = rng_u64(&rng);
      s[i] = n % 3 == 0 ? a : n % 3 == 1 ? a & b : a | b;
    }
    BMI_COMPARE();
  }
  for (bit = 0; bit < 1600; bit++) {
    memset(s, 0, sizeof s);
    s[bit / 64] = (uint64_t)1 << (bit % 64);
    BMI_COMPARE();
    memset(s, 0xFF, sizeof s);
    s[bit / 64] ^= (uint64_t)1 << (bit % 64);
    BMI_COMPARE();
  }
  for (n = 0; n < 10000ul; n++) BMI_COMPARE(); /* s: the previous output */
#undef BMI_COMPARE
  for (stride = 1; stride <= 8; stride *= 2) {
    if (stride == 2) continue;
    for (off = 0; off < stride; off++) {
      for (i = 0; i < sizeof buf / sizeof buf[0]; i++) buf[i] = rng_u64(&rng);
      for (i = 0; i < 25; i++) want[i] = buf[stride * i + off];
      mlkem_keccakf1600(want);
      {
        uint64_t copy[8 * 25 + 8];
        int ok = 1;
        memcpy(copy, buf, sizeof copy);
        mlkem_keccakf1600_strided_bmi(buf + off, stride);
        for (i = 0; i < sizeof buf / sizeof buf[0]; i++) {
          int lane = i >= off && (i - off) % stride == 0 &&
                     (i - off) / stride < 25;
          ok &= lane ? buf[i] == want[(i - off) / stride] : buf[i] == copy[i];
        }
        CHECK_MSG(ok, "keccakf1600_strided_bmi: stride and offset");
        calls++;
      }
    }
  }
  CHECKF(differ == 0, "keccakf1600_strided_bmi: %lu of %lu calls differ "
         "from the portable permutation", differ, calls);
  printf("keccakf1600_strided_bmi: %lu calls compared with the portable "
         "permutation; %lu differ\n", calls, differ);
}

#else

static void test_permutation_avx2(void) {
  printf("keccakf1600_x4_avx2: avx2 not available (not built into this "
         "library): not compared\n");
}

static void test_permutation_bmi(void) {
  printf("keccakf1600_strided_bmi: not built into this library: not "
         "compared\n");
}

#endif

/* ---- AVX-512 four- and eight-way permutations -------------------------- */

/*
 * Both work on the scheduler's eight-way layout: mlkem_keccakf1600_x8_avx512
 * must equal eight separate calls of mlkem_keccakf1600 on the
 * de-interleaved states, and mlkem_keccakf1600_x4_avx512 four such calls
 * on instances 0-3, leaving instances 4-7 untouched, bit for bit on every
 * input. Each function is compared on:
 *  - 100,000 calls on random states (a tenth under MLKEM_TEST_QUICK):
 *    uniform lanes, sparse lanes (AND of two random words), dense lanes
 *    (OR of two), and calls mixing uniform, all-zero, all-one and sparse
 *    instances, the kinds moving round the instance positions, so that
 *    any leak between instances shows;
 *  - the all-zero and all-one states, every single-bit state and every
 *    all-ones-but-one-bit state, each bit position in each instance;
 *  - a chain of 10,000 calls, each on the output of the previous one;
 *  - the Keccak team's values for the all-zero state permuted once and
 *    twice, on the AVX-512 function alone.
 * The state is placed at every word offset modulo the vector size (32 or
 * 64 bytes) inside a larger buffer and the words around it are checked to
 * stay untouched.
 */
#if (defined(__x86_64__) || defined(_M_X64)) && defined(MLKEM_HAVE_AVX512)
#include "sha3/keccak_avx512.h"
#define HAVE_KECCAK_AVX512_BUILD 1
#else
#define HAVE_KECCAK_AVX512_BUILD 0
#endif

#if (defined(__aarch64__)) && defined(MLKEM_HAVE_NEON)
#include "sha3/keccak_neon.h"
#define HAVE_KECCAK_NEON_BUILD 1
#else
#define HAVE_KECCAK_NEON_BUILD 0
#endif

/* The comparison of any multi-way permutation (AVX-512 here, NEON with
 * the SHA-3 extension below) with its reference. */
#if HAVE_KECCAK_AVX512_BUILD || HAVE_KECCAK_NEON_BUILD

#define LANES_RANDOM_CALLS 100000ul
#define LANES_CHAIN_CALLS 10000ul
#define LANES_GUARD 0xA5C3A5C3A5C3A5C3ULL
#define LANES_MAX_WAYS 8

/* One function under test: ways interleaved states of 25 lanes. */
typedef struct {
  const char *name;
  unsigned ways;   /* instances permuted: 4 or 8 */
  unsigned stride; /* interleaving of the layout: 8 */
  void (*permute)(uint64_t *state);
} lanes_subject;

typedef struct {
  unsigned long calls, random_calls, extreme_calls, chain_calls;
  unsigned long mismatches;
} lanes_tally;

static uint64_t lanes_rng_u64(test_rng *rng) {
  uint8_t b[8];
  uint64_t v = 0;
  int k;
  test_rng_bytes(rng, b, 8);
  for (k = 0; k < 8; k++) v |= (uint64_t)b[k] << (8 * k);
  return v;
}

/* The reference: single permutations of instances 0 .. ways-1 (lanes
 * gathered and scattered); the other instances stay as they are. */
static void lanes_reference(uint64_t *s, unsigned ways, unsigned stride) {
  uint64_t one[25];
  unsigned i, j;
  for (j = 0; j < ways; j++) {
    for (i = 0; i < 25; i++) one[i] = s[stride * i + j];
    mlkem_keccakf1600(one);
    for (i = 0; i < 25; i++) s[stride * i + j] = one[i];
  }
}

/* Runs the subject and the reference on in[0 .. 25 ways) and compares;
 * the subject works on a copy at word offset off (below ways) of a
 * guarded buffer. out (if not NULL) receives the reference result. */
static void lanes_compare(const lanes_subject *f, lanes_tally *t,
                           const uint64_t *in, unsigned off, uint64_t *out) {
  uint64_t want[25 * LANES_MAX_WAYS];
  uint64_t buf[LANES_MAX_WAYS + 25 * LANES_MAX_WAYS + LANES_MAX_WAYS];
  size_t n = 25 * (size_t)f->stride, i;
  int ok = 1;

  memcpy(want, in, n * sizeof(uint64_t));
  lanes_reference(want, f->ways, f->stride);
  for (i = 0; i < sizeof buf / sizeof buf[0]; i++) buf[i] = LANES_GUARD;
  memcpy(buf + off, in, n * sizeof(uint64_t));
  f->permute(buf + off);
  if (memcmp(buf + off, want, n * sizeof(uint64_t)) != 0) ok = 0;
  for (i = 0; i < off; i++) ok &= buf[i] == LANES_GUARD;
  for (i = off + n; i < sizeof buf / sizeof buf[0]; i++)
    ok &= buf[i] == LANES_GUARD;

  t->calls++;
  if (!ok) {
    if (t->mismatches < 5) {
      for (i = 0; i < n && buf[off + i] == want[i]; i++) {
      }
      fprintf(stderr, "%s: call %lu differs from the reference (first at "
              "lane %u of instance %u, or outside the state)\n", f->name,
              t->calls, (unsigned)(i / f->stride),
              (unsigned)(i % f->stride));
    }
    t->mismatches++;
  }
  if (out != NULL) memcpy(out, want, n * sizeof(uint64_t));
}

static void lanes_check_subject(const lanes_subject *f) {
  uint64_t s[25 * LANES_MAX_WAYS];
  const unsigned w = f->stride, n = 25 * w;
  lanes_tally t;
  test_rng rng;
  unsigned long k;
  const unsigned long trials = test_trials(LANES_RANDOM_CALLS);
  unsigned i, j, bit;

  memset(&t, 0, sizeof t);

  /* Known values, on the AVX-512 function alone. */
  memset(s, 0, sizeof s);
  f->permute(s);
  for (j = 0; j < f->ways; j++) {
    int ok = 1;
    for (i = 0; i < 25; i++) ok &= s[w * i + j] == zero_perm1[i];
    CHECKF(ok, "%s of zero states, once: instance %u wrong", f->name, j);
  }
  f->permute(s);
  for (j = 0; j < f->ways; j++) {
    int ok = 1;
    for (i = 0; i < 25; i++) ok &= s[w * i + j] == zero_perm2[i];
    CHECKF(ok, "%s of zero states, twice: instance %u wrong", f->name, j);
  }

  /* Random states. */
  test_rng_init(&rng, f->name);
  for (k = 0; k < trials; k++) {
    switch (k % 4) {
      case 0: /* uniform */
        for (i = 0; i < n; i++) s[i] = lanes_rng_u64(&rng);
        break;
      case 1: /* sparse: each bit set with probability 1/4 */
        for (i = 0; i < n; i++)
          s[i] = lanes_rng_u64(&rng) & lanes_rng_u64(&rng);
        break;
      case 2: /* dense: each bit set with probability 3/4 */
        for (i = 0; i < n; i++)
          s[i] = lanes_rng_u64(&rng) | lanes_rng_u64(&rng);
        break;
      default: /* instance j is uniform, zero, all-one or sparse by
                  (j + k / 4) mod 4, so every kind visits every position */
        for (j = 0; j < w; j++) {
          unsigned kind = (unsigned)((j + k / 4) % 4);
          for (i = 0; i < 25; i++) {
            uint64_t v;
            if (kind == 0)
              v = lanes_rng_u64(&rng);
            else if (kind == 1)
              v = 0;
            else if (kind == 2)
              v = ~(uint64_t)0;
            else
              v = lanes_rng_u64(&rng) & lanes_rng_u64(&rng);
            s[w * i + j] = v;
          }
        }
        break;
    }
    lanes_compare(f, &t, s, (unsigned)(k % w), NULL);
    t.random_calls++;
  }

  /* Extreme states. */
  memset(s, 0, sizeof s);
  lanes_compare(f, &t, s, 0, NULL);
  memset(s, 0xFF, sizeof s);
  lanes_compare(f, &t, s, 1, NULL);
  t.extreme_calls += 2;
  for (bit = 0; bit < 1600; bit++) {
    /* Instance j holds bit (bit + 1600 j / ways) mod 1600 of its state,
     * so every bit position is tried in every instance. */
    memset(s, 0, sizeof s);
    for (j = 0; j < w; j++) {
      unsigned b = (bit + 1600 / w * j) % 1600;
      s[w * (b / 64) + j] = (uint64_t)1 << (b % 64);
    }
    lanes_compare(f, &t, s, bit % w, NULL);
    for (i = 0; i < n; i++) s[i] = ~s[i];
    lanes_compare(f, &t, s, (bit + 1) % w, NULL);
    t.extreme_calls += 2;
  }

  /* A chain: each call on the previous (reference) output. */
  for (i = 0; i < n; i++) s[i] = lanes_rng_u64(&rng);
  for (k = 0; k < LANES_CHAIN_CALLS; k++) {
    lanes_compare(f, &t, s, (unsigned)(k % w), s);
    t.chain_calls++;
  }

  CHECKF(t.mismatches == 0, "%s differs from the reference in %lu of %lu "
         "calls", f->name, t.mismatches, t.calls);
  CHECK(t.calls == t.random_calls + t.extreme_calls + t.chain_calls);
  printf("%s: %lu %u-way calls (%lu states, in a %u-way layout whose "
         "other instances must stay untouched) compared with single "
         "keccakf1600 calls: %lu random, %lu extreme, %lu chained; %lu "
         "differ\n", f->name, t.calls, f->ways,
         (unsigned long)f->ways * t.calls, w, t.random_calls,
         t.extreme_calls, t.chain_calls, t.mismatches);
}

#endif

#if HAVE_KECCAK_AVX512_BUILD

static void test_permutation_avx512(void) {
  static const lanes_subject subjects[2] = {
      {"keccakf1600_x4_avx512", 4, 8, mlkem_keccakf1600_x4_avx512},
      {"keccakf1600_x8_avx512", 8, 8, mlkem_keccakf1600_x8_avx512},
  };
  /* clang-format on */
  int avx512;
  unsigned i;

  /* The file is compiled for AVX-512 F, VL, BW, DQ, VBMI and IFMA; the
   * compiler may use any of them, so all must be present (the GCC and
   * clang checks also ask the OS whether it saves the ZMM state). Other
   * compilers use the library's own check. */
#if defined(__GNUC__) || defined(__clang__)
  avx512 = __builtin_cpu_supports("avx512f") &&
           __builtin_cpu_supports("avx512vl") &&
           __builtin_cpu_supports("avx512bw") &&
           __builtin_cpu_supports("avx512dq") &&
           __builtin_cpu_supports("avx512vbmi") &&
           __builtin_cpu_supports("avx512ifma");
#else
  avx512 = mlkem_cpu_has_avx512();
#endif
  for (i = 0; i < 2; i++) {
    if (!avx512)
      printf("%s: avx512 not available: not compared\n", subjects[i].name);
    else
      lanes_check_subject(&subjects[i]);
  }
}

#else

static void test_permutation_avx512(void) {
  printf(
      "keccakf1600_x4_avx512, keccakf1600_x8_avx512: avx512 not "
      "available (not built into this library): not compared\n");
}

#endif

/* ---- NEON + SHA-3 two-way permutation (four-way form) ------------------ */

/*
 * mlkem_keccakf1600_x4_neon_sha3 (two two-way permutations on a four-way
 * layout) must equal four single permutations bit for bit, compared as
 * the AVX-512 functions above, where the CPU has the SHA-3 extension
 * (make test-aarch64 runs this test on emulated CPUs with and without it).
 */
#if HAVE_KECCAK_NEON_BUILD

static void test_permutation_neon_sha3(void) {
  static const lanes_subject subject = {"keccakf1600_x4_neon_sha3", 4, 4,
                                        mlkem_keccakf1600_x4_neon_sha3};
  if (!mlkem_cpu_has_sha3())
    printf("%s: the SHA-3 extension is not available: not compared\n",
           subject.name);
  else
    lanes_check_subject(&subject);
}

#else

static void test_permutation_neon_sha3(void) {
  printf(
      "keccakf1600_x4_neon_sha3: not built into this library: not "
      "compared\n");
}

#endif

/* ---- NIST FIPS 202 examples -------------------------------------------- */

static void test_nist_examples(void) {
  uint8_t a3[200], md[64], out[512];
  mlkem_keccak_ctx ctx;

  memset(a3, 0xA3, sizeof a3); /* the 1600-bit message of the examples */

  hex(want_buf, 32,
      "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a");
  mlkem_sha3_256(md, NULL, 0);
  CHECK_MEM(md, want_buf, 32, "SHA3-256(\"\")");
  hex(want_buf, 32,
      "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532");
  mlkem_sha3_256(md, (const uint8_t *)"abc", 3);
  CHECK_MEM(md, want_buf, 32, "SHA3-256(\"abc\")");
  hex(want_buf, 32,
      "79f38adec5c20307a98ef76e8324afbfd46cfd81b22e3973c65fa1bd9de31787");
  mlkem_sha3_256(md, a3, sizeof a3);
  CHECK_MEM(md, want_buf, 32, "SHA3-256(1600 bits of 0xA3)");

  hex(want_buf, 64,
      "a69f73cca23a9ac5c8b567dc185a756e97c982164fe25859e0d1dcc1475c80a6"
      "15b2123af1f5f94c11e3e9402c3ac558f500199d95b6d3e301758586281dcd26");
  mlkem_sha3_512(md, NULL, 0);
  CHECK_MEM(md, want_buf, 64, "SHA3-512(\"\")");
  hex(want_buf, 64,
      "b751850b1a57168a5693cd924b6b096e08f621827444f70d884f5d0240d2712e"
      "10e116e9192af3c91a7ec57647e3934057340b4cf408d5a56592f8274eec53f0");
  mlkem_sha3_512(md, (const uint8_t *)"abc", 3);
  CHECK_MEM(md, want_buf, 64, "SHA3-512(\"abc\")");
  hex(want_buf, 64,
      "e76dfad22084a8b1467fcf2ffa58361bec7628edf5f3fdc0e4805dc48caeeca8"
      "1b7c13c30adf52a3659584739a2df46be589c51ca1a4a8416df6545a1ce8ba00");
  mlkem_sha3_512(md, a3, sizeof a3);
  CHECK_MEM(md, want_buf, 64, "SHA3-512(1600 bits of 0xA3)");

  /* The same through the incremental interface, "abc" in pieces. */
  mlkem_sha3_256_init(&ctx);
  mlkem_keccak_absorb(&ctx, (const uint8_t *)"a", 1);
  mlkem_keccak_absorb(&ctx, (const uint8_t *)"bc", 2);
  mlkem_sha3_256_final(&ctx, md);
  hex(want_buf, 32,
      "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532");
  CHECK_MEM(md, want_buf, 32, "SHA3-256 incremental(\"abc\")");
  mlkem_sha3_512_init(&ctx);
  mlkem_keccak_absorb(&ctx, a3, 99);
  mlkem_keccak_absorb(&ctx, a3, 101);
  mlkem_sha3_512_final(&ctx, md);
  hex(want_buf, 64,
      "e76dfad22084a8b1467fcf2ffa58361bec7628edf5f3fdc0e4805dc48caeeca8"
      "1b7c13c30adf52a3659584739a2df46be589c51ca1a4a8416df6545a1ce8ba00");
  CHECK_MEM(md, want_buf, 64, "SHA3-512 incremental(1600 bits of 0xA3)");

  /* SHAKE with 4096-bit outputs: the examples list all 512 bytes; we
   * check the first 32 and the last 32 (bytes 480..511). */
  mlkem_shake128(out, sizeof out, NULL, 0);
  hex(want_buf, 32,
      "7f9c2ba4e88f827d616045507605853ed73b8093f6efbc88eb1a6eacfa66ef26");
  CHECK_MEM(out, want_buf, 32, "SHAKE128(\"\") bytes 0..31");
  hex(want_buf, 32,
      "43e41b45a653f2a5c4492c1add544512dda2529833462b71a41a45be97290b6f");
  CHECK_MEM(out + 480, want_buf, 32, "SHAKE128(\"\") bytes 480..511");

  mlkem_shake256(out, sizeof out, NULL, 0);
  hex(want_buf, 64,
      "46b9dd2b0ba88d13233b3feb743eeb243fcd52ea62b81b82b50c27646ed5762f"
      "d75dc4ddd8c0f200cb05019d67b592f6fc821c49479ab48640292eacb3b7c4be");
  CHECK_MEM(out, want_buf, 64, "SHAKE256(\"\") bytes 0..63");
  hex(want_buf, 32,
      "ab0bae316339894304e35877b0c28a9b1fd166c796b9cc258a064a8f57e27f2a");
  CHECK_MEM(out + 480, want_buf, 32, "SHAKE256(\"\") bytes 480..511");

  mlkem_shake128(out, sizeof out, a3, sizeof a3);
  hex(want_buf, 32,
      "131ab8d2b594946b9c81333f9bb6e0ce75c3b93104fa3469d3917457385da037");
  CHECK_MEM(out, want_buf, 32, "SHAKE128(0xA3 x 200) bytes 0..31");
  hex(want_buf, 32,
      "44c9fb359fd56ac0a9a75a743cff6862f17d7259ab075216c0699511643b6439");
  CHECK_MEM(out + 480, want_buf, 32, "SHAKE128(0xA3 x 200) bytes 480..511");

  mlkem_shake256(out, sizeof out, a3, sizeof a3);
  hex(want_buf, 32,
      "cd8a920ed141aa0407a22d59288652e9d9f1a7ee0c1e7c1ca699424da84a904d");
  CHECK_MEM(out, want_buf, 32, "SHAKE256(0xA3 x 200) bytes 0..31");
  hex(want_buf, 32,
      "6a1a9d7846436e4dca5728b6f760eef0ca92bf0be5615e96959d767197a0beeb");
  CHECK_MEM(out + 480, want_buf, 32, "SHAKE256(0xA3 x 200) bytes 480..511");
}

/* ---- helpers for the incremental checks -------------------------------- */

enum alg { SHA3_256, SHA3_512, SHAKE128, SHAKE256 };

static void init_alg(mlkem_keccak_ctx *ctx, enum alg a) {
  switch (a) {
    case SHA3_256:
      mlkem_sha3_256_init(ctx);
      break;
    case SHA3_512:
      mlkem_sha3_512_init(ctx);
      break;
    case SHAKE128:
      mlkem_shake128_init(ctx);
      break;
    case SHAKE256:
      mlkem_shake256_init(ctx);
      break;
  }
}

static void oneshot(enum alg a, uint8_t *out, size_t outlen, const uint8_t *in,
                    size_t inlen) {
  switch (a) {
    case SHA3_256:
      mlkem_sha3_256(out, in, inlen);
      break;
    case SHA3_512:
      mlkem_sha3_512(out, in, inlen);
      break;
    case SHAKE128:
      mlkem_shake128(out, outlen, in, inlen);
      break;
    case SHAKE256:
      mlkem_shake256(out, outlen, in, inlen);
      break;
  }
}

/* A random piece length for splitting n bytes: often 0 or tiny, sometimes
 * up to a couple of blocks, so that pieces straddle block boundaries in
 * every possible way over many runs. */
static size_t random_piece(test_rng *rng, size_t n) {
  uint32_t r = test_rng_u32(rng);
  size_t len;
  switch (r % 4) {
    case 0:
      len = (r >> 8) % 3;
      break;
    case 1:
      len = (r >> 8) % 9;
      break;
    case 2:
      len = (r >> 8) % 200;
      break;
    default:
      len = (r >> 8) % 400;
      break;
  }
  return len < n ? len : n;
}

/* Hashes in[0..inlen) with absorb calls at random split points and
 * squeezes outlen bytes in random pieces. */
static void incremental(enum alg a, test_rng *rng, uint8_t *out, size_t outlen,
                        const uint8_t *in, size_t inlen) {
  mlkem_keccak_ctx ctx;
  size_t off = 0;
  init_alg(&ctx, a);
  while (off < inlen) {
    size_t n = random_piece(rng, inlen - off);
    mlkem_keccak_absorb(&ctx, in + off, n);
    off += n;
  }
  mlkem_keccak_absorb(&ctx, in, 0); /* an empty piece at the end, too */
  mlkem_keccak_finalize(&ctx);
  off = 0;
  while (off < outlen) {
    size_t n = random_piece(rng, outlen - off);
    mlkem_keccak_squeeze(&ctx, out + off, n);
    off += n;
  }
}

/* ---- the hashlib vector file ------------------------------------------- */

static int parse_alg(const char *s, enum alg *a) {
  if (strcmp(s, "sha3_256") == 0)
    *a = SHA3_256;
  else if (strcmp(s, "sha3_512") == 0)
    *a = SHA3_512;
  else if (strcmp(s, "shake128") == 0)
    *a = SHAKE128;
  else if (strcmp(s, "shake256") == 0)
    *a = SHAKE256;
  else
    return 0;
  return 1;
}

static void test_kat_file(void) {
  size_t len;
  char *text = test_read_file(test_vector_path("sha3/sha3_kat.txt"), &len);
  char *line = text, *next;
  unsigned long count = 0, lineno = 0;
  unsigned long per_alg[4] = {0, 0, 0, 0};
  test_rng rng;

  test_rng_init(&rng, "sha3_kat incremental");
  for (; line != NULL && *line != '\0'; line = next) {
    char *tok[5], *save;
    int ntok = 0;
    enum alg a;
    unsigned long msglen, outlen;

    lineno++;
    next = strchr(line, '\n');
    if (next != NULL) *next++ = '\0';
    if (line[0] == '#' || line[0] == '\0' || line[0] == '\r') continue;
    for (save = line; ntok < 5; ntok++) {
      while (*save == ' ') save++;
      if (*save == '\0' || *save == '\r') break;
      tok[ntok] = save;
      while (*save != ' ' && *save != '\0' && *save != '\r') save++;
      if (*save != '\0') *save++ = '\0';
    }
    if (ntok != 5 || !parse_alg(tok[0], &a)) {
      fprintf(stderr, "sha3_kat.txt:%lu: malformed line\n", lineno);
      CHECK_MSG(0, "sha3_kat.txt line format");
      continue;
    }
    msglen = strtoul(tok[1], NULL, 10);
    outlen = strtoul(tok[2], NULL, 10);
    if (msglen > MAX_MSG || outlen > MAX_OUT ||
        (msglen > 0 &&
         test_hex_decode(msg_buf, MAX_MSG, tok[3], strlen(tok[3])) != msglen) ||
        (msglen == 0 && strcmp(tok[3], "-") != 0) ||
        test_hex_decode(want_buf, MAX_OUT, tok[4], strlen(tok[4])) != outlen ||
        (a == SHA3_256 && outlen != 32) || (a == SHA3_512 && outlen != 64)) {
      fprintf(stderr, "sha3_kat.txt:%lu: bad lengths or hex\n", lineno);
      CHECK_MSG(0, "sha3_kat.txt line contents");
      continue;
    }

    memset(got_buf, 0, outlen);
    oneshot(a, got_buf, outlen, msg_buf, msglen);
    if (memcmp(got_buf, want_buf, outlen) != 0)
      fprintf(stderr, "sha3_kat.txt:%lu: one-shot mismatch\n", lineno);
    CHECK_MEM(got_buf, want_buf, outlen, "sha3_kat.txt one-shot");

    memset(got_buf, 0, outlen);
    incremental(a, &rng, got_buf, outlen, msg_buf, msglen);
    if (memcmp(got_buf, want_buf, outlen) != 0)
      fprintf(stderr, "sha3_kat.txt:%lu: incremental mismatch\n", lineno);
    CHECK_MEM(got_buf, want_buf, outlen, "sha3_kat.txt incremental");

    count++;
    per_alg[a]++;
  }
  free(text);
  printf(
      "sha3_kat.txt: %lu vectors checked (SHA3-256 %lu, SHA3-512 %lu, "
      "SHAKE128 %lu, SHAKE256 %lu), each one-shot and incremental\n",
      count, per_alg[0], per_alg[1], per_alg[2], per_alg[3]);
  CHECK_MSG(count >= 2000, "sha3_kat.txt holds the expected vectors");
  CHECK(per_alg[0] > 0 && per_alg[1] > 0 && per_alg[2] > 0 && per_alg[3] > 0);
}

/* ---- incremental against one-shot on long random data ------------------ */

static void test_incremental_random(void) {
  static uint8_t in[3000], want[2500], got[2500];
  test_rng rng;
  int a, iter;

  test_rng_init(&rng, "sha3 incremental random");
  test_rng_bytes(&rng, in, sizeof in);
  for (a = SHA3_256; a <= SHAKE256; a++) {
    size_t outlen = a == SHA3_256 ? 32 : a == SHA3_512 ? 64 : sizeof want;
    for (iter = 0; iter < 40; iter++) {
      size_t inlen = test_rng_u32(&rng) % (sizeof in + 1);
      oneshot((enum alg)a, want, outlen, in, inlen);
      memset(got, 0, outlen);
      incremental((enum alg)a, &rng, got, outlen, in, inlen);
      CHECK_MEM(got, want, outlen, "random splits equal one-shot");
    }
  }
}

/* ---- squeezeblocks against squeeze ------------------------------------- */

static void test_squeezeblocks(void) {
  static uint8_t want[10 * 168], got[10 * 168 + 100];
  const uint8_t in[34] = "thirty-four bytes, like an XOF in";
  mlkem_keccak_ctx ctx;
  int a;

  for (a = SHAKE128; a <= SHAKE256; a++) {
    size_t rate = a == SHAKE128 ? MLKEM_SHAKE128_RATE : MLKEM_SHAKE256_RATE;
    size_t nb;
    oneshot((enum alg)a, want, sizeof want, in, sizeof in);

    /* n blocks at once, for n = 0..10. */
    for (nb = 0; nb <= 10 && nb * rate <= sizeof want; nb++) {
      memset(got, 0xEE, sizeof got);
      init_alg(&ctx, (enum alg)a);
      mlkem_keccak_absorb(&ctx, in, sizeof in);
      mlkem_keccak_finalize(&ctx);
      mlkem_keccak_squeezeblocks(&ctx, got, nb);
      CHECK_MEM(got, want, nb * rate, "squeezeblocks equals squeeze");
      CHECK(got[nb * rate] == 0xEE); /* nothing written past the blocks */
    }

    /* Blocks in several calls, then ordinary squeezes continuing. */
    memset(got, 0, sizeof got);
    init_alg(&ctx, (enum alg)a);
    mlkem_keccak_absorb(&ctx, in, 10);
    mlkem_keccak_absorb(&ctx, in + 10, sizeof in - 10);
    mlkem_keccak_finalize(&ctx);
    mlkem_keccak_squeezeblocks(&ctx, got, 1);
    mlkem_keccak_squeezeblocks(&ctx, got + rate, 0);
    mlkem_keccak_squeezeblocks(&ctx, got + rate, 3);
    mlkem_keccak_squeeze(&ctx, got + 4 * rate, 5);
    mlkem_keccak_squeeze(&ctx, got + 4 * rate + 5, 2 * rate);
    CHECK_MEM(got, want, 6 * rate + 5, "squeezeblocks then squeeze");
  }
}

/* ---- scheduled sponge jobs against one-shot hashing --------------------- */

/* A sink that collects a job's output (for the sink path of the
 * scheduler): takes blocks until it has `want` bytes. */
typedef struct {
  uint8_t *buf;
  size_t have, want;
} collect_sink;

static int collect(void *arg, const uint64_t *lane, size_t stride, size_t len) {
  collect_sink *c = arg;
  size_t n = c->want - c->have < len ? c->want - c->have : len;
  mlkem_lane_bytes(c->buf + c->have, lane, stride, n);
  c->have += n;
  return c->have == c->want;
}

/* A sink that appends its job's output to a shared stream once the job
 * is complete, and publishes the new length. */
typedef struct {
  collect_sink part; /* collects the job's output into buf */
  uint8_t *stream;
  size_t *avail;
  uint8_t buf[200];
} stream_sink;

static int stream_append(void *arg, const uint64_t *lane, size_t stride,
                         size_t len) {
  stream_sink *c = arg;
  if (!collect(&c->part, lane, stride, len)) return 0;
  memcpy(c->stream + *c->avail, c->buf, c->part.want);
  *c->avail += c->part.want;
  return 1;
}

/* The scheduler with every permutation this build and CPU offer, each
 * forced by a table that offers only it (or makes the others dear), and
 * with the backends' own tables: lists of 1 to 32 jobs (the most a list
 * may hold) mixing all four functions, inputs split between in0 and in1
 * at random points, output lengths crossing blocks, output both written
 * directly and handed to a sink, and jobs that depend on an earlier job
 * and absorb its output. */
#define HUGE_COST 1000000u
static void test_sponge_schedule(void) {
  enum {
    MAXJ = MLKEM_SPONGE_MAX_JOBS,
    MAXIN = 700,
    MAXOUT = 600,
    MAXCFG = 11,
    DEP = 40
  };
  static uint8_t in[MAXJ][MAXIN], want[MAXJ][MAXOUT], got[MAXJ][MAXOUT + 1];
  static uint8_t joined[MAXIN + DEP];
  static const unsigned rates[4] = {MLKEM_SHA3_256_RATE, MLKEM_SHA3_512_RATE,
                                    MLKEM_SHAKE128_RATE, MLKEM_SHAKE256_RATE};
  struct {
    const char *name;
    mlkem_keccak_lanes lanes;
  } cfg[MAXCFG];
  collect_sink sinks[MAXJ];
  mlkem_sponge_job jobs[MAXJ];
  test_rng rng;
  unsigned trial, n, j, c, ncfg = 0, checked = 0, dependent = 0;

  cfg[ncfg].name = "one-way (portable table)";
  cfg[ncfg++].lanes = mlkem_keccak_lanes_portable;
  cfg[ncfg].name = "one-way, eight-way layout";
  cfg[ncfg].lanes = mlkem_keccak_lanes_portable;
  cfg[ncfg++].lanes.stride = 8;
#ifdef MLKEM_HAVE_AVX2
  if (mlkem_cpu_has_avx2()) {
    const mlkem_keccak_lanes avx2 = *mlkem_backend_avx2.keccak;
    cfg[ncfg].name = "avx2 table";
    cfg[ncfg++].lanes = avx2;
    cfg[ncfg].name = "avx2 four-way only";
    cfg[ncfg].lanes = avx2;
    cfg[ncfg++].lanes.cost_x1 = HUGE_COST;
    cfg[ncfg].name = "avx2 one-way (BMI) only";
    cfg[ncfg].lanes = avx2;
    cfg[ncfg++].lanes.x4 = NULL;
  }
#endif
#ifdef MLKEM_HAVE_AVX512
  if (mlkem_cpu_has_avx512()) {
    const mlkem_keccak_lanes avx512 = *mlkem_backend_avx512.keccak;
    cfg[ncfg].name = "avx512 table";
    cfg[ncfg++].lanes = avx512;
    cfg[ncfg].name = "avx512 eight-way only";
    cfg[ncfg].lanes = avx512;
    cfg[ncfg].lanes.x4 = NULL;
    cfg[ncfg++].lanes.cost_x1 = HUGE_COST;
    cfg[ncfg].name = "avx512 four-way only (busy lanes moved down)";
    cfg[ncfg].lanes = avx512;
    cfg[ncfg].lanes.x8 = NULL;
    cfg[ncfg++].lanes.cost_x1 = HUGE_COST;
    cfg[ncfg].name = "avx512 four- and one-way";
    cfg[ncfg].lanes = avx512;
    cfg[ncfg].lanes.x8 = NULL;
    cfg[ncfg++].lanes.cost_x1 = 200;
  }
#endif
#ifdef MLKEM_HAVE_NEON
  if (mlkem_cpu_has_sha3()) {
    cfg[ncfg].name = "neon-sha3 table";
    cfg[ncfg++].lanes = mlkem_keccak_lanes_neon_sha3;
    cfg[ncfg].name = "neon-sha3 four-way only";
    cfg[ncfg].lanes = mlkem_keccak_lanes_neon_sha3;
    cfg[ncfg++].lanes.cost_x1 = HUGE_COST;
  }
#endif

  test_rng_init(&rng, "sponge_schedule");
  for (trial = 0; trial < 400; trial++) {
    int use_sinks = trial % 2;
    n = 1 + trial % MAXJ;
    for (j = 0; j < n; j++) {
      enum alg a = (enum alg)(test_rng_u32(&rng) % 4);
      size_t inlen = test_rng_u32(&rng) % MAXIN;
      size_t split = inlen == 0 ? 0 : test_rng_u32(&rng) % (inlen + 1);
      size_t outlen = a == SHA3_256   ? 32
                      : a == SHA3_512 ? 64
                                      : DEP + test_rng_u32(&rng) % MAXOUT;
      if (outlen > MAXOUT) outlen = MAXOUT;
      test_rng_bytes(&rng, in[j], inlen);
      jobs[j].rate = (uint8_t)rates[a];
      jobs[j].ds = a <= SHA3_512 ? MLKEM_DS_SHA3 : MLKEM_DS_SHAKE;
      jobs[j].out = use_sinks ? NULL : got[j];
      jobs[j].outlen = (uint32_t)outlen;
      jobs[j].sink = use_sinks ? collect : NULL;
      jobs[j].sink_arg = use_sinks ? &sinks[j] : NULL;
      jobs[j].after = -1;
      jobs[j].avail = NULL;
      jobs[j].tail = 0;
      if (j > 0 && test_rng_u32(&rng) % 3 == 0) {
        /* Depends on an earlier job: absorbs in || its first 32 bytes. */
        unsigned dep = test_rng_u32(&rng) % j;
        memcpy(joined, in[j], inlen);
        memcpy(joined + inlen, want[dep], 32);
        oneshot(a, want[j], outlen, joined, inlen + 32);
        jobs[j].in0 = in[j];
        jobs[j].len0 = (uint32_t)inlen;
        jobs[j].in1 = got[dep];
        jobs[j].len1 = 32;
        jobs[j].after = (int8_t)dep;
        dependent++;
      } else {
        oneshot(a, want[j], outlen, in[j], inlen);
        jobs[j].in0 = in[j];
        jobs[j].len0 = (uint32_t)split;
        jobs[j].in1 = in[j] + split;
        jobs[j].len1 = (uint32_t)(inlen - split);
      }
    }
    for (c = 0; c < ncfg; c++) {
      memset(got, 0xEE, sizeof got);
      for (j = 0; j < n; j++) {
        sinks[j].buf = got[j];
        sinks[j].have = 0;
        sinks[j].want = jobs[j].outlen;
      }
      mlkem_sponge_run(jobs, n, &cfg[c].lanes);
      for (j = 0; j < n; j++) {
        CHECKF(memcmp(got[j], want[j], jobs[j].outlen) == 0,
               "sponge schedule (%s, %s) differs from one-shot hashing, "
               "trial %u job %u",
               cfg[c].name, use_sinks ? "sink" : "direct", trial, j);
        CHECK(got[j][jobs[j].outlen] == 0xEE);
        checked++;
      }
    }
  }
  CHECK(dependent > 100);

  /* Streaming input: job 0 hashes a buffer that the sinks of the other
   * jobs fill while the list runs (each appends its output when
   * complete, in whatever order the jobs complete), as key generation's
   * H(ek) absorbs ek row by row. The digest must be that of the final
   * buffer, hashed in one go afterwards: a block absorbed before it was
   * written would show. */
  for (trial = 0; trial < 60; trial++) {
    static uint8_t stream[MAXJ * 200];
    static uint8_t sin[MAXJ][40];
    static stream_sink ss[MAXJ];
    size_t avail = 0, total = 0;
    uint8_t digest[32], expect[32], part[200];
    n = 2 + trial % (MAXJ - 1);
    for (j = 1; j < n; j++) {
      size_t outlen = 1 + test_rng_u32(&rng) % 200;
      test_rng_bytes(&rng, sin[j], sizeof sin[j]);
      ss[j].stream = stream;
      ss[j].avail = &avail;
      ss[j].part.buf = ss[j].buf;
      ss[j].part.want = outlen;
      ss[j].part.have = 0;
      total += outlen;
    }
    jobs[0] = mlkem_job_h(stream, total, digest);
    jobs[0].avail = &avail;
    jobs[0].tail = (uint8_t)(trial % 6); /* an estimate: any value works */
    for (j = 1; j < n; j++) {
      jobs[j] = mlkem_job_xof(sin[j], NULL, ss[j].part.want);
      jobs[j].len0 = sizeof sin[j];
      jobs[j].sink = stream_append;
      jobs[j].sink_arg = &ss[j];
    }
    for (c = 0; c < ncfg; c++) {
      avail = 0;
      memset(digest, 0, sizeof digest);
      for (j = 1; j < n; j++) ss[j].part.have = 0;
      memset(stream, 0, sizeof stream);
      mlkem_sponge_run(jobs, n, &cfg[c].lanes);
      oneshot(SHA3_256, expect, 32, stream, total);
      CHECKF(memcmp(digest, expect, 32) == 0 && avail == total,
             "streaming job (%s), trial %u", cfg[c].name, trial);
      /* Each part is somewhere in the stream, as its own SHAKE128. */
      for (j = 1; j < n; j++) {
        size_t off;
        int found = 0;
        oneshot(SHAKE128, part, ss[j].part.want, sin[j], sizeof sin[j]);
        for (off = 0; off + ss[j].part.want <= total && !found; off++)
          found = memcmp(stream + off, part, ss[j].part.want) == 0;
        CHECK(found);
      }
      checked++;
    }
  }
  printf(
      "sponge schedule: %u jobs (%u of them dependent on an earlier "
      "one) checked against one-shot hashing in %u configurations of "
      "permutations; direct output and sinks\n",
      checked, dependent, ncfg);
}

/* ---- step counts ----------------------------------------------------------
 */

/* Permutations that count their calls: the four- and eight-way ones as
 * four or eight one-way calls on the layout of the table in use. */
static unsigned calls_x1, calls_x4, calls_x8;
static size_t calls_stride;

static void count_x1(uint64_t *s, size_t stride) {
  calls_x1++;
  mlkem_keccakf1600_strided(s, stride);
}

static void count_x4(uint64_t *s) {
  unsigned j;
  calls_x4++;
  for (j = 0; j < 4; j++) mlkem_keccakf1600_strided(s + j, calls_stride);
}

static void count_x8(uint64_t *s) {
  unsigned j;
  calls_x8++;
  for (j = 0; j < 8; j++) mlkem_keccakf1600_strided(s + j, calls_stride);
}

/* A backend's table with the counting permutations in its place: its
 * stride, costs and widths, so the scheduler decides as it does with the
 * backend, on any CPU. */
static mlkem_keccak_lanes counting(unsigned stride, unsigned cost_x1,
                                   unsigned cost_x4, unsigned cost_x8) {
  mlkem_keccak_lanes t;
  t.stride = stride;
  t.x1 = count_x1;
  t.x4 = cost_x4 != 0 ? count_x4 : NULL;
  t.x8 = cost_x8 != 0 ? count_x8 : NULL;
  t.cost_x1 = cost_x1;
  t.cost_x4 = cost_x4;
  t.cost_x8 = cost_x8;
  calls_stride = stride;
  return t;
}

/* Runs the list on the table and checks each job's output against
 * one-shot hashing of in0 || in1 (a job that depends on another reads its
 * output, which is final by then) and the steps taken. */
static void run_counted(const char *what, const mlkem_sponge_job *jobs,
                        unsigned njobs, const mlkem_keccak_lanes *t,
                        unsigned x1, unsigned x4, unsigned x8) {
  static uint8_t in[2048], want[1024];
  unsigned j, ok = 0;
  calls_x1 = calls_x4 = calls_x8 = 0;
  mlkem_sponge_run(jobs, njobs, t);
  CHECKF(calls_x1 == x1 && calls_x4 == x4 && calls_x8 == x8,
         "%s: %u one-way, %u four-way and %u eight-way steps, expected %u, "
         "%u and %u",
         what, calls_x1, calls_x4, calls_x8, x1, x4, x8);
  for (j = 0; j < njobs; j++) {
    const mlkem_sponge_job *jb = &jobs[j];
    enum alg a = jb->rate == MLKEM_SHA3_512_RATE   ? SHA3_512
                 : jb->rate == MLKEM_SHAKE128_RATE ? SHAKE128
                 : jb->ds == MLKEM_DS_SHA3         ? SHA3_256
                                                   : SHAKE256;
    if (jb->len0 > 0) memcpy(in, jb->in0, jb->len0);
    if (jb->len1 > 0) memcpy(in + jb->len0, jb->in1, jb->len1);
    oneshot(a, want, jb->outlen, in, (size_t)jb->len0 + jb->len1);
    ok += memcmp(jb->out, want, jb->outlen) == 0;
  }
  CHECKF(ok == njobs, "%s: %u of %u outputs as one-shot hashing", what, ok,
         njobs);
}

/* The lists of ML-KEM-768's operations (kem.c, kpke.c), with matrix
 * entries of three blocks (504 bytes; an entry that needs a fourth is
 * test_sponge_defer's case) and outputs written directly:
 *  - decaps: H(ek) 9, J(z || c) 9, G 1, the 9 entries 3 each, the 7
 *    noise PRFs after G 1 each: 53 permutations, longest chain 9;
 *  - encaps: H(ek), G(m || H(ek)) after it, the entries, the PRFs after
 *    G: 44 permutations, longest chain 11 (H, G, a PRF);
 *  - encaps to a prepared key: G, the entries, the PRFs: 35, chain 3.
 * Returns the number of jobs. */
enum list_shape { DECAPS, ENCAPS, PREPARED };
static unsigned mlkem768_list(mlkem_sponge_job *jobs, enum list_shape shape) {
  static uint8_t ek[1184], ct[1088], z[32], m[32], gin[64], seeds[9][34];
  static uint8_t h[32], kbar[32], g[64], a[9][504], prf[7][128];
  unsigned n = 0, j;
  int g_job;
  test_rng rng;
  test_rng_init(&rng, "sponge_steps");
  test_rng_bytes(&rng, ek, sizeof ek);
  test_rng_bytes(&rng, ct, sizeof ct);
  test_rng_bytes(&rng, z, sizeof z);
  test_rng_bytes(&rng, m, sizeof m);
  test_rng_bytes(&rng, gin, sizeof gin);
  for (j = 0; j < 9; j++) test_rng_bytes(&rng, seeds[j], sizeof seeds[j]);
  if (shape == DECAPS) {
    jobs[n++] = mlkem_job_h(ek, sizeof ek, h);
    jobs[n++] = mlkem_job_j(z, sizeof z, ct, sizeof ct, kbar);
    jobs[n] = mlkem_job_g(gin, sizeof gin, g);
  } else if (shape == ENCAPS) {
    jobs[n++] = mlkem_job_h(ek, sizeof ek, h);
    jobs[n] = mlkem_job_make(MLKEM_SHA3_512_RATE, MLKEM_DS_SHA3, m, sizeof m, h,
                             sizeof h, g, sizeof g);
    jobs[n].after = 0;
  } else {
    jobs[n] = mlkem_job_g(gin, sizeof gin, g);
  }
  g_job = (int)n++;
  for (j = 0; j < 9; j++)
    jobs[n++] = mlkem_job_xof(seeds[j], a[j], sizeof a[j]);
  for (j = 0; j < 7; j++) {
    jobs[n] = mlkem_job_prf(g + 32, j, prf[j], 2);
    jobs[n++].after = (int8_t)g_job;
  }
  return n;
}

/* Each operation's list on each table, with the steps it should take:
 * the fewest the list allows, at the lowest cost the table's widths allow
 * (worked out below; docs/SCHEDULE.md lists the same counts):
 *  - decaps, eight lanes (AVX-512's costs): 9 steps, the two 9-block
 *    chains; 53 permutations in 9 steps need at least 5 eight-way ones
 *    (5 x 8 + 4 x 4 = 56, 4 x 8 + 5 x 4 = 52): 4 four-way + 5 eight-way,
 *    7,310 at 640 and 950 (10 steps would cost at least 7,640). Four
 *    lanes (AVX2's): 14 steps at least (53 / 4), 13 of them full, the
 *    last lone lane one-way;
 *  - encaps, eight lanes: the chain's 11 steps, H beside three entries
 *    for 9 (exactly the 27 entry permutations), G alone, then the 7 PRFs
 *    in one eight-way step (12 four-way steps would cost more). Four
 *    lanes: the same 9 steps, G alone one-way (650 < 1,230), then the
 *    PRFs in two four-way steps;
 *  - prepared, eight lanes: lanes take jobs in list order, so the ninth
 *    entry starts only once the first seven are complete (beside G, then
 *    beside the eighth entry): 6 steps, the first 3 on eight lanes, the
 *    11 permutations left on four. Four lanes: 35 / 4, 9 four-way steps
 *    (the last with three lanes);
 *  - one-way only (portable): one call per permutation, 53, 44, 35. */
static void test_sponge_steps(void) {
  static const struct {
    const char *what;
    enum list_shape shape;
    unsigned stride, cost_x1, cost_x4, cost_x8; /* a backend's table */
    unsigned x1, x4, x8;                        /* the steps expected */
  } runs[] = {
      {"decaps, eight lanes", DECAPS, 8, 780, 640, 950, 0, 4, 5},
      {"encaps, eight lanes", ENCAPS, 8, 780, 640, 950, 0, 10, 1},
      {"prepared encaps, eight lanes", PREPARED, 8, 780, 640, 950, 0, 3, 3},
      {"decaps, four lanes", DECAPS, 4, 650, 1230, 0, 1, 13, 0},
      {"encaps, four lanes", ENCAPS, 4, 650, 1230, 0, 1, 11, 0},
      {"prepared encaps, four lanes", PREPARED, 4, 650, 1230, 0, 0, 9, 0},
      {"decaps, one-way", DECAPS, 4, 780, 0, 0, 53, 0, 0},
      {"encaps, one-way", ENCAPS, 4, 780, 0, 0, 44, 0, 0},
      {"prepared encaps, one-way", PREPARED, 4, 780, 0, 0, 35, 0, 0},
  };
  mlkem_sponge_job jobs[MLKEM_SPONGE_MAX_JOBS];
  unsigned i, n;
  for (i = 0; i < sizeof runs / sizeof runs[0]; i++) {
    mlkem_keccak_lanes t = counting(runs[i].stride, runs[i].cost_x1,
                                    runs[i].cost_x4, runs[i].cost_x8);
    n = mlkem768_list(jobs, runs[i].shape);
    run_counted(runs[i].what, jobs, n, &t, runs[i].x1, runs[i].x4, runs[i].x8);
  }
  printf(
      "step counts: ML-KEM-768's decaps, encaps and prepared-key lists on "
      "eight lanes, four lanes and one-way, outputs unchanged\n");
}

/* ---- a lane sitting a step out ------------------------------------------ */

/* Encapsulation's list on four lanes with a one-way step cheaper than a
 * four-way one but more than half of it (AVX2's costs): H (9 blocks),
 * G after it, nine SHAKE128 jobs (eight of three blocks, the last of
 * four), and seven one-block jobs after G. The matrix lanes carry 28
 * permutations beside H's 9, so one of them still needs its last block
 * when G runs. It sits that step out (G runs one-way) and runs beside the
 * seven: 11 four-way steps and one one-way step, where permuting it with
 * G takes 12 four-way steps. With the one-way step dear (no deferral)
 * the list takes the 12. Every output is checked against one-shot
 * hashing either way. */
static void test_sponge_defer(void) {
  enum { NJOBS = 18, EK = 1184 };
  static uint8_t ek[EK], seeds[9][34], h[32], g[64], gin[64];
  /* gin's first half is G's own input; its second half receives H for
   * the one-shot check. */
  static uint8_t out[NJOBS][4 * MLKEM_SHAKE128_RATE];
  static uint8_t want[4 * MLKEM_SHAKE128_RATE];
  mlkem_sponge_job jobs[NJOBS];
  mlkem_keccak_lanes lanes = counting(4, 650, 1230, 0);
  test_rng rng;
  unsigned j, run;
  test_rng_init(&rng, "sponge_defer");
  test_rng_bytes(&rng, ek, sizeof ek);
  test_rng_bytes(&rng, gin, 32);
  for (j = 0; j < 9; j++) test_rng_bytes(&rng, seeds[j], sizeof seeds[j]);
  for (run = 0; run < 2; run++) {
    unsigned expect_x1 = run == 0 ? 1 : 0, expect_x4 = run == 0 ? 11 : 12;
    if (run == 1) lanes.cost_x1 = 1230; /* not cheaper: no deferral */
    memset(out, 0, sizeof out);
    jobs[0] = mlkem_job_h(ek, EK, h);
    jobs[1] = mlkem_job_make(MLKEM_SHA3_512_RATE, MLKEM_DS_SHA3, gin, 32, h, 32,
                             g, 64); /* G(gin || H) */
    jobs[1].after = 0;
    for (j = 0; j < 9; j++)
      jobs[2 + j] = mlkem_job_xof(seeds[j], out[2 + j],
                                  (j == 8 ? 4 : 3) * MLKEM_SHAKE128_RATE);
    for (j = 0; j < 7; j++) {
      jobs[11 + j] = mlkem_job_prf(g, j, out[11 + j], 2);
      jobs[11 + j].after = 1;
    }
    calls_x1 = calls_x4 = calls_x8 = 0;
    mlkem_sponge_run(jobs, NJOBS, &lanes);
    CHECKF(calls_x1 == expect_x1 && calls_x4 == expect_x4,
           "deferral (run %u): %u one-way and %u four-way steps, expected "
           "%u and %u",
           run, calls_x1, calls_x4, expect_x1, expect_x4);
    oneshot(SHA3_256, want, 32, ek, EK);
    CHECK_MEM(h, want, 32, "deferral: H");
    memcpy(gin + 32, h, 32);
    oneshot(SHA3_512, want, 64, gin, 64);
    CHECK_MEM(g, want, 64, "deferral: G");
    for (j = 0; j < 9; j++) {
      size_t len = (j == 8 ? 4 : 3) * MLKEM_SHAKE128_RATE;
      oneshot(SHAKE128, want, len, seeds[j], 34);
      CHECK_MEM(out[2 + j], want, len, "deferral: SHAKE128 job");
    }
    for (j = 0; j < 7; j++) {
      uint8_t prf_in[33];
      memcpy(prf_in, g, 32);
      prf_in[32] = (uint8_t)j;
      oneshot(SHAKE256, want, 128, prf_in, 33);
      CHECK_MEM(out[11 + j], want, 128, "deferral: PRF job");
    }
  }
  printf(
      "deferral: a lane sits out G's step (1 one-way + 11 four-way "
      "steps instead of 12 four-way), outputs unchanged\n");
}

int main(void) {
  test_permutation();
  test_permutation_avx2();
  test_permutation_bmi();
  test_permutation_avx512();
  test_permutation_neon_sha3();
  test_nist_examples();
  test_kat_file();
  test_incremental_random();
  test_squeezeblocks();
  test_sponge_steps();
  test_sponge_defer();
  test_sponge_schedule();
  return test_summary("test_sha3");
}
