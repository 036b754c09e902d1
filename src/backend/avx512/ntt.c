/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ntt.c - the NTT, its inverse, the NTT-domain multiplication and
 * add_reduce for the AVX-512 backend.
 *
 * Every function here computes exactly the int16 values of its portable
 * counterpart (backend/portable/ntt.c), lane by lane: the same Montgomery
 * products (high(a b) - high(t q), t = low(low(a b) q^-1)), the same lazy
 * reductions at the same points, and the same wrapping 16-bit sums. Only
 * the order in which independent lanes are computed differs. The layout is
 * the standard coefficient order, in and out.
 *
 * A polynomial is 8 vectors v0 .. v7 of 32 coefficients, and both
 * transforms keep all of it in registers from the first load to the last
 * store. Write b7 .. b0 for the bits of a coefficient index c: in the
 * standard order the vector is (b7 b6 b5) and the lane (b4 .. b0). The
 * layers with len = 128, 64, 32 pair whole vectors (v, v + len / 32). For
 * the others, each pair of neighbouring vectors (A, B) = (v2p, v2p+1) is
 * rearranged into (lo, hi) so that bit b_j of len = 2^j tells lo from hi
 * and every butterfly again pairs lane i of lo with lane i of hi. Bit b0 is
 * never a butterfly bit, so the two coefficients of each 32-bit group always
 * move together and every rearrangement is a dword (or wider) permutation:
 * one single-uop shuffle per output vector. (The two-source 16-bit and
 * byte permutes vpermt2w/vpermt2b measured at half the throughput of
 * vpermt2d on the development machine, and took issue slots from the
 * multiplications too.) With quarter q of a vector = its 128-bit lane q
 * (lanes 8q .. 8q+7), the forward transform uses
 *
 *   len 16:  lo/hi by b4; quarter q = 2 b5 + b3; lanes in it b2 b1 b0
 *   len 8:   lo/hi by b3; quarter q = 2 b4 + b5; lanes in it b2 b1 b0
 *   len 4:   lo/hi by b2; quarter q = 2 b4 + b5; lanes in it b3 b1 b0
 *   len 2:   lo/hi by b1; quarter q = 2 b4 + b5; lanes in it b2 b3 b0
 *
 * (bits listed from the most significant). The inverse walks back through
 * the same arrangements, except that for len = 16 it uses quarter q = 2 b3 +
 * b5, which both of its neighbours reach with one shuffle per vector. The
 * zeta of each lane comes from a per-lane table row built for these
 * arrangements.
 */
#if defined(__x86_64__) || defined(_M_X64)

#include <immintrin.h>
#include <stdint.h>

#include "backend/avx512/avx512.h"
#include "backend/avx512/arith.h"
#include "platform/ct.h"

/* ---- constant tables ---------------------------------------------------
 *
 * A table entry is a pair of 32-lane rows: the zeta (or gamma) of each lane,
 * then in the same lanes that value times q^-1 mod 2^16 (the operand
 * fqmul_pre takes). The values are those of mlkem_zetas and mlkem_gammas
 * (backend/portable/ntt.c, both in Montgomery form); test_diff_ntt
 * exercises every entry through the operations, bit for bit against the
 * portable ones. */

/* z q^-1 mod 2^16 as a signed 16-bit constant expression (62209 = q^-1 mod
 * 2^16 = 2^16 - 3327). */
#define ZQ_U(z) (((uint32_t)(int32_t)(z)*62209u) & 0xFFFFu)
#define ZQ(z) \
  ((int16_t)((int32_t)ZQ_U(z) - (int32_t)((ZQ_U(z) & 0x8000u) << 1)))
#define ID(z) z

#define X2(a) a, a
#define X4(a) X2(a), X2(a)
#define X8(a) X4(a), X4(a)
#define X16(a) X8(a), X8(a)

/* One zeta in all lanes. */
#define BC(z) X16(z), X16(z), X16(ZQ(z)), X16(ZQ(z))

