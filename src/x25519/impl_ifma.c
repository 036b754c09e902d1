/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * x25519/impl_ifma.c - X25519 with AVX-512 IFMA: the multiplications of
 * each ladder step and of each addition of the fixed-base comb four at a
 * time, in the lanes of 256-bit vectors (fe51x4.h). The rest (decoding,
 * the signed digits, the inversion at the end, encoding) is the portable
 * radix-2^51 code, compiled here with the AVX-512 flags; both use radix
 * 2^51, so moving an element between them is a matter of lanes. This file
 * alone is compiled with those flags (src/CMakeLists.txt);
 * x25519_dispatch.c runs it only for the avx512 backend, whose CPU check
 * includes IFMA and VL.
 *
 * One ladder step (@spec{RFC7748, sec. 5}) in three rounds of four
 * multiplications, lanes 0 to 3:
 *   state          x2, z2, x3, z3 (after the conditional swap)
 *   A B C D        x2 + z2, x2 - z2, x3 + z3, x3 - z3
 *   round 1        A^2, B^2, D A, C B
 *   round 2        AA BB, E (AA + a24 E), (DA + CB)^2, (DA - CB)^2
 *                  with E = AA - BB
 *   round 3        times 1, 1, 1, x1: the new x2, z2, x3, z3
 * Round 3 has one useful lane: z3 = x1 (DA - CB)^2 depends on round 2,
 * and round 1 of the next step on z3, so the three rounds are the
 * ladder's critical path, and no rearrangement of the formulas removes
 * the third (each needs a product of the one before).
 */
#include "x25519/fe51.h"
#include "x25519/fe51x4.h"
#include "x25519/x25519.h"

#define X25519_OWN_LADDER 1
#define X25519_OWN_BASE 1
#include "platform/bytes.h"
#include "platform/ct.h"
static void x25519_ladder(fe *x2_out, fe *z2_out, const uint8_t k[32],
                          const fe *x1);
#include "x25519/scalarmult.c"
#include "x25519/base.c"

/* Lane k of limb i of r from element e[k]. */
static void fe4_from(fe4 *r, const fe *e0, const fe *e1, const fe *e2,
                     const fe *e3) {
  unsigned i;
  for (i = 0; i < 5; i++)
    r->v[i] = _mm256_set_epi64x((long long)e3->v[i], (long long)e2->v[i],
                                (long long)e1->v[i], (long long)e0->v[i]);
}

/* Element of lane k (a constant) of a. */
static void fe4_lane(fe *r, const fe4 *a, unsigned k) {
  uint64_t w[4];
  unsigned i;
  for (i = 0; i < 5; i++) {
    _mm256_storeu_si256((__m256i *)(void *)w, a->v[i]);
    r->v[i] = w[k];
  }
  mlkem_zeroize(w, sizeof w);
}

/* Every limb vector of r from the same lane operation: FE4_EACH(r, e)
 * sets r->v[i_] = e for i_ = 0..4, e written in terms of i_. */
#define FE4_EACH(r, e)                           \
  do {                                           \
    unsigned i_;                                 \
    for (i_ = 0; i_ < 5; i_++) (r)->v[i_] = (e); \
  } while (0)

/* Lanes of b where a blend constant has their bits, of a elsewhere. */
#define FE4_BLEND(r, a, b, imm) \
  FE4_EACH(r, _mm256_blend_epi32((a)->v[i_], (b)->v[i_], (imm)))
/* a with the lanes of a blend constant cleared. */
#define FE4_CLEAR(r, a, imm) \
  FE4_EACH(r, _mm256_blend_epi32((a)->v[i_], _mm256_setzero_si256(), (imm)))
#define FE4_PERMUTE(r, a, imm) \
  FE4_EACH(r, _mm256_permute4x64_epi64((a)->v[i_], (imm)))
/* Lanes 0, 0, 2, 2 and 1, 1, 3, 3 of a (within 128-bit halves). */
#define FE4_DUP_EVEN(r, a) \
  FE4_EACH(r, _mm256_unpacklo_epi64((a)->v[i_], (a)->v[i_]))
#define FE4_DUP_ODD(r, a) \
  FE4_EACH(r, _mm256_unpackhi_epi64((a)->v[i_], (a)->v[i_]))

/* Lane selections: _mm256_permute4x64_epi64 immediates (two bits per
 * output lane, lane 0 lowest) and _mm256_blend_epi32 ones (two bits per
 * 64-bit lane). */
#define LANES_0132 0xB4
#define LANES_0101 0x44
#define BLEND_LANE0 0x03
#define BLEND_LANE1 0x0C
#define BLEND_LANE2 0x30
#define BLEND_LANE3 0xC0
#define BLEND_LANES01 0x0F
#define BLEND_LANES23 0xF0

