/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * msan_intrinsics_test.c - checks the MemorySanitizer models of
 * tests/ct/msan_intrinsics.h, in the build make ct compiles them into
 * (clang, -fsanitize=memory, -include msan_intrinsics.h, AVX-512 flags).
 *
 * For every model:
 *  - value: on random operands (and the edge cases named below) it returns
 *    exactly what the instruction returns;
 *  - marking: with one byte of one operand marked secret, every output bit
 *    that depends on that byte is marked secret ("depends": changes for
 *    some value of the byte, the others fixed; found by trying all 256 on
 *    the instruction). For a marked data byte of a permutation the marking
 *    must be exactly that set of bits (that is why they are modelled:
 *    MemorySanitizer's own rule marks the wrong places); otherwise at least
 *    that set.
 * The marked bits of an output are read one by one: x & (1 << b) is marked
 * exactly when bit b of x is (MemorySanitizer follows AND with a constant
 * bit by bit).
 *
 * msan_intrinsics_run's result: 0 if all hold, 1 otherwise, 77 if not
 * built under MemorySanitizer. This file is compiled for AVX-512 (and its
 * stack frames' shadow is set with AVX-512 stores): it is entered only
 * from msan_intrinsics_main.c, compiled without those flags, once the CPU
 * has been found to have the instructions.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

int msan_intrinsics_run(void);

#if defined(MLKEM_MSAN_INTRINSICS) && defined(MLKEM_MSAN_AES_INTRINSICS)

#include <sanitizer/msan_interface.h>

/* The instructions themselves, for comparison: the header's definitions
 * that msan_intrinsics.h replaced. */
#pragma pop_macro("_mm_aeskeygenassist_si128")
#pragma pop_macro("_mm512_ternarylogic_epi64")
#pragma pop_macro("_mm256_ternarylogic_epi64")
#undef _mm512_madd_epi16
#undef _mm512_maddubs_epi16
#undef _mm512_packus_epi16
#undef _mm512_permutexvar_epi8
#undef _mm512_permutex2var_epi32
#undef _mm512_multishift_epi64_epi8

static unsigned failures, checks;

static void check(int ok, const char *what) {
  checks++;
  if (!ok) {
    failures++;
    printf("FAIL %s\n", what);
  }
}

/* splitmix64 */
static uint64_t rng_state = 0x6d73616e2d6d6f64ull;
static uint64_t rng64(void) {
  uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}
static void rng_fill(uint8_t v[64]) {
  unsigned i;
  for (i = 0; i < 64; i += 8) {
    uint64_t x = rng64();
    memcpy(v + i, &x, 8);
  }
}

/* An operation under test: its three operands and result as 64 bytes
 * (operands it does not have are ignored); one function for the
 * instruction, one for the model. */
typedef void (*op_fn)(uint8_t r[64], const uint8_t x[64], const uint8_t y[64],
                      const uint8_t z[64]);
typedef struct {
  const char *name;
  op_fn real, model;
  unsigned noperands;
  /* Bit i set: with a byte of operand i marked, the marking must be
   * exactly the dependent bits (the data operands of the permutations;
   * for a marked index the output element is marked as a whole). */
  unsigned exact;
} op_case;

#define LOAD(p) _mm512_loadu_si512((const void *)(p))
#define STORE(p, v) _mm512_storeu_si512((void *)(p), (v))
#define LO256(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))

#define DEF_TERNLOG(imm)                                                       \
  static void real_tl_##imm(uint8_t r[64], const uint8_t x[64],                \
                            const uint8_t y[64], const uint8_t z[64]) {        \
    STORE(r, _mm512_ternarylogic_epi64(LOAD(x), LOAD(y), LOAD(z), imm));       \
  }                                                                            \
  static void model_tl_##imm(uint8_t r[64], const uint8_t x[64],               \
                             const uint8_t y[64], const uint8_t z[64]) {       \
    STORE(r, mlkem_msan_ternarylogic_epi64(LOAD(x), LOAD(y), LOAD(z), imm));   \
  }                                                                            \
  static void real_tl256_##imm(uint8_t r[64], const uint8_t x[64],             \
                               const uint8_t y[64], const uint8_t z[64]) {     \
    memset(r, 0, 64);                                                          \
    _mm256_storeu_si256(                                                       \
        (__m256i *)(void *)r,                                                  \
        _mm256_ternarylogic_epi64(LO256(x), LO256(y), LO256(z), imm));         \
  }                                                                            \
  static void model_tl256_##imm(uint8_t r[64], const uint8_t x[64],            \
                                const uint8_t y[64], const uint8_t z[64]) {    \
    memset(r, 0, 64);                                                          \
    _mm256_storeu_si256(                                                       \
        (__m256i *)(void *)r,                                                  \
        mlkem_msan_ternarylogic_epi64_256(LO256(x), LO256(y), LO256(z), imm)); \
  }
