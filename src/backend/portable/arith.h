/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * arith.h - arithmetic in Z_q, q = 3329, on signed 16-bit representatives:
 * Montgomery and Barrett reduction, and the conditional subtraction that
 * gives the canonical representative. Constant time: no branch, index or
 * division depends on the values.
 *
 * Montgomery form uses R = 2^16.
 */
#ifndef MLKEM_PORTABLE_ARITH_H
#define MLKEM_PORTABLE_ARITH_H

#include <stdint.h>

#include "fips203/params.h"
#include "platform/cbmc.h"

#define MLKEM_QINV (-3327) /* q^-1 mod 2^16, as a signed 16-bit value */
#define MLKEM_MONT_R 2285  /* 2^16 mod q */
#define MLKEM_MONT_R2 1353 /* 2^32 mod q */
/* (q - 1) / 2: the largest centered representative, and the largest
 * constant (zeta, gamma, a scale) any Montgomery multiplication takes. */
#define MLKEM_HALF_Q 1664

/* Returns a value congruent to a * 2^-16 mod q.
 * In: -2^15 q <= a < 2^15 q (about 1.09e8). Out: |x| < q; more precisely
 * |x| <= q/2 + |a| / 2^16. (At a = 2^15 q exactly the result would be q.) */
static inline int16_t mlkem_montgomery_reduce(int32_t a) {
  int16_t t = (int16_t)((uint32_t)a * (uint32_t)(int32_t)MLKEM_QINV);
  return (int16_t)((a - (int32_t)t * MLKEM_Q) >> 16);
}

/* The same reduction for any 32-bit sum c taken mod 2^32 (basemul_acc's
 * sums of products): (high half of c) - high(t q), t = low(low(c) q^-1),
 * the difference mod 2^16, so that every input has a defined result (the
 * SIMD backends compute the same bits lane by lane). Within
 * mlkem_montgomery_reduce's input range it is mlkem_montgomery_reduce(c). */
static inline int16_t mlkem_montgomery_reduce_wrapped(uint32_t c) {
  int16_t t = (int16_t)((uint32_t)(uint16_t)c * (uint32_t)(int32_t)MLKEM_QINV);
  int16_t hi_tq = (int16_t)(((int32_t)t * MLKEM_Q) >> 16);
  return (int16_t)((uint16_t)(c >> 16) - (uint16_t)hi_tq);
}

/* Returns a * b * 2^-16 mod q. In: |a| * |b| < 2^15 q. Out: |x| < q.
 * Same value as mlkem_montgomery_reduce(a * b), written with 16-bit low
 * and high products only: the low 16 bits of a b and of t q are equal, so
 * (a b - t q) >> 16 is exactly high(a b) - high(t q). Compilers vectorize
 * this form (pmullw/pmulhw on x86-64, and their equivalents elsewhere). */
static inline int16_t mlkem_fqmul(int16_t a, int16_t b) __contract__(
      /* One factor a constant: then |a b| < 2^15 q for every int16 of the
       * other, and |x| <= q/2 + 2^15 (q-1)/2 / 2^16 < q. */
      requires((-MLKEM_HALF_Q <= a && a <= MLKEM_HALF_Q) ||
               (-MLKEM_HALF_Q <= b && b <= MLKEM_HALF_Q))
      ensures(-MLKEM_Q < return_value && return_value < MLKEM_Q)
    ) {
  int16_t lo = (int16_t)((int32_t)a * b);
  int16_t t = (int16_t)((int32_t)lo * MLKEM_QINV);
  int16_t hi_ab = (int16_t)(((int32_t)a * b) >> 16);
  int16_t hi_tq = (int16_t)(((int32_t)t * MLKEM_Q) >> 16);
  return (int16_t)(hi_ab - hi_tq);
}

/* Barrett reduction to a centered representative: for every int16 a, the
 * output x is congruent to a mod q and -(q-1)/2 <= x <= (q-1)/2
 * (test_arith checks all 2^16 inputs). */
static inline int16_t mlkem_barrett_reduce(int16_t a)
    __contract__(
      ensures(-MLKEM_HALF_Q <= return_value && return_value <= MLKEM_HALF_Q)
      ensures((return_value - a) % MLKEM_Q == 0)
    ) {
  /* v = round(2^26 / q). t = round(a v / 2^26) computed as
   * (high16(a v) + 2^9) >> 10, which is the same integer (floor commutes
   * with adding an integer and with dividing by one) and uses only a 16-bit
   * high product, so compilers vectorize it. */
  const int16_t v = (int16_t)(((1 << 26) + MLKEM_Q / 2) / MLKEM_Q);
  int16_t t = (int16_t)(((((int32_t)a * v) >> 16) + (1 << 9)) >> 10);
  return (int16_t)(a - t * MLKEM_Q);
}

/* Returns a + q if a < 0, else a. In: -q <= a < q. Out: [0, q). */
static inline int16_t mlkem_cond_add_q(int16_t a)
    __contract__(
      requires(-MLKEM_Q <= a && a < MLKEM_Q)
      ensures(0 <= return_value && return_value < MLKEM_Q)
      ensures(return_value == a || return_value == a + MLKEM_Q)
    ) {
  return (int16_t)(a + ((a >> 15) & MLKEM_Q));
}

/* The canonical representative in [0, q) of any int16. */
static inline int16_t mlkem_freeze(int16_t a)
    __contract__(
      ensures(0 <= return_value && return_value < MLKEM_Q)
      ensures((return_value - a) % MLKEM_Q == 0)
    ) {
  return mlkem_cond_add_q(mlkem_barrett_reduce(a));
}

#endif
