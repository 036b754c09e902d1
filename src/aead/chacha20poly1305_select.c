/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * aead/chacha20poly1305_select.c - the ChaCha20-Poly1305 implementations
 * and which one this process uses, following the ML-KEM backend
 * (dispatch.c) as aes/aes_select.c does: the portable backend gets the
 * portable code; avx2 and avx512 the AVX2 code; neon and neon-sha3 the
 * NEON ChaCha20 with the scalar Poly1305. A backend forced with
 * MLKEM_BACKEND but unavailable (no backend) gets the portable code,
 * which runs on every CPU.
 */
#include <stddef.h>

#include "aead/chacha20poly1305.h"
#include "backend/backend.h"
#include "cpu.h"
#include "publish.h"

const mlkem_chacha20poly1305_impl mlkem_chacha20poly1305_portable = {
    "portable", mlkem_chacha20_xor_portable, mlkem_poly1305_blocks_portable,
    NULL, NULL};

#ifdef MLKEM_HAVE_CHACHA20_AVX2
const mlkem_chacha20poly1305_impl mlkem_chacha20poly1305_avx2 = {
    "avx2", mlkem_chacha20_xor_avx2, mlkem_poly1305_blocks_avx2,
    mlkem_chacha20poly1305_seal_bulk_avx2,
    mlkem_chacha20poly1305_open_bulk_avx2};
#endif

#ifdef MLKEM_HAVE_CHACHA20_NEON
const mlkem_chacha20poly1305_impl mlkem_chacha20poly1305_neon = {
    "neon", mlkem_chacha20_xor_neon, mlkem_poly1305_blocks_portable, NULL,
    NULL};
#endif

static const mlkem_chacha20poly1305_impl *chosen;

static const mlkem_chacha20poly1305_impl *choose(void) {
  const mlkem_backend *be = mlkem_backend_get();
  if (be == NULL || be == &mlkem_backend_portable)
    return &mlkem_chacha20poly1305_portable;
#ifdef MLKEM_HAVE_CHACHA20_AVX2
  if (mlkem_cpu_has_avx2()) return &mlkem_chacha20poly1305_avx2;
#endif
#ifdef MLKEM_HAVE_CHACHA20_NEON
  return &mlkem_chacha20poly1305_neon;
#else
  return &mlkem_chacha20poly1305_portable;
#endif
}

const mlkem_chacha20poly1305_impl *mlkem_chacha20poly1305_impl_get(void) {
  const mlkem_chacha20poly1305_impl *impl = MLKEM_PTR_LOAD_ACQUIRE(chosen);
  if (impl == NULL) {
    impl = choose();
    MLKEM_PTR_STORE_RELEASE(chosen, impl);
  }
  return impl;
}

size_t mlkem_chacha20poly1305_impls(const mlkem_chacha20poly1305_impl **list,
                                    size_t cap) {
  size_t n = 0;
  if (n < cap) list[n++] = &mlkem_chacha20poly1305_portable;
#ifdef MLKEM_HAVE_CHACHA20_AVX2
  if (n < cap && mlkem_cpu_has_avx2()) list[n++] = &mlkem_chacha20poly1305_avx2;
#endif
#ifdef MLKEM_HAVE_CHACHA20_NEON
  if (n < cap) list[n++] = &mlkem_chacha20poly1305_neon;
#endif
  return n;
}
