/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * keccakf1600_bmi.c - the scalar Keccak-f[1600] permutation (
 * @spec{FIPS202, sec. 3.3}) for x86-64 CPUs with BMI1 and BMI2, compiled with
 * -mbmi -mbmi2 as part of the AVX2 backend (which requires both). The rounds
 * are those of keccakf1600_rounds.h; chi (3.2.4) is written plainly, b0 ^ (~b1
 * & b2), which BMI1's and-not instruction computes in one step, so no
 * lane is kept complemented; BMI2's rorx rotates without first copying
 * its operand, which makes it faster than keccakf1600.c (figures in
 * docs/ARCHITECTURE.md, "Decisions"). The AVX2 backend uses it for a lane that
 * runs alone (sha3.h, mlkem_keccak_lanes.x1).
 */
#if defined(__x86_64__) || defined(_M_X64)
#include "sha3/keccak_avx2.h"
#include "sha3/keccakf1600_rounds.h"

/* chi on output row y, and iota (3.2.5) on lane (0, 0) for row 0. */
#define CHI_ROW(E, y)          \
  do {                         \
    E##0##y = b0 ^ (~b1 & b2); \
    E##1##y = b1 ^ (~b2 & b3); \
    E##2##y = b2 ^ (~b3 & b4); \
    E##3##y = b3 ^ (~b4 & b0); \
    E##4##y = b4 ^ (~b0 & b1); \
  } while (0)
#define KECCAK_CHI_ROW0(E, rc) \
  do {                         \
    CHI_ROW(E, 0);             \
    E##00 ^= (rc);             \
  } while (0)
#define KECCAK_CHI_ROW1(E) CHI_ROW(E, 1)
#define KECCAK_CHI_ROW2(E) CHI_ROW(E, 2)
#define KECCAK_CHI_ROW3(E) CHI_ROW(E, 3)
#define KECCAK_CHI_ROW4(E) CHI_ROW(E, 4)
#define KECCAK_ENTER() ((void)0)
#define KECCAK_LEAVE() ((void)0)

KECCAK_DEFINE_STRIDED(mlkem_keccakf1600_strided_bmi)
#endif
