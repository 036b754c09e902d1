/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* backend.c - the AVX-512 backend's operation table. */
#if defined(__x86_64__) || defined(_M_X64)
#include "backend/avx512/avx512.h"

#include "backend/contracts.h"
#include "sha3/keccak_avx512.h"

/* Eight-way layout. The permutations alone cost (rdtsc ticks, quiet
 * medians, docs/BENCHMARKS.md) about 780 one-way (portable), 612 four-way
 * and 888 eight-way, so a lone lane runs four-way. Only the ratio of the
 * four- and eight-way figures decides anything (the width of a step):
 * 950 / 640 = 1.48, near that of the permutations alone (1.45), chosen by
 * counting steps and timing whole operations at 800, 900 and 950. Until
 * key generation's H(ek) declared its tail (sha3.h), the figure was 800:
 * the width estimate then took keygen for shorter than it is, and at 950
 * ran it on four lanes (15 steps instead of 13). With the tail,
 * ML-KEM-768 decaps runs 4 four-way + 5 eight-way steps instead of 3 + 6
 * and keygen is unchanged (docs/SCHEDULE.md has the counts and timings).
 * These are a Xeon's figures. On AMD Zen 5 the four- and eight-way
 * permutations cost about the same (520-546), and a table of 590 / 530 /
 * 550 timed no different from this one (docs/BENCHMARKS.md). */
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
