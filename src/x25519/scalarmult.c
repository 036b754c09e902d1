/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * x25519/scalarmult.c - X25519 (@spec{RFC7748, sec. 5}) by the Montgomery
 * ladder, written once over a field API and compiled once per
 * implementation: impl_portable.c, impl_mulx.c and impl_ifma.c include
 * their field header and then this file (and base.c), as level*.c do with
 * kpke.c. A field with another representation provides the same API
 * (fe64.h: radix 2^64, every value below 2^256).
 *
 * The field API (fe51.h):
 *   fe                        an element, held as any representative
 *   fe_from_words(r, w)       the 256-bit little-endian integer w, bit 255
 *                             ignored
 *   fe_to_words(w, a)         the canonical representative (below p)
 *   fe_set_small(r, c)        the integer c < 2^32
 *   fe_add, fe_sub, fe_mul, fe_sq        r = a + b, a - b, a b, a^2
 *   fe_mul_small_add(r, a, c, b)  r = a c + b for a constant c < 2^17
 *   fe_carry(r)               a loose element made tight (see below)
 *   fe_cswap(a, b, mask)      swap if mask is all ones (64-bit mask)
 *   fe_cmov(r, b, mask)       r = b if mask is all ones
 * Each field states its bounds. The tightest is fe51 (fe51.h): add and
 * sub do not carry, so an element is "T" (tight: an output of mul, sq,
 * mul_small, carry or from_words) or "L" (loose: a sum or difference of
 * T elements, or a sum of an L and a T one below 2^54), mul and sq take L,
 * and the subtrahend of sub must be T. The comments below mark each value
 * T or L.
 *
 * Constant time: the ladder's swap is a masked selection of the
 * doubling's inputs in each step (fe_cmov) and a masked exchange at the
 * end (fe_cswap), with masks made from the secret scalar bits through a
 * value barrier, and every iteration does the same work; no branch or
 * index depends on the scalar or on u. Everything that held the scalar or
 * the ladder state is wiped.
 */
#include <string.h>

#include "platform/bytes.h"
#include "platform/ct.h"
#include "x25519/invert.h"

static void fe_frombytes(fe *r, const uint8_t s[32]) {
  uint64_t w[4];
  unsigned i;
  for (i = 0; i < 4; i++) w[i] = mlkem_load64_le(s + 8 * i);
  /* @spec{RFC7748, sec. 5}: the top bit of u is masked (fe_from_words ignores
   * bit 255); a value from p to 2^255 - 1 is accepted and reduced by the
   * arithmetic. */
  fe_from_words(r, w);
}

static void fe_tobytes(uint8_t s[32], const fe *a) {
  uint64_t w[4];
  unsigned i;
  fe_to_words(w, a);
  for (i = 0; i < 4; i++) mlkem_store64_le(s + 8 * i, w[i]);
  mlkem_zeroize(w, sizeof w);
}

#if MLKEM_X25519_SAFEGCD
/* r = 1 / a (and 0 for 0), by safegcd on the canonical words
 * (x25519/invert.c). In: L. Out: T. */
static void fe_invert(fe *r, const fe *a) {
  uint64_t w[4];
  fe_to_words(w, a);
  mlkem_x25519_invert(w, w);
  fe_from_words(r, w);
  mlkem_zeroize(w, sizeof w);
}
#else
/* r = a^(2^n), n >= 1. In: L. Out: T. */
static void fe_sqn(fe *r, const fe *a, unsigned n) {
  fe_sq(r, a);
  while (--n > 0) fe_sq(r, r);
}

/* r = a^(p - 2) = 1 / a (and 0 for 0), by Fermat's little theorem, with
 * an addition chain for p - 2 = 2^255 - 21 of 254 squarings and 11
 * multiplications (a^(2^k - 1) for k = 5, 10, 20, 40, 50, 100, 200, 250,
 * then five squarings and a^11). In: L. Out: T. */