/* The per-lane rows of one vector pair (A, B) for the arrangements
 * described at the top. The arguments are the zetas of the pair's blocks in
 * index order: block i of len 2^j holds the coefficients 64 p + 2^(j+1) i ..
 * 64 p + 2^(j+1) (i+1) - 1. Each macro lists the lanes of one row with F
 * applied to every value (ID for the zeta row, ZQ for the other). */

/* len 16, forward: quarters (b5 b3) = 00, 01, 10, 11; block = b5. */
#define LANES16(F, z0, z1) X16(F(z0)), X16(F(z1))
/* len 16, inverse: quarters (b3 b5) = 00, 01, 10, 11; block = b5. */
#define LANES16I(F, z0, z1) X8(F(z0)), X8(F(z1)), X8(F(z0)), X8(F(z1))
/* len 8: quarters (b4 b5); block = 2 b5 + b4. */
#define LANES8(F, z0, z1, z2, z3) X8(F(z0)), X8(F(z2)), X8(F(z1)), X8(F(z3))
/* len 4: quarters (b4 b5), halves of a quarter by b3; block = 4 b5 + 2 b4 +
 * b3. */
#define LANES4(F, z0, z1, z2, z3, z4, z5, z6, z7)                              \
  X4(F(z0)), X4(F(z1)), X4(F(z4)), X4(F(z5)), X4(F(z2)), X4(F(z3)), X4(F(z6)), \
      X4(F(z7))
/* len 2: quarters (b4 b5), dwords of a quarter by (b2 b3); block = 8 b5 +
 * 4 b4 + 2 b3 + b2. */
#define LANES2(F, z0, z1, z2, z3, z4, z5, z6, z7, z8, z9, z10, z11, z12, z13, \
               z14, z15)                                                      \
  X2(F(z0)), X2(F(z2)), X2(F(z1)), X2(F(z3)), X2(F(z8)), X2(F(z10)),          \
      X2(F(z9)), X2(F(z11)), X2(F(z4)), X2(F(z6)), X2(F(z5)), X2(F(z7)),      \
      X2(F(z12)), X2(F(z14)), X2(F(z13)), X2(F(z15))

#define L16(...) LANES16(ID, __VA_ARGS__), LANES16(ZQ, __VA_ARGS__)
#define L16I(...) LANES16I(ID, __VA_ARGS__), LANES16I(ZQ, __VA_ARGS__)
#define L8(...) LANES8(ID, __VA_ARGS__), LANES8(ZQ, __VA_ARGS__)
#define L4(...) LANES4(ID, __VA_ARGS__), LANES4(ZQ, __VA_ARGS__)
#define L2(...) LANES2(ID, __VA_ARGS__), LANES2(ZQ, __VA_ARGS__)

/* Entry k - 1 = zetas[k], k = 1 .. 7: the layers len = 128, 64, 32 of
 * both transforms. */
static MLKEM_ALIGN const int16_t zeta_bcast[7 * 64] = {
    BC(-758), BC(-359), BC(-1517), BC(1493), BC(1422), BC(287), BC(202),
};

/* Forward NTT, vector pair p: entries 4p .. 4p+3 = len 16 (zetas[8 + 2p
 * + i]), len 8 (zetas[16 + 4p + i]), len 4 (zetas[32 + 8p + i]), len 2
 * (zetas[64 + 16p + i]). */
/* clang-format off */
static MLKEM_ALIGN const int16_t ntt_tail[16 * 64] = {
  L16(-171, 622),
  L8(573, -1325, 264, 383),
  L4(1223, 652, -552, 1015, -1293, 1491, -282, -1544),
  L2(-1103, 430, 555, 843, -1251, 871, 1550, 105, 422, 587, 177, -235, -291,
     -460, 1574, 1653),
  L16(1577, 182),
  L8(-829, 1458, -1602, -130),
  L4(516, -8, -320, -666, -1618, -1162, 126, 1469),
  L2(-246, 778, 1159, -147, -777, 1483, -602, 1119, -1590, 644, -872, 349,
     418, 329, -156, -75),
  L16(962, -1202),
  L8(-681, 1017, 732, 608),
  L4(-853, -90, -271, 830, 107, -1421, -247, -951),
  L2(817, 1097, 603, 610, 1322, -1285, -1465, 384, -1215, -136, 1218, -1335,
     -874, 220, -1187, -1659),
  L16(-1474, 1468),
  L8(-1542, 411, -205, -1571),
  L4(-398, 961, -1508, -725, 448, -1065, 677, -1275),
  L2(-1185, -1530, -1278, 794, -1510, -854, -870, 478, -108, -308, 996, 991,
     958, -1460, 1522, 1628),
};
/* clang-format on */

