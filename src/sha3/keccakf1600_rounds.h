/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * keccakf1600_rounds.h - the body of the scalar Keccak-f[1600] permutation
 * (@spec{FIPS202, sec. 3.3}: Keccak-p[1600, 24]), shared by its two builds:
 * keccakf1600.c (any x86-64 or other 64-bit CPU: lane complementing) and
 * keccakf1600_bmi.c (x86-64 with BMI1/BMI2: and-not and non-destructive
 * rotates). Only chi differs between them; a file that includes this one
 * first defines KECCAK_CHI_ROW0 .. KECCAK_CHI_ROW4, each computing output
 * row y (lanes E##0y .. E##4y) from the row's five rho-and-pi outputs b0 ..
 * b4 (see KECCAK_ROUND), and KECCAK_ENTER / KECCAK_LEAVE, applied to the
 * lanes a##xy after loading and before storing them.
 *
 * The permutation keeps all 25 lanes in local variables, runs the 24
 * rounds unrolled two at a time (the first round of a pair writes the "e"
 * lanes from the "a" lanes, the second writes them back, so no copying is
 * needed), and computes rho and pi by naming the right variables rather
 * than by moving data.
 *
 * Lane (x, y) of the state is s[x + 5y] (@spec{FIPS202, sec. 3.1.2} with w =
 * 64, lanes read as little-endian 64-bit words by the byte-level code in
 * sha3.c). Variable "a23" below holds lane x = 2, y = 3.
 */
#ifndef MLKEM_KECCAKF1600_ROUNDS_H
#define MLKEM_KECCAKF1600_ROUNDS_H

#include "sha3/sha3.h"

/* Rotation left by a constant 0 < n < 64; compilers turn this into a
 * single rotate instruction. */
#define ROL64(v, n) (((v) << (n)) | ((v) >> (64 - (n))))

/*
 * One round from lanes A##xy to lanes E##xy, with round constant rc.
 *
 * theta (3.2.1): c_x is the parity of column x, d_x = c_{x-1} ^ rot(c_{x+1},1)
 * is added to every lane of column x.
 * rho and pi (3.2.2, 3.2.3): output lane (x, y) takes input lane
 * (x + 3y mod 5, x) rotated by that input lane's offset from
 * @spec{FIPS202, Table 2}; the five inputs of output row y are gathered into
 * b0..b4. chi (3.2.4) by the including file's row macros, and iota (3.2.5) on
 * lane (0, 0) by row 0's.
 */
#define KECCAK_ROUND(A, E, rc)                                           \
  do {                                                                   \
    /* theta (3.2.1): column parities c and the values d mixed in. */    \
    c0 = A##00 ^ A##01 ^ A##02 ^ A##03 ^ A##04;                          \
    c1 = A##10 ^ A##11 ^ A##12 ^ A##13 ^ A##14;                          \
    c2 = A##20 ^ A##21 ^ A##22 ^ A##23 ^ A##24;                          \
    c3 = A##30 ^ A##31 ^ A##32 ^ A##33 ^ A##34;                          \
    c4 = A##40 ^ A##41 ^ A##42 ^ A##43 ^ A##44;                          \
    d0 = c4 ^ ROL64(c1, 1);                                              \
    d1 = c0 ^ ROL64(c2, 1);                                              \
    d2 = c1 ^ ROL64(c3, 1);                                              \
    d3 = c2 ^ ROL64(c4, 1);                                              \
    d4 = c3 ^ ROL64(c0, 1);                                              \
    /* output row y = 0: rho and pi gather its five inputs, then chi. */ \
    b0 = A##00 ^ d0;                                                     \
    b1 = ROL64(A##11 ^ d1, 44);                                          \
    b2 = ROL64(A##22 ^ d2, 43);                                          \
    b3 = ROL64(A##33 ^ d3, 21);                                          \
    b4 = ROL64(A##44 ^ d4, 14);                                          \
    KECCAK_CHI_ROW0(E, rc);                                              \
    /* output row y = 1 */                                               \
    b0 = ROL64(A##30 ^ d3, 28);                                          \
    b1 = ROL64(A##41 ^ d4, 20);                                          \
    b2 = ROL64(A##02 ^ d0, 3);                                           \
    b3 = ROL64(A##13 ^ d1, 45);                                          \
    b4 = ROL64(A##24 ^ d2, 61);                                          \
    KECCAK_CHI_ROW1(E);                                                  \
    /* output row y = 2 */                                               \
    b0 = ROL64(A##10 ^ d1, 1);                                           \
    b1 = ROL64(A##21 ^ d2, 6);                                           \
    b2 = ROL64(A##32 ^ d3, 25);                                          \
    b3 = ROL64(A##43 ^ d4, 8);                                           \
    b4 = ROL64(A##04 ^ d0, 18);                                          \
    KECCAK_CHI_ROW2(E);                                                  \
    /* output row y = 3 */                                               \
    b0 = ROL64(A##40 ^ d4, 27);                                          \
    b1 = ROL64(A##01 ^ d0, 36);                                          \
    b2 = ROL64(A##12 ^ d1, 10);                                          \
    b3 = ROL64(A##23 ^ d2, 15);                                          \
    b4 = ROL64(A##34 ^ d3, 56);                                          \
    KECCAK_CHI_ROW3(E);                                                  \
    /* output row y = 4 */                                               \
    b0 = ROL64(A##20 ^ d2, 62);                                          \
    b1 = ROL64(A##31 ^ d3, 55);                                          \
    b2 = ROL64(A##42 ^ d4, 39);                                          \
    b3 = ROL64(A##03 ^ d0, 41);                                          \
    b4 = ROL64(A##14 ^ d1, 2);                                           \
    KECCAK_CHI_ROW4(E);                                                  \
  } while (0)

/*
 * Defines void NAME(uint64_t *s, size_t stride): the permutation of the 25
 * lanes s[0], s[stride], ..., s[24 * stride]. Stride 1 is a plain state;
 * stride W with s offset by j is instance j of a W-way interleaved state
 * (the sponge scheduler's layout, sha3.h).
 */
#define KECCAK_DEFINE_STRIDED(NAME)                            \
  void NAME(uint64_t *s, size_t stride) {                      \
    uint64_t a00, a10, a20, a30, a40, a01, a11, a21, a31, a41; \
    uint64_t a02, a12, a22, a32, a42, a03, a13, a23, a33, a43; \
    uint64_t a04, a14, a24, a34, a44;                          \
    uint64_t e00, e10, e20, e30, e40, e01, e11, e21, e31, e41; \
    uint64_t e02, e12, e22, e32, e42, e03, e13, e23, e33, e43; \
    uint64_t e04, e14, e24, e34, e44;                          \
    uint64_t c0, c1, c2, c3, c4, d0, d1, d2, d3, d4;           \
    uint64_t b0, b1, b2, b3, b4, n;                            \
    unsigned i;                                                \
    a00 = s[0 * stride];                                       \
    a10 = s[1 * stride];                                       \
    a20 = s[2 * stride];                                       \
    a30 = s[3 * stride];                                       \
    a40 = s[4 * stride];                                       \
    a01 = s[5 * stride];                                       \
    a11 = s[6 * stride];                                       \
    a21 = s[7 * stride];                                       \
    a31 = s[8 * stride];                                       \
    a41 = s[9 * stride];                                       \
    a02 = s[10 * stride];                                      \
    a12 = s[11 * stride];                                      \
    a22 = s[12 * stride];                                      \
    a32 = s[13 * stride];                                      \
    a42 = s[14 * stride];                                      \
    a03 = s[15 * stride];                                      \
    a13 = s[16 * stride];                                      \
    a23 = s[17 * stride];                                      \
    a33 = s[18 * stride];                                      \
    a43 = s[19 * stride];                                      \
    a04 = s[20 * stride];                                      \
    a14 = s[21 * stride];                                      \
    a24 = s[22 * stride];                                      \
    a34 = s[23 * stride];                                      \
    a44 = s[24 * stride];                                      \
    KECCAK_ENTER();                                            \
    for (i = 0; i < 24; i += 2) {                              \
      KECCAK_ROUND(a, e, mlkem_keccak_rc[i]);                  \
      KECCAK_ROUND(e, a, mlkem_keccak_rc[i + 1]);              \
    }                                                          \
    KECCAK_LEAVE();                                            \
    s[0 * stride] = a00;                                       \
    s[1 * stride] = a10;                                       \
    s[2 * stride] = a20;                                       \
    s[3 * stride] = a30;                                       \
    s[4 * stride] = a40;                                       \
    s[5 * stride] = a01;                                       \
    s[6 * stride] = a11;                                       \
    s[7 * stride] = a21;                                       \
    s[8 * stride] = a31;                                       \
    s[9 * stride] = a41;                                       \
    s[10 * stride] = a02;                                      \
    s[11 * stride] = a12;                                      \
    s[12 * stride] = a22;                                      \
    s[13 * stride] = a32;                                      \
    s[14 * stride] = a42;                                      \
    s[15 * stride] = a03;                                      \
    s[16 * stride] = a13;                                      \
    s[17 * stride] = a23;                                      \
    s[18 * stride] = a33;                                      \
    s[19 * stride] = a43;                                      \
    s[20 * stride] = a04;                                      \
    s[21 * stride] = a14;                                      \
    s[22 * stride] = a24;                                      \
    s[23 * stride] = a34;                                      \
    s[24 * stride] = a44;                                      \
    (void)n;                                                   \
  }

#endif /* MLKEM_KECCAKF1600_ROUNDS_H */
