/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * keccakf1600_x2_neon_sha3.c - Keccak-f[1600] (@spec{FIPS202, sec. 3.3}:
 * Keccak-p[1600, 24]) on two states at once with NEON and the Armv8.2
 * SHA-3 instructions, and the four-way form the sponge scheduler takes
 * (two calls of the two-way one).
 *
 * A 128-bit vector holds one lane of both states. The SHA-3 extension has
 * an instruction for each step of a round:
 *  - theta: EOR3 (three-way XOR) makes the column parities in two steps
 *    per column, RAX1 (a ^ rotl(b, 1)) the values d;
 *  - rho and pi: XAR ((a ^ b) rotated right by a constant) adds d and
 *    rotates in one instruction, and pi is only the choice of destination;
 *  - chi: BCAX (a ^ (b & ~c)) is chi's formula;
 *  - iota: one XOR.
 * That is 66 vector instructions per round for two states.
 *
 * Lane (x, y) is index x + 5y (@spec{FIPS202, sec. 3.1.2}). The interleaved
 * four-way state (sha3/sha3.h: lane i of instance j at 4 i + j) puts lane i of
 * instances 0 and 1 in the 16 bytes at state + 4 i, and of instances 2
 * and 3 in the 16 bytes after them.
 *
 * This file alone is compiled with -march=armv8.2-a+sha3; its functions
 * run only when dispatch.c found the extension (HWCAP_SHA3).
 */
#if defined(__aarch64__)

#include <arm_neon.h>
#include <stdint.h>

#include "sha3/keccak_neon.h"
#include "sha3/sha3.h"

/* The two states whose lane i is the 16 bytes at s + 4 i. */
static void keccakf1600_x2(uint64_t *s) {
  uint64x2_t a[25], b[25], c[5], d[5];
  unsigned i, round;
  for (i = 0; i < 25; i++) a[i] = vld1q_u64(s + 4 * i);
  for (round = 0; round < 24; round++) {
    /* theta (3.2.1) */
    for (i = 0; i < 5; i++)
      c[i] = veor3q_u64(veor3q_u64(a[i], a[i + 5], a[i + 10]), a[i + 15],
                        a[i + 20]);
    for (i = 0; i < 5; i++) d[i] = vrax1q_u64(c[(i + 4) % 5], c[(i + 1) % 5]);
    /* rho and pi (3.2.2, 3.2.3): lane (x, y), with d_x added and rotated
     * left by its offset from @spec{FIPS202, Table 2} (right by 64 minus it),
     * goes to lane (y, 2x + 3y). */
    b[0] = veorq_u64(a[0], d[0]);
    b[10] = vxarq_u64(a[1], d[1], 63);
    b[20] = vxarq_u64(a[2], d[2], 2);
    b[5] = vxarq_u64(a[3], d[3], 36);
    b[15] = vxarq_u64(a[4], d[4], 37);
    b[16] = vxarq_u64(a[5], d[0], 28);
    b[1] = vxarq_u64(a[6], d[1], 20);
    b[11] = vxarq_u64(a[7], d[2], 58);
    b[21] = vxarq_u64(a[8], d[3], 9);
    b[6] = vxarq_u64(a[9], d[4], 44);
    b[7] = vxarq_u64(a[10], d[0], 61);
    b[17] = vxarq_u64(a[11], d[1], 54);
    b[2] = vxarq_u64(a[12], d[2], 21);
    b[12] = vxarq_u64(a[13], d[3], 39);
    b[22] = vxarq_u64(a[14], d[4], 25);
    b[23] = vxarq_u64(a[15], d[0], 23);
    b[8] = vxarq_u64(a[16], d[1], 19);
    b[18] = vxarq_u64(a[17], d[2], 49);
    b[3] = vxarq_u64(a[18], d[3], 43);
    b[13] = vxarq_u64(a[19], d[4], 56);
    b[14] = vxarq_u64(a[20], d[0], 46);
    b[24] = vxarq_u64(a[21], d[1], 62);
    b[9] = vxarq_u64(a[22], d[2], 3);
    b[19] = vxarq_u64(a[23], d[3], 8);
    b[4] = vxarq_u64(a[24], d[4], 50);
    /* chi (3.2.4): b0 ^ (~b1 & b2) along each row. */
    for (i = 0; i < 25; i += 5) {
      a[i + 0] = vbcaxq_u64(b[i + 0], b[i + 2], b[i + 1]);
      a[i + 1] = vbcaxq_u64(b[i + 1], b[i + 3], b[i + 2]);
      a[i + 2] = vbcaxq_u64(b[i + 2], b[i + 4], b[i + 3]);
      a[i + 3] = vbcaxq_u64(b[i + 3], b[i + 0], b[i + 4]);
      a[i + 4] = vbcaxq_u64(b[i + 4], b[i + 1], b[i + 0]);
    }
    /* iota (3.2.5) */
    a[0] = veorq_u64(a[0], vdupq_n_u64(mlkem_keccak_rc[round]));
  }
  for (i = 0; i < 25; i++) vst1q_u64(s + 4 * i, a[i]);
}

void mlkem_keccakf1600_x4_neon_sha3(uint64_t state[100]) {
  keccakf1600_x2(state);
  keccakf1600_x2(state + 2);
}

/* Costs: instructions executed per call, counted under qemu-aarch64 (the
 * method of docs/BENCHMARKS.md; GCC 12 -O3): the portable one-way
 * permutation 3,734, this four-way form 4,569. No AArch64 hardware was at
 * hand to time them; the scheduler only compares the two, and with these
 * figures it permutes two or more busy lanes four-way and a lone lane
 * one-way. */
const mlkem_keccak_lanes mlkem_keccak_lanes_neon_sha3 = {
    4, mlkem_keccakf1600_x4_neon_sha3, NULL, 3734, 4569, 0, NULL,
};

#endif