/* The truth tables the library uses (0x96 three-way XOR, 0xD2 Keccak's
 * chi, 0xCA bit select) and a few others. */
DEF_TERNLOG(0x96)
DEF_TERNLOG(0xD2)
DEF_TERNLOG(0xCA)
DEF_TERNLOG(0xE8)
DEF_TERNLOG(0x01)
DEF_TERNLOG(0x00)
DEF_TERNLOG(0xFF)

#define DEF_BINARY(name, expr_real, expr_model)                        \
  static void real_##name(uint8_t r[64], const uint8_t x[64],          \
                          const uint8_t y[64], const uint8_t z[64]) {  \
    (void)z;                                                           \
    STORE(r, expr_real(LOAD(x), LOAD(y)));                             \
  }                                                                    \
  static void model_##name(uint8_t r[64], const uint8_t x[64],         \
                           const uint8_t y[64], const uint8_t z[64]) { \
    (void)z;                                                           \
    STORE(r, expr_model(LOAD(x), LOAD(y)));                            \
  }
DEF_BINARY(madd, _mm512_madd_epi16, mlkem_msan_madd_epi16)
DEF_BINARY(maddubs, _mm512_maddubs_epi16, mlkem_msan_maddubs_epi16)
DEF_BINARY(packus, _mm512_packus_epi16, mlkem_msan_packus_epi16)
DEF_BINARY(vpermb, _mm512_permutexvar_epi8, mlkem_msan_permutexvar_epi8)
DEF_BINARY(multishift, _mm512_multishift_epi64_epi8,
           mlkem_msan_multishift_epi64_epi8)

static void real_vpermt2d(uint8_t r[64], const uint8_t x[64],
                          const uint8_t y[64], const uint8_t z[64]) {
  STORE(r, _mm512_permutex2var_epi32(LOAD(x), LOAD(y), LOAD(z)));
}
static void model_vpermt2d(uint8_t r[64], const uint8_t x[64],
                           const uint8_t y[64], const uint8_t z[64]) {
  STORE(r, mlkem_msan_permutex2var_epi32(LOAD(x), LOAD(y), LOAD(z)));
}

/* AESKEYGENASSIST on the low 16 bytes of x (the rest of r zero), for the
 * round constants AES-256 uses and two others. */
#define DEF_KEYGEN(rc)                                                  \
  static void real_kg_##rc(uint8_t r[64], const uint8_t x[64],          \
                           const uint8_t y[64], const uint8_t z[64]) {  \
    (void)y;                                                            \
    (void)z;                                                            \
    memset(r, 0, 64);                                                   \
    _mm_storeu_si128(                                                   \
        (__m128i *)(void *)r,                                           \
        _mm_aeskeygenassist_si128(                                      \
            _mm_loadu_si128((const __m128i *)(const void *)x), rc));    \
  }                                                                     \
  static void model_kg_##rc(uint8_t r[64], const uint8_t x[64],         \
                            const uint8_t y[64], const uint8_t z[64]) { \
    (void)y;                                                            \
    (void)z;                                                            \
    memset(r, 0, 64);                                                   \
    _mm_storeu_si128(                                                   \
        (__m128i *)(void *)r,                                           \
        mlkem_msan_aeskeygenassist(                                     \
            _mm_loadu_si128((const __m128i *)(const void *)x), rc));    \
  }
DEF_KEYGEN(0x00)
DEF_KEYGEN(0x01)
DEF_KEYGEN(0x40)
DEF_KEYGEN(0x8d)

#define TL(imm)                                                       \
  {"vpternlogq " #imm, real_tl_##imm, model_tl_##imm, 3, 0}, {        \
    "vpternlogq ymm " #imm, real_tl256_##imm, model_tl256_##imm, 3, 0 \
  }
static const op_case cases[] = {
    TL(0x96),
    TL(0xD2),
    TL(0xCA),
    TL(0xE8),
    TL(0x01),
    TL(0x00),
    TL(0xFF),
    {"vpmaddwd", real_madd, model_madd, 2, 0},
    {"vpmaddubsw", real_maddubs, model_maddubs, 2, 0},
    {"vpackuswb", real_packus, model_packus, 2, 0},
    {"vpermb", real_vpermb, model_vpermb, 2, 2},
    {"vpermt2d", real_vpermt2d, model_vpermt2d, 3, 5},
    {"vpmultishiftqb", real_multishift, model_multishift, 2, 2},
    {"aeskeygenassist 0x00", real_kg_0x00, model_kg_0x00, 1, 0},
    {"aeskeygenassist 0x01", real_kg_0x01, model_kg_0x01, 1, 0},
    {"aeskeygenassist 0x40", real_kg_0x40, model_kg_0x40, 1, 0},
    {"aeskeygenassist 0x8d", real_kg_0x8d, model_kg_0x8d, 1, 0},
};

