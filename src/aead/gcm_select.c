/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * gcm_select.c - which AES-GCM implementation this process uses,
 * following the ML-KEM backend as aes_select.c does: the portable backend
 * gets the portable code; a SIMD backend gets the CPU's AES and
 * carry-less multiplication instructions where it has both (x86: VAES
 * with VPCLMULQDQ on 256-bit vectors, else AES-NI with PCLMULQDQ;
 * AArch64: the Armv8 AES instructions with PMULL), the portable code
 * otherwise. A backend forced with MLKEM_BACKEND but unavailable gets the
 * portable code, which runs on every CPU. (There is no 512-bit
 * implementation yet: the avx512 backend gets VAES-256.)
 *
 * The x86 files are built with the AVX2 backend, the Armv8 one with the
 * NEON backend, as src/aes/'s (src/CMakeLists.txt), under the same
 * MLKEM_HAVE_AESNI, MLKEM_HAVE_VAES256 and MLKEM_HAVE_ARM_AES.
 */
#include <stddef.h>

#include "aead/gcm.h"
#include "backend/backend.h"
#include "cpu.h"
#include "publish.h"

static const mlkem_gcm_impl *chosen;

static const mlkem_gcm_impl *choose(void) {
  const mlkem_backend *be = mlkem_backend_get();
  if (be == NULL || be == &mlkem_backend_portable) return &mlkem_gcm_portable;
#ifdef MLKEM_HAVE_VAES256
  if (mlkem_cpu_has_vaes() && mlkem_cpu_has_vpclmulqdq())
    return &mlkem_gcm_x86_vaes256;
#endif
#ifdef MLKEM_HAVE_AESNI
  if (mlkem_cpu_has_aesni() && mlkem_cpu_has_pclmul())
    return &mlkem_gcm_x86_aesni;
#endif
#ifdef MLKEM_HAVE_ARM_AES
  if (mlkem_cpu_has_arm_aes() && mlkem_cpu_has_arm_pmull())
    return &mlkem_gcm_armv8;
#endif
  return &mlkem_gcm_portable;
}

const mlkem_gcm_impl *mlkem_gcm_impl_get(void) {
  const mlkem_gcm_impl *impl = MLKEM_PTR_LOAD_ACQUIRE(chosen);
  if (impl == NULL) {
    impl = choose();
    MLKEM_PTR_STORE_RELEASE(chosen, impl);
  }
  return impl;
}

size_t mlkem_gcm_impls(const mlkem_gcm_impl **list, size_t cap) {
  size_t n = 0;
  if (n < cap) list[n++] = &mlkem_gcm_portable;
#ifdef MLKEM_HAVE_AESNI
  if (n < cap && mlkem_cpu_has_aesni() && mlkem_cpu_has_pclmul())
    list[n++] = &mlkem_gcm_x86_aesni;
#endif
#ifdef MLKEM_HAVE_VAES256
  if (n < cap && mlkem_cpu_has_vaes() && mlkem_cpu_has_vpclmulqdq())
    list[n++] = &mlkem_gcm_x86_vaes256;
#endif
#ifdef MLKEM_HAVE_ARM_AES
  if (n < cap && mlkem_cpu_has_arm_aes() && mlkem_cpu_has_arm_pmull())
    list[n++] = &mlkem_gcm_armv8;
#endif
  return n;
}
