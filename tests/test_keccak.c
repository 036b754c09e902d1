/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_keccak.c - the Keccak-f[1600] permutations: the portable one
 * against the Keccak team's KeccakF-1600-IntermediateValues.txt (the
 * all-zero state permuted once and twice) and in its strided form, and
 * every multi-way and BMI permutation this build and CPU have (AVX2,
 * AVX-512 four- and eight-way, NEON with SHA-3) against the portable one
 * on random and chained states.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "platform/cpu.h"
#include "sha3/sha3.h"
#include "test_util.h"

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

int main(void) {
  test_permutation();
  test_permutation_avx2();
  test_permutation_bmi();
  test_permutation_avx512();
  test_permutation_neon_sha3();
  return test_summary("test_keccak");
}
