/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* backend.c - the AVX2 backend's operation table. */
#if defined(__x86_64__) || defined(_M_X64)
#include "backend/avx2/avx2.h"

#include "backend/contracts.h"
#include "sha3/keccak_avx2.h"

/* Four-way layout; the costs of one call (rdtsc ticks on the reference
 * Xeon): four-way AVX2 1,230, one-way with BMI1/BMI2 (keccakf1600_bmi.c)
 * 650. So a lone lane runs one-way, two or more four-way
 * (docs/ARCHITECTURE.md "Decisions"). */
static const mlkem_keccak_lanes keccak_avx2 = {
    4, mlkem_keccakf1600_x4_avx2,     NULL, 650, 1230,
    0, mlkem_keccakf1600_strided_bmi,
};

MLKEM_BACKEND_CONTRACT_WRAPPERS(mlkem_avx2)

const mlkem_backend mlkem_backend_avx2 =
    MLKEM_BACKEND_TABLE("avx2", mlkem_avx2, &keccak_avx2);
#endif