/* Inverse NTT, vector pair p: entries 4p .. 4p+3 = len 2 (zetas[127 - 16p
 * - i]), len 4 (zetas[63 - 8p - i]), len 8 (zetas[31 - 4p - i]), len 16
 * (zetas[15 - 2p - i]). */
/* clang-format off */
static MLKEM_ALIGN const int16_t invntt_head[16 * 64] = {
  L2(1628, 1522, -1460, 958, 991, 996, -308, -108, 478, -870, -854, -1510,
     794, -1278, -1530, -1185),
  L4(-1275, 677, -1065, 448, -725, -1508, 961, -398),
  L8(-1571, -205, 411, -1542),
  L16I(1468, -1474),
  L2(-1659, -1187, 220, -874, -1335, 1218, -136, -1215, 384, -1465, -1285,
     1322, 610, 603, 1097, 817),
  L4(-951, -247, -1421, 107, 830, -271, -90, -853),
  L8(608, 732, 1017, -681),
  L16I(-1202, 962),
  L2(-75, -156, 329, 418, 349, -872, 644, -1590, 1119, -602, 1483, -777, -147,
     1159, 778, -246),
  L4(1469, 126, -1162, -1618, -666, -320, -8, 516),
  L8(-130, -1602, 1458, -829),
  L16I(182, 1577),
  L2(1653, 1574, -460, -291, -235, 177, 587, 422, 105, 1550, 871, -1251, 843,
     555, 430, -1103),
  L4(-1544, -282, 1491, -1293, 1015, -552, 652, 1223),
  L8(383, 264, -1325, 573),
  L16I(622, -171),
};
/* clang-format on */

/* basemul_acc, coefficients 64j .. 64j+63 (pairs 32j .. 32j+31): entry j
 * holds in lane 2m mlkem_gammas[32j + m] and in lane 2m+1
 * mlkem_gammas[32j + 16 + m] (the arrangement described at
 * mlkem_avx512_basemul_acc). The arguments are mlkem_gammas[32j ..
 * 32j+31] in order. */
#define GLANES(F, g0, g1, g2, g3, g4, g5, g6, g7, g8, g9, g10, g11, g12, g13,  \
               g14, g15, h0, h1, h2, h3, h4, h5, h6, h7, h8, h9, h10, h11,     \
               h12, h13, h14, h15)                                             \
  F(g0), F(h0), F(g1), F(h1), F(g2), F(h2), F(g3), F(h3), F(g4), F(h4), F(g5), \
      F(h5), F(g6), F(h6), F(g7), F(h7), F(g8), F(h8), F(g9), F(h9), F(g10),   \
      F(h10), F(g11), F(h11), F(g12), F(h12), F(g13), F(h13), F(g14), F(h14),  \
      F(g15), F(h15)
