/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The portable one-way Keccak-f[1600] on one instance of an interleaved
 * state (sha3/keccakf1600.c, mlkem_keccakf1600_strided), for every
 * stride 1 to 8 and every state: it reads and writes only the words of
 * its instance's span, the contract the scheduler's permute step relies
 * on. The loop over the rounds is unwound (12 pairs; an unwinding
 * assertion).
 * @enforce mlkem_keccakf1600_strided
 * @unwind mlkem_keccakf1600_strided.0:13
 */
#include "sha3/keccakf1600.c"

void harness(void) {
  uint64_t *s;
  size_t stride;
  mlkem_keccakf1600_strided(s, stride);
}
