/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * x25519/impl_avx2x4.c - EXPERIMENT (measured against impl_mulx.c on Zen 3,
 * then removed; docs/ARCHITECTURE.md, X25519): the four-way ladder of
 * impl_ifma.c, its lane layout unchanged, on AVX2 vectors in radix 2^25.5
 * (fe25x4.h). The rest is the portable radix-2^51 code.
 */
#include "x25519/fe51.h"
#include "x25519/fe25x4.h"
#include "x25519/x25519.h"

#define X25519_OWN_LADDER 1
#include "bytes.h"
#include "ct.h"
static void x25519_ladder(fe *x2_out, fe *z2_out, const uint8_t k[32],
                          const fe *x1);
#include "x25519/scalarmult.c"
#include "x25519/base.c"

/* Lane k from fe51 element e[k]: limb 2i and 2i + 1 from limb i. */
static void fe4_from(fe4 *r, const fe *e0, const fe *e1, const fe *e2,
                     const fe *e3) {
  const fe *e[4] = {e0, e1, e2, e3};
  uint64_t w[4];
  unsigned i, k;
  for (i = 0; i < 5; i++) {
    for (k = 0; k < 4; k++) w[k] = e[k]->v[i] & ((1ull << 26) - 1);
    r->v[2 * i] = _mm256_set_epi64x((long long)w[3], (long long)w[2],
                                    (long long)w[1], (long long)w[0]);
    for (k = 0; k < 4; k++) w[k] = e[k]->v[i] >> 26;
    r->v[2 * i + 1] = _mm256_set_epi64x((long long)w[3], (long long)w[2],
                                        (long long)w[1], (long long)w[0]);
  }
}

/* Element of lane k of a, as fe51 limbs (loose). */
static void fe4_lane(fe *r, const fe4 *a, unsigned k) {
  uint64_t lo[4], hi[4];
  unsigned i;
  for (i = 0; i < 5; i++) {
    _mm256_storeu_si256((__m256i *)(void *)lo, a->v[2 * i]);
    _mm256_storeu_si256((__m256i *)(void *)hi, a->v[2 * i + 1]);
    r->v[i] = lo[k] + (hi[k] << 26);
  }
  mlkem_zeroize(lo, sizeof lo);
  mlkem_zeroize(hi, sizeof hi);
}

/* Every limb vector of r from the same lane operation: FE4_EACH(r, e)
 * sets r->v[i_] = e for i_ = 0..4, e written in terms of i_. */
#define FE4_EACH(r, e)                           \
  do {                                           \
    unsigned i_;                                 \
    for (i_ = 0; i_ < FE4_LIMBS; i_++) (r)->v[i_] = (e); \
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


const mlkem_x25519_impl mlkem_x25519_avx2x4 = {"avx2x4", x25519_scalarmult,
                                               x25519_scalarmult_base};
