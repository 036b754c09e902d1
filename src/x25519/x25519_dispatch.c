/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * x25519/x25519_dispatch.c - which X25519 implementation each backend
 * uses, and the public functions mlkem_x25519 and mlkem_x25519_base
 * (mlkem_hazmat.h).
 *
 * X25519 follows the backend chosen for the process (mlkem_backend_get,
 * dispatch.c), by its name, through the one table below: a backend listed
 * there uses its implementation if the CPU runs it, every other backend
 * the portable one; a backend listed more than once takes the first of
 * its rows that is built in and that the CPU runs. A backend names an
 * instruction-set tier and its X25519 stays within it: avx512 uses AVX-512
 * IFMA (its CPU check includes IFMA and VL), or else radix 2^64 with MULX
 * and ADX; avx2 that (where CPUID reports BMI2 and ADX), and forcing avx2
 * on an IFMA CPU runs it, never an AVX-512 instruction; portable, neon and
 * neon-sha3 use the portable one. When no backend is usable there is no
 * implementation either, and both functions fail with MLKEM_ERR_BACKEND.
 *
 * The MemorySanitizer form of make ct (ct_testing.h) leaves MULX/ADX out:
 * MemorySanitizer does not see into inline assembly, so it would take the
 * field's results for whatever their memory held before. valgrind, which
 * runs the instructions themselves, checks that code (docs/SECURITY.md).
 */
#include "mlkem_hazmat.h"
#include "backend/backend.h"
#include "platform/cpu.h"
#include "platform/ct.h"
#include "platform/publish.h"
#include "platform/str.h"
#include "x25519/x25519.h"

#ifdef MLKEM_HAVE_X25519_IFMA
#define X25519_IFMA &mlkem_x25519_ifma
#else
#define X25519_IFMA NULL
#endif
#if defined(MLKEM_HAVE_X25519_MULX) && !defined(MLKEM_CT_USE_MSAN)
#define X25519_MULX &mlkem_x25519_mulx
#else
#define X25519_MULX NULL
#endif

static const struct {
  const char *backend;
  const mlkem_x25519_impl *impl; /* NULL: not built in */
} x25519_by_backend[] = {
    {"avx512", X25519_IFMA},
    {"avx512", X25519_MULX},
    {"avx2", X25519_MULX},
};

int mlkem_x25519_impl_supported(const mlkem_x25519_impl *impl) {
#ifdef MLKEM_HAVE_X25519_IFMA
  if (impl == &mlkem_x25519_ifma) return mlkem_cpu_has_avx512();
#endif
#ifdef MLKEM_HAVE_X25519_MULX
  if (impl == &mlkem_x25519_mulx)
    return mlkem_cpu_has_avx2() && mlkem_cpu_has_bmi2_adx();
#endif
  return impl == &mlkem_x25519_portable;
}

static const mlkem_x25519_impl *choose(const char *backend) {
  size_t i;
  for (i = 0; i < sizeof x25519_by_backend / sizeof x25519_by_backend[0]; i++) {
    const mlkem_x25519_impl *impl = x25519_by_backend[i].impl;
    if (mlkem_str_equal(backend, x25519_by_backend[i].backend) &&
        impl != NULL && mlkem_x25519_impl_supported(impl))
      return impl;
  }
  return &mlkem_x25519_portable;
}

/* The implementation of the backend in use, or NULL when there is none. */
static const void *choose_for_backend(void) {
  const mlkem_backend *be = mlkem_backend_get();
  return be != NULL ? choose(be->name) : NULL;
}

const mlkem_x25519_impl *mlkem_x25519_impl_get(void) {
  static mlkem_published chosen;
  return mlkem_publish_once(&chosen, choose_for_backend);
}

/* 0 if out is not all zeros, else MLKEM_ERR_X25519_ZERO (
 * @spec{RFC7748, sec. 6.1}), from an OR of every byte and without a branch on
 * it. The bits of the OR are folded into bit 0 by shifts (which the
 * MemorySanitizer form of the constant-time check follows exactly, unlike acc -
 * 1). */
int mlkem_x25519_zero_check(const uint8_t out[MLKEM_X25519_BYTES]) {
  unsigned acc = 0, i;
  for (i = 0; i < MLKEM_X25519_BYTES; i++) acc |= out[i];
  acc = mlkem_value_barrier_u8((uint8_t)acc);
  acc |= acc >> 4;
  acc |= acc >> 2;
  acc |= acc >> 1;
  return MLKEM_ERR_X25519_ZERO * (int)(~acc & 1);
}

/* The implementation for a call, or NULL with the error in *err and out
 * zeroed (when not NULL): a NULL argument (missing), or no backend. */
static const mlkem_x25519_impl *x25519_enter(uint8_t *out, int missing,
                                             int *err) {
  const mlkem_x25519_impl *impl = NULL;
  *err = MLKEM_OK;
  if (missing)
    *err = MLKEM_ERR_NULL_ARGUMENT;
  else if ((impl = mlkem_x25519_impl_get()) == NULL)
    *err = MLKEM_ERR_BACKEND;
  if (*err != MLKEM_OK && out != NULL) mlkem_zeroize(out, MLKEM_X25519_BYTES);
  return impl;
}

int mlkem_x25519(uint8_t out[MLKEM_X25519_BYTES],
                 const uint8_t scalar[MLKEM_X25519_BYTES],
                 const uint8_t point[MLKEM_X25519_BYTES]) {
  int err;
  const mlkem_x25519_impl *impl =
      x25519_enter(out, out == NULL || scalar == NULL || point == NULL, &err);
  if (impl == NULL) return err;
  impl->scalarmult(out, scalar, point);
  /* What the ladder derived from the scalar, in its callees' frames. */
  mlkem_scrub_stack_deep();
  /* An all-zero result is its own zeroed output. */
  return mlkem_x25519_zero_check(out);
}

int mlkem_x25519_base(uint8_t out[MLKEM_X25519_BYTES],
                      const uint8_t scalar[MLKEM_X25519_BYTES]) {
  int err;
  const mlkem_x25519_impl *impl =
      x25519_enter(out, out == NULL || scalar == NULL, &err);
  if (impl == NULL) return err;
  impl->scalarmult_base(out, scalar);
  /* The comb's selected entries and sums, in its callees' frames. */
  mlkem_scrub_stack_deep();
  return MLKEM_OK;
}

int mlkem_x25519_keypair_dh(uint8_t pk[MLKEM_X25519_BYTES],
                            uint8_t out[MLKEM_X25519_BYTES],
                            const uint8_t scalar[MLKEM_X25519_BYTES],
                            const uint8_t u[MLKEM_X25519_BYTES]) {
  int err;
  const mlkem_x25519_impl *impl = x25519_enter(
      out, pk == NULL || out == NULL || scalar == NULL || u == NULL, &err);
  if (impl == NULL) {
    if (pk != NULL) mlkem_zeroize(pk, MLKEM_X25519_BYTES);
    return err;
  }
  impl->keypair_dh(pk, out, scalar, u);
  /* The comb's and the ladder's values, in their callees' frames. */
  mlkem_scrub_stack_deep();
  return mlkem_x25519_zero_check(out);
}
