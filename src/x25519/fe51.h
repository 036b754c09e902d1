/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * x25519/fe51.h - arithmetic modulo p = 2^255 - 19 in radix 2^51: the
 * portable field of X25519 (plain C11 over the 128-bit products of
 * u128.h). It provides the field API that x25519/scalarmult.c and
 * x25519/base.c are written over (listed in x25519/scalarmult.c).
 *
 * An element is five 64-bit limbs v[0..4] holding sum v[i] 2^(51 i), any
 * integer congruent to the element; only fe_to_words reduces fully. The
 * bounds, per limb (every function states which it takes and gives):
 *   tight  below 2^51 + 2^18: what mul, sq, mul_small, carry, from_words
 *          and the constants give;
 *   loose  below 2^54: what mul, sq and mul_small accept.
 * add and sub do not carry: add(a, b) is limb by limb a + b, and sub(a, b)
 * is a + 2p - b, which needs a tight b. So the sum or difference of two
 * tight elements (below 2^52 + 2^19, resp. 2^53) is loose, and a loose
 * element goes through fe_carry before it is subtracted.
 */
#ifndef MLKEM_X25519_FE51_H
#define MLKEM_X25519_FE51_H

#include <stdint.h>

#include "platform/cbmc.h"
#include "x25519/u128.h"

#define FE51_MASK ((UINT64_C(1) << 51) - 1)

typedef struct {
  uint64_t v[5];
} fe;

/* The bounds above as the contracts state them (proofs/x25519/): tight is
 * every limb below FE51_TIGHT, loose below FE51_LOOSE. */
#define FE51_TIGHT ((UINT64_C(1) << 51) + (UINT64_C(1) << 18))
#define FE51_LOOSE (UINT64_C(1) << 54)
#define FE51_BELOW(f, b)                                                       \
  ((f)->v[0] < (b) && (f)->v[1] < (b) && (f)->v[2] < (b) && (f)->v[3] < (b) && \
   (f)->v[4] < (b))
/* A column of a product as fe51_reduce takes it: below 2^114.58 (fe_mul's
 * and fe_sq's are below 2^114.3), so that every carry fits 64 bits. */
#define FE51_COLUMN ((mlkem_u128)3 << 113)
/* An fe argument: valid memory (arguments may be the same element). */
#define FE51_IN(f) readable((f), sizeof(fe))
#define FE51_OUT(f) writable((f), sizeof(fe))

/* The 256-bit little-endian integer w[0] + w[1] 2^64 + ..., bit 255
 * ignored. Out: tight (limbs below 2^51), possibly not below p. */
static inline void fe_from_words(fe *r, const uint64_t w[4])
    __contract__(
        requires(FE51_OUT(r) && readable(w, 4 * sizeof(uint64_t)))
        assigns(*r)
        ensures(FE51_BELOW(r, UINT64_C(1) << 51))
    ) {
  r->v[0] = w[0] & FE51_MASK;
  r->v[1] = (w[0] >> 51 | w[1] << 13) & FE51_MASK;
  r->v[2] = (w[1] >> 38 | w[2] << 26) & FE51_MASK;
  r->v[3] = (w[2] >> 25 | w[3] << 39) & FE51_MASK;
  r->v[4] = (w[3] >> 12) & FE51_MASK;
}

/* Carries every limb into the next, the top one times 19 into limb 0
 * (2^255 = 19 mod p). In: limbs below 2^63. Out: tight (limb 0 below
 * 2^51 + 19 * 2^12, the others below 2^51). */
static inline void fe_carry(fe *r) __contract__(
      requires(FE51_OUT(r) && FE51_BELOW(r, UINT64_C(1) << 63))
      assigns(*r)
      ensures(FE51_BELOW(r, FE51_TIGHT))
    ) {
  uint64_t c;
  c = r->v[0] >> 51;
  r->v[0] &= FE51_MASK;
  r->v[1] += c;
  c = r->v[1] >> 51;
  r->v[1] &= FE51_MASK;
  r->v[2] += c;
  c = r->v[2] >> 51;
  r->v[2] &= FE51_MASK;
  r->v[3] += c;
  c = r->v[3] >> 51;
  r->v[3] &= FE51_MASK;
  r->v[4] += c;
  c = r->v[4] >> 51;
  r->v[4] &= FE51_MASK;
  r->v[0] += 19 * c;
}