#define GAM(...) GLANES(ID, __VA_ARGS__), GLANES(ZQ, __VA_ARGS__)
/* clang-format off */
static MLKEM_ALIGN const int16_t basemul_gammas[4 * 64] = {
  GAM(-1103, 1103, 430, -430, 555, -555, 843, -843, -1251, 1251, 871, -871,
      1550, -1550, 105, -105, 422, -422, 587, -587, 177, -177, -235, 235,
      -291, 291, -460, 460, 1574, -1574, 1653, -1653),
  GAM(-246, 246, 778, -778, 1159, -1159, -147, 147, -777, 777, 1483, -1483,
      -602, 602, 1119, -1119, -1590, 1590, 644, -644, -872, 872, 349, -349,
      418, -418, 329, -329, -156, 156, -75, 75),
  GAM(817, -817, 1097, -1097, 603, -603, 610, -610, 1322, -1322, -1285, 1285,
      -1465, 1465, 384, -384, -1215, 1215, -136, 136, 1218, -1218, -1335,
      1335, -874, 874, 220, -220, -1187, 1187, -1659, 1659),
  GAM(-1185, 1185, -1530, 1530, -1278, 1278, 794, -794, -1510, 1510, -854,
      854, -870, 870, 478, -478, -108, 108, -308, 308, 996, -996, 991, -991,
      958, -958, -1460, 1460, 1522, -1522, 1628, -1628),
};
/* clang-format on */

/* 128^-1 2^16 mod q (the scaling of the inverse NTT) and 2^32 mod q (the
 * Montgomery factor basemul_acc removes), as in the portable backend. */
#define INVNTT_SCALE 512
#define MONT_R2 1353

#undef GAM
#undef GLANES
#undef L2
#undef L4
#undef L8
#undef L16I
#undef L16
#undef LANES2
#undef LANES4
#undef LANES8
#undef LANES16I
#undef LANES16
#undef BC
#undef X16
#undef X8
#undef X4
#undef X2
#undef ID

/* ---- helpers ----------------------------------------------------------- */

static inline __m512i load32(const int16_t *p) {
  return _mm512_load_si512((const void *)p);
}

static inline void store32(int16_t *p, __m512i v) {
  _mm512_store_si512((void *)p, v);
}

/* The address of a constant table, hidden from the optimizer: otherwise GCC
 * turns loads of uniform rows into constants that it rebuilds with
 * broadcasts (shuffle-port uops, and registers), where a row read as a
 * memory operand of the multiplication costs no arithmetic uop at all. */
static inline const int16_t *opaque(const int16_t *p) {
#if defined(__GNUC__) || defined(__clang__)
  __asm__("" : "+r"(p));
#endif
  return p;
}

/* Entry e of a table: zeta row and zeta q^-1 row. */
#define ENTRY(tab, e) load32((tab) + 64 * (e)), load32((tab) + 64 * (e) + 32)

/* Barrett reduction, the same value as mlkem_avx512_barrett (and
 * mlkem_barrett_reduce): t = (high(a v) + 2^9) >> 10 is computed as
 * mulhrs(high(a v), 32) = ((32 x >> 14) + 1) >> 1 = (x + 2^9) >> 10 for
 * every int16 x, which is one uop less. */
static inline __m512i barrett(__m512i a) {
  const __m512i q = _mm512_set1_epi16(MLKEM_Q);
  const __m512i v = _mm512_set1_epi16(20159);
  const __m512i r = _mm512_set1_epi16(32);
  __m512i t = _mm512_mulhrs_epi16(_mm512_mulhi_epi16(a, v), r);
  return _mm512_sub_epi16(a, _mm512_mullo_epi16(t, q));
}

/* x unchanged, as a value the optimizer cannot see into. Not under the
 * MemorySanitizer constant-time check (ct.h, MLKEM_ASM_BARRIER), which
 * would report the secret operand of the empty asm; the barrier is only
 * for speed. */
static inline __m512i opaque_vec(__m512i x) {
#if MLKEM_ASM_BARRIER
  __asm__("" : "+v"(x));
#endif
  return x;
}

/* Cooley-Tukey butterfly as ct_butterflies: t = fqmul(zeta, b),
 * (a, b) <- (a + t, a - t). t is made opaque because GCC otherwise
 * reassociates a +- (high(b z) - high(t q)) into four additions instead of
 * three. */
static inline void ct(__m512i *a, __m512i *b, __m512i z, __m512i zq) {
  __m512i t = opaque_vec(mlkem_avx512_fqmul_pre(*b, z, zq));
  *b = _mm512_sub_epi16(*a, t);
  *a = _mm512_add_epi16(*a, t);
}

