/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * keccakf1600_x4_avx2.c - Keccak-f[1600] (@spec{FIPS202, sec. 3.3}:
 * Keccak-p[1600, 24]) on four independent states at once with AVX2.
 *
 * The four states are stored interleaved (sha3/sha3.h): the 32 bytes at
 * state + 4 * i are lane i of instances 0, 1, 2 and 3, i.e. exactly one
 * 256-bit vector. Every step of the permutation acts on lanes as a whole
 * (XOR, AND-NOT, rotation by a constant), so one vector instruction does
 * the work for all four instances and the code reads like a one-state
 * implementation with uint64_t replaced by __m256i.
 *
 * How it is made fast:
 *  - the 25 lane vectors live in local variables for the whole call (the
 *    compiler keeps as many as fit in the 16 ymm registers and spills the
 *    rest to the stack; spilled values are mostly used as memory operands
 *    of XORs, which costs no extra ALU work);
 *  - the rounds are unrolled two at a time: the first round of a pair
 *    reads the "a" variables and writes the "e" variables, the second
 *    goes back, so no lane is ever copied, and rho and pi are done by
 *    naming the right variables;
 *  - AVX2 has no 64-bit rotate, so a rotation by n is
 *    (v << n) | (v >> (64 - n)); the left shift by 1 (theta and lane (1,0))
 *    is written v + v, which more execution ports accept than shifts; the
 *    two rotations by a whole number of bytes (8 and 56) are one byte
 *    shuffle (vpshufb) each;
 *  - chi uses AND-NOT directly (vpandn computes ~x & y), so no lane
 *    complementing is needed;
 *  - the round constant is broadcast to all four instances.
 *
 * Cost: a round is 184 vector ALU instructions (theta 65, rho 68, chi 50,
 * iota 1), and x86 cores with AVX2 execute at most three such instructions
 * per cycle (shifts on only two of the three ports), so 24 rounds need at
 * least about 1,470 core cycles. Loads and stores of spilled lanes use
 * other ports. (Measured cost: docs/ARCHITECTURE.md, "Decisions".)
 *
 * Lane (x, y) is lane index x + 5y (@spec{FIPS202, sec. 3.1.2}); variable a23
 * holds the vector of lane x = 2, y = 3.
 *
 * This file is compiled with -mavx2 -mbmi -mbmi2 on x86-64 only and must not
 * run unless the CPU and OS support AVX2 (the dispatch code checks). Elsewhere
 * it compiles to nothing.
 */
#if defined(__x86_64__) || defined(_M_X64)

#include <immintrin.h>
#include <stdint.h>

#include "sha3/keccak_avx2.h"
#include "sha3/sha3.h"

#define VXOR(x, y) _mm256_xor_si256((x), (y))

/* Each 64-bit element rotated left by a constant 1 < n < 64. */
#define VROL(v, n) \
  _mm256_or_si256(_mm256_slli_epi64((v), (n)), _mm256_srli_epi64((v), 64 - (n)))
/* Rotation left by 1, the shift left done as an addition. */
#define VROL1(v) \
  _mm256_or_si256(_mm256_add_epi64((v), (v)), _mm256_srli_epi64((v), 63))
/* Rotations by 8 and 56 bits move whole bytes inside each 64-bit element:
 * a byte shuffle with the masks set up in the function. */
#define VROL8(v) _mm256_shuffle_epi8((v), rol8_mask)
#define VROL56(v) _mm256_shuffle_epi8((v), rol56_mask)

/* chi for one output lane: b0 ^ (~b1 & b2). */
#define VCHI(b0, b1, b2) VXOR((b0), _mm256_andnot_si256((b1), (b2)))

/*
 * One round reading the lanes A##xy and writing the lanes E##xy; rc is
 * the round constant (a uint64_t).
 *
 * theta (3.2.1): c_x is the XOR of column x; d_x = c_{x-1} ^ rot(c_{x+1}, 1)
 * is XORed into every lane of column x.
 * rho and pi (3.2.2, 3.2.3): output lane (x, y) is input lane
 * (x + 3y mod 5, x) rotated by that input lane's offset from
 * @spec{FIPS202, Table 2}; the five inputs of output row y are collected in
 * b0..b4 (b_x for output x). chi (3.2.4) combines each row, iota (3.2.5) adds
 * rc to lane (0, 0).
 */