/* The canonical representative (below p) as four little-endian words.
 * In: limbs below 2^63. */
static inline void fe_to_words(uint64_t w[4], const fe *f)
    __contract__(
        requires(FE51_IN(f) && FE51_BELOW(f, UINT64_C(1) << 63))
        requires(writable(w, 4 * sizeof(uint64_t)))
        assigns(bytes(w, 4 * sizeof(uint64_t)))
        /* Below p: bit 255 clear (and the value reduced, which the vectors
         * check). */
        ensures(w[3] < (UINT64_C(1) << 63))
    ) {
  fe t = *f;
  uint64_t q;
  /* After the carry the value is below 2^255 + 2^17, so q, the carry out
   * of bit 255 of value + 19, is 1 exactly when the value is p or more;
   * adding 19 q and dropping bit 255 then subtracts q p. */
  fe_carry(&t);
  q = (t.v[0] + 19) >> 51;
  q = (t.v[1] + q) >> 51;
  q = (t.v[2] + q) >> 51;
  q = (t.v[3] + q) >> 51;
  q = (t.v[4] + q) >> 51;
  t.v[0] += 19 * q;
  t.v[1] += t.v[0] >> 51;
  t.v[0] &= FE51_MASK;
  t.v[2] += t.v[1] >> 51;
  t.v[1] &= FE51_MASK;
  t.v[3] += t.v[2] >> 51;
  t.v[2] &= FE51_MASK;
  t.v[4] += t.v[3] >> 51;
  t.v[3] &= FE51_MASK;
  t.v[4] &= FE51_MASK;
  w[0] = t.v[0] | t.v[1] << 51;
  w[1] = t.v[1] >> 13 | t.v[2] << 38;
  w[2] = t.v[2] >> 26 | t.v[3] << 25;
  w[3] = t.v[3] >> 39 | t.v[4] << 12;
}

static inline void fe_set_small(fe *r, uint64_t c) __contract__(
      requires(FE51_OUT(r) && c < (UINT64_C(1) << 32))
      assigns(*r)
      ensures(r->v[0] == c && r->v[1] == 0 && r->v[2] == 0 && r->v[3] == 0 &&
              r->v[4] == 0)
    ) {
  r->v[0] = c;
  r->v[1] = r->v[2] = r->v[3] = r->v[4] = 0;
}

/* r = a + b, limb by limb. Out: the limb sums (loose for tight inputs). */
static inline void
fe_add(fe *r, const fe *a, const fe *b) __contract__(
      requires(FE51_OUT(r) && FE51_IN(a) && FE51_IN(b))
      requires(FE51_BELOW(a, UINT64_C(1) << 63) &&
               FE51_BELOW(b, UINT64_C(1) << 63))
      assigns(*r)
      ensures(r->v[0] == old(a->v[0]) + old(b->v[0]) &&
              r->v[1] == old(a->v[1]) + old(b->v[1]) &&
              r->v[2] == old(a->v[2]) + old(b->v[2]) &&
              r->v[3] == old(a->v[3]) + old(b->v[3]) &&
              r->v[4] == old(a->v[4]) + old(b->v[4]))
    ) {
  unsigned i;
  for (i = 0; i < 5; i++) r->v[i] = a->v[i] + b->v[i];
}

/* r = a + 2p - b. In: b tight (limbs at most 2^52 - 38), a below
 * 2^54 - 2^52. Out: below a + 2^52 (loose for tight a). */
