/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * sha2_select.c - which SHA-2 implementation this process uses, following
 * the ML-KEM backend (dispatch.c): the portable backend gets the portable
 * code; a SIMD backend gets the CPU's SHA instructions where it has them
 * (x86: the SHA extensions, SHA-256 only; AArch64: the SHA-2 instructions
 * and, where present, the SHA-512 ones), the portable code for the rest.
 * A backend forced with MLKEM_BACKEND but unavailable (no backend at all)
 * gets the portable code, which runs on every CPU.
 */
#include <stddef.h>

#include "backend/backend.h"
#include "platform/cpu.h"
#include "platform/publish.h"
#include "sha2/sha2.h"

static const void *choose(void) {
  const mlkem_backend *be = mlkem_backend_get();
  if (be == NULL || be == &mlkem_backend_portable) return &mlkem_sha2_portable;
#ifdef MLKEM_HAVE_SHA_NI
  if (mlkem_cpu_has_sha_ni()) return &mlkem_sha2_x86_shani;
#endif
#ifdef MLKEM_HAVE_ARM_SHA2
  if (mlkem_cpu_has_arm_sha2()) {
    if (mlkem_cpu_has_arm_sha512()) return &mlkem_sha2_armv8_sha512;
    return &mlkem_sha2_armv8;
  }
#endif
  return &mlkem_sha2_portable;
}

const mlkem_sha2_impl *mlkem_sha2_impl_get(void) {
  static mlkem_published chosen;
  return mlkem_publish_once(&chosen, choose);
}

size_t mlkem_sha2_impls(const mlkem_sha2_impl **list, size_t cap) {
  size_t n = 0;
  if (n < cap) list[n++] = &mlkem_sha2_portable;
#ifdef MLKEM_HAVE_SHA_NI
  if (n < cap && mlkem_cpu_has_sha_ni()) list[n++] = &mlkem_sha2_x86_shani;
#endif
#ifdef MLKEM_HAVE_ARM_SHA2
  if (n < cap && mlkem_cpu_has_arm_sha2()) list[n++] = &mlkem_sha2_armv8;
  if (n < cap && mlkem_cpu_has_arm_sha2() && mlkem_cpu_has_arm_sha512())
    list[n++] = &mlkem_sha2_armv8_sha512;
#endif
  return n;
}