#define KX4_ROUND(A, E, rc)                                              \
  do {                                                                   \
    c0 = VXOR(VXOR(VXOR(A##00, A##01), VXOR(A##02, A##03)), A##04);      \
    c1 = VXOR(VXOR(VXOR(A##10, A##11), VXOR(A##12, A##13)), A##14);      \
    c2 = VXOR(VXOR(VXOR(A##20, A##21), VXOR(A##22, A##23)), A##24);      \
    c3 = VXOR(VXOR(VXOR(A##30, A##31), VXOR(A##32, A##33)), A##34);      \
    c4 = VXOR(VXOR(VXOR(A##40, A##41), VXOR(A##42, A##43)), A##44);      \
    d0 = VXOR(c4, VROL1(c1));                                            \
    d1 = VXOR(c0, VROL1(c2));                                            \
    d2 = VXOR(c1, VROL1(c3));                                            \
    d3 = VXOR(c2, VROL1(c4));                                            \
    d4 = VXOR(c3, VROL1(c0));                                            \
    /* output row 0 */                                                   \
    b0 = VXOR(A##00, d0);                                                \
    b1 = VROL(VXOR(A##11, d1), 44);                                      \
    b2 = VROL(VXOR(A##22, d2), 43);                                      \
    b3 = VROL(VXOR(A##33, d3), 21);                                      \
    b4 = VROL(VXOR(A##44, d4), 14);                                      \
    E##00 = VXOR(VCHI(b0, b1, b2), _mm256_set1_epi64x((long long)(rc))); \
    E##10 = VCHI(b1, b2, b3);                                            \
    E##20 = VCHI(b2, b3, b4);                                            \
    E##30 = VCHI(b3, b4, b0);                                            \
    E##40 = VCHI(b4, b0, b1);                                            \
    /* output row 1 */                                                   \
    b0 = VROL(VXOR(A##30, d3), 28);                                      \
    b1 = VROL(VXOR(A##41, d4), 20);                                      \
    b2 = VROL(VXOR(A##02, d0), 3);                                       \
    b3 = VROL(VXOR(A##13, d1), 45);                                      \
    b4 = VROL(VXOR(A##24, d2), 61);                                      \
    E##01 = VCHI(b0, b1, b2);                                            \
    E##11 = VCHI(b1, b2, b3);                                            \
    E##21 = VCHI(b2, b3, b4);                                            \
    E##31 = VCHI(b3, b4, b0);                                            \
    E##41 = VCHI(b4, b0, b1);                                            \
    /* output row 2 */                                                   \
    b0 = VROL1(VXOR(A##10, d1));                                         \
    b1 = VROL(VXOR(A##21, d2), 6);                                       \
    b2 = VROL(VXOR(A##32, d3), 25);                                      \
    b3 = VROL8(VXOR(A##43, d4));                                         \
    b4 = VROL(VXOR(A##04, d0), 18);                                      \
    E##02 = VCHI(b0, b1, b2);                                            \
    E##12 = VCHI(b1, b2, b3);                                            \
    E##22 = VCHI(b2, b3, b4);                                            \
    E##32 = VCHI(b3, b4, b0);                                            \
    E##42 = VCHI(b4, b0, b1);                                            \
    /* output row 3 */                                                   \
    b0 = VROL(VXOR(A##40, d4), 27);                                      \
    b1 = VROL(VXOR(A##01, d0), 36);                                      \
    b2 = VROL(VXOR(A##12, d1), 10);                                      \
    b3 = VROL(VXOR(A##23, d2), 15);                                      \
    b4 = VROL56(VXOR(A##34, d3));                                        \
    E##03 = VCHI(b0, b1, b2);                                            \
    E##13 = VCHI(b1, b2, b3);                                            \
    E##23 = VCHI(b2, b3, b4);                                            \
    E##33 = VCHI(b3, b4, b0);                                            \
    E##43 = VCHI(b4, b0, b1);                                            \
    /* output row 4 */                                                   \
    b0 = VROL(VXOR(A##20, d2), 62);                                      \
    b1 = VROL(VXOR(A##31, d3), 55);                                      \
    b2 = VROL(VXOR(A##42, d4), 39);                                      \
    b3 = VROL(VXOR(A##03, d0), 41);                                      \
    b4 = VROL(VXOR(A##14, d1), 2);                                       \
    E##04 = VCHI(b0, b1, b2);                                            \
    E##14 = VCHI(b1, b2, b3);                                            \
    E##24 = VCHI(b2, b3, b4);                                            \
    E##34 = VCHI(b3, b4, b0);                                            \
    E##44 = VCHI(b4, b0, b1);                                            \
  } while (0)

#define KX4_LOAD(v, i) \
  v = _mm256_loadu_si256((const __m256i *)(state + 4 * (i)))
#define KX4_STORE(v, i) _mm256_storeu_si256((__m256i *)(state + 4 * (i)), (v))

void mlkem_keccakf1600_x4_avx2(uint64_t state[100]) {
  __m256i a00, a10, a20, a30, a40, a01, a11, a21, a31, a41;
  __m256i a02, a12, a22, a32, a42, a03, a13, a23, a33, a43;
  __m256i a04, a14, a24, a34, a44;
  __m256i e00, e10, e20, e30, e40, e01, e11, e21, e31, e41;
  __m256i e02, e12, e22, e32, e42, e03, e13, e23, e33, e43;
  __m256i e04, e14, e24, e34, e44;
  __m256i c0, c1, c2, c3, c4, d0, d1, d2, d3, d4;
  __m256i b0, b1, b2, b3, b4;
  /* vpshufb picks, for result byte k of each 128-bit half, source byte
   * mask[k] of that half. Rotating a little-endian 64-bit element left by
   * 8 bits moves byte k to k + 1 (mod 8); by 56 bits, to k - 1. */
  const __m256i rol8_mask =
      _mm256_setr_epi8(7, 0, 1, 2, 3, 4, 5, 6, 15, 8, 9, 10, 11, 12, 13, 14, 7,
                       0, 1, 2, 3, 4, 5, 6, 15, 8, 9, 10, 11, 12, 13, 14);
  const __m256i rol56_mask =
      _mm256_setr_epi8(1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8, 1,
                       2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8);
  unsigned r;

  KX4_LOAD(a00, 0);
  KX4_LOAD(a10, 1);
  KX4_LOAD(a20, 2);
  KX4_LOAD(a30, 3);
  KX4_LOAD(a40, 4);
  KX4_LOAD(a01, 5);
  KX4_LOAD(a11, 6);
  KX4_LOAD(a21, 7);
  KX4_LOAD(a31, 8);
  KX4_LOAD(a41, 9);
  KX4_LOAD(a02, 10);
  KX4_LOAD(a12, 11);
  KX4_LOAD(a22, 12);
  KX4_LOAD(a32, 13);
  KX4_LOAD(a42, 14);
  KX4_LOAD(a03, 15);
  KX4_LOAD(a13, 16);
  KX4_LOAD(a23, 17);
  KX4_LOAD(a33, 18);
  KX4_LOAD(a43, 19);
  KX4_LOAD(a04, 20);
  KX4_LOAD(a14, 21);
  KX4_LOAD(a24, 22);
  KX4_LOAD(a34, 23);
  KX4_LOAD(a44, 24);

  /* Two rounds per iteration (a to e, then back). Unrolling four rounds
   * or all 24 measured no faster with GCC 12 or clang 14. */
  for (r = 0; r < 24; r += 2) {
    KX4_ROUND(a, e, mlkem_keccak_rc[r]);
    KX4_ROUND(e, a, mlkem_keccak_rc[r + 1]);
  }

  KX4_STORE(a00, 0);
  KX4_STORE(a10, 1);
  KX4_STORE(a20, 2);
  KX4_STORE(a30, 3);
  KX4_STORE(a40, 4);
  KX4_STORE(a01, 5);
  KX4_STORE(a11, 6);
  KX4_STORE(a21, 7);
  KX4_STORE(a31, 8);
  KX4_STORE(a41, 9);
  KX4_STORE(a02, 10);
  KX4_STORE(a12, 11);
  KX4_STORE(a22, 12);
  KX4_STORE(a32, 13);
  KX4_STORE(a42, 14);
  KX4_STORE(a03, 15);
  KX4_STORE(a13, 16);
  KX4_STORE(a23, 17);
  KX4_STORE(a33, 18);
  KX4_STORE(a43, 19);
  KX4_STORE(a04, 20);
  KX4_STORE(a14, 21);
  KX4_STORE(a24, 22);
  KX4_STORE(a34, 23);
  KX4_STORE(a44, 24);
}

#else
/* ISO C forbids an empty translation unit. */
typedef int mlkem_keccakf1600_x4_avx2_unused;
#endif