static void fe_invert(fe *r, const fe *a) {
  fe a2, a9, a11, t0, t1, t2;
  fe_sq(&a2, a);          /* a^2 */
  fe_sqn(&t0, &a2, 2);    /* a^8 */
  fe_mul(&a9, &t0, a);    /* a^9 */
  fe_mul(&a11, &a9, &a2); /* a^11 */
  fe_sq(&t0, &a11);       /* a^22 */
  fe_mul(&t0, &t0, &a9);  /* a^(2^5 - 1) = a^31 */
  fe_sqn(&t1, &t0, 5);
  fe_mul(&t0, &t1, &t0); /* a^(2^10 - 1) */
  fe_sqn(&t1, &t0, 10);
  fe_mul(&t1, &t1, &t0); /* a^(2^20 - 1) */
  fe_sqn(&t2, &t1, 20);
  fe_mul(&t1, &t2, &t1); /* a^(2^40 - 1) */
  fe_sqn(&t1, &t1, 10);
  fe_mul(&t0, &t1, &t0); /* a^(2^50 - 1) */
  fe_sqn(&t1, &t0, 50);
  fe_mul(&t1, &t1, &t0); /* a^(2^100 - 1) */
  fe_sqn(&t2, &t1, 100);
  fe_mul(&t1, &t2, &t1); /* a^(2^200 - 1) */
  fe_sqn(&t1, &t1, 50);
  fe_mul(&t0, &t1, &t0); /* a^(2^250 - 1) */
  fe_sqn(&t0, &t0, 5);   /* a^(2^255 - 32) */
  fe_mul(r, &t0, &a11);  /* a^(2^255 - 21) */
  mlkem_zeroize(&a2, sizeof a2);
  mlkem_zeroize(&a9, sizeof a9);
  mlkem_zeroize(&a11, sizeof a11);
  mlkem_zeroize(&t0, sizeof t0);
  mlkem_zeroize(&t1, sizeof t1);
  mlkem_zeroize(&t2, sizeof t2);
}
#endif

/* decodeScalar25519 (@spec{RFC7748, sec. 5}): clears bits 0, 1, 2 and 255 and
 * sets bit 254. */
static void x25519_clamp(uint8_t k[32], const uint8_t scalar[32]) {
  memcpy(k, scalar, 32);
  k[0] &= 248;
  k[31] &= 127;
  k[31] |= 64;
}

/* All ones if bit is 1, zero if it is 0, hidden from the optimiser. Made
 * by shifts, not as 0 - bit: the MemorySanitizer form of the constant-
 * time check (docs/SECURITY.md) follows shifts exactly but a subtraction
 * only bit by bit, so 0 - bit would leave bits 1 to 63 of the mask looking
 * public (valgrind follows both). Right-shifting a negative value is
 * arithmetic on every compiler the library supports. */
static uint64_t x25519_mask(uint64_t bit) {
  return mlkem_value_barrier_u64((uint64_t)((int64_t)(bit << 63) >> 63));
}

/* (A - 2) / 4 for curve25519's A = 486662 (@spec{RFC7748, sec. 5}). */
#define X25519_A24 121665

/* The ladder of @spec{RFC7748, sec. 5} over the clamped scalar k: returns
 * (x2 : z2), the u-coordinate of k u in projective form. In: x1 T. Out:
 * T. An implementation that runs the ladder its own way (impl_ifma.c)
 * defines X25519_OWN_LADDER and this function. */
