/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * aead/poly1305_scalar.h - Poly1305's arithmetic modulo p = 2^130 - 5 in
 * radix 2^64 (@spec{RFC8439, sec. 2.5}), for the scalar block loop
 * (poly1305_portable.c) and the work the SIMD implementations leave to
 * scalar code (powers of r, the tag).
 *
 * A value is h = h0 + h1 2^64 + h2 2^128 with h2 small. The products are
 * 64 x 64 -> 128 bits (x25519/u128.h: one instruction with gcc and clang
 * on 64-bit targets, four 32-bit products elsewhere; test_poly1305_u128
 * runs the second form). No branch, no index and no comparison on the
 * values.
 */
#ifndef MLKEM_AEAD_POLY1305_SCALAR_H
#define MLKEM_AEAD_POLY1305_SCALAR_H

#include <stdint.h>

#include "platform/ct.h"
#include "x25519/u128.h"

/* h <- h r mod p, partly reduced: on entry h2 <= 6 (any h0, h1), on exit
 * h2 <= 4. r = r0 + r1 2^64 is clamped (r0, r1 < 2^60 and 4 | r1), and s1
 * = r1 + r1 / 4.
 *
 * Since 2^130 = 5 (mod p) and r1 is a multiple of 4, h1 r1 2^128 = h1
 * (r1 / 4) 2^130 = 5 h1 r1 / 4 = h1 s1, and h2 r1 2^192 = h2 s1 2^64:
 *   d0 = h0 r0 + h1 s1                     < 2^125.2
 *   d1 = h0 r1 + h1 r0 + h2 s1 + d0 / 2^64 < 2^125.1
 *   d2 = h2 r0 + d1 / 2^64                 < 2^63.2
 * and h r = d0 mod 2^64 + (d1 mod 2^64) 2^64 + d2 2^128. The bits of d2
 * from 2^130 up, c = d2 / 4, come back as 5 c = (d2 - d2 mod 4) + d2 / 4
 * (< 2^63.6) added to the low word. */
static inline void poly1305_mul(uint64_t h[3], uint64_t r0, uint64_t r1,
                                uint64_t s1) {
  mlkem_u128 d0, d1, t;
  uint64_t d2, c;
  d0 = mlkem_mac64(mlkem_mul64(h[0], r0), h[1], s1);
  d1 = mlkem_mac64(mlkem_mac64(mlkem_mul64(h[0], r1), h[1], r0), h[2], s1);
  d1 = mlkem_add64(d1, mlkem_hi64(d0));
  d2 = h[2] * r0 + mlkem_hi64(d1);
  c = (d2 & ~(uint64_t)3) + (d2 >> 2);
  t = mlkem_add64(mlkem_u128_of(mlkem_lo64(d0)), c);
  h[0] = mlkem_lo64(t);
  t = mlkem_add64(mlkem_u128_of(mlkem_lo64(d1)), mlkem_hi64(t));
  h[1] = mlkem_lo64(t);
  h[2] = (d2 & 3) + mlkem_hi64(t);
}

/* h <- h + m0 + m1 2^64 + hibit 2^128 (a block c_i; hibit is 1 for a full
 * block, 0 for a padded partial one). h2 grows by at most hibit + 1. */
static inline void poly1305_add(uint64_t h[3], uint64_t m0, uint64_t m1,
                                uint64_t hibit) {
  mlkem_u128 t = mlkem_add64(mlkem_u128_of(h[0]), m0);
  h[0] = mlkem_lo64(t);
  t = mlkem_add64(mlkem_add64(mlkem_u128_of(h[1]), m1), mlkem_hi64(t));
  h[1] = mlkem_lo64(t);
  h[2] += hibit + mlkem_hi64(t);
}

/* h <- h mod p, for h < 2p (h2 <= 6 gives h < 7 2^128 < 2p): h - p =
 * h + 5 - 2^130 is kept exactly when h + 5 reaches 2^130, chosen with a
 * mask. */
static inline void poly1305_reduce_full(uint64_t h[3]) {
  mlkem_u128 t = mlkem_add64(mlkem_u128_of(h[0]), 5);
  uint64_t g0 = mlkem_lo64(t), g1, g2, keep_g;
  t = mlkem_add64(mlkem_u128_of(h[1]), mlkem_hi64(t));
  g1 = mlkem_lo64(t);
  g2 = h[2] + mlkem_hi64(t);
  /* g2 / 4 is 1 exactly when h + 5 >= 2^130 (g2 <= 7). */
  keep_g = mlkem_value_barrier_u64(0 - (g2 >> 2));
  h[0] = (g0 & keep_g) | (h[0] & ~keep_g);
  h[1] = (g1 & keep_g) | (h[1] & ~keep_g);
  h[2] = ((g2 & 3) & keep_g) | (h[2] & ~keep_g);
}

#endif
