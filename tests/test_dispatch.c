/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_dispatch.c - the automatic choice of backend (no MLKEM_BACKEND):
 * the fastest one built in that cpu.h reports as supported, and, where the
 * caller states what the CPU has (MLKEM_EXPECT_BACKEND, set by make
 * test-aarch64 for each emulated CPU model), exactly that one. So the
 * feature detection itself is tested, not only the backends it selects.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "platform/cpu.h"
#include "mlkem.h"
#include "test_util.h"

/* The backend dispatch.c must pick from what cpu.h reports. */
static const char *fastest_supported(void) {
#ifdef MLKEM_HAVE_AVX512
  if (mlkem_cpu_has_avx512()) return "avx512";
#endif
#ifdef MLKEM_HAVE_AVX2
  if (mlkem_cpu_has_avx2()) return "avx2";
#endif
#ifdef MLKEM_HAVE_NEON
  return mlkem_cpu_has_sha3() ? "neon-sha3" : "neon";
#else
  return "portable";
#endif
}

int main(void) {
  const char *expect = getenv("MLKEM_EXPECT_BACKEND");
  const char *name;
  CHECK(unsetenv("MLKEM_BACKEND") == 0);
  name = mlkem_backend_name();
  printf("chosen backend: %s (cpu.h: avx2 %d, avx512 %d, sha3 %d)\n", name,
         mlkem_cpu_has_avx2(), mlkem_cpu_has_avx512(), mlkem_cpu_has_sha3());
  CHECKF(strcmp(name, fastest_supported()) == 0,
         "chose %s, the fastest supported is %s", name, fastest_supported());
  if (expect != NULL && expect[0] != '\0') {
    printf("expected on this CPU: %s\n", expect);
    CHECKF(strcmp(name, expect) == 0, "chose %s, expected %s", name, expect);
  }
  return test_summary("test_dispatch");
}
