/*
 * cpu.h - what the CPU and the operating system support, asked once.
 */
#ifndef MLKEM_CPU_H
#define MLKEM_CPU_H

/* 1 if the CPU reports AVX2, BMI2 and POPCNT and the OS saves the YMM registers
 * (CPUID leaves 1 and 7, XGETBV), else 0. Always 0 off x86-64. */
int mlkem_cpu_has_avx2(void);

/* 1 if, besides all of the above, the CPU reports AVX-512 F, VL, BW, DQ,
 * IFMA, VBMI and VBMI2 and the OS saves the opmask and ZMM registers,
 * else 0. */
int mlkem_cpu_has_avx512(void);

#endif
