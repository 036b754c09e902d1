/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * arith.h - Z_q arithmetic on eight int16 lanes of a 128-bit NEON vector:
 * the vector forms of backend/portable/arith.h, computing the same
 * representatives lane by lane.
 *
 * NEON has no plain "high half of the product" for 16-bit lanes; SQDMULH
 * gives the doubled high half, floor(2 a b / 2^16). The Montgomery product
 * uses it on both terms and halves the difference (SHSUB):
 * with a b = 2^16 H1 + L and t q = 2^16 H2 + L (the same low half L, by the
 * choice of t), SQDMULH gives 2 H1 + c and 2 H2 + c, where c is the top bit
 * of L, so their halved difference is exactly H1 - H2, the value
 * mlkem_fqmul computes. SQDMULH saturates only for (-2^15) * (-2^15),
 * which the bounds below exclude.
 */
#ifndef MLKEM_NEON_ARITH_H
#define MLKEM_NEON_ARITH_H

#include <arm_neon.h>

#include "fips203/params.h"

#define MLKEM_NEON_QINV (-3327) /* q^-1 mod 2^16 */

/* Montgomery product a b 2^-16 per lane, as mlkem_fqmul.
 * In: |a b| < 2^15 q, not both -2^15. Out: |x| < q. */
static inline int16x8_t mlkem_neon_fqmul(int16x8_t a, int16x8_t b) {
  const int16x8_t q = vdupq_n_s16(MLKEM_Q);
  int16x8_t hi = vqdmulhq_s16(a, b);
  int16x8_t t = vmulq_s16(vmulq_s16(a, b), vdupq_n_s16(MLKEM_NEON_QINV));
  return vhsubq_s16(hi, vqdmulhq_s16(t, q));
}

/* The same with b's low product by q^-1 precomputed (bqinv = b q^-1 mod
 * 2^16, so low(a bqinv) = low(low(a b) q^-1)): one multiplication fewer. */
static inline int16x8_t mlkem_neon_fqmul_pre(int16x8_t a, int16x8_t b,
                                             int16x8_t bqinv) {
  const int16x8_t q = vdupq_n_s16(MLKEM_Q);
  int16x8_t hi = vqdmulhq_s16(a, b);
  int16x8_t t = vmulq_s16(a, bqinv);
  return vhsubq_s16(hi, vqdmulhq_s16(t, q));
}

/* Barrett reduction per lane, as mlkem_barrett_reduce: there t =
 * (floor(a v / 2^16) + 2^9) >> 10 with v = 20159, which equals
 * floor((a v + 2^25) / 2^26); here the same integer is the doubled high
 * product floor(a v / 2^15) shifted right by 11 with rounding (SRSHR adds
 * 2^10 first). Then a - t q. Out: [-(q-1)/2, (q-1)/2]. */
static inline int16x8_t mlkem_neon_barrett(int16x8_t a) {
  int16x8_t t = vqdmulhq_s16(a, vdupq_n_s16(20159));
  t = vrshrq_n_s16(t, 11);
  return vmlsq_s16(a, t, vdupq_n_s16(MLKEM_Q));
}

/* a + q where a < 0, as mlkem_cond_add_q. In: [-q, q). Out: [0, q). */
static inline int16x8_t mlkem_neon_cond_add_q(int16x8_t a) {
  int16x8_t neg = vshrq_n_s16(a, 15);
  return vaddq_s16(a, vandq_s16(neg, vdupq_n_s16(MLKEM_Q)));
}

/* The canonical representative in [0, q) of any int16, as mlkem_freeze. */
static inline int16x8_t mlkem_neon_freeze(int16x8_t a) {
  return mlkem_neon_cond_add_q(mlkem_neon_barrett(a));
}

#endif
