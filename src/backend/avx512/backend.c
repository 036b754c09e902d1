/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* backend.c - the AVX-512 backend's operation table. */
#if defined(__x86_64__) || defined(_M_X64)
#include "backend/avx512/avx512.h"

#include "backend/contracts.h"
#include "sha3/keccak_avx512.h"

/* Eight-way layout; the costs of one call (rdtsc ticks on the reference
 * Xeon): one-way (portable) 780, four-way 640, eight-way 950. So a lone
 * lane runs four-way. Only the ratio of the four- and eight-way figures
 * decides anything (how many lanes a step fills); 950 / 640 is near that
 * of the permutations alone and was chosen by step counts and timings
 * (docs/SCHEDULE.md, docs/ARCHITECTURE.md "Decisions"). */
static const mlkem_keccak_lanes keccak_avx512 = {
    8,
    mlkem_keccakf1600_x4_avx512,
    mlkem_keccakf1600_x8_avx512,
    780,
    640,
    950,
    NULL,
};

MLKEM_BACKEND_CONTRACT_WRAPPERS(mlkem_avx512)

const mlkem_backend mlkem_backend_avx512 =
    MLKEM_BACKEND_TABLE("avx512", mlkem_avx512, &keccak_avx512);
#endif
