/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * cpu.c - CPU feature detection for the dispatch.
 *
 * A SIMD backend may run only when the CPU implements its instructions AND
 * the operating system saves the wider registers across context switches;
 * CPUID reports the first, XGETBV (XCR0) the second.
 */
#include "platform/cpu.h"

#if (defined(__x86_64__) || defined(_M_X64)) && \
    (defined(__GNUC__) || defined(__clang__) || defined(_MSC_VER))

#include <stdint.h>
#if defined(_MSC_VER) && !defined(__clang__)
#include <intrin.h>
#else
#include <cpuid.h>
#endif

static void cpuid(uint32_t leaf, uint32_t subleaf, uint32_t r[4]) {
#if defined(_MSC_VER) && !defined(__clang__)
  int regs[4];
  __cpuidex(regs, (int)leaf, (int)subleaf);
  r[0] = (uint32_t)regs[0];
  r[1] = (uint32_t)regs[1];
  r[2] = (uint32_t)regs[2];
  r[3] = (uint32_t)regs[3];
#else
  __cpuid_count(leaf, subleaf, r[0], r[1], r[2], r[3]);
#endif
}

/* XCR0: which register states the OS saves. Only valid when CPUID.1:ECX
 * reports OSXSAVE. */
static uint64_t xgetbv0(void) {
#if defined(_MSC_VER) && !defined(__clang__)
  return _xgetbv(0);
#else
  uint32_t lo, hi;
  __asm__ __volatile__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
  return (uint64_t)hi << 32 | lo;
#endif
}

#define CPUID1_ECX_SSSE3 (1u << 9)
#define CPUID1_ECX_SSE41 (1u << 19)
#define CPUID1_ECX_AES (1u << 25)
#define CPUID1_ECX_POPCNT (1u << 23)
#define CPUID1_ECX_OSXSAVE (1u << 27)
#define CPUID1_ECX_AVX (1u << 28)
#define CPUID7_EBX_BMI1 (1u << 3)
#define CPUID7_EBX_AVX2 (1u << 5)
#define CPUID7_EBX_BMI2 (1u << 8)
#define CPUID7_EBX_AVX512F (1u << 16)
#define CPUID7_EBX_AVX512DQ (1u << 17)
#define CPUID7_EBX_AVX512IFMA (1u << 21)
#define CPUID7_EBX_SHA (1u << 29)
#define CPUID7_EBX_AVX512BW (1u << 30)
#define CPUID7_EBX_AVX512VL (1u << 31)
#define CPUID7_ECX_AVX512VBMI (1u << 1)
#define CPUID7_ECX_AVX512VBMI2 (1u << 6)
#define CPUID7_ECX_VAES (1u << 9)
#define XCR0_SSE_AVX 0x6u /* XMM and YMM state */
#define XCR0_AVX512 0xE0u /* opmask, upper halves of ZMM0-15, ZMM16-31 */

int mlkem_cpu_has_avx2(void) {
  uint32_t r[4];
  cpuid(0, 0, r);
  if (r[0] < 7) return 0;
  cpuid(1, 0, r);
  /* POPCNT too: compilers may emit it in any file built with -mavx2. */
  if ((r[2] & (CPUID1_ECX_OSXSAVE | CPUID1_ECX_AVX | CPUID1_ECX_POPCNT)) !=
      (CPUID1_ECX_OSXSAVE | CPUID1_ECX_AVX | CPUID1_ECX_POPCNT))
    return 0;
  if ((xgetbv0() & XCR0_SSE_AVX) != XCR0_SSE_AVX) return 0;
  cpuid(7, 0, r);
  /* BMI1 and BMI2: the one-way permutation is built with -mbmi -mbmi2. */
  return (r[1] & (CPUID7_EBX_AVX2 | CPUID7_EBX_BMI1 | CPUID7_EBX_BMI2)) ==
         (CPUID7_EBX_AVX2 | CPUID7_EBX_BMI1 | CPUID7_EBX_BMI2);
}

int mlkem_cpu_has_avx512(void) {
  const uint32_t ebx = CPUID7_EBX_AVX512F | CPUID7_EBX_AVX512DQ |
                       CPUID7_EBX_AVX512IFMA | CPUID7_EBX_AVX512BW |
                       CPUID7_EBX_AVX512VL;
  uint32_t r[4];
  if (!mlkem_cpu_has_avx2()) return 0;
  if ((xgetbv0() & (XCR0_SSE_AVX | XCR0_AVX512)) !=
      (XCR0_SSE_AVX | XCR0_AVX512))
    return 0;
  cpuid(7, 0, r);
  return (r[1] & ebx) == ebx &&
         (r[2] & (CPUID7_ECX_AVX512VBMI | CPUID7_ECX_AVX512VBMI2)) ==
             (CPUID7_ECX_AVX512VBMI | CPUID7_ECX_AVX512VBMI2);
}