/* Gentleman-Sande butterfly as gs_butterflies:
 * (a, b) <- (a + b, fqmul(b - a, zeta)). */
static inline void gs(__m512i *a, __m512i *b, __m512i z, __m512i zq) {
  __m512i d = _mm512_sub_epi16(*b, *a);
  *a = _mm512_add_epi16(*a, *b);
  *b = mlkem_avx512_fqmul_pre(d, z, zq);
}

/* The rearrangements of a vector pair, in place: (x, y) is (A, B) or (lo,
 * hi) as described at the top. Each name gives the arrangement before and
 * after. */

/* standard -> len 16 (forward), and len 8 -> len 16 (inverse): lo = [x q0
 * q1 | y q0 q1], hi = [x q2 q3 | y q2 q3]. */
static inline void quarters_low_high(__m512i *x, __m512i *y) {
  __m512i l = _mm512_shuffle_i64x2(*x, *y, 0x44);
  __m512i h = _mm512_shuffle_i64x2(*x, *y, 0xEE);
  *x = l;
  *y = h;
}

/* len 16 (forward) -> len 8, and len 16 (inverse) -> standard: lo = [x q0
 * q2 | y q0 q2], hi = [x q1 q3 | y q1 q3]. */
static inline void quarters_even_odd(__m512i *x, __m512i *y) {
  __m512i l = _mm512_shuffle_i64x2(*x, *y, 0x88);
  __m512i h = _mm512_shuffle_i64x2(*x, *y, 0xDD);
  *x = l;
  *y = h;
}

/* len 8 <-> len 4: the first 64 bits of each quarter of both into lo, the
 * second into hi. */
static inline void swap64(__m512i *x, __m512i *y) {
  __m512i l = _mm512_unpacklo_epi64(*x, *y);
  __m512i h = _mm512_unpackhi_epi64(*x, *y);
  *x = l;
  *y = h;
}

/* len 4 -> len 2: per quarter, lo = (x.d0, x.d2, y.d0, y.d2) and hi =
 * (x.d1, x.d3, y.d1, y.d3) (32-bit groups). */
static inline void len4_to_2(__m512i *x, __m512i *y) {
  __m512 a = _mm512_castsi512_ps(*x), b = _mm512_castsi512_ps(*y);
  *x = _mm512_castps_si512(_mm512_shuffle_ps(a, b, 0x88));
  *y = _mm512_castps_si512(_mm512_shuffle_ps(a, b, 0xDD));
}

/* len 2 -> len 4, the inverse of len4_to_2. */
static inline void len2_to_4(__m512i *x, __m512i *y) {
  __m512i l = _mm512_unpacklo_epi32(*x, *y);
  __m512i h = _mm512_unpackhi_epi32(*x, *y);
  *x = l;
  *y = h;
}

/* len 2 -> standard: two two-source dword permutations. Output dword
 * 8 b4 + 4 b3 + 2 b2 + b1 of A (b5 = 0) or B (b5 = 1) is dword 8 b4 + 4 b5
 * + 2 b2 + b3 of lo (b1 = 0) or hi (b1 = 1; index + 16). */
static inline void len2_to_std(__m512i *x, __m512i *y) {
  const __m512i ia = _mm512_setr_epi32(0, 16, 2, 18, 1, 17, 3, 19, 8, 24, 10,
                                       26, 9, 25, 11, 27);
  const __m512i ib = _mm512_setr_epi32(4, 20, 6, 22, 5, 21, 7, 23, 12, 28, 14,
                                       30, 13, 29, 15, 31);
  __m512i a = _mm512_permutex2var_epi32(*x, ia, *y);
  __m512i b = _mm512_permutex2var_epi32(*x, ib, *y);
  *x = a;
  *y = b;
}

