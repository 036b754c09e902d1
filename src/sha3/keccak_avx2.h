/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * keccak_avx2.h - the AVX2 backend's Keccak-f[1600]: four interleaved
 * states with AVX2, and one state with BMI1/BMI2 (for a lane alone).
 *
 * Exists only on x86-64. The implementation files are compiled with
 * -mavx2 -mbmi -mbmi2 (and only they), so the functions may be called only
 * after the dispatch code has found AVX2, BMI1 and BMI2 on the CPU and
 * AVX enabled by the OS.
 */
#ifndef MLKEM_KECCAK_AVX2_H
#define MLKEM_KECCAK_AVX2_H

#include <stddef.h>
#include <stdint.h>

#include "platform/cbmc.h"

#if defined(__x86_64__) || defined(_M_X64)
/* Four interleaved states: lane i of instance j is state[4 * i + j], so
 * lane i of all four instances is the 32 bytes at state + 4 * i. The state
 * needs no particular alignment. Equal to four calls of
 * mlkem_keccakf1600_strided(state + j, 4). */
void mlkem_keccakf1600_x4_avx2(uint64_t state[100])
    __contract__(
    requires(fresh(state, 100 * sizeof(uint64_t)))
    assigns(bytes(state, 100 * sizeof(uint64_t)))
  );

/* mlkem_keccakf1600_strided with BMI1's and-not and BMI2's rotates
 * (keccakf1600_bmi.c): one state, the same result. */
void mlkem_keccakf1600_strided_bmi(uint64_t *s, size_t stride)
    __contract__(
    requires(1 <= stride && stride <= 8 &&
             fresh(s, (24 * stride + 1) * sizeof(uint64_t)))
    assigns(bytes(s, (24 * stride + 1) * sizeof(uint64_t)))
  );
#endif

#endif /* MLKEM_KECCAK_AVX2_H */
