/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * keccakf1600_avx512.c - Keccak-f[1600] (@spec{FIPS202, sec. 3.3}:
 * Keccak-p[1600, 24]) on four states in 256-bit registers and on eight
 * states in 512-bit registers, with AVX-512.
 *
 * Layout: the states are interleaved lane by lane, eight ways (sha3/sha3.h,
 * sha3/keccak_avx512.h), so lane i of the instances is one vector: the 64
 * bytes at state + 8 * i for the eight-way function, the first 32 of them
 * for the four-way one (instances 0-3; the scheduler moves the busy
 * instances there when four or fewer are left). Every step of the permutation
 * acts on whole lanes with the same operation in every instance, so each
 * function reads like a one-state implementation over vectors.
 *
 * What AVX-512 brings over the AVX2 version (keccakf1600_x4_avx2.c):
 *  - 32 vector registers instead of 16, about enough for the 25 lanes,
 *    the five theta values and the five inputs of a chi row at once, so
 *    the state stays in registers (apart from a few lanes GCC keeps on
 *    the stack and uses as memory operands);
 *  - vprolq rotates each 64-bit element by a constant in one instruction
 *    (AVX2 needs two shifts and an OR);
 *  - vpternlogq evaluates any bitwise function of three vectors in one
 *    instruction: the parity of three lanes (truth table 0x96) and the
 *    chi term x ^ (~y & z) (truth table 0xD2);
 *  - the round constant is a 64-bit memory operand broadcast to every
 *    element by the XOR itself (embedded broadcast), no register needed.
 *
 * Count per round: theta 10 three-input XORs for the column parities, 5
 * rotations, 25 three-input XORs to add them (below); rho 24 rotations
 * (lane (0,0) has offset 0); chi 25 ternary operations; iota 1 XOR. That
 * is 90 vector instructions against 184 with AVX2. (What they cost on
 * which cores: docs/ARCHITECTURE.md, "Decisions".)
 *
 * Both functions are written from one round macro; the vector type and the
 * primitive operations are defined before each function and undefined
 * after it. The rounds are unrolled two at a time: the first round of a
 * pair reads the "a" variables and writes the "e" variables,
 * the second goes back, so rho and pi are only a matter of naming and no
 * lane is ever copied. A two-round loop body (about 200 instructions)
 * stays in the decoded-instruction cache; unrolling four rounds or all 24
 * is no faster.
 *
 * Lane (x, y) is lane index x + 5y (@spec{FIPS202, sec. 3.1.2}); variable a23
 * holds the vector of lane x = 2, y = 3.
 *
 * This file is compiled with the AVX-512 flags on x86-64 only and must
 * not run unless the CPU and OS support the AVX-512 subsets it is
 * compiled for (the dispatch code checks, mlkem_cpu_has_avx512). Elsewhere
 * it compiles to nothing.
 */
#if defined(__x86_64__) || defined(_M_X64)

#include <immintrin.h>
#include <stdint.h>

#include "sha3/keccak_avx512.h"
#include "sha3/sha3.h"

/* vpternlogq truth tables: bit (4a + 2b + c) of the immediate is the
 * result for input bits a, b, c of the first, second and third operand. */
#define KX_TT_XOR3 0x96 /* a ^ b ^ c */
#define KX_TT_CHI 0xD2  /* a ^ (~b & c) */

/*
 * theta (3.2.1) adds d_x = c_{x-1} ^ rot(c_{x+1}, 1) to every lane of
 * column x, c_x being the parity of column x. d_x is never formed: each
 * lane of column x takes c_{x-1} and the rotated c_{x+1} in one
 * three-input XOR, so theta costs 10 + 5 + 25 instructions instead of
 * 10 + 10 + 25. The columns are updated in place right after their
 * rotation, in the order 0, 2, 3, 1, 4, after which c1, c4, c2 and then
 * c0 and c3 are dead in turn: few vectors are live when rho and pi start,
 * and GCC keeps all 25 lanes in registers (7 stack references in the
 * eight-way function against 30 when d_x was formed and added where rho
 * reads each lane; docs/ARCHITECTURE.md, "Decisions").
 */