/* Bit b of byte i of the marking of r (see the top of the file). */
static uint8_t marked_bits(const uint8_t *p) {
  static uint8_t probe;
  uint8_t m = 0;
  unsigned b;
  for (b = 0; b < 8; b++) {
    probe = (uint8_t)(*p & (1u << b));
    if (__msan_test_shadow(&probe, 1) != -1) m |= (uint8_t)(1u << b);
  }
  return m;
}

/* 1 if the model returns what the instruction does. */
static int same_value(const op_case *c, const uint8_t *x, const uint8_t *y,
                      const uint8_t *z) {
  uint8_t r1[64], r2[64];
  c->real(r1, x, y, z);
  c->model(r2, x, y, z);
  return memcmp(r1, r2, 64) == 0;
}

static void test_marking(const op_case *c) {
  uint8_t in[3][64], r0[64], r1[64], dep[64], got[64], mut[3][64];
  unsigned op, k, v, i;
  int sound = 1, exact = 1;
  char msg[96];
  for (op = 0; op < c->noperands; op++) {
    for (k = 0; k < 64; k++) {
      for (i = 0; i < 3; i++) rng_fill(in[i]);
      /* The bits of the result that depend on byte k of operand op. */
      c->real(r0, in[0], in[1], in[2]);
      memset(dep, 0, sizeof dep);
      memcpy(mut, in, sizeof mut);
      for (v = 0; v < 256; v++) {
        mut[op][k] = (uint8_t)v;
        c->real(r1, mut[0], mut[1], mut[2]);
        for (i = 0; i < 64; i++) dep[i] |= (uint8_t)(r0[i] ^ r1[i]);
      }
      /* The model's marking with that byte alone marked. */
      __msan_poison(&in[op][k], 1);
      c->model(r1, in[0], in[1], in[2]);
      __msan_unpoison(&in[op][k], 1);
      for (i = 0; i < 64; i++) got[i] = marked_bits(&r1[i]);
      __msan_unpoison(r1, sizeof r1);
      for (i = 0; i < 64; i++) {
        if ((dep[i] & ~got[i]) != 0) sound = 0;
        if ((c->exact >> op & 1) && dep[i] != got[i]) exact = 0;
      }
    }
  }
  snprintf(msg, sizeof msg, "%s: every dependent bit marked", c->name);
  check(sound, msg);
  if (c->exact != 0) {
    snprintf(msg, sizeof msg, "%s: only the dependent bits marked (data)",
             c->name);
    check(exact, msg);
  }
}

int msan_intrinsics_run(void) {
  uint8_t x[64], y[64], z[64];
  unsigned n, i, t;
  for (n = 0; n < sizeof cases / sizeof cases[0]; n++) {
    const op_case *c = &cases[n];
    char msg[96];
    int ok = 1;
    for (t = 0; t < 2000; t++) {
      rng_fill(x);
      rng_fill(y);
      rng_fill(z);
      ok &= same_value(c, x, y, z);
    }
    /* Edge cases: the extremes of the multiply-adds (-32768 * -32768 twice
     * wraps vpmaddwd; vpmaddubsw saturates both ways) and packing. */
    for (t = 0; t < 4; t++) {
      static const uint8_t fill[4][2] = {
          {0x00, 0x80}, {0xFF, 0x7F}, {0xFF, 0x80}, {0x00, 0x00}};
      for (i = 0; i < 64; i++) {
        x[i] = fill[t][i % 2];
        y[i] = fill[(t + i / 2) % 4][i % 2];
        z[i] = (uint8_t)i;
      }
      ok &= same_value(c, x, y, z);
    }
    snprintf(msg, sizeof msg, "%s: the instruction's value", c->name);
    check(ok, msg);
    test_marking(c);
  }
  printf("msan_intrinsics_test: %u passed, %u failed\n", checks - failures,
         failures);
  return failures == 0 ? 0 : 1;
}

#else

int msan_intrinsics_run(void) {
  printf(
      "msan_intrinsics_test: not built under MemorySanitizer with "
      "tests/ct/msan_intrinsics.h and AVX-512; skipped\n");
  return 77;
}

#endif
