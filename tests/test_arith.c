/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_arith.c - the Z_q arithmetic of the portable backend
 * (backend/portable/arith.h) and its constant tables, against values the
 * test computes itself with plain integer arithmetic (ref_fips203.c).
 *
 *  - Barrett reduction on all 65536 int16 inputs: congruence and the
 *    documented centered range [-(q-1)/2, (q-1)/2].
 *  - Montgomery reduction on its whole documented input range
 *    -2^15 q <= a <= 2^15 q (about 2.2e8 values, exhaustively): a * 2^-16
 *    congruence, |x| < q (for a < 2^15 q: a = 2^15 q gives exactly q), and
 *    the finer bound |x| <= q/2 + |a| / 2^16.
 *  - fqmul: every table constant times every int16, and random pairs; the
 *    same value as montgomery_reduce(a b) for all a and a dense set of b.
 *  - cond_add_q on all of [-q, q) and freeze on all int16.
 *  - mlkem_zetas / mlkem_gammas recomputed from 17 (FIPS 203 Appendix A)
 *    with BitRev7 and the Montgomery factor 2^16.
 *  - QINV, MONT_R, MONT_R2.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "backend/portable/arith.h"
#include "backend/portable/portable.h"
#include "ref_fips203.h"
#include "test_util.h"

#define Q MLKEM_Q

/* The representative of a mod q in [-(q-1)/2, (q-1)/2]. */
static int64_t centered(int64_t a) {
  int64_t r = ref_mod_q(a);
  return r > (Q - 1) / 2 ? r - Q : r;
}

static void test_barrett(void) {
  unsigned long bad_cong = 0, bad_range = 0;
  int32_t a, first_cong = 0, first_range = 0;
  int16_t lo = 0, hi = 0;
  for (a = INT16_MIN; a <= INT16_MAX; a++) {
    int16_t x = mlkem_barrett_reduce((int16_t)a);
    if (ref_mod_q((int64_t)a - x) != 0 && bad_cong++ == 0) first_cong = a;
    if ((x < -(Q - 1) / 2 || x > (Q - 1) / 2) && bad_range++ == 0)
      first_range = a;
    if (x < lo) lo = x;
    if (x > hi) hi = x;
  }
  CHECKF(bad_cong == 0,
         "barrett_reduce: %lu of 65536 inputs not congruent mod q, first "
         "a=%d -> %d",
         bad_cong, (int)first_cong,
         (int)mlkem_barrett_reduce((int16_t)first_cong));
  CHECKF(bad_range == 0,
         "barrett_reduce: %lu of 65536 outputs outside [-1664, 1664], first "
         "a=%d -> %d",
         bad_range, (int)first_range,
         (int)mlkem_barrett_reduce((int16_t)first_range));
  /* The range is attained at both ends (so the check above is tight). */
  CHECKF(lo == -(Q - 1) / 2 && hi == (Q - 1) / 2,
         "barrett_reduce: output range [%d, %d], want [-1664, 1664]", lo, hi);
  printf("  barrett_reduce: all 65536 int16 inputs, outputs in [%d, %d]\n", lo,
         hi);
}

/* Every a with -2^15 q <= a <= 2^15 q: |x| < q for a < 2^15 q (the
 * strict bound fails only at a = 2^15 q, which gives q). */
static void test_montgomery(void) {
  const int32_t lim = (int32_t)32768 * Q;
  unsigned long bad_cong = 0, bad_range = 0, bad_fine = 0, n = 0;
  int32_t a, first_cong = 0, first_range = 0, first_fine = 0;
  int16_t lo = 0, hi = 0;
  for (a = -lim;; a++) {
    int16_t x = mlkem_montgomery_reduce(a);
    int32_t absa = a < 0 ? -a : a;
    int32_t absx = x < 0 ? -x : x;
    n++;
    /* x * 2^16 == a (mod q) */
    if (((int64_t)x * 65536 - a) % Q != 0 && bad_cong++ == 0) first_cong = a;
    /* Strictly below q for a < 2^15 q; a = 2^15 q itself gives exactly q
     * (t = -2^15), which the finer bound below still allows. */
    if (absx >= (a < lim ? Q : Q + 1) && bad_range++ == 0) first_range = a;
    /* |x| <= q/2 + |a|/2^16, i.e. 2^17 |x| <= 2^16 q + 2 |a| */
    if ((int64_t)absx * 131072 > (int64_t)65536 * Q + 2 * (int64_t)absa &&
        bad_fine++ == 0)
      first_fine = a;
    if (x < lo) lo = x;
    if (x > hi) hi = x;
    if (a == lim) break;
  }
  CHECKF(bad_cong == 0,
         "montgomery_reduce: %lu inputs with x*2^16 != a mod q, first a=%ld "
         "-> %d",
         bad_cong, (long)first_cong, (int)mlkem_montgomery_reduce(first_cong));
  CHECKF(bad_range == 0,
         "montgomery_reduce: %lu inputs in [-2^15 q, 2^15 q) give |x| >= q, "
         "first a=%ld -> %d",
         bad_range, (long)first_range,
         (int)mlkem_montgomery_reduce(first_range));
  CHECKF(bad_fine == 0,
         "montgomery_reduce: %lu inputs break |x| <= q/2 + |a|/2^16, first "
         "a=%ld -> %d",
         bad_fine, (long)first_fine, (int)mlkem_montgomery_reduce(first_fine));
  printf(
      "  montgomery_reduce: all %lu inputs in [-2^15 q, 2^15 q], outputs "
      "in [%d, %d]\n",
      n, lo, hi);
}