/* The ladder with the state x2, z2, x3, z3 in lanes 0 to 3. The rounds'
 * lanes are chosen so that the state comes out of round 3 in that order
 * and most moves stay within 128-bit halves (unpacks, blends: one cycle);
 * two crossings (VPERMQ, three cycles) per step remain. */
static void x25519_ladder(fe *x2_out, fe *z2_out, const uint8_t k[32],
                          const fe *x1) {
  const __m256i odd = _mm256_set_epi64x(-1, 0, -1, 0); /* lanes 1 and 3 */
  fe4 x, p, q, abcd, l, r, m, v, w, u, y;
  fe one, zero;
  uint64_t swap = 0, bit;
  int t;
  fe_set_small(&one, 1);
  fe_set_small(&zero, 0);
  fe4_from(&x, &one, &zero, x1, &one); /* x2, z2, x3, z3 */
  fe4_from(&y, &one, &one, &one, x1);  /* round 3's factors */
  for (t = 254; t >= 0; t--) {
    bit = (uint64_t)(k[t >> 3] >> (t & 7)) & 1;
    swap ^= bit;
    fe4_swap_halves(&x, _mm256_set1_epi64x((long long)x25519_mask(swap)));
    swap = bit;
    /* A, B, C, D = x2 + z2, x2 - z2, x3 + z3, x3 - z3: the z lanes
     * negated (2p - z) in lanes 1 and 3, then added. */
    FE4_DUP_EVEN(&p, &x);
    FE4_DUP_ODD(&q, &x);
    fe4_neg_lanes(&q, &q, odd);
    fe4_add(&abcd, &p, &q);
    /* Round 1: A A, B B, D A, C B. */
    FE4_PERMUTE(&l, &abcd, LANES_0132);
    FE4_PERMUTE(&r, &abcd, LANES_0101);
    fe4_mul(&m, &l, &r);
    /* AA + BB (unused), E = AA - BB, T = DA + CB, S = DA - CB. */
    FE4_DUP_EVEN(&v, &m); /* AA, AA, DA, DA */
    FE4_DUP_ODD(&w, &m);  /* BB, BB, CB, CB */
    fe4_neg_lanes(&q, &w, odd);
    fe4_add(&u, &v, &q);
    /* Round 2: AA BB, E (AA + a24 E), T^2, S^2. */
    fe4_mul_small_add(&p, &u, X25519_A24, &v); /* lane 1: AA + a24 E */
    FE4_BLEND(&l, &u, &v, BLEND_LANE0);        /* AA, E, T, S */
    FE4_BLEND(&r, &u, &w, BLEND_LANE0);        /* BB, E, T, S */
    FE4_BLEND(&r, &r, &p, BLEND_LANE1);        /* BB, AA + a24 E, T, S */
    fe4_mul(&m, &l, &r);
    /* Round 3: x2, z2, x3 = T^2 and z3 = x1 S^2. */
    fe4_mul(&x, &m, &y);
  }
  fe4_swap_halves(&x, _mm256_set1_epi64x((long long)x25519_mask(swap)));
  /* Carried limbs (below 2^51 + 2^15) are tight for fe51. */
  fe4_lane(x2_out, &x, 0);
  fe4_lane(z2_out, &x, 1);
  mlkem_zeroize(&x, sizeof x);
  mlkem_zeroize(&p, sizeof p);
  mlkem_zeroize(&q, sizeof q);
  mlkem_zeroize(&abcd, sizeof abcd);
  mlkem_zeroize(&l, sizeof l);
  mlkem_zeroize(&r, sizeof r);
  mlkem_zeroize(&m, sizeof m);
  mlkem_zeroize(&v, sizeof v);
  mlkem_zeroize(&w, sizeof w);
  mlkem_zeroize(&u, sizeof u);
}

/*
 * The fixed base (base.c's comb and table) with a point's coordinates X,
 * Y, Z, T in lanes 0 to 3: a mixed addition and a doubling are each two
 * rounds of four multiplications.
 */

#define LANES_1132 0xB5 /* 1, 1, 3, 2 */
#define LANES_0000 0x00
#define LANES_0020 0x20
#define LANES_2222 0xAA
#define LANES_1111 0x55
#define LANES_0120 0x24
#define LANES_0021 0x60
#define LANES_1032 0xB1
#define LANES_3200 0x0B
#define LANES_0010 0x10

/* The element whose 256-bit little-endian words are w0 (lane 0), ...,
 * w3 (lane 3): a transposition, then the 51-bit limbs. In: below 2^255.
 * Out: limbs below 2^51. */
