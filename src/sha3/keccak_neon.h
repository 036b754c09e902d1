/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * keccak_neon.h - Keccak-f[1600] with the Armv8.2 SHA-3 instructions on
 * AArch64 (keccakf1600_x2_neon_sha3.c).
 *
 * The implementation file alone is compiled with -march=armv8.2-a+sha3,
 * so these may be called only after the dispatch code has found the
 * extension (mlkem_cpu_has_sha3, cpu.h).
 */
#ifndef MLKEM_KECCAK_NEON_H
#define MLKEM_KECCAK_NEON_H

#include <stdint.h>

#include "platform/cbmc.h"
#include "sha3/sha3.h"

#if defined(__aarch64__)
/* Four interleaved states (the scheduler's four-way layout): lane i of
 * instance j is state[4 * i + j]; any 8-byte aligned state. Bit for bit
 * equal to the portable function on every input. Two two-way permutations
 * (instances 0 and 1, then 2 and 3). */
void mlkem_keccakf1600_x4_neon_sha3(uint64_t state[100])
    __contract__(
    requires(fresh(state, 100 * sizeof(uint64_t)))
    assigns(bytes(state, 100 * sizeof(uint64_t)))
  );

/* That permutation for the sponge scheduler (the one-way permutation is
 * the portable one). */
extern const mlkem_keccak_lanes mlkem_keccak_lanes_neon_sha3;
#endif

#endif /* MLKEM_KECCAK_NEON_H */