/* standard -> len 2, the inverse of len2_to_std. */
static inline void std_to_len2(__m512i *x, __m512i *y) {
  const __m512i il = _mm512_setr_epi32(0, 4, 2, 6, 16, 20, 18, 22, 8, 12, 10,
                                       14, 24, 28, 26, 30);
  const __m512i ih = _mm512_setr_epi32(1, 5, 3, 7, 17, 21, 19, 23, 9, 13, 11,
                                       15, 25, 29, 27, 31);
  __m512i l = _mm512_permutex2var_epi32(*x, il, *y);
  __m512i h = _mm512_permutex2var_epi32(*x, ih, *y);
  *x = l;
  *y = h;
}

/* One step on the four vector pairs (v0, v1) .. (v6, v7). */
#define PAIRS4(f) \
  f(&v0, &v1);    \
  f(&v2, &v3);    \
  f(&v4, &v5);    \
  f(&v6, &v7)
/* One layer of butterflies on the four pairs, with table entry 4p + m for
 * pair p. */
#define BFLY4(bf, tab, m)            \
  bf(&v0, &v1, ENTRY(tab, (m)));     \
  bf(&v2, &v3, ENTRY(tab, 4 + (m))); \
  bf(&v4, &v5, ENTRY(tab, 8 + (m))); \
  bf(&v6, &v7, ENTRY(tab, 12 + (m)))
#define ALL8(f) \
  v0 = f(v0);   \
  v1 = f(v1);   \
  v2 = f(v2);   \
  v3 = f(v3);   \
  v4 = f(v4);   \
  v5 = f(v5);   \
  v6 = f(v6);   \
  v7 = f(v7)

/* ---- forward NTT -------------------------------------------------------- */

/* As mlkem_portable_ntt: seven layers of Cooley-Tukey butterflies without
 * reduction (output |x| < 8q). */
void mlkem_avx512_ntt(mlkem_poly *poly) {
  const int16_t *zb = opaque(zeta_bcast), *zt = opaque(ntt_tail);
  int16_t *r = poly->coeffs;
  __m512i v0 = load32(r), v1 = load32(r + 32), v2 = load32(r + 64);
  __m512i v3 = load32(r + 96), v4 = load32(r + 128), v5 = load32(r + 160);
  __m512i v6 = load32(r + 192), v7 = load32(r + 224);
  /* len 128, 64, 32: zetas[1], zetas[2 .. 3], zetas[4 .. 7]. */
  ct(&v0, &v4, ENTRY(zb, 0));
  ct(&v1, &v5, ENTRY(zb, 0));
  ct(&v2, &v6, ENTRY(zb, 0));
  ct(&v3, &v7, ENTRY(zb, 0));
  ct(&v0, &v2, ENTRY(zb, 1));
  ct(&v1, &v3, ENTRY(zb, 1));
  ct(&v4, &v6, ENTRY(zb, 2));
  ct(&v5, &v7, ENTRY(zb, 2));
  ct(&v0, &v1, ENTRY(zb, 3));
  ct(&v2, &v3, ENTRY(zb, 4));
  ct(&v4, &v5, ENTRY(zb, 5));
  ct(&v6, &v7, ENTRY(zb, 6));
  /* len 16, 8, 4, 2 on the pairs. */
  PAIRS4(quarters_low_high);
  BFLY4(ct, zt, 0);
  PAIRS4(quarters_even_odd);
  BFLY4(ct, zt, 1);
  PAIRS4(swap64);
  BFLY4(ct, zt, 2);
  PAIRS4(len4_to_2);
  BFLY4(ct, zt, 3);
  PAIRS4(len2_to_std);
  store32(r, v0);
  store32(r + 32, v1);
  store32(r + 64, v2);
  store32(r + 96, v3);
  store32(r + 128, v4);
  store32(r + 160, v5);
  store32(r + 192, v6);
  store32(r + 224, v7);
}

/* ---- inverse NTT -------------------------------------------------------- */

/* The last step of the inverse: the Montgomery multiplication by 128^-1
 * 2^16. */
static inline __m512i invntt_scale(__m512i a) {
  return mlkem_avx512_fqmul_pre(a, _mm512_set1_epi16(INVNTT_SCALE),
                                _mm512_set1_epi16(ZQ(INVNTT_SCALE)));
}