#ifndef X25519_OWN_LADDER
static void x25519_ladder(fe *x2_out, fe *z2_out, const uint8_t k[32],
                          const fe *x1)
    __contract__(
        requires(FE51_OUT(x2_out) && FE51_OUT(z2_out) && FE51_IN(x1))
        requires(readable(k, 32) && FE51_BELOW(x1, FE51_TIGHT))
        assigns(*x2_out, *z2_out)
        ensures(FE51_BELOW(x2_out, FE51_TIGHT) && FE51_BELOW(z2_out, FE51_TIGHT))
    ) {
  fe x2, z2, x3, z3, a, b, c, d, aa, bb, e, da, cb;
  uint64_t swap = 0, bit, m;
  int t;
  fe_set_small(&x2, 1);
  fe_set_small(&z2, 0);
  x3 = *x1;
  fe_set_small(&z3, 1);
  /* Every step takes and leaves the four coordinates tight: each fe_sub's
   * subtrahend is T, each fe_mul's and fe_sq's factors L (proofs/x25519/
   * ladder.c checks the marks T and L below). */
  for (t = 254; t >= 0; t--)
    __loop__(
      assigns(t, bit, swap, m, x2, z2, x3, z3, a, b, c, d, aa, bb, e, da, cb)
      invariant(-1 <= t && t <= 254 && swap <= 1)
      invariant(FE51_BELOW(&x2, FE51_TIGHT) && FE51_BELOW(&z2, FE51_TIGHT) &&
                FE51_BELOW(&x3, FE51_TIGHT) && FE51_BELOW(&z3, FE51_TIGHT))
      decreases(t + 1)) {
      bit = (uint64_t)(k[t >> 3] >> (t & 7)) & 1;
      /* @spec{RFC7748, sec. 5} swaps (x2, z2) with (x3, z3) when swap ^ bit is
       * 1, which exchanges (A, B) with (C, D): DA and CB trade places, which
       * leaves x3 and z3 as they are, and the doubling takes C and D instead.
       * So the swap is a selection of the doubling's inputs, made after the
       * products that do not need it. */
      m = x25519_mask(swap ^ bit);
      swap = bit;
      fe_add(&a, &x2, &z2); /* A = x2 + z2 (L) */
      fe_sub(&b, &x2, &z2); /* B = x2 - z2 (L) */
      fe_add(&c, &x3, &z3); /* C = x3 + z3 (L) */
      fe_sub(&d, &x3, &z3); /* D = x3 - z3 (L) */
      fe_mul(&da, &d, &a);  /* DA (T) */
      fe_mul(&cb, &c, &b);  /* CB (T) */
      fe_cmov(&a, &c, m);   /* the point to double: A, B or C, D (L) */
      fe_cmov(&b, &d, m);
      fe_sq(&aa, &a); /* AA = A^2 (T) */
      fe_sq(&bb, &b); /* BB = B^2 (T) */
      fe_sub(&z3, &da, &cb);
      fe_add(&x3, &da, &cb);
      fe_sq(&z3, &z3);
      fe_sub(&e, &aa, &bb);                       /* E = AA - BB (L) */
      fe_mul(&x2, &aa, &bb);                      /* x2 = AA BB (T) */
      fe_mul(&z3, &z3, x1);                       /* z3 = x1 (DA - CB)^2 (T) */
      fe_mul_small_add(&z2, &e, X25519_A24, &aa); /* AA + a24 E (L) */
      fe_sq(&x3, &x3);                            /* x3 = (DA + CB)^2 (T) */
      fe_mul(&z2, &z2, &e);                       /* z2 = E (AA + a24 E) (T) */
    }
  fe_cswap(&x2, &x3, x25519_mask(swap));
  fe_cswap(&z2, &z3, x25519_mask(swap));
  *x2_out = x2;
  *z2_out = z2;
  mlkem_zeroize(&x2, sizeof x2);
  mlkem_zeroize(&z2, sizeof z2);
  mlkem_zeroize(&x3, sizeof x3);
  mlkem_zeroize(&z3, sizeof z3);
  mlkem_zeroize(&a, sizeof a);
  mlkem_zeroize(&b, sizeof b);
  mlkem_zeroize(&c, sizeof c);
  mlkem_zeroize(&d, sizeof d);
  mlkem_zeroize(&aa, sizeof aa);
  mlkem_zeroize(&bb, sizeof bb);
  mlkem_zeroize(&e, sizeof e);
  mlkem_zeroize(&da, sizeof da);
  mlkem_zeroize(&cb, sizeof cb);
  /* swap and bit end as bit 0 of k, which clamping cleared. */
}
#endif

/* out = x2 / z2, encoded (@spec{RFC7748, sec. 5}: x_2 * z_2^(p - 2)). */
static void x25519_affine(uint8_t out[32], fe *x2, fe *z2) {
  fe_invert(z2, z2);
  fe_mul(x2, x2, z2);
  fe_tobytes(out, x2);
}

static void x25519_scalarmult(uint8_t out[32], const uint8_t scalar[32],
                              const uint8_t u[32]) {
  uint8_t k[32];
  fe x1, x2, z2;
  x25519_clamp(k, scalar);
  fe_frombytes(&x1, u);
  x25519_ladder(&x2, &z2, k, &x1);
  x25519_affine(out, &x2, &z2);
  mlkem_zeroize(k, sizeof k);
  mlkem_zeroize(&x2, sizeof x2);
  mlkem_zeroize(&z2, sizeof z2);
}
