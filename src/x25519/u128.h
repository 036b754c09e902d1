/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * x25519/u128.h - the 64 x 64 -> 128-bit products and 128-bit sums of the
 * radix-2^51 field (fe51.h) and of Poly1305's radix-2^64 arithmetic
 * (aead/poly1305_scalar.h).
 *
 * gcc and clang have unsigned __int128 on every 64-bit target, and each
 * function below is then one or two instructions. Other compilers (MSVC,
 * 32-bit targets) get the same functions written with 32-bit halves:
 * correct and branch-free, several times slower. Defining
 * MLKEM_X25519_U128_EMULATED selects that form anywhere, so that the tests
 * run it (tests/CMakeLists.txt, test_x25519_u128).
 */
#ifndef MLKEM_X25519_U128_H
#define MLKEM_X25519_U128_H

#include <stdint.h>

#if defined(__SIZEOF_INT128__) && !defined(MLKEM_X25519_U128_EMULATED)

__extension__ typedef unsigned __int128 mlkem_u128;

static inline mlkem_u128 mlkem_mul64(uint64_t a, uint64_t b) {
  return (mlkem_u128)a * b;
}

/* acc + a b; the caller keeps the sum below 2^128. */
static inline mlkem_u128 mlkem_mac64(mlkem_u128 acc, uint64_t a, uint64_t b) {
  return acc + (mlkem_u128)a * b;
}

/* a + b; the caller keeps the sum below 2^128. */
static inline mlkem_u128 mlkem_add64(mlkem_u128 a, uint64_t b) {
  return a + b;
}

static inline uint64_t mlkem_lo64(mlkem_u128 a) {
  return (uint64_t)a;
}

/* a >> s for 0 < s < 64; the caller keeps the result below 2^64. */
static inline uint64_t mlkem_shr128(mlkem_u128 a, unsigned s) {
  return (uint64_t)(a >> s);
}

/* a as a 128-bit value, and the top 64 bits of a. */
static inline mlkem_u128 mlkem_u128_of(uint64_t a) {
  return a;
}

static inline uint64_t mlkem_hi64(mlkem_u128 a) {
  return (uint64_t)(a >> 64);
}

#else

typedef struct {
  uint64_t lo, hi;
} mlkem_u128;

/* The carry out of lo + b = sum, from the top bits alone (no comparison,
 * which a compiler may turn into a branch). */
static inline uint64_t mlkem_carry64(uint64_t a, uint64_t b, uint64_t sum) {
  return ((a & b) | ((a | b) & ~sum)) >> 63;
}

static inline mlkem_u128 mlkem_mul64(uint64_t a, uint64_t b) {
  uint64_t a0 = a & 0xFFFFFFFFu, a1 = a >> 32;
  uint64_t b0 = b & 0xFFFFFFFFu, b1 = b >> 32;
  uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
  /* Below 3 * 2^32: no overflow. */
  uint64_t mid = (p00 >> 32) + (p01 & 0xFFFFFFFFu) + (p10 & 0xFFFFFFFFu);
  mlkem_u128 r;
  r.lo = (mid << 32) | (p00 & 0xFFFFFFFFu);
  r.hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
  return r;
}

static inline mlkem_u128 mlkem_mac64(mlkem_u128 acc, uint64_t a, uint64_t b) {
  mlkem_u128 t = mlkem_mul64(a, b), r;
  r.lo = acc.lo + t.lo;
  r.hi = acc.hi + t.hi + mlkem_carry64(acc.lo, t.lo, r.lo);
  return r;
}

static inline mlkem_u128 mlkem_add64(mlkem_u128 a, uint64_t b) {
  mlkem_u128 r;
  r.lo = a.lo + b;
  r.hi = a.hi + mlkem_carry64(a.lo, b, r.lo);
  return r;
}

static inline uint64_t mlkem_lo64(mlkem_u128 a) {
  return a.lo;
}

static inline uint64_t mlkem_shr128(mlkem_u128 a, unsigned s) {
  return (a.lo >> s) | (a.hi << (64 - s));
}

static inline mlkem_u128 mlkem_u128_of(uint64_t a) {
  mlkem_u128 r;
  r.lo = a;
  r.hi = 0;
  return r;
}

static inline uint64_t mlkem_hi64(mlkem_u128 a) {
  return a.hi;
}

#endif

#endif