/* SSSE3 and SSE4.1: what the AES and SHA files may use besides their own
 * instructions (byte shuffles, blends). */
static int has_sse41(void) {
  uint32_t r[4];
  cpuid(1, 0, r);
  return (r[2] & (CPUID1_ECX_SSSE3 | CPUID1_ECX_SSE41)) ==
         (CPUID1_ECX_SSSE3 | CPUID1_ECX_SSE41);
}

int mlkem_cpu_has_aesni(void) {
  uint32_t r[4];
  cpuid(1, 0, r);
  return (r[2] & CPUID1_ECX_AES) != 0 && has_sse41();
}

int mlkem_cpu_has_sha_ni(void) {
  uint32_t r[4];
  cpuid(0, 0, r);
  if (r[0] < 7) return 0;
  cpuid(7, 0, r);
  return (r[1] & CPUID7_EBX_SHA) != 0 && has_sse41();
}

int mlkem_cpu_has_vaes(void) {
  uint32_t r[4];
  if (!mlkem_cpu_has_avx2() || !mlkem_cpu_has_aesni()) return 0;
  cpuid(7, 0, r);
  return (r[2] & CPUID7_ECX_VAES) != 0;
}

#else

int mlkem_cpu_has_avx2(void) {
  return 0;
}
int mlkem_cpu_has_avx512(void) {
  return 0;
}
int mlkem_cpu_has_aesni(void) {
  return 0;
}
int mlkem_cpu_has_sha_ni(void) {
  return 0;
}
int mlkem_cpu_has_vaes(void) {
  return 0;
}

#endif

/* AArch64: the SHA-3, AES, SHA-2 and SHA-512 extensions, as the kernel
 * reports them. */
#if defined(__aarch64__) && defined(__linux__)

#include <sys/auxv.h>

/* Bits of AT_HWCAP: Linux arch/arm64/include/uapi/asm/hwcap.h. */
#ifndef HWCAP_AES
#define HWCAP_AES (1UL << 3)
#endif
#ifndef HWCAP_SHA2
#define HWCAP_SHA2 (1UL << 6)
#endif
#ifndef HWCAP_SHA3
#define HWCAP_SHA3 (1UL << 17)
#endif
#ifndef HWCAP_SHA512
#define HWCAP_SHA512 (1UL << 21)
#endif

int mlkem_cpu_has_sha3(void) {
  return (getauxval(AT_HWCAP) & HWCAP_SHA3) != 0;
}
int mlkem_cpu_has_arm_aes(void) {
  return (getauxval(AT_HWCAP) & HWCAP_AES) != 0;
}
int mlkem_cpu_has_arm_sha2(void) {
  return (getauxval(AT_HWCAP) & HWCAP_SHA2) != 0;
}
int mlkem_cpu_has_arm_sha512(void) {
  return (getauxval(AT_HWCAP) & HWCAP_SHA512) != 0;
}

#elif defined(__aarch64__) && defined(__APPLE__)

#include <sys/sysctl.h>

static int sysctl_flag(const char *name) {
  int v = 0;
  size_t len = sizeof v;
  if (sysctlbyname(name, &v, &len, NULL, 0) != 0) return 0;
  return v != 0;
}

int mlkem_cpu_has_sha3(void) {
  return sysctl_flag("hw.optional.armv8_2_sha3");
}
int mlkem_cpu_has_arm_aes(void) {
  return sysctl_flag("hw.optional.arm.FEAT_AES");
}
int mlkem_cpu_has_arm_sha2(void) {
  return sysctl_flag("hw.optional.arm.FEAT_SHA256");
}
int mlkem_cpu_has_arm_sha512(void) {
  return sysctl_flag("hw.optional.arm.FEAT_SHA512");
}

#else

int mlkem_cpu_has_sha3(void) {
  return 0;
}
int mlkem_cpu_has_arm_aes(void) {
  return 0;
}
int mlkem_cpu_has_arm_sha2(void) {
  return 0;
}
int mlkem_cpu_has_arm_sha512(void) {
  return 0;
}

#endif
