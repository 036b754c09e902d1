/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * keccak_avx512.h - Keccak-f[1600] on four and on eight interleaved states
 * with AVX-512.
 *
 * Exists only on x86-64. The implementation file is compiled with the
 * AVX-512 flags (F, VL, BW, DQ, VBMI, IFMA, plus AVX2 and BMI2), and only
 * it, so these functions may be called only after the dispatch code has
 * found AVX-512F and AVX-512VL on the CPU and the OS saving the ZMM and
 * opmask registers.
 */
#ifndef MLKEM_KECCAK_AVX512_H
#define MLKEM_KECCAK_AVX512_H

#include <stdint.h>

#include "platform/cbmc.h"

#if defined(__x86_64__) || defined(_M_X64)
/* Instances 0-3 of an eight-way interleaved state (lane i of instance j
 * at state[8 * i + j], the scheduler's layout for this backend): the 32
 * bytes at state + 8 * i hold lane i of the four. Instances 4-7 are left
 * untouched. Works in 256-bit registers (AVX-512VL). No alignment needed.
 * Equal to four calls of mlkem_keccakf1600_strided(state + j, 8). */
void mlkem_keccakf1600_x4_avx512(uint64_t state[196])
    __contract__(
    requires(fresh(state, 196 * sizeof(uint64_t)))
    assigns(bytes(state, 196 * sizeof(uint64_t)))
  );

/* Eight independent states stored interleaved: lane i of instance j is
 * state[8 * i + j], so lane i of all eight instances is the 64 bytes at
 * state + 8 * i. Works in 512-bit registers. No alignment needed. Equal to
 * eight calls of mlkem_keccakf1600 on the de-interleaved states. */
void mlkem_keccakf1600_x8_avx512(uint64_t state[200])
    __contract__(
    requires(fresh(state, 200 * sizeof(uint64_t)))
    assigns(bytes(state, 200 * sizeof(uint64_t)))
  );
#endif

#endif /* MLKEM_KECCAK_AVX512_H */
