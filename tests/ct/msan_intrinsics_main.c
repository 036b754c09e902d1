/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * msan_intrinsics_main.c - the entry of msan_intrinsics_test: compiled
 * without the AVX-512 flags of msan_intrinsics_test.c, so that a CPU
 * without AVX-512 VBMI or AES-NI (AMD Zen 3, every CPU before Ice Lake)
 * reaches the check below instead of dying of SIGILL on the first AVX-512
 * store MemorySanitizer emits for a stack frame of that file.
 *
 * Exit status: 0 if every model holds, 1 otherwise, 77 if the CPU lacks
 * the instructions or the test is not built under MemorySanitizer.
 */
#include <stdio.h>

int msan_intrinsics_run(void);

int main(void) {
  if (!__builtin_cpu_supports("avx512f") ||
      !__builtin_cpu_supports("avx512bw") ||
      !__builtin_cpu_supports("avx512vl") ||
      !__builtin_cpu_supports("avx512vbmi") || !__builtin_cpu_supports("aes")) {
    printf(
        "msan_intrinsics_test: no AVX-512 VBMI or AES-NI on this CPU; "
        "skipped\n");
    return 77;
  }
  return msan_intrinsics_run();
}