static inline void
fe_sub(fe *r, const fe *a, const fe *b) __contract__(
      requires(FE51_OUT(r) && FE51_IN(a) && FE51_IN(b))
      requires(b->v[0] <= (UINT64_C(1) << 52) - 38 &&
               FE51_BELOW(b, (UINT64_C(1) << 52) - 1))
      requires(FE51_BELOW(a, (UINT64_C(1) << 54) - (UINT64_C(1) << 52)))
      assigns(*r)
      ensures(r->v[0] == old(a->v[0]) + ((UINT64_C(1) << 52) - 38) - old(b->v[0]) &&
              r->v[1] == old(a->v[1]) + ((UINT64_C(1) << 52) - 2) - old(b->v[1]) &&
              r->v[2] == old(a->v[2]) + ((UINT64_C(1) << 52) - 2) - old(b->v[2]) &&
              r->v[3] == old(a->v[3]) + ((UINT64_C(1) << 52) - 2) - old(b->v[3]) &&
              r->v[4] == old(a->v[4]) + ((UINT64_C(1) << 52) - 2) - old(b->v[4]))
    ) {
  r->v[0] = a->v[0] + ((UINT64_C(1) << 52) - 38) - b->v[0];
  r->v[1] = a->v[1] + ((UINT64_C(1) << 52) - 2) - b->v[1];
  r->v[2] = a->v[2] + ((UINT64_C(1) << 52) - 2) - b->v[2];
  r->v[3] = a->v[3] + ((UINT64_C(1) << 52) - 2) - b->v[3];
  r->v[4] = a->v[4] + ((UINT64_C(1) << 52) - 2) - b->v[4];
}

/* Carries the five 128-bit column sums of a product into r. In: columns
 * below 2^114.5. Out: tight (limb 1 below 2^51 + 2^18, the others below
 * 2^51). */
static inline void fe51_reduce(fe *r, mlkem_u128 c0, mlkem_u128 c1,
                               mlkem_u128 c2, mlkem_u128 c3, mlkem_u128 c4)
    __contract__(
        requires(FE51_OUT(r))
        requires(c0 < FE51_COLUMN && c1 < FE51_COLUMN && c2 < FE51_COLUMN &&
                 c3 < FE51_COLUMN && c4 < FE51_COLUMN)
        assigns(*r)
        ensures(FE51_BELOW(r, FE51_TIGHT))
    ) {
  uint64_t c;
  /* Each carry is below 2^63.6 (column / 2^51 plus the previous carry);
   * the last one times 19 is not below 2^64, so it is added as a 128-bit
   * product. */
  c = mlkem_shr128(c0, 51);
  r->v[0] = mlkem_lo64(c0) & FE51_MASK;
  c1 = mlkem_add64(c1, c);
  c = mlkem_shr128(c1, 51);
  r->v[1] = mlkem_lo64(c1) & FE51_MASK;
  c2 = mlkem_add64(c2, c);
  c = mlkem_shr128(c2, 51);
  r->v[2] = mlkem_lo64(c2) & FE51_MASK;
  c3 = mlkem_add64(c3, c);
  c = mlkem_shr128(c3, 51);
  r->v[3] = mlkem_lo64(c3) & FE51_MASK;
  c4 = mlkem_add64(c4, c);
  c = mlkem_shr128(c4, 51);
  r->v[4] = mlkem_lo64(c4) & FE51_MASK;
  c0 = mlkem_add64(mlkem_mul64(c, 19), r->v[0]); /* below 2^68 */
  r->v[0] = mlkem_lo64(c0) & FE51_MASK;
  r->v[1] += mlkem_shr128(c0, 51); /* below 2^18 */
}

/* r = a b. In: loose (limbs below 2^54): a limb times a 19-fold limb
 * (below 2^58.3) is below 2^112.3, a column of five below 2^114.3.
 * Out: tight. */