static void check_fqmul(int16_t a, int16_t b, unsigned long *bad, int16_t *fa,
                        int16_t *fb) {
  int16_t x = mlkem_fqmul(a, b);
  int ok = ((int64_t)x * 65536 - (int64_t)a * b) % Q == 0 && x > -Q && x < Q;
  if (!ok && (*bad)++ == 0) {
    *fa = a;
    *fb = b;
  }
}

/* fqmul(a, b) = montgomery_reduce(a b) for every int16 a and b in a dense
 * set including the extremes (the two are written differently). */
static void test_fqmul_equals_reduce(void) {
  static const int32_t special[] = {
      INT16_MIN, INT16_MIN + 1, -Q - 1, -Q,    -Q + 1,        -1,       0,
      1,         Q - 1,         Q,      Q + 1, INT16_MAX - 1, INT16_MAX};
  static int32_t bs[65536 / 61 + 2 + sizeof special / sizeof special[0]];
  unsigned long bad = 0, n = 0;
  int32_t a, b, fa = 0, fb = 0;
  unsigned nb = 0, i;
  for (b = INT16_MIN; b <= INT16_MAX; b += 61) bs[nb++] = b;
  for (i = 0; i < sizeof special / sizeof special[0]; i++)
    bs[nb++] = special[i];
  for (i = 0; i < nb; i++) {
    for (a = INT16_MIN; a <= INT16_MAX; a++) {
      if (mlkem_fqmul((int16_t)a, (int16_t)bs[i]) !=
              mlkem_montgomery_reduce(a * bs[i]) &&
          bad++ == 0) {
        fa = a;
        fb = bs[i];
      }
      n++;
    }
  }
  CHECKF(bad == 0,
         "fqmul(a, b) != montgomery_reduce(a b) for %lu of %lu "
         "pairs, first a=%d b=%d: %d vs %d",
         bad, n, (int)fa, (int)fb, (int)mlkem_fqmul((int16_t)fa, (int16_t)fb),
         (int)mlkem_montgomery_reduce(fa * fb));
  printf(
      "  fqmul = montgomery_reduce(a b): %lu pairs (all a, %u values of "
      "b)\n",
      n, nb);
}

static void test_fqmul(void) {
  unsigned long bad = 0, n = 0;
  int16_t fa = 0, fb = 0;
  int32_t b;
  unsigned i;
  test_rng rng;
  /* Each table constant (|c| <= 1664) times every int16: |c b| < 2^15 q. */
  for (i = 0; i < 128; i++) {
    for (b = INT16_MIN; b <= INT16_MAX; b++) {
      check_fqmul(mlkem_zetas[i], (int16_t)b, &bad, &fa, &fb);
      check_fqmul(mlkem_gammas[i], (int16_t)b, &bad, &fa, &fb);
      n += 2;
    }
  }
  /* The constants used with fqmul in the transforms and basemul. */
  for (b = INT16_MIN; b <= INT16_MAX; b++) {
    check_fqmul((int16_t)b, MLKEM_MONT_R2, &bad, &fa, &fb);
    check_fqmul((int16_t)b, 512, &bad, &fa, &fb); /* 2^16 / 128 */
    check_fqmul((int16_t)b, MLKEM_MONT_R, &bad, &fa, &fb);
    n += 3;
  }
  /* Random pairs with |a| |b| < 2^15 q. */
  test_rng_init(&rng, "test_arith fqmul");
  for (i = 0; i < 2000000; i++) {
    uint32_t r = test_rng_u32(&rng);
    int16_t a = (int16_t)(r & 0xFFFF), bb = (int16_t)(r >> 16);
    if ((int64_t)a * a * bb * bb >= (int64_t)32768 * Q * 32768 * Q) continue;
    check_fqmul(a, bb, &bad, &fa, &fb);
    n++;
  }
  CHECKF(bad == 0,
         "fqmul: %lu of %lu products wrong (x*2^16 != a*b mod q or "
         "|x| >= q), first a=%d b=%d -> %d",
         bad, n, fa, fb, (int)mlkem_fqmul(fa, fb));
  printf("  fqmul: %lu products (table constants x all int16, random)\n", n);
}

