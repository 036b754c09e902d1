/*
 * keccakf1600.c - the Keccak-f[1600] permutation (FIPS 202, Section 3.3:
 * Keccak-p[1600, 24]), on one state, alone or interleaved with others.
 *
 * Speed matters here: ML-KEM spends most of its time in this function. The
 * permutation therefore keeps all 25 lanes in local variables, runs the 24
 * rounds unrolled two at a time (the first round of a pair writes the "e"
 * lanes from the "a" lanes, the second writes them back, so no copying is
 * needed), and computes rho and pi by naming the right variables rather
 * than by moving data.
 *
 * Lane complementing: chi (Section 3.2.4) computes b0 ^ (~b1 & b2) for each
 * lane, which costs a NOT per lane on CPUs without an and-not instruction
 * (plain x86-64 has none). If six lanes of the state are kept complemented
 * (stored as the bitwise NOT of their true value), every chi output can be
 * written with AND or OR of the stored values and only one NOT per row of
 * five lanes is left, and the state after the round is again complemented
 * in exactly those six lanes. The six lanes are (x, y) = (1,0), (2,0),
 * (3,1), (2,2), (2,3) and (0,4) (the set from the Keccak team's
 * implementation notes). The chi formulas below were derived by tracking
 * which stored values are complemented through theta, rho and pi and
 * checking each candidate formula against the truth table of chi; the
 * whole permutation is checked against FIPS 202 digests in
 * tests/test_sha3.c. The complementing is applied when the lanes are
 * loaded and removed when they are stored, so callers never see it.
 *
 * Lane (x, y) of the state is s[x + 5y] (Section 3.1.2 with w = 64, lanes
 * read as little-endian 64-bit words by the byte-level code in sha3.c).
 * Variable "a23" below holds lane x = 2, y = 3.
 */
#include "sha3/sha3.h"

/* Round constants RC[i_r] of iota (Section 3.2.5, Algorithm 6), computed
 * from the rc(t) LFSR of Algorithm 5. */
const uint64_t mlkem_keccak_rc[24] = {
    0x0000000000000001ULL, 0x0000000000008082ULL, 0x800000000000808aULL,
    0x8000000080008000ULL, 0x000000000000808bULL, 0x0000000080000001ULL,
    0x8000000080008081ULL, 0x8000000000008009ULL, 0x000000000000008aULL,
    0x0000000000000088ULL, 0x0000000080008009ULL, 0x000000008000000aULL,
    0x000000008000808bULL, 0x800000000000008bULL, 0x8000000000008089ULL,
    0x8000000000008003ULL, 0x8000000000008002ULL, 0x8000000000000080ULL,
    0x000000000000800aULL, 0x800000008000000aULL, 0x8000000080008081ULL,
    0x8000000000008080ULL, 0x0000000080000001ULL, 0x8000000080008008ULL,
};

/* Rotation left by a constant 0 < n < 64; compilers turn this into a
 * single rotate instruction. */
#define ROL64(v, n) (((v) << (n)) | ((v) >> (64 - (n))))

/*
 * One round from lanes A##xy to lanes E##xy, with round constant rc.
 *
 * theta (3.2.1): c_x is the parity of column x, d_x = c_{x-1} ^ rot(c_{x+1},1)
 * is added to every lane of column x.
 * rho and pi (3.2.2, 3.2.3): output lane (x, y) takes input lane
 * (x + 3y mod 5, x) rotated by that input lane's offset from Table 2; the
 * five inputs of output row y are gathered into b0..b4.
 * chi (3.2.4) in lane-complemented form (see the top of this file), and
 * iota (3.2.5) on lane (0, 0).
 */