static inline void fe_mul(fe *r, const fe *a, const fe *b)
    __contract__(
        requires(FE51_OUT(r) && FE51_IN(a) && FE51_IN(b))
        requires(FE51_BELOW(a, FE51_LOOSE) && FE51_BELOW(b, FE51_LOOSE))
        assigns(*r)
        ensures(FE51_BELOW(r, FE51_TIGHT))
    ) {
  const uint64_t a0 = a->v[0], a1 = a->v[1], a2 = a->v[2], a3 = a->v[3],
                 a4 = a->v[4];
  const uint64_t b0 = b->v[0], b1 = b->v[1], b2 = b->v[2], b3 = b->v[3],
                 b4 = b->v[4];
  const uint64_t b1_19 = 19 * b1, b2_19 = 19 * b2, b3_19 = 19 * b3,
                 b4_19 = 19 * b4;
  mlkem_u128 c0, c1, c2, c3, c4;
  /* Column k collects a[i] b[j] with i + j = k, and 19 a[i] b[j] with
   * i + j = k + 5 (2^255 = 19 mod p). */
  c0 = mlkem_mul64(a0, b0);
  c0 = mlkem_mac64(c0, a1, b4_19);
  c0 = mlkem_mac64(c0, a2, b3_19);
  c0 = mlkem_mac64(c0, a3, b2_19);
  c0 = mlkem_mac64(c0, a4, b1_19);
  c1 = mlkem_mul64(a0, b1);
  c1 = mlkem_mac64(c1, a1, b0);
  c1 = mlkem_mac64(c1, a2, b4_19);
  c1 = mlkem_mac64(c1, a3, b3_19);
  c1 = mlkem_mac64(c1, a4, b2_19);
  c2 = mlkem_mul64(a0, b2);
  c2 = mlkem_mac64(c2, a1, b1);
  c2 = mlkem_mac64(c2, a2, b0);
  c2 = mlkem_mac64(c2, a3, b4_19);
  c2 = mlkem_mac64(c2, a4, b3_19);
  c3 = mlkem_mul64(a0, b3);
  c3 = mlkem_mac64(c3, a1, b2);
  c3 = mlkem_mac64(c3, a2, b1);
  c3 = mlkem_mac64(c3, a3, b0);
  c3 = mlkem_mac64(c3, a4, b4_19);
  c4 = mlkem_mul64(a0, b4);
  c4 = mlkem_mac64(c4, a1, b3);
  c4 = mlkem_mac64(c4, a2, b2);
  c4 = mlkem_mac64(c4, a3, b1);
  c4 = mlkem_mac64(c4, a4, b0);
  fe51_reduce(r, c0, c1, c2, c3, c4);
}

/* r = a^2. In: loose: a limb times a 38-fold limb (below 2^59.3) is
 * below 2^113.3, a column of three below 2^114.3. Out: tight. */
static inline void fe_sq(fe *r, const fe *a) __contract__(
      requires(FE51_OUT(r) && FE51_IN(a) && FE51_BELOW(a, FE51_LOOSE))
      assigns(*r)
      ensures(FE51_BELOW(r, FE51_TIGHT))
    ) {
  const uint64_t a0 = a->v[0], a1 = a->v[1], a2 = a->v[2], a3 = a->v[3],
                 a4 = a->v[4];
  const uint64_t a0_2 = 2 * a0, a1_2 = 2 * a1;
  const uint64_t a3_19 = 19 * a3, a3_38 = 38 * a3, a4_19 = 19 * a4,
                 a4_38 = 38 * a4;
  mlkem_u128 c0, c1, c2, c3, c4;
  /* The products a[i] a[j], i != j, appear twice: once doubled. */
  c0 = mlkem_mul64(a0, a0);
  c0 = mlkem_mac64(c0, a1, a4_38);
  c0 = mlkem_mac64(c0, a2, a3_38);
  c1 = mlkem_mul64(a0_2, a1);
  c1 = mlkem_mac64(c1, a2, a4_38);
  c1 = mlkem_mac64(c1, a3, a3_19);
  c2 = mlkem_mul64(a0_2, a2);
  c2 = mlkem_mac64(c2, a1, a1);
  c2 = mlkem_mac64(c2, a3, a4_38);
  c3 = mlkem_mul64(a0_2, a3);
  c3 = mlkem_mac64(c3, a1_2, a2);
  c3 = mlkem_mac64(c3, a4, a4_19);
  c4 = mlkem_mul64(a0_2, a4);
  c4 = mlkem_mac64(c4, a1_2, a3);
  c4 = mlkem_mac64(c4, a2, a2);
  fe51_reduce(r, c0, c1, c2, c3, c4);
}