/* As mlkem_portable_invntt: three layers of Gentleman-Sande butterflies, a
 * Barrett pass, four more layers, then the Montgomery multiplication by
 * 128^-1 2^16. */
void mlkem_avx512_invntt(mlkem_poly *poly) {
  const int16_t *zb = opaque(zeta_bcast), *zt = opaque(invntt_head);
  int16_t *r = poly->coeffs;
  __m512i v0 = load32(r), v1 = load32(r + 32), v2 = load32(r + 64);
  __m512i v3 = load32(r + 96), v4 = load32(r + 128), v5 = load32(r + 160);
  __m512i v6 = load32(r + 192), v7 = load32(r + 224);
  /* len 2, 4, 8 on the pairs, the Barrett pass, len 16. */
  PAIRS4(std_to_len2);
  BFLY4(gs, zt, 0);
  PAIRS4(len2_to_4);
  BFLY4(gs, zt, 1);
  PAIRS4(swap64);
  BFLY4(gs, zt, 2);
  ALL8(barrett);
  PAIRS4(quarters_low_high);
  BFLY4(gs, zt, 3);
  PAIRS4(quarters_even_odd);
  /* len 32, 64, 128: zetas[7 .. 4], zetas[3 .. 2], zetas[1]. */
  gs(&v0, &v1, ENTRY(zb, 6));
  gs(&v2, &v3, ENTRY(zb, 5));
  gs(&v4, &v5, ENTRY(zb, 4));
  gs(&v6, &v7, ENTRY(zb, 3));
  gs(&v0, &v2, ENTRY(zb, 2));
  gs(&v1, &v3, ENTRY(zb, 2));
  gs(&v4, &v6, ENTRY(zb, 1));
  gs(&v5, &v7, ENTRY(zb, 1));
  gs(&v0, &v4, ENTRY(zb, 0));
  gs(&v1, &v5, ENTRY(zb, 0));
  gs(&v2, &v6, ENTRY(zb, 0));
  gs(&v3, &v7, ENTRY(zb, 0));
  ALL8(invntt_scale);
  store32(r, v0);
  store32(r + 32, v1);
  store32(r + 64, v2);
  store32(r + 96, v3);
  store32(r + 128, v4);
  store32(r + 160, v5);
  store32(r + 192, v6);
  store32(r + 224, v7);
}

#undef ALL8
#undef BFLY4
#undef PAIRS4

/* ---- NTT-domain multiplication ----------------------------------------- */

/* mlkem_portable_basemul_acc's reduction of the 32-bit sums in c0 (pair
 * m's c0 in 32-bit lane m) and c1, and its final multiplication by 2^32
 * mod q, into the 32 coefficients of the 16 pairs in order. */
static inline __m512i basemul_finish(__m512i c0, __m512i c1) {
  const __m512i q = _mm512_set1_epi16(MLKEM_Q);
  const __m512i qinv = _mm512_set1_epi16(-3327);
  /* high(t q), t = low(low(c) q^-1), in the low half of each 32-bit lane,
   * is moved to the high half and taken from c's high half there. */
  __m512i m0 = _mm512_mulhi_epi16(_mm512_mullo_epi16(c0, qinv), q);
  __m512i m1 = _mm512_mulhi_epi16(_mm512_mullo_epi16(c1, qinv), q);
  c0 = _mm512_sub_epi16(c0, _mm512_slli_epi32(m0, 16));
  c1 = _mm512_sub_epi16(c1, _mm512_slli_epi32(m1, 16));
  return mlkem_avx512_fqmul_pre(
      _mm512_mask_blend_epi16(0xAAAAAAAAu, _mm512_srli_epi32(c0, 16), c1),
      _mm512_set1_epi16(MONT_R2), _mm512_set1_epi16(ZQ(MONT_R2)));
}

