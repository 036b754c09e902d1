/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * msan_intrinsics.h - MemorySanitizer models of x86 vector intrinsics, for
 * the MemorySanitizer stage of make ct only (scripts/ct_check.sh,
 * docs/SECURITY.md).
 *
 * MemorySanitizer (clang 14) mishandles some intrinsics the AVX-512
 * backend applies to secrets, in two ways:
 *  - it has no rule for vpternlogq (256 and 512 bits) and the 512-bit
 *    vpmaddwd, vpmaddubsw and vpackuswb, and handles them "strictly":
 *    every operand is checked as a branch condition is, and the result is
 *    marked defined. For a constant-time check that is a false report
 *    (these instructions take the same time whatever their operands),
 *    after which the secret's marking is lost;
 *  - it follows vpermb and vpermt2d with the index in a register, and
 *    vpmultishiftqb, "lane by lane": output element p is marked as input
 *    element p is, wherever the element really comes from, so a secret
 *    moved elsewhere is no longer marked.
 *
 * make ct compiles the whole MemorySanitizer build with
 * -include tests/ct/msan_intrinsics.h; in the files compiled for AVX-512
 * (the only ones this part acts on; the AES part at the end acts on files
 * built with -maes; elsewhere the header is empty) each of those
 * intrinsics is thus replaced, in that build only, by a computation of
 * exactly the same value from operations MemorySanitizer follows
 * precisely:
 *  - vpternlogq: its definition, bit by bit (bit (4a + 2b + c) of the
 *    immediate is the result for input bits a, b, c), as the OR of the
 *    selected minterms, in AND, OR and NOT, which MemorySanitizer follows
 *    bit by bit;
 *  - the 512-bit vpmaddwd, vpmaddubsw and vpackuswb: each works within
 *    128-bit lanes, so it is the 256-bit AVX2 instruction on each half,
 *    for which MemorySanitizer has rules (an output element is marked
 *    secret if any input bit it is computed from is);
 *  - the permutations: a one-hot selection over the source positions
 *    (below).
 * Nothing else changes: no branch and no address is added or removed, and
 * the library's source files are compiled as they are. vpcompressw, also
 * checked strictly, is left so: only public data reach it (rej_uniform),
 * and a secret reaching it must be reported.
 *
 * tests/ct/msan_intrinsics_test.c checks that each model equals the
 * instruction and that the marking of every operand reaches every output
 * bit that depends on it (for the permutations' data: only those bits).
 */
#ifndef MLKEM_MSAN_INTRINSICS_H
#define MLKEM_MSAN_INTRINSICS_H

#if defined(__has_feature)
#if __has_feature(memory_sanitizer) && defined(__clang__) && \
    defined(__x86_64__) && defined(__AVX512F__)

#include <immintrin.h>

#define MLKEM_MSAN_TARGET_256 __attribute__((target("avx2,avx512f,avx512vl")))
#define MLKEM_MSAN_TARGET_512 \
  __attribute__((target("avx2,avx512f,avx512bw,avx512vl")))

/* vpternlogq: r = OR over k in 0..7 with bit k of imm set of the minterm
 * (a if k & 4 else ~a) & (b if k & 2 else ~b) & (c if k & 1 else ~c). The
 * immediate is public; the selection is by masks, so not even a public
 * branch is added once the loop is unrolled. */
static inline MLKEM_MSAN_TARGET_512 __m512i
mlkem_msan_ternarylogic_epi64(__m512i a, __m512i b, __m512i c, int imm) {
  const __m512i ones = _mm512_set1_epi64(-1);
  __m512i r = _mm512_setzero_si512();
  int k;
  for (k = 0; k < 8; k++) {
    __m512i x = (k & 4) ? a : _mm512_xor_si512(a, ones);
    __m512i y = (k & 2) ? b : _mm512_xor_si512(b, ones);
    __m512i z = (k & 1) ? c : _mm512_xor_si512(c, ones);
    __m512i sel = _mm512_set1_epi64(-(long long)((imm >> k) & 1));
    r = _mm512_or_si512(
        r, _mm512_and_si512(sel, _mm512_and_si512(_mm512_and_si512(x, y), z)));
  }
  return r;
}

static inline MLKEM_MSAN_TARGET_256 __m256i
mlkem_msan_ternarylogic_epi64_256(__m256i a, __m256i b, __m256i c, int imm) {
  const __m256i ones = _mm256_set1_epi64x(-1);
  __m256i r = _mm256_setzero_si256();
  int k;
  for (k = 0; k < 8; k++) {
    __m256i x = (k & 4) ? a : _mm256_xor_si256(a, ones);
    __m256i y = (k & 2) ? b : _mm256_xor_si256(b, ones);
    __m256i z = (k & 1) ? c : _mm256_xor_si256(c, ones);
    __m256i sel = _mm256_set1_epi64x(-(long long)((imm >> k) & 1));
    r = _mm256_or_si256(
        r, _mm256_and_si256(sel, _mm256_and_si256(_mm256_and_si256(x, y), z)));
  }
  return r;
}

/* The two 256-bit halves of a 512-bit vector, and back. */
#define MLKEM_MSAN_LO(v) _mm512_castsi512_si256(v)
#define MLKEM_MSAN_HI(v) _mm512_extracti64x4_epi64((v), 1)
static inline MLKEM_MSAN_TARGET_512 __m512i mlkem_msan_join(__m256i lo,
                                                            __m256i hi) {
  return _mm512_inserti64x4(_mm512_inserti64x4(_mm512_setzero_si512(), lo, 0),
                            hi, 1);
}

static inline MLKEM_MSAN_TARGET_512 __m512i mlkem_msan_madd_epi16(__m512i a,
                                                                  __m512i b) {
  return mlkem_msan_join(_mm256_madd_epi16(MLKEM_MSAN_LO(a), MLKEM_MSAN_LO(b)),
                         _mm256_madd_epi16(MLKEM_MSAN_HI(a), MLKEM_MSAN_HI(b)));
}

static inline MLKEM_MSAN_TARGET_512 __m512i
mlkem_msan_maddubs_epi16(__m512i a, __m512i b) {
  return mlkem_msan_join(
      _mm256_maddubs_epi16(MLKEM_MSAN_LO(a), MLKEM_MSAN_LO(b)),
      _mm256_maddubs_epi16(MLKEM_MSAN_HI(a), MLKEM_MSAN_HI(b)));
}

static inline MLKEM_MSAN_TARGET_512 __m512i mlkem_msan_packus_epi16(__m512i a,
                                                                    __m512i b) {
  return mlkem_msan_join(
      _mm256_packus_epi16(MLKEM_MSAN_LO(a), MLKEM_MSAN_LO(b)),
      _mm256_packus_epi16(MLKEM_MSAN_HI(a), MLKEM_MSAN_HI(b)));
}

/* ---- permutations with an index in a register ----------------------------
 * MemorySanitizer follows these "lane by lane": output element p is
 * marked as element p of the operands, not as the element the index
 * selects, so a secret moved to another place is no longer marked there
 * (and a public one may be marked by a secret neighbour). The models
 * select every element from a one-hot comparison of the index with each
 * possible source position, a select that MemorySanitizer follows exactly:
 * for a public index the output carries precisely the marking of the
 * element it takes; for a secret index it is marked secret (and, as for
 * the instruction, nothing is reported: no address depends on the index).
 * The loops run over public positions only. */
typedef unsigned char mlkem_msan_u8x64 __attribute__((vector_size(64)));
typedef unsigned int mlkem_msan_u32x16 __attribute__((vector_size(64)));

/* vpermb: output byte p is byte idx[p] mod 64 of a. */
static inline MLKEM_MSAN_TARGET_512 __attribute__((target("avx512vbmi")))
__m512i
mlkem_msan_permutexvar_epi8(__m512i idx, __m512i a) {
  const __m512i pos = _mm512_and_si512(idx, _mm512_set1_epi8(63));
  const mlkem_msan_u8x64 src = (mlkem_msan_u8x64)a;
  __m512i r = _mm512_setzero_si512();
  int j;
  for (j = 0; j < 64; j++) {
    __mmask64 m = _mm512_cmpeq_epi8_mask(pos, _mm512_set1_epi8((char)j));
    r = _mm512_mask_mov_epi8(r, m, _mm512_set1_epi8((char)src[j]));
  }
  return r;
}

/* vpermt2d / vpermi2d: output element p is element idx[p] mod 32 of the
 * 32 elements of a (0-15) followed by b (16-31). */
static inline MLKEM_MSAN_TARGET_512 __m512i
mlkem_msan_permutex2var_epi32(__m512i a, __m512i idx, __m512i b) {
  const __m512i pos = _mm512_and_si512(idx, _mm512_set1_epi32(31));
  const mlkem_msan_u32x16 lo = (mlkem_msan_u32x16)a, hi = (mlkem_msan_u32x16)b;
  __m512i r = _mm512_setzero_si512();
  int j;
  for (j = 0; j < 32; j++) {
    __mmask16 m = _mm512_cmpeq_epi32_mask(pos, _mm512_set1_epi32(j));
    r = _mm512_mask_mov_epi32(
        r, m, _mm512_set1_epi32((int)(j < 16 ? lo[j] : hi[j - 16])));
  }
  return r;
}

/* vpmultishiftqb: output byte p of 64-bit element e is bits c .. c + 7
 * (mod 64) of element e of a, c = ctl[p] mod 64: for each c, byte 0 of
 * the element rotated right by c, copied to the element's eight bytes, is
 * taken where the control equals c. */
static inline MLKEM_MSAN_TARGET_512 __attribute__((target("avx512vbmi")))
__m512i
mlkem_msan_multishift_epi64_epi8(__m512i ctl, __m512i a) {
  const __m512i pos = _mm512_and_si512(ctl, _mm512_set1_epi8(63));
  __m512i r = _mm512_setzero_si512();
  int c;
  for (c = 0; c < 64; c++) {
    mlkem_msan_u8x64 rot =
        (mlkem_msan_u8x64)_mm512_rorv_epi64(a, _mm512_set1_epi64(c));
    mlkem_msan_u8x64 low = __builtin_shufflevector(
        rot, rot, 0, 0, 0, 0, 0, 0, 0, 0, 8, 8, 8, 8, 8, 8, 8, 8, 16, 16, 16,
        16, 16, 16, 16, 16, 24, 24, 24, 24, 24, 24, 24, 24, 32, 32, 32, 32, 32,
        32, 32, 32, 40, 40, 40, 40, 40, 40, 40, 40, 48, 48, 48, 48, 48, 48, 48,
        48, 56, 56, 56, 56, 56, 56, 56, 56);
    __mmask64 m = _mm512_cmpeq_epi8_mask(pos, _mm512_set1_epi8((char)c));
    r = _mm512_mask_mov_epi8(r, m, (__m512i)low);
  }
  return r;
}

/* The replacement. The header's own definitions are kept (push_macro), so
 * that the test can compare against them. */
#pragma push_macro("_mm512_ternarylogic_epi64")
#pragma push_macro("_mm256_ternarylogic_epi64")
#undef _mm512_ternarylogic_epi64
#undef _mm256_ternarylogic_epi64
#define _mm512_ternarylogic_epi64(a, b, c, imm) \
  mlkem_msan_ternarylogic_epi64((a), (b), (c), (imm))
#define _mm256_ternarylogic_epi64(a, b, c, imm) \
  mlkem_msan_ternarylogic_epi64_256((a), (b), (c), (imm))
#define _mm512_madd_epi16(a, b) mlkem_msan_madd_epi16((a), (b))
#define _mm512_maddubs_epi16(a, b) mlkem_msan_maddubs_epi16((a), (b))
#define _mm512_packus_epi16(a, b) mlkem_msan_packus_epi16((a), (b))
#define _mm512_permutexvar_epi8(idx, a) mlkem_msan_permutexvar_epi8((idx), (a))
#define _mm512_permutex2var_epi32(a, idx, b) \
  mlkem_msan_permutex2var_epi32((a), (idx), (b))
#define _mm512_multishift_epi64_epi8(ctl, a) \
  mlkem_msan_multishift_epi64_epi8((ctl), (a))

#define MLKEM_MSAN_INTRINSICS 1

#endif
#endif

/* AESKEYGENASSIST (the AES-NI key expansion, src/aes/aes_x86_aesni.c):
 * MemorySanitizer has no rule for it (its immediate operand keeps it from
 * the default rule for vector operations) and checks it strictly, a false
 * report for a constant-time instruction. Modelled with AESENCLAST, which
 * it follows (the marking of any input byte reaches the whole result): on
 * a state whose four columns are all word X1 (or X3) ShiftRows moves
 * nothing, so with a zero round key the result's word 0 is SubWord(X1);
 * then, by the instruction's definition (Intel SDM, AESKEYGENASSIST),
 * result = (SubWord(X1), RotWord(SubWord(X1)) ^ rcon, SubWord(X3),
 * RotWord(SubWord(X3)) ^ rcon), words from the lowest, RotWord a rotation
 * right by 8 bits of the little-endian word. For files built with -maes
 * in the MemorySanitizer build only. */
#if defined(__has_feature)
#if __has_feature(memory_sanitizer) && defined(__clang__) && \
    defined(__x86_64__) && defined(__AES__)

#include <immintrin.h>

static inline __attribute__((target("aes,sse4.1"))) __m128i
mlkem_msan_aeskeygenassist(__m128i x, int rcon) {
  const __m128i zero = _mm_setzero_si128();
  unsigned w1 = (unsigned)_mm_cvtsi128_si32(
      _mm_aesenclast_si128(_mm_shuffle_epi32(x, 0x55), zero));
  unsigned w3 = (unsigned)_mm_cvtsi128_si32(
      _mm_aesenclast_si128(_mm_shuffle_epi32(x, 0xFF), zero));
  unsigned r1 = (w1 >> 8 | w1 << 24) ^ (unsigned)rcon;
  unsigned r3 = (w3 >> 8 | w3 << 24) ^ (unsigned)rcon;
  return _mm_set_epi32((int)r3, (int)w3, (int)r1, (int)w1);
}

#pragma push_macro("_mm_aeskeygenassist_si128")
#undef _mm_aeskeygenassist_si128
#define _mm_aeskeygenassist_si128(x, rcon) \
  mlkem_msan_aeskeygenassist((x), (rcon))

#define MLKEM_MSAN_AES_INTRINSICS 1

#endif
#endif

#endif /* MLKEM_MSAN_INTRINSICS_H */
