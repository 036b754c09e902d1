/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * cpu.h - what the CPU and the operating system support, asked once.
 */
#ifndef MLKEM_CPU_H
#define MLKEM_CPU_H

/* 1 if the CPU reports AVX2, BMI1, BMI2 and POPCNT and the OS saves the YMM
 * registers (CPUID leaves 1 and 7, XGETBV), else 0. Always 0 off x86-64. */
int mlkem_cpu_has_avx2(void);

/* 1 if, besides all of the above, the CPU reports AVX-512 F, VL, BW, DQ,
 * IFMA, VBMI and VBMI2 and the OS saves the opmask and ZMM registers,
 * else 0. */
int mlkem_cpu_has_avx512(void);

/* 1 if the CPU reports the Armv8.2 SHA-3 instructions (EOR3, RAX1, XAR,
 * BCAX) and the OS lets programs use them: HWCAP_SHA3 in getauxval(AT_HWCAP)
 * on Linux, hw.optional.armv8_2_sha3 on macOS. Always 0 off AArch64. (NEON
 * itself is part of every AArch64 CPU and needs no check.) */
int mlkem_cpu_has_sha3(void);

#endif