static void fe4_from_words(fe4 *r, __m256i w0, __m256i w1, __m256i w2,
                           __m256i w3) {
  const __m256i m = _mm256_set1_epi64x((long long)FE4_MASK51);
  __m256i t0 = _mm256_unpacklo_epi64(w0, w1);
  __m256i t1 = _mm256_unpackhi_epi64(w0, w1);
  __m256i t2 = _mm256_unpacklo_epi64(w2, w3);
  __m256i t3 = _mm256_unpackhi_epi64(w2, w3);
  /* word j of each element, lane by lane */
  __m256i d0 = _mm256_permute2x128_si256(t0, t2, 0x20);
  __m256i d1 = _mm256_permute2x128_si256(t1, t3, 0x20);
  __m256i d2 = _mm256_permute2x128_si256(t0, t2, 0x31);
  __m256i d3 = _mm256_permute2x128_si256(t1, t3, 0x31);
  r->v[0] = _mm256_and_si256(d0, m);
  r->v[1] = _mm256_and_si256(
      _mm256_or_si256(_mm256_srli_epi64(d0, 51), _mm256_slli_epi64(d1, 13)), m);
  r->v[2] = _mm256_and_si256(
      _mm256_or_si256(_mm256_srli_epi64(d1, 38), _mm256_slli_epi64(d2, 26)), m);
  r->v[3] = _mm256_and_si256(
      _mm256_or_si256(_mm256_srli_epi64(d2, 25), _mm256_slli_epi64(d3, 39)), m);
  r->v[4] = _mm256_and_si256(_mm256_srli_epi64(d3, 12), m);
}

/* The multiplier of an addition of e 256^m B (e in [-8, 8]), from row m
 * of the table: y - x, y + x, 2 d x y and 2 in lanes 0 to 3. All eight
 * entries are read and one kept with masks, the identity (1, 1, 0) for
 * e = 0; e < 0 swaps y + x with y - x and negates 2 d x y. Out: limbs
 * below 2^52. */
/* acc, or the four words at w (32-byte aligned) where m is all ones. */
static __m256i select256(__m256i acc, __m256i m, const uint64_t *w) {
  const __m256i v = _mm256_load_si256((const __m256i *)(const void *)w);
  return _mm256_xor_si256(acc, _mm256_and_si256(m, _mm256_xor_si256(acc, v)));
}

static void ge4_select(fe4 *r, const uint64_t row[8][12], uint8_t e) {
  __m256i ypx = _mm256_set_epi64x(0, 0, 0, 1), ymx = ypx;
  __m256i xy2d = _mm256_setzero_si256(), m, x;
  unsigned j;
  for (j = 0; j < 8; j++) {
    m = _mm256_set1_epi64x((long long)base_digit_is(e, j + 1));
    ypx = select256(ypx, m, row[j]);
    ymx = select256(ymx, m, row[j] + 4);
    xy2d = select256(xy2d, m, row[j] + 8);
  }
  m = _mm256_set1_epi64x((long long)base_digit_neg(e));
  x = _mm256_and_si256(m, _mm256_xor_si256(ypx, ymx));
  ypx = _mm256_xor_si256(ypx, x);
  ymx = _mm256_xor_si256(ymx, x);
  fe4_from_words(r, ymx, ypx, xy2d, _mm256_set_epi64x(0, 0, 0, 2));
  fe4_neg_lanes(r, r, _mm256_and_si256(m, _mm256_set_epi64x(0, -1, 0, 0)));
}

/* r = a - b. In: b carried, a below 2^60. Out: carried. */
static void fe4_sub(fe4 *r, const fe4 *a, const fe4 *b) {
  fe4 n;
  fe4_neg_lanes(&n, b, _mm256_set1_epi64x(-1));
  fe4_add(r, a, &n);
}

/* p = p + q for p = (X, Y, Z, T) and q = ge4_select's (y - x, y + x,
 * 2 d x y, 2): round 1 gives A, B, C, D of base.c's ge_madd, round 2 the
 * products E F, G H, F G, E H. In and out: carried. */