#define KECCAK_ROUND(A, E, rc) \
  do { \
    /* theta (3.2.1): column parities c and the values d mixed in. */ \
    c0 = A##00 ^ A##01 ^ A##02 ^ A##03 ^ A##04; \
    c1 = A##10 ^ A##11 ^ A##12 ^ A##13 ^ A##14; \
    c2 = A##20 ^ A##21 ^ A##22 ^ A##23 ^ A##24; \
    c3 = A##30 ^ A##31 ^ A##32 ^ A##33 ^ A##34; \
    c4 = A##40 ^ A##41 ^ A##42 ^ A##43 ^ A##44; \
    d0 = c4 ^ ROL64(c1, 1); \
    d1 = c0 ^ ROL64(c2, 1); \
    d2 = c1 ^ ROL64(c3, 1); \
    d3 = c2 ^ ROL64(c4, 1); \
    d4 = c3 ^ ROL64(c0, 1); \
    /* output row y = 0: rho and pi gather its five inputs, then chi. */ \
    b0 = A##00 ^ d0; \
    b1 = ROL64(A##11 ^ d1, 44); \
    b2 = ROL64(A##22 ^ d2, 43); \
    b3 = ROL64(A##33 ^ d3, 21); \
    b4 = ROL64(A##44 ^ d4, 14); \
    n2 = ~b2; \
    E##00 = b0 ^ (b1 | b2) ^ (rc); \
    E##10 = b1 ^ (n2 | b3); \
    E##20 = b2 ^ (b3 & b4); \
    E##30 = b3 ^ (b4 | b0); \
    E##40 = b4 ^ (b0 & b1); \
    /* output row y = 1: rho and pi gather its five inputs, then chi. */ \
    b0 = ROL64(A##30 ^ d3, 28); \
    b1 = ROL64(A##41 ^ d4, 20); \
    b2 = ROL64(A##02 ^ d0, 3); \
    b3 = ROL64(A##13 ^ d1, 45); \
    b4 = ROL64(A##24 ^ d2, 61); \
    n4 = ~b4; \
    E##01 = b0 ^ (b1 | b2); \
    E##11 = b1 ^ (b2 & b3); \
    E##21 = b2 ^ (b3 | n4); \
    E##31 = b3 ^ (b4 | b0); \
    E##41 = b4 ^ (b0 & b1); \
    /* output row y = 2: rho and pi gather its five inputs, then chi. */ \
    b0 = ROL64(A##10 ^ d1, 1); \
    b1 = ROL64(A##21 ^ d2, 6); \
    b2 = ROL64(A##32 ^ d3, 25); \
    b3 = ROL64(A##43 ^ d4, 8); \
    b4 = ROL64(A##04 ^ d0, 18); \
    n3 = ~b3; \
    E##02 = b0 ^ (b1 | b2); \
    E##12 = b1 ^ (b2 & b3); \
    E##22 = b2 ^ (n3 & b4); \
    E##32 = n3 ^ (b4 | b0); \
    E##42 = b4 ^ (b0 & b1); \
    /* output row y = 3: rho and pi gather its five inputs, then chi. */ \
    b0 = ROL64(A##40 ^ d4, 27); \
    b1 = ROL64(A##01 ^ d0, 36); \
    b2 = ROL64(A##12 ^ d1, 10); \
    b3 = ROL64(A##23 ^ d2, 15); \
    b4 = ROL64(A##34 ^ d3, 56); \
    n3 = ~b3; \
    E##03 = b0 ^ (b1 & b2); \
    E##13 = b1 ^ (b2 | b3); \
    E##23 = b2 ^ (n3 | b4); \
    E##33 = n3 ^ (b4 & b0); \
    E##43 = b4 ^ (b0 | b1); \
    /* output row y = 4: rho and pi gather its five inputs, then chi. */ \
    b0 = ROL64(A##20 ^ d2, 62); \
    b1 = ROL64(A##31 ^ d3, 55); \
    b2 = ROL64(A##42 ^ d4, 39); \
    b3 = ROL64(A##03 ^ d0, 41); \
    b4 = ROL64(A##14 ^ d1, 2); \
    n1 = ~b1; \
    E##04 = b0 ^ (n1 & b2); \
    E##14 = n1 ^ (b2 | b3); \
    E##24 = b2 ^ (b3 & b4); \
    E##34 = b3 ^ (b4 | b0); \
    E##44 = b4 ^ (b0 & b1); \
  } while (0)

/* The lanes kept complemented while the rounds run (see the top of the
 * file): (1,0), (2,0), (3,1), (2,2), (2,3), (0,4). */
#define COMPLEMENT_LANES() \
  do { \
    a10 = ~a10; \
    a20 = ~a20; \
    a31 = ~a31; \
    a22 = ~a22; \
    a23 = ~a23; \
    a04 = ~a04; \
  } while (0)

/*
 * Permutes the 25 lanes s[0], s[stride], ..., s[24 * stride]. Stride 1 is a
 * plain state; stride W with s offset by j is instance j of a W-way
 * interleaved state (the sponge scheduler's layout, sha3.h).
 */
void mlkem_keccakf1600_strided(uint64_t *s, size_t stride) {
  uint64_t a00, a10, a20, a30, a40, a01, a11, a21, a31, a41;
  uint64_t a02, a12, a22, a32, a42, a03, a13, a23, a33, a43;
  uint64_t a04, a14, a24, a34, a44;
  uint64_t e00, e10, e20, e30, e40, e01, e11, e21, e31, e41;
  uint64_t e02, e12, e22, e32, e42, e03, e13, e23, e33, e43;
  uint64_t e04, e14, e24, e34, e44;
  uint64_t c0, c1, c2, c3, c4, d0, d1, d2, d3, d4;
  uint64_t b0, b1, b2, b3, b4, n1, n2, n3, n4;
  unsigned i;

  a00 = s[0 * stride];
  a10 = s[1 * stride];
  a20 = s[2 * stride];
  a30 = s[3 * stride];
  a40 = s[4 * stride];
  a01 = s[5 * stride];
  a11 = s[6 * stride];
  a21 = s[7 * stride];
  a31 = s[8 * stride];
  a41 = s[9 * stride];
  a02 = s[10 * stride];
  a12 = s[11 * stride];
  a22 = s[12 * stride];
  a32 = s[13 * stride];
  a42 = s[14 * stride];
  a03 = s[15 * stride];
  a13 = s[16 * stride];
  a23 = s[17 * stride];
  a33 = s[18 * stride];
  a43 = s[19 * stride];
  a04 = s[20 * stride];
  a14 = s[21 * stride];
  a24 = s[22 * stride];
  a34 = s[23 * stride];
  a44 = s[24 * stride];
  COMPLEMENT_LANES();

  for (i = 0; i < 24; i += 2) {
    KECCAK_ROUND(a, e, mlkem_keccak_rc[i]);
    KECCAK_ROUND(e, a, mlkem_keccak_rc[i + 1]);
  }

  COMPLEMENT_LANES();
  s[0 * stride] = a00;
  s[1 * stride] = a10;
  s[2 * stride] = a20;
  s[3 * stride] = a30;
  s[4 * stride] = a40;
  s[5 * stride] = a01;
  s[6 * stride] = a11;
  s[7 * stride] = a21;
  s[8 * stride] = a31;
  s[9 * stride] = a41;
  s[10 * stride] = a02;
  s[11 * stride] = a12;
  s[12 * stride] = a22;
  s[13 * stride] = a32;
  s[14 * stride] = a42;
  s[15 * stride] = a03;
  s[16 * stride] = a13;
  s[17 * stride] = a23;
  s[18 * stride] = a33;
  s[19 * stride] = a43;
  s[20 * stride] = a04;
  s[21 * stride] = a14;
  s[22 * stride] = a24;
  s[23 * stride] = a34;
  s[24 * stride] = a44;
}

void mlkem_keccakf1600(uint64_t state[25]) {
  mlkem_keccakf1600_strided(state, 1);
}
