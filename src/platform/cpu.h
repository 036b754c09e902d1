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

/* x86-64, the instructions of the AES and SHA-2 code (src/aes/, src/sha2/),
 * each also requiring SSSE3 and SSE4.1 (their files are built with
 * -msse4.1): 1 if CPUID reports AES-NI (leaf 1 ECX bit 25), the SHA
 * extensions (leaf 7 EBX bit 29), or VAES (leaf 7 ECX bit 9) with AES-NI
 * and everything mlkem_cpu_has_avx2 requires. Always 0 off x86-64. */
int mlkem_cpu_has_aesni(void);
int mlkem_cpu_has_sha_ni(void);
int mlkem_cpu_has_vaes(void);

/* AArch64: 1 if the CPU reports the Armv8 AES instructions (AESE, AESMC),
 * the SHA-256 instructions (SHA256H, SHA256H2, SHA256SU0/1), or the
 * Armv8.2 SHA-512 ones (SHA512H, SHA512H2, SHA512SU0/1), and the OS lets
 * programs use them: HWCAP_AES, HWCAP_SHA2, HWCAP_SHA512 in
 * getauxval(AT_HWCAP) on Linux, hw.optional.arm.FEAT_AES, FEAT_SHA256,
 * FEAT_SHA512 on macOS. Always 0 off AArch64. */
int mlkem_cpu_has_arm_aes(void);
int mlkem_cpu_has_arm_sha2(void);
int mlkem_cpu_has_arm_sha512(void);

#endif
