/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * x25519/x25519.h - the X25519 implementations inside the library and the
 * one chosen for this process.
 *
 * Each implementation is the same Montgomery ladder (scalarmult.c)
 * compiled over one field arithmetic:
 *   portable  radix 2^51, C11 (fe51.h), any CPU;
 *   adx       radix 2^64 with MULX, ADCX and ADOX (fe64.h), x86-64 with
 *             BMI2 and ADX.
 * Both functions compute exactly RFC 7748's X25519: the scalar is clamped
 * (decodeScalar25519) and the top bit of u masked inside, so any 32 bytes
 * are valid input and every implementation gives the same 32 bytes. They
 * do not check for the all-zero result (section 6.1): the public functions
 * (x25519_dispatch.c) do, once, for every implementation.
 */
#ifndef MLKEM_X25519_X25519_H
#define MLKEM_X25519_X25519_H

#include <stdint.h>

typedef struct {
  const char *name;
  /* out = X25519(scalar, u) (RFC 7748 section 5). */
  void (*scalarmult)(uint8_t out[32], const uint8_t scalar[32],
                     const uint8_t u[32]);
  /* out = X25519(scalar, 9): the public key of a private key. */
  void (*scalarmult_base)(uint8_t out[32], const uint8_t scalar[32]);
} mlkem_x25519_impl;

/* The implementation the backend in use calls for (x25519_dispatch.c);
 * NULL when no backend is (MLKEM_BACKEND forced one that is missing). */
const mlkem_x25519_impl *mlkem_x25519_impl_get(void);

/* Every implementation built in, for the tests: the portable one first;
 * the others are NULL when not built in. Whether the CPU runs them is
 * for the caller to ask (mlkem_x25519_impl_supported). */
extern const mlkem_x25519_impl mlkem_x25519_portable;
#ifdef MLKEM_HAVE_X25519_ADX
extern const mlkem_x25519_impl mlkem_x25519_adx;
#endif

/* 1 if the CPU can run impl, else 0. */
int mlkem_x25519_impl_supported(const mlkem_x25519_impl *impl);

#endif