/* As mlkem_portable_basemul_acc, 64 coefficients at a time. Pair m =
 * (x0, x1) of a vector sits in 16-bit lanes (2m, 2m+1), so vpmaddwd of x
 * with (y0, y1 gamma) gives c0's products summed in 32-bit lane m, and
 * with (y1, y0) c1's; the sums over l are 32-bit additions, which wrap as
 * the portable code's do. y1 gamma = fqmul(y1, gamma 2^16) on the odd
 * lanes (basemul_gammas: an entry's even lanes hold the gammas of its
 * first vector, moved up, its odd lanes those of the second). Half of
 * each fqmul's lanes are thrown away; gathering both vectors' y1 into one
 * vector first (as the AVX2 backend does) is slower here, with byte
 * shuffles or with shifts, since 512-bit multiplies and shifts share port
 * 0 (docs/ARCHITECTURE.md, "Decisions"). */
void mlkem_avx512_basemul_acc(mlkem_poly *r, const mlkem_poly *a,
                              const mlkem_poly *b, unsigned k, unsigned from,
                              unsigned to) {
  const __mmask32 odd = 0xAAAAAAAAu;
  const int16_t *gt = opaque(basemul_gammas);
  unsigned j, l;

  for (j = from / 64; j < to / 64; j++) {
    const __m512i gv = load32(gt + 64 * j), gqv = load32(gt + 64 * j + 32);
    const __m512i gu = _mm512_slli_epi32(gv, 16);
    const __m512i gqu = _mm512_slli_epi32(gqv, 16);
    __m512i c0u = _mm512_setzero_si512(), c1u = c0u, c0v = c0u, c1v = c0u;
    for (l = 0; l < k; l++) {
      const int16_t *x = a[l].coeffs + 64 * j, *y = b[l].coeffs + 64 * j;
      __m512i xu = load32(x), xv = load32(x + 32);
      __m512i yu = load32(y), yv = load32(y + 32);
      __m512i ygu =
          _mm512_mask_blend_epi16(odd, yu, mlkem_avx512_fqmul_pre(yu, gu, gqu));
      __m512i ygv =
          _mm512_mask_blend_epi16(odd, yv, mlkem_avx512_fqmul_pre(yv, gv, gqv));
      c0u = _mm512_add_epi32(c0u, _mm512_madd_epi16(xu, ygu));
      c0v = _mm512_add_epi32(c0v, _mm512_madd_epi16(xv, ygv));
      c1u = _mm512_add_epi32(c1u,
                             _mm512_madd_epi16(xu, _mm512_rol_epi32(yu, 16)));
      c1v = _mm512_add_epi32(c1v,
                             _mm512_madd_epi16(xv, _mm512_rol_epi32(yv, 16)));
    }
    store32(r->coeffs + 64 * j, basemul_finish(c0u, c1u));
    store32(r->coeffs + 64 * j + 32, basemul_finish(c0v, c1v));
  }
}

/* As mlkem_portable_add_reduce: r = Barrett(r + a), lane by lane. */
void mlkem_avx512_add_reduce(mlkem_poly *r, const mlkem_poly *a, unsigned from,
                             unsigned to) {
  unsigned i;
  for (i = from; i < to; i += 32) {
    __m512i s = _mm512_add_epi16(load32(r->coeffs + i), load32(a->coeffs + i));
    store32(r->coeffs + i, barrett(s));
  }
}

/* As mlkem_portable_add and mlkem_portable_sub_from. */
void mlkem_avx512_add(mlkem_poly *r, const mlkem_poly *a) {
  unsigned i;
  for (i = 0; i < MLKEM_N; i += 32)
    store32(r->coeffs + i,
            _mm512_add_epi16(load32(r->coeffs + i), load32(a->coeffs + i)));
}

void mlkem_avx512_sub_from(mlkem_poly *r, const mlkem_poly *a) {
  unsigned i;
  for (i = 0; i < MLKEM_N; i += 32)
    store32(r->coeffs + i,
            _mm512_sub_epi16(load32(a->coeffs + i), load32(r->coeffs + i)));
}

#undef ENTRY
#undef ZQ
#undef ZQ_U

#endif
