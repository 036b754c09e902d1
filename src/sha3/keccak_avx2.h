/*
 * keccak_avx2.h - Keccak-f[1600] on four interleaved states with AVX2.
 *
 * Exists only on x86-64. The implementation file is compiled with
 * -mavx2 -mbmi2 (and only it), so the function may be called only after
 * the dispatch code has found AVX2 on the CPU and enabled by the OS.
 */
#ifndef MLKEM_KECCAK_AVX2_H
#define MLKEM_KECCAK_AVX2_H

#include <stdint.h>

#if defined(__x86_64__) || defined(_M_X64)
/* Four interleaved states: lane i of instance j is state[4 * i + j], so
 * lane i of all four instances is the 32 bytes at state + 4 * i. The state
 * needs no particular alignment. Equal to four calls of
 * mlkem_keccakf1600_strided(state + j, 4). */
void mlkem_keccakf1600_x4_avx2(uint64_t state[100]);
#endif

#endif /* MLKEM_KECCAK_AVX2_H */