static void test_cond_add_freeze(void) {
  unsigned long bad_c = 0, bad_f = 0;
  int32_t a, first_c = 0, first_f = 0;
  for (a = -Q; a < Q; a++) {
    int16_t x = mlkem_cond_add_q((int16_t)a);
    if ((x < 0 || x >= Q || ref_mod_q(a) != x) && bad_c++ == 0) first_c = a;
  }
  for (a = INT16_MIN; a <= INT16_MAX; a++) {
    int16_t x = mlkem_freeze((int16_t)a);
    if (ref_mod_q(a) != x && bad_f++ == 0) first_f = a;
  }
  CHECKF(bad_c == 0,
         "cond_add_q: %lu of %d inputs in [-q, q) wrong, first "
         "a=%d -> %d",
         bad_c, 2 * Q, (int)first_c, (int)mlkem_cond_add_q((int16_t)first_c));
  CHECKF(bad_f == 0,
         "freeze: %lu of 65536 int16 inputs not reduced to "
         "a mod q in [0, q), first a=%d -> %d",
         bad_f, (int)first_f, (int)mlkem_freeze((int16_t)first_f));
  printf("  cond_add_q: all %d inputs in [-q, q); freeze: all 65536 int16\n",
         2 * Q);
}

static void test_tables(void) {
  unsigned i, bad_z = 0, bad_g = 0;
  /* 17 is a primitive 256-th root of unity mod q (FIPS 203 section 4.3). */
  CHECK(ref_pow_mod_q(17, 128) == Q - 1);
  CHECK(ref_pow_mod_q(17, 256) == 1);
  for (i = 0; i < 128; i++) {
    int64_t z = centered(ref_pow_mod_q(17, ref_bitrev7(i)) * 65536);
    int64_t g = centered(ref_pow_mod_q(17, 2 * ref_bitrev7(i) + 1) * 65536);
    if (mlkem_zetas[i] != z) {
      bad_z++;
      CHECKF(0,
             "mlkem_zetas[%u] = %d, want 17^BitRev7(%u) * 2^16 mod q "
             "centered = %lld",
             i, mlkem_zetas[i], i, (long long)z);
    }
    if (mlkem_gammas[i] != g) {
      bad_g++;
      CHECKF(0,
             "mlkem_gammas[%u] = %d, want 17^(2 BitRev7(%u) + 1) * 2^16 "
             "mod q centered = %lld",
             i, mlkem_gammas[i], i, (long long)g);
    }
  }
  CHECK(bad_z == 0);
  CHECK(bad_g == 0);
  /* Spot values of FIPS 203 Appendix A (plain form, without 2^16):
   * zeta^BitRev7(1) = 1729, zeta^BitRev7(2) = 2580, gamma_0 = 17,
   * gamma_2 = 2761. */
  CHECK(ref_mod_q((int64_t)mlkem_zetas[1] * ref_pow_mod_q(65536, Q - 2)) ==
        1729);
  CHECK(ref_mod_q((int64_t)mlkem_gammas[0] * ref_pow_mod_q(65536, Q - 2)) ==
        17);
  CHECK(ref_mod_q((int64_t)mlkem_zetas[2] * ref_pow_mod_q(65536, Q - 2)) ==
        2580);
  CHECK(ref_mod_q((int64_t)mlkem_gammas[2] * ref_pow_mod_q(65536, Q - 2)) ==
        2761);
  printf("  tables: 128 zetas and 128 gammas recomputed from 17\n");
}

static void test_constants(void) {
  /* QINV = q^-1 mod 2^16 as a signed 16-bit value. */
  CHECK(MLKEM_QINV >= INT16_MIN && MLKEM_QINV <= INT16_MAX);
  CHECKF(((uint32_t)(Q * MLKEM_QINV) & 0xFFFF) == 1,
         "q * QINV mod 2^16 = %u, want 1",
         (unsigned)((uint32_t)(Q * MLKEM_QINV) & 0xFFFF));
  CHECKF(MLKEM_MONT_R == 65536 % Q, "MONT_R = %d, want 2^16 mod q = %d",
         MLKEM_MONT_R, 65536 % Q);
  CHECKF(MLKEM_MONT_R2 == (int)(((uint64_t)1 << 32) % Q),
         "MONT_R2 = %d, want 2^32 mod q = %d", MLKEM_MONT_R2,
         (int)(((uint64_t)1 << 32) % Q));
  CHECK(MLKEM_Q == 3329);
  CHECK(MLKEM_N == 256);
  printf("  constants: QINV, MONT_R, MONT_R2\n");
}

int main(void) {
  printf("test_arith: Z_q arithmetic of the portable backend\n");
  test_constants();
  test_tables();
  test_barrett();
  test_cond_add_freeze();
  test_fqmul();
  test_fqmul_equals_reduce();
  test_montgomery();
  return test_summary("test_arith");
}