#define KX_THETA_COLUMN(A, x, cl, cr)       \
  do {                                      \
    A##x##0 = KX_XOR3(A##x##0, (cl), (cr)); \
    A##x##1 = KX_XOR3(A##x##1, (cl), (cr)); \
    A##x##2 = KX_XOR3(A##x##2, (cl), (cr)); \
    A##x##3 = KX_XOR3(A##x##3, (cl), (cr)); \
    A##x##4 = KX_XOR3(A##x##4, (cl), (cr)); \
  } while (0)
#define KX_THETA(A)                \
  do {                             \
    d0 = KX_ROL(c1, 1);            \
    KX_THETA_COLUMN(A, 0, c4, d0); \
    d2 = KX_ROL(c3, 1);            \
    KX_THETA_COLUMN(A, 2, c1, d2); \
    d3 = KX_ROL(c4, 1);            \
    KX_THETA_COLUMN(A, 3, c2, d3); \
    d1 = KX_ROL(c2, 1);            \
    KX_THETA_COLUMN(A, 1, c0, d1); \
    d4 = KX_ROL(c0, 1);            \
    KX_THETA_COLUMN(A, 4, c3, d4); \
  } while (0)

/*
 * One round reading the lanes A##xy and writing the lanes E##xy; rc is
 * the round constant (a uint64_t). Uses the operations
 *   KX_XOR(x, y)      x ^ y
 *   KX_XOR3(x, y, z)  x ^ y ^ z
 *   KX_ROL(v, n)      each 64-bit element rotated left by n (0 < n < 64)
 *   KX_CHI(x, y, z)   x ^ (~y & z)
 *   KX_IOTA(v, rc)    v ^ rc in every element
 * and the scratch variables c0..c4, d0..d4 (the rotated parities),
 * b0..b4.
 *
 * theta: the column parities c_x (two three-input XORs each), then
 * KX_THETA (above) updates the lanes in place.
 * rho and pi (3.2.2, 3.2.3): output lane (x, y) is input lane
 * (x + 3y mod 5, x) rotated by that input lane's offset from
 * @spec{FIPS202, Table 2}; the five inputs of output row y are gathered in
 * b0..b4 (b_x for output x). chi (3.2.4) combines each row, iota (3.2.5) adds
 * rc to lane (0, 0).
 */
