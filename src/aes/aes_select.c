/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * aes_select.c - which AES implementation this process uses, following the
 * ML-KEM backend (dispatch.c): the portable backend gets the bitsliced
 * code; a SIMD backend gets the CPU's AES instructions where it has them
 * (x86: VAES with 512-bit vectors on the AVX-512 backend, with 256-bit
 * vectors on the AVX2 one, else AES-NI; AArch64: the Armv8 AES
 * instructions), the bitsliced code otherwise. A backend forced with
 * MLKEM_BACKEND but unavailable (no backend at all) gets the bitsliced
 * code, which runs on every CPU.
 */
#include <stddef.h>

#include "aes/aes.h"
#include "backend/backend.h"
#include "platform/cpu.h"
#include "platform/publish.h"

static const void *choose(void) {
  const mlkem_backend *be = mlkem_backend_get();
  if (be == NULL || be == &mlkem_backend_portable) return &mlkem_aes_portable;
#ifdef MLKEM_HAVE_VAES512
  if (be == &mlkem_backend_avx512 && mlkem_cpu_has_vaes())
    return &mlkem_aes_x86_vaes512;
#endif
#ifdef MLKEM_HAVE_VAES256
  if (mlkem_cpu_has_vaes()) return &mlkem_aes_x86_vaes256;
#endif
#ifdef MLKEM_HAVE_AESNI
  if (mlkem_cpu_has_aesni()) return &mlkem_aes_x86_aesni;
#endif
#ifdef MLKEM_HAVE_ARM_AES
  if (mlkem_cpu_has_arm_aes()) return &mlkem_aes_armv8;
#endif
  return &mlkem_aes_portable;
}

const mlkem_aes_impl *mlkem_aes_impl_get(void) {
  static mlkem_published chosen;
  return mlkem_publish_once(&chosen, choose);
}

size_t mlkem_aes_impls(const mlkem_aes_impl **list, size_t cap) {
  size_t n = 0;
  if (n < cap) list[n++] = &mlkem_aes_portable;
#ifdef MLKEM_HAVE_AESNI
  if (n < cap && mlkem_cpu_has_aesni()) list[n++] = &mlkem_aes_x86_aesni;
#endif
#ifdef MLKEM_HAVE_VAES256
  if (n < cap && mlkem_cpu_has_vaes()) list[n++] = &mlkem_aes_x86_vaes256;
#endif
#ifdef MLKEM_HAVE_VAES512
  if (n < cap && mlkem_cpu_has_vaes() && mlkem_cpu_has_avx512())
    list[n++] = &mlkem_aes_x86_vaes512;
#endif
#ifdef MLKEM_HAVE_ARM_AES
  if (n < cap && mlkem_cpu_has_arm_aes()) list[n++] = &mlkem_aes_armv8;
#endif
  return n;
}