static void ge4_madd(fe4 *p, const fe4 *q) {
  fe4 a, b, m, u, w, sum, dif, l, r;
  /* Y - X, Y + X, T, Z: X negated in lane 0, cleared in lanes 2, 3. */
  FE4_PERMUTE(&a, p, LANES_1132);
  FE4_PERMUTE(&b, p, LANES_0000);
  FE4_CLEAR(&b, &b, BLEND_LANES23);
  fe4_neg_lanes(&b, &b, _mm256_set_epi64x(0, 0, 0, -1));
  fe4_add(&a, &a, &b);
  fe4_mul(&m, &a, q);                 /* A, B, C, D */
  FE4_DUP_ODD(&u, &m);                /* B, B, D, D */
  FE4_DUP_EVEN(&w, &m);               /* A, A, C, C */
  fe4_add(&sum, &u, &w);              /* H, H, G, G */
  fe4_sub(&dif, &u, &w);              /* E, E, F, F */
  FE4_PERMUTE(&l, &dif, LANES_0020);  /* E, E, F, E */
  FE4_PERMUTE(&a, &sum, LANES_2222);  /* G */
  FE4_BLEND(&l, &l, &a, BLEND_LANE1); /* E, G, F, E */
  FE4_PERMUTE(&r, &sum, LANES_0020);  /* H, H, G, H */
  FE4_PERMUTE(&a, &dif, LANES_2222);  /* F */
  FE4_BLEND(&r, &r, &a, BLEND_LANE0); /* F, H, G, H */
  fe4_mul(p, &l, &r);                 /* E F, G H, F G, E H */
}

/* p = 2 p: base.c's ge_dbl, with A, B, C = 2 Z^2 and (X + Y)^2 in one
 * round and the four products in the next. In and out: carried. */
static void ge4_dbl(fe4 *p) {
  fe4 a, b, m, n, sum, dif, ef, hg, l, r;
  /* X, Y, Z, X + Y and X, Y, 2 Z, X + Y. */
  FE4_PERMUTE(&a, p, LANES_0120);         /* X, Y, Z, X */
  FE4_PERMUTE(&b, p, LANES_0021);         /* X, X, Z, Y */
  FE4_CLEAR(&b, &b, BLEND_LANES01);       /* 0, 0, Z, Y */
  fe4_add(&r, &a, &b);                    /* X, Y, 2 Z, X + Y */
  FE4_BLEND(&l, &a, &r, BLEND_LANE3);     /* X, Y, Z, X + Y */
  fe4_mul(&m, &l, &r);                    /* A, B, C, S = (X + Y)^2 */
  FE4_PERMUTE(&n, &m, LANES_1032);        /* B, A, S, C */
  fe4_add(&sum, &m, &n);                  /* A + B, ... */
  fe4_sub(&dif, &n, &m);                  /* G = B - A, ... */
  FE4_PERMUTE(&a, &m, LANES_3200);        /* S, C, ... */
  FE4_PERMUTE(&hg, &dif, LANES_0000);     /* G, ... */
  FE4_BLEND(&hg, &sum, &hg, BLEND_LANE1); /* A + B, G, ... */
  fe4_sub(&ef, &a, &hg);                  /* E = S - A - B, -F = C - G */
  FE4_PERMUTE(&l, &ef, LANES_0010);       /* E, E, -F, E */
  FE4_PERMUTE(&a, &hg, LANES_1111);       /* G */
  FE4_BLEND(&l, &l, &a, BLEND_LANE1);     /* E, G, -F, E */
  FE4_PERMUTE(&r, &hg, LANES_0010);       /* A + B, A + B, G, A + B */
  FE4_PERMUTE(&a, &ef, LANES_1111);       /* -F */
  FE4_BLEND(&r, &r, &a, BLEND_LANE0);     /* -F, A + B, G, A + B */
  /* With F and H negated, as in ge_dbl: the same point. */
  fe4_mul(p, &l, &r);
}

/* base.c's comb with the four coordinates in one fe4: y and z (T) the Y
 * and Z of k B for the clamped k. */
static void base_comb(fe *y, fe *z, const uint8_t k[32]) {
  uint8_t e[64];
  fe4 p, q;
  fe one, zero;
  unsigned i;
  base_digits(e, k);
  fe_set_small(&one, 1);
  fe_set_small(&zero, 0);
  fe4_from(&p, &zero, &one, &one, &zero); /* the identity */
  for (i = 1; i < 64; i += 2) {
    ge4_select(&q, mlkem_x25519_base_table[i / 2], e[i]);
    ge4_madd(&p, &q);
  }
  for (i = 0; i < 4; i++) ge4_dbl(&p);
  for (i = 0; i < 64; i += 2) {
    ge4_select(&q, mlkem_x25519_base_table[i / 2], e[i]);
    ge4_madd(&p, &q);
  }
  fe4_lane(y, &p, 1);
  fe4_lane(z, &p, 2);
  mlkem_zeroize(e, sizeof e);
  mlkem_zeroize(&p, sizeof p);
  mlkem_zeroize(&q, sizeof q);
}

const mlkem_x25519_impl mlkem_x25519_ifma = {
    "ifma", x25519_scalarmult, x25519_scalarmult_base, x25519_keypair_dh};