#define KX_ROUND(A, E, rc)                                    \
  do {                                                        \
    c0 = KX_XOR3(KX_XOR3(A##00, A##01, A##02), A##03, A##04); \
    c1 = KX_XOR3(KX_XOR3(A##10, A##11, A##12), A##13, A##14); \
    c2 = KX_XOR3(KX_XOR3(A##20, A##21, A##22), A##23, A##24); \
    c3 = KX_XOR3(KX_XOR3(A##30, A##31, A##32), A##33, A##34); \
    c4 = KX_XOR3(KX_XOR3(A##40, A##41, A##42), A##43, A##44); \
    KX_THETA(A);                                              \
    /* output row 0 */                                        \
    b0 = A##00;                                               \
    b1 = KX_ROL(A##11, 44);                                   \
    b2 = KX_ROL(A##22, 43);                                   \
    b3 = KX_ROL(A##33, 21);                                   \
    b4 = KX_ROL(A##44, 14);                                   \
    E##00 = KX_IOTA(KX_CHI(b0, b1, b2), rc);                  \
    E##10 = KX_CHI(b1, b2, b3);                               \
    E##20 = KX_CHI(b2, b3, b4);                               \
    E##30 = KX_CHI(b3, b4, b0);                               \
    E##40 = KX_CHI(b4, b0, b1);                               \
    /* output row 1 */                                        \
    b0 = KX_ROL(A##30, 28);                                   \
    b1 = KX_ROL(A##41, 20);                                   \
    b2 = KX_ROL(A##02, 3);                                    \
    b3 = KX_ROL(A##13, 45);                                   \
    b4 = KX_ROL(A##24, 61);                                   \
    E##01 = KX_CHI(b0, b1, b2);                               \
    E##11 = KX_CHI(b1, b2, b3);                               \
    E##21 = KX_CHI(b2, b3, b4);                               \
    E##31 = KX_CHI(b3, b4, b0);                               \
    E##41 = KX_CHI(b4, b0, b1);                               \
    /* output row 2 */                                        \
    b0 = KX_ROL(A##10, 1);                                    \
    b1 = KX_ROL(A##21, 6);                                    \
    b2 = KX_ROL(A##32, 25);                                   \
    b3 = KX_ROL(A##43, 8);                                    \
    b4 = KX_ROL(A##04, 18);                                   \
    E##02 = KX_CHI(b0, b1, b2);                               \
    E##12 = KX_CHI(b1, b2, b3);                               \
    E##22 = KX_CHI(b2, b3, b4);                               \
    E##32 = KX_CHI(b3, b4, b0);                               \
    E##42 = KX_CHI(b4, b0, b1);                               \
    /* output row 3 */                                        \
    b0 = KX_ROL(A##40, 27);                                   \
    b1 = KX_ROL(A##01, 36);                                   \
    b2 = KX_ROL(A##12, 10);                                   \
    b3 = KX_ROL(A##23, 15);                                   \
    b4 = KX_ROL(A##34, 56);                                   \
    E##03 = KX_CHI(b0, b1, b2);                               \
    E##13 = KX_CHI(b1, b2, b3);                               \
    E##23 = KX_CHI(b2, b3, b4);                               \
    E##33 = KX_CHI(b3, b4, b0);                               \
    E##43 = KX_CHI(b4, b0, b1);                               \
    /* output row 4 */                                        \
    b0 = KX_ROL(A##20, 62);                                   \
    b1 = KX_ROL(A##31, 55);                                   \
    b2 = KX_ROL(A##42, 39);                                   \
    b3 = KX_ROL(A##03, 41);                                   \
    b4 = KX_ROL(A##14, 2);                                    \
    E##04 = KX_CHI(b0, b1, b2);                               \
    E##14 = KX_CHI(b1, b2, b3);                               \
    E##24 = KX_CHI(b2, b3, b4);                               \
    E##34 = KX_CHI(b3, b4, b0);                               \
    E##44 = KX_CHI(b4, b0, b1);                               \
  } while (0)

/* The whole permutation body for a state whose lane i is vector i, with
 * KX_VEC the vector type and KX_LOAD(i) / KX_STORE(i, v) the accesses. */
#define KX_PERMUTE_BODY                                      \
  do {                                                       \
    KX_VEC a00, a10, a20, a30, a40, a01, a11, a21, a31, a41; \
    KX_VEC a02, a12, a22, a32, a42, a03, a13, a23, a33, a43; \
    KX_VEC a04, a14, a24, a34, a44;                          \
    KX_VEC e00, e10, e20, e30, e40, e01, e11, e21, e31, e41; \
    KX_VEC e02, e12, e22, e32, e42, e03, e13, e23, e33, e43; \
    KX_VEC e04, e14, e24, e34, e44;                          \
    KX_VEC c0, c1, c2, c3, c4, d0, d1, d2, d3, d4;           \
    KX_VEC b0, b1, b2, b3, b4;                               \
    unsigned r;                                              \
    a00 = KX_LOAD(0);                                        \
    a10 = KX_LOAD(1);                                        \
    a20 = KX_LOAD(2);                                        \
    a30 = KX_LOAD(3);                                        \
    a40 = KX_LOAD(4);                                        \
    a01 = KX_LOAD(5);                                        \
    a11 = KX_LOAD(6);                                        \
    a21 = KX_LOAD(7);                                        \
    a31 = KX_LOAD(8);                                        \
    a41 = KX_LOAD(9);                                        \
    a02 = KX_LOAD(10);                                       \
    a12 = KX_LOAD(11);                                       \
    a22 = KX_LOAD(12);                                       \
    a32 = KX_LOAD(13);                                       \
    a42 = KX_LOAD(14);                                       \
    a03 = KX_LOAD(15);                                       \
    a13 = KX_LOAD(16);                                       \
    a23 = KX_LOAD(17);                                       \
    a33 = KX_LOAD(18);                                       \
    a43 = KX_LOAD(19);                                       \
    a04 = KX_LOAD(20);                                       \
    a14 = KX_LOAD(21);                                       \
    a24 = KX_LOAD(22);                                       \
    a34 = KX_LOAD(23);                                       \
    a44 = KX_LOAD(24);                                       \
    for (r = 0; r < 24; r += 2) {                            \
      KX_ROUND(a, e, mlkem_keccak_rc[r]);                    \
      KX_ROUND(e, a, mlkem_keccak_rc[r + 1]);                \
    }                                                        \
    KX_STORE(0, a00);                                        \
    KX_STORE(1, a10);                                        \
    KX_STORE(2, a20);                                        \
    KX_STORE(3, a30);                                        \
    KX_STORE(4, a40);                                        \
    KX_STORE(5, a01);                                        \
    KX_STORE(6, a11);                                        \
    KX_STORE(7, a21);                                        \
    KX_STORE(8, a31);                                        \
    KX_STORE(9, a41);                                        \
    KX_STORE(10, a02);                                       \
    KX_STORE(11, a12);                                       \
    KX_STORE(12, a22);                                       \
    KX_STORE(13, a32);                                       \
    KX_STORE(14, a42);                                       \
    KX_STORE(15, a03);                                       \
    KX_STORE(16, a13);                                       \
    KX_STORE(17, a23);                                       \
    KX_STORE(18, a33);                                       \
    KX_STORE(19, a43);                                       \
    KX_STORE(20, a04);                                       \
    KX_STORE(21, a14);                                       \
    KX_STORE(22, a24);                                       \
    KX_STORE(23, a34);                                       \
    KX_STORE(24, a44);                                       \
  } while (0)

/* ---- four states, 256-bit vectors (AVX-512VL) --------------------------- */

#define KX_VEC __m256i
#define KX_LOAD(i) _mm256_loadu_si256((const __m256i *)(state + 8 * (i)))
#define KX_STORE(i, v) _mm256_storeu_si256((__m256i *)(state + 8 * (i)), (v))
#define KX_XOR(x, y) _mm256_xor_si256((x), (y))
#define KX_XOR3(x, y, z) _mm256_ternarylogic_epi64((x), (y), (z), KX_TT_XOR3)
#define KX_ROL(v, n) _mm256_rol_epi64((v), (n))
#define KX_CHI(x, y, z) _mm256_ternarylogic_epi64((x), (y), (z), KX_TT_CHI)
#define KX_IOTA(v, rc) \
  _mm256_xor_si256((v), _mm256_set1_epi64x((long long)(rc)))

void mlkem_keccakf1600_x4_avx512(uint64_t state[196]) {
  KX_PERMUTE_BODY;
}

#undef KX_VEC
#undef KX_LOAD
#undef KX_STORE
#undef KX_XOR
#undef KX_XOR3
#undef KX_ROL
#undef KX_CHI
#undef KX_IOTA

/* ---- eight states, 512-bit vectors (AVX-512F) --------------------------- */

#define KX_VEC __m512i
#define KX_LOAD(i) _mm512_loadu_si512((const void *)(state + 8 * (i)))
#define KX_STORE(i, v) _mm512_storeu_si512((void *)(state + 8 * (i)), (v))
#define KX_XOR(x, y) _mm512_xor_si512((x), (y))
#define KX_XOR3(x, y, z) _mm512_ternarylogic_epi64((x), (y), (z), KX_TT_XOR3)
#define KX_ROL(v, n) _mm512_rol_epi64((v), (n))
#define KX_CHI(x, y, z) _mm512_ternarylogic_epi64((x), (y), (z), KX_TT_CHI)
#define KX_IOTA(v, rc) _mm512_xor_si512((v), _mm512_set1_epi64((long long)(rc)))

void mlkem_keccakf1600_x8_avx512(uint64_t state[200]) {
  KX_PERMUTE_BODY;
}

#undef KX_VEC
#undef KX_LOAD
#undef KX_STORE
#undef KX_XOR
#undef KX_XOR3
#undef KX_ROL
#undef KX_CHI
#undef KX_IOTA

#else
/* ISO C forbids an empty translation unit. */
typedef int mlkem_keccakf1600_avx512_unused;
#endif