/* r = a c for a constant c below 2^17. In: loose. Out: tight. */
static inline void fe_mul_small(fe *r, const fe *a, uint32_t c)
    __contract__(
        requires(FE51_OUT(r) && FE51_IN(a) && FE51_BELOW(a, FE51_LOOSE))
        requires(c < (UINT32_C(1) << 17))
        assigns(*r)
        ensures(FE51_BELOW(r, FE51_TIGHT))
    ) {
  mlkem_u128 c0 = mlkem_mul64(a->v[0], c), c1 = mlkem_mul64(a->v[1], c),
             c2 = mlkem_mul64(a->v[2], c), c3 = mlkem_mul64(a->v[3], c),
             c4 = mlkem_mul64(a->v[4], c);
  fe51_reduce(r, c0, c1, c2, c3, c4);
}

/* r = a c + b for a constant c below 2^17: fe_mul_small, then fe_add.
 * In: a L, b T. Out: L (a tight product plus b). */
static inline void fe_mul_small_add(fe *r, const fe *a, uint32_t c,
                                    const fe *b) {
  fe_mul_small(r, a, c);
  fe_add(r, r, b);
}

/* Swaps a and b if mask is all ones, leaves them if it is zero; mask
 * comes through a value barrier (ct.h). */
static inline void fe_cswap(fe *a, fe *b, uint64_t mask)
    __contract__(
        requires(FE51_OUT(a) && FE51_OUT(b) && (mask == 0 || mask == ~UINT64_C(0)))
        assigns(*a, *b)
        ensures(mask == 0 ==> (a->v[0] == old(a->v[0]) && a->v[1] == old(a->v[1]) &&
                               a->v[2] == old(a->v[2]) && a->v[3] == old(a->v[3]) &&
                               a->v[4] == old(a->v[4]) && b->v[0] == old(b->v[0]) &&
                               b->v[1] == old(b->v[1]) && b->v[2] == old(b->v[2]) &&
                               b->v[3] == old(b->v[3]) && b->v[4] == old(b->v[4])))
        ensures(mask != 0 ==> (a->v[0] == old(b->v[0]) && a->v[1] == old(b->v[1]) &&
                               a->v[2] == old(b->v[2]) && a->v[3] == old(b->v[3]) &&
                               a->v[4] == old(b->v[4]) && b->v[0] == old(a->v[0]) &&
                               b->v[1] == old(a->v[1]) && b->v[2] == old(a->v[2]) &&
                               b->v[3] == old(a->v[3]) && b->v[4] == old(a->v[4])))
    ) {
  unsigned i;
  for (i = 0; i < 5; i++) {
    uint64_t x = mask & (a->v[i] ^ b->v[i]);
    a->v[i] ^= x;
    b->v[i] ^= x;
  }
}

/* r = b if mask is all ones, unchanged if it is zero; mask comes through
 * a value barrier (ct.h). */
static inline void fe_cmov(fe *r, const fe *b, uint64_t mask)
    __contract__(
        requires(FE51_OUT(r) && FE51_IN(b) && (mask == 0 || mask == ~UINT64_C(0)))
        assigns(*r)
        ensures(mask == 0 ==> (r->v[0] == old(r->v[0]) && r->v[1] == old(r->v[1]) &&
                               r->v[2] == old(r->v[2]) && r->v[3] == old(r->v[3]) &&
                               r->v[4] == old(r->v[4])))
        ensures(mask != 0 ==> (r->v[0] == old(b->v[0]) && r->v[1] == old(b->v[1]) &&
                               r->v[2] == old(b->v[2]) && r->v[3] == old(b->v[3]) &&
                               r->v[4] == old(b->v[4])))
    ) {
  unsigned i;
  for (i = 0; i < 5; i++) r->v[i] ^= mask & (r->v[i] ^ b->v[i]);
}

#endif
