/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * keccakf1600.c - the Keccak-f[1600] permutation (@spec{FIPS202, sec. 3.3}:
 * Keccak-p[1600, 24]), on one state, alone or interleaved with others.
 *
 * Speed matters here: ML-KEM spends most of its time in this function.
 * The rounds themselves (all lanes in local variables, two rounds per loop
 * iteration, rho and pi by naming) are in keccakf1600_rounds.h, shared
 * with keccakf1600_bmi.c; this file gives them the chi that suits CPUs
 * without an and-not instruction.
 *
 * Lane complementing: chi (@spec{FIPS202, sec. 3.2.4}) computes b0 ^ (~b1 & b2)
 * for each lane, which costs a NOT per lane on CPUs without an and-not
 * instruction (plain x86-64 has none). If six lanes of the state are kept
 * complemented (stored as the bitwise NOT of their true value), every chi
 * output can be written with AND or OR of the stored values and only one NOT
 * per row of five lanes is left, and the state after the round is again
 * complemented in exactly those six lanes. The six lanes are (x, y) = (1,0),
 * (2,0), (3,1), (2,2), (2,3) and (0,4) (the set from the Keccak team's
 * implementation notes). The chi formulas below were derived by tracking
 * which stored values are complemented through theta, rho and pi and
 * checking each candidate formula against the truth table of chi; the
 * whole permutation is checked against FIPS 202 digests in
 * tests/test_sha3.c. The complementing is applied when the lanes are
 * loaded and removed when they are stored, so callers never see it.
 *
 * Lane (x, y) of the state is s[x + 5y] (@spec{FIPS202, sec. 3.1.2} with w =
 * 64, lanes read as little-endian 64-bit words by the byte-level code in
 * sha3.c). Variable "a23" below holds lane x = 2, y = 3.
 */
#include "sha3/keccakf1600_rounds.h"

/* Round constants RC[i_r] of iota (@spec{FIPS202, sec. 3.2.5, Alg. 6}),
 * computed from the rc(t) LFSR of @spec{FIPS202, Alg. 5}. */
/* clang-format off */
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
/* clang-format on */

/* chi (3.2.4) in lane-complemented form (see the top of this file), and
 * iota (3.2.5) on lane (0, 0); n is the one NOT a row needs. */
#define KECCAK_CHI_ROW0(E, rc)     \
  do {                             \
    n = ~b2;                       \
    E##00 = b0 ^ (b1 | b2) ^ (rc); \
    E##10 = b1 ^ (n | b3);         \
    E##20 = b2 ^ (b3 & b4);        \
    E##30 = b3 ^ (b4 | b0);        \
    E##40 = b4 ^ (b0 & b1);        \
  } while (0)
#define KECCAK_CHI_ROW1(E)  \
  do {                      \
    n = ~b4;                \
    E##01 = b0 ^ (b1 | b2); \
    E##11 = b1 ^ (b2 & b3); \
    E##21 = b2 ^ (b3 | n);  \
    E##31 = b3 ^ (b4 | b0); \
    E##41 = b4 ^ (b0 & b1); \
  } while (0)
#define KECCAK_CHI_ROW2(E)  \
  do {                      \
    n = ~b3;                \
    E##02 = b0 ^ (b1 | b2); \
    E##12 = b1 ^ (b2 & b3); \
    E##22 = b2 ^ (n & b4);  \
    E##32 = n ^ (b4 | b0);  \
    E##42 = b4 ^ (b0 & b1); \
  } while (0)
#define KECCAK_CHI_ROW3(E)  \
  do {                      \
    n = ~b3;                \
    E##03 = b0 ^ (b1 & b2); \
    E##13 = b1 ^ (b2 | b3); \
    E##23 = b2 ^ (n | b4);  \
    E##33 = n ^ (b4 & b0);  \
    E##43 = b4 ^ (b0 | b1); \
  } while (0)
#define KECCAK_CHI_ROW4(E)  \
  do {                      \
    n = ~b1;                \
    E##04 = b0 ^ (n & b2);  \
    E##14 = n ^ (b2 | b3);  \
    E##24 = b2 ^ (b3 & b4); \
    E##34 = b3 ^ (b4 | b0); \
    E##44 = b4 ^ (b0 & b1); \
  } while (0)

/* The lanes kept complemented while the rounds run (see the top of the
 * file): (1,0), (2,0), (3,1), (2,2), (2,3), (0,4). Complementing is its
 * own inverse, so entering and leaving are the same. */
#define KECCAK_ENTER() \
  do {                 \
    a10 = ~a10;        \
    a20 = ~a20;        \
    a31 = ~a31;        \
    a22 = ~a22;        \
    a23 = ~a23;        \
    a04 = ~a04;        \
  } while (0)
#define KECCAK_LEAVE() KECCAK_ENTER()

KECCAK_DEFINE_STRIDED(mlkem_keccakf1600_strided)

void mlkem_keccakf1600(uint64_t state[25]) {
  mlkem_keccakf1600_strided(state, 1);
}
