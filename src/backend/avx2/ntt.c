/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ntt.c - the NTT, its inverse, the NTT-domain multiplication and
 * add_reduce for the AVX2 backend.
 *
 * Every function here computes exactly the int16 values of its portable
 * counterpart (backend/portable/ntt.c), lane by lane: the same Montgomery
 * products (high(a b) - high(t q), t = low(low(a b) q^-1)), the same lazy
 * reductions at the same points, and the same wrapping 16-bit sums. Only
 * the order in which independent lanes are computed differs. The layout is
 * the standard coefficient order, in and out.
 *
 * A polynomial is 16 vectors of 16 coefficients. Layers whose half-blocks
 * span 16 or more coefficients (len >= 16) pair whole vectors. The last
 * three forward layers (and the first three inverse ones) run on a pair of
 * vectors A = f[32p .. 32p+15], B = f[32p+16 .. 32p+31] rearranged so that
 * each butterfly again pairs lane i of one vector with lane i of another:
 *
 *   len 8:  lo = [A0-7   | B0-7  ]    hi = [A8-15  | B8-15 ]  (128-bit halves)
 *   len 4:  lo = [A0-3 A8-11 | B0-3 B8-11]
 *           hi = [A4-7 A12-15 | B4-7 B12-15]                   (64-bit groups)
 *   len 2:  lo = [A01 A89 A45 A1213 | B...]
 *           hi = [A23 A1011 A67 A1415 | B...]                  (32-bit groups)
 *
 * The zeta of each lane is then read from a per-lane table row built for
 * that arrangement; the arrangement is undone before the store.
 */
#if defined(__x86_64__) || defined(_M_X64)

#include <immintrin.h>
#include <stdint.h>

#include "backend/avx2/avx2.h"
#include "backend/avx2/arith.h"

/* ---- constant tables ---------------------------------------------------
 *
 * Each zeta appears as a row of 16 lanes followed by a row holding, in the
 * same lanes, zeta q^-1 mod 2^16 (the operand mlkem_avx2_fqmul_pre takes).
 * The zeta values are those of mlkem_zetas (backend/portable/ntt.c: zetas[i]
 * = 17^BitRev7(i) 2^16 mod q, centered); tests/test_diff_ntt.c checks
 * every table entry through the transforms, bit for bit against the
 * portable ones. */

/* z q^-1 mod 2^16 as a signed 16-bit value, as a constant expression
 * (62209 = q^-1 mod 2^16 = -3327 + 2^16). */
#define ZQ_U(z) (((uint32_t)(int32_t)(z)*62209u) & 0xFFFFu)
#define ZQ(z) \
  ((int16_t)((int32_t)ZQ_U(z) - (int32_t)((ZQ_U(z) & 0x8000u) << 1)))

#define X2(a) a, a
#define X4(a) a, a, a, a
#define X8(a) X4(a), X4(a)
#define X16(a) X8(a), X8(a)

/* One zeta for all 16 lanes. */
#define ROW1(a) X16(a), X16(ZQ(a))
/* len 8: a on lanes 0-7, b on lanes 8-15. */
#define ROWS8(a, b) X8(a), X8(b), X8(ZQ(a)), X8(ZQ(b))
/* len 4 in the arrangement above: lanes 0-3, 4-7, 8-11, 12-15 are the
 * blocks A0-7, A8-15, B0-7, B8-15. */
#define ROWS4(a, b, c, d) \
  X4(a), X4(b), X4(c), X4(d), X4(ZQ(a)), X4(ZQ(b)), X4(ZQ(c)), X4(ZQ(d))
/* len 2 in the arrangement above: lane pairs (0,1), (2,3), ... hold the
 * blocks A0-3, A8-11, A4-7, A12-15, B0-3, B8-11, B4-7, B12-15; the
 * arguments are the zetas of the blocks A0-3, A4-7, ..., B12-15 in order. */
#define ROWS2(a, b, c, d, e, f, g, h)                                   \
  X2(a), X2(c), X2(b), X2(d), X2(e), X2(g), X2(f), X2(h), X2(ZQ(a)),    \
      X2(ZQ(c)), X2(ZQ(b)), X2(ZQ(d)), X2(ZQ(e)), X2(ZQ(g)), X2(ZQ(f)), \
      X2(ZQ(h))

/* zetas[k] for k = 1 .. 15 (the layers len = 128 .. 16): rows 2(k-1)
 * (zeta) and 2(k-1)+1 (zeta q^-1). */
/* clang-format off */
static MLKEM_ALIGN const int16_t zeta_bcast[15 * 2 * 16] = {
  ROW1(-758), ROW1(-359), ROW1(-1517), ROW1(1493), ROW1(1422),
  ROW1(287), ROW1(202), ROW1(-171), ROW1(622), ROW1(1577),
  ROW1(182), ROW1(962), ROW1(-1202), ROW1(-1474), ROW1(1468),
};
/* clang-format on */

/* Forward NTT, the last three layers of pair p (coefficients 32p ..
 * 32p+31): rows 6p .. 6p+5 = len 8 (zetas[16 + 2p ..]), len 4 (zetas[32 +
 * 4p ..]), len 2 (zetas[64 + 8p ..]), each as zeta row and zeta q^-1 row. */
/* clang-format off */
static MLKEM_ALIGN const int16_t ntt_tail[8 * 6 * 16] = {
  ROWS8(573, -1325),
  ROWS4(1223, 652, -552, 1015),
  ROWS2(-1103, 430, 555, 843, -1251, 871, 1550, 105),
  ROWS8(264, 383),
  ROWS4(-1293, 1491, -282, -1544),
  ROWS2(422, 587, 177, -235, -291, -460, 1574, 1653),
  ROWS8(-829, 1458),
  ROWS4(516, -8, -320, -666),
  ROWS2(-246, 778, 1159, -147, -777, 1483, -602, 1119),
  ROWS8(-1602, -130),
  ROWS4(-1618, -1162, 126, 1469),
  ROWS2(-1590, 644, -872, 349, 418, 329, -156, -75),
  ROWS8(-681, 1017),
  ROWS4(-853, -90, -271, 830),
  ROWS2(817, 1097, 603, 610, 1322, -1285, -1465, 384),
  ROWS8(732, 608),
  ROWS4(107, -1421, -247, -951),
  ROWS2(-1215, -136, 1218, -1335, -874, 220, -1187, -1659),
  ROWS8(-1542, 411),
  ROWS4(-398, 961, -1508, -725),
  ROWS2(-1185, -1530, -1278, 794, -1510, -854, -870, 478),
  ROWS8(-205, -1571),
  ROWS4(448, -1065, 677, -1275),
  ROWS2(-108, -308, 996, 991, 958, -1460, 1522, 1628),
};
/* clang-format on */

/* Inverse NTT, the first three layers of pair p: rows 6p .. 6p+5 = len 2
 * (block m of the pair, m = 0 .. 7: zetas[127 - 8p - m]), len 4
 * (zetas[63 - 4p - m]), len 8 (zetas[31 - 2p - m]). */
/* clang-format off */
static MLKEM_ALIGN const int16_t invntt_head[8 * 6 * 16] = {
  ROWS2(1628, 1522, -1460, 958, 991, 996, -308, -108),
  ROWS4(-1275, 677, -1065, 448),
  ROWS8(-1571, -205),
  ROWS2(478, -870, -854, -1510, 794, -1278, -1530, -1185),
  ROWS4(-725, -1508, 961, -398),
  ROWS8(411, -1542),
  ROWS2(-1659, -1187, 220, -874, -1335, 1218, -136, -1215),
  ROWS4(-951, -247, -1421, 107),
  ROWS8(608, 732),
  ROWS2(384, -1465, -1285, 1322, 610, 603, 1097, 817),
  ROWS4(830, -271, -90, -853),
  ROWS8(1017, -681),
  ROWS2(-75, -156, 329, 418, 349, -872, 644, -1590),
  ROWS4(1469, 126, -1162, -1618),
  ROWS8(-130, -1602),
  ROWS2(1119, -602, 1483, -777, -147, 1159, 778, -246),
  ROWS4(-666, -320, -8, 516),
  ROWS8(1458, -829),
  ROWS2(1653, 1574, -460, -291, -235, 177, 587, 422),
  ROWS4(-1544, -282, 1491, -1293),
  ROWS8(383, 264),
  ROWS2(105, 1550, 871, -1251, 843, 555, 430, -1103),
  ROWS4(1015, -552, 652, 1223),
  ROWS8(-1325, 573),
};
/* clang-format on */

/* basemul_acc, vectors 2j and 2j+1 (pairs i = 16j .. 16j+15): the gammas
 * of the odd lanes of both, interleaved (see mlkem_avx2_basemul_acc): lane
 * 2m holds mlkem_gammas[16j + m], lane 2m+1 mlkem_gammas[16j + 8 + m].
 * Rows 2j (gamma) and 2j+1 (gamma q^-1). */
#define GROW(a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p)                  \
  a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, ZQ(a), ZQ(b), ZQ(c), ZQ(d), \
      ZQ(e), ZQ(f), ZQ(g), ZQ(h), ZQ(i), ZQ(j), ZQ(k), ZQ(l), ZQ(m), ZQ(n),   \
      ZQ(o), ZQ(p)
/* clang-format off */
static MLKEM_ALIGN const int16_t basemul_gammas[8 * 2 * 16] = {
  GROW(-1103, -1251, 1103, 1251, 430, 871, -430, -871, 555, 1550, -555, -1550,
       843, 105, -843, -105),
  GROW(422, -291, -422, 291, 587, -460, -587, 460, 177, 1574, -177, -1574,
       -235, 1653, 235, -1653),
  GROW(-246, -777, 246, 777, 778, 1483, -778, -1483, 1159, -602, -1159, 602,
       -147, 1119, 147, -1119),
  GROW(-1590, 418, 1590, -418, 644, 329, -644, -329, -872, -156, 872, 156,
       349, -75, -349, 75),
  GROW(817, 1322, -817, -1322, 1097, -1285, -1097, 1285, 603, -1465, -603,
       1465, 610, 384, -610, -384),
  GROW(-1215, -874, 1215, 874, -136, 220, 136, -220, 1218, -1187, -1218, 1187,
       -1335, -1659, 1335, 1659),
  GROW(-1185, -1510, 1185, 1510, -1530, -854, 1530, 854, -1278, -870, 1278,
       870, 794, 478, -794, -478),
  GROW(-108, 958, 108, -958, -308, -1460, 308, 1460, 996, 1522, -996, -1522,
       991, 1628, -991, -1628),
};
/* clang-format on */

/* 128^-1 2^16 mod q (the scaling of the inverse NTT) and 2^32 mod q (the
 * Montgomery factor basemul_acc removes): as in the portable backend. */
#define INVNTT_SCALE 512
#define MONT_R2 1353

#undef GROW
#undef ROWS2
#undef ROWS4
#undef ROWS8
#undef ROW1
#undef X16
#undef X8
#undef X4
#undef X2

/* ---- helpers ----------------------------------------------------------- */

/* The passes below are inlined into their callers so that their table
 * offsets become constants; GCC does not do so on its own. */
#if defined(__GNUC__) || defined(__clang__)
#define ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define ALWAYS_INLINE inline
#endif

static inline __m256i load16(const int16_t *p) {
  return _mm256_load_si256((const __m256i *)(const void *)p);
}

static inline void store16(int16_t *p, __m256i v) {
  _mm256_store_si256((__m256i *)(void *)p, v);
}

/* A compiler barrier between the passes: without it GCC interleaves two
 * inlined passes and spills registers for no gain. */
#if defined(__GNUC__) || defined(__clang__)
#define PASS_BARRIER() __asm__ volatile("" ::: "memory")
#else
#define PASS_BARRIER() ((void)0)
#endif

/* The address of a constant table, hidden from the optimizer: GCC otherwise
 * folds loads of uniform rows into constants that it then rebuilds with
 * two shuffle-port instructions each (and keeps in registers, spilling
 * others), where a load folded into the multiplication costs nothing. */
static inline const int16_t *opaque(const int16_t *p) {
#if defined(__GNUC__) || defined(__clang__)
  __asm__("" : "+r"(p));
#endif
  return p;
}

/* Row i of a constant table. */
static inline __m256i row(const int16_t *tab, unsigned i) {
  return load16(tab + 16 * i);
}

/* Cooley-Tukey butterfly as ct_butterflies: t = fqmul(zeta, b),
 * (a, b) <- (a + t, a - t). */
static inline void ct(__m256i *a, __m256i *b, __m256i z, __m256i zq) {
  __m256i t = mlkem_avx2_fqmul_pre(*b, z, zq);
  *b = _mm256_sub_epi16(*a, t);
  *a = _mm256_add_epi16(*a, t);
}

/* Gentleman-Sande butterfly as gs_butterflies:
 * (a, b) <- (a + b, fqmul(b - a, zeta)). */
static inline void gs(__m256i *a, __m256i *b, __m256i z, __m256i zq) {
  __m256i d = _mm256_sub_epi16(*b, *a);
  *a = _mm256_add_epi16(*a, *b);
  *b = mlkem_avx2_fqmul_pre(d, z, zq);
}

/* The arrangements of the pair (A, B) described at the top, and back.
 * 0x20 / 0x31 take the low / high 128-bit halves of both operands. */
static inline void to_len8(__m256i *lo, __m256i *hi, __m256i a, __m256i b) {
  *lo = _mm256_permute2x128_si256(a, b, 0x20);
  *hi = _mm256_permute2x128_si256(a, b, 0x31);
}

static inline void from_len8(__m256i *a, __m256i *b, __m256i lo, __m256i hi) {
  *a = _mm256_permute2x128_si256(lo, hi, 0x20);
  *b = _mm256_permute2x128_si256(lo, hi, 0x31);
}

/* len 8 -> len 4 (and back, which is the same operation): in each 128-bit
 * half, lo gets the first 64 bits of both, hi the second. */
static inline void swap64(__m256i *lo, __m256i *hi) {
  __m256i l = _mm256_unpacklo_epi64(*lo, *hi);
  __m256i h = _mm256_unpackhi_epi64(*lo, *hi);
  *lo = l;
  *hi = h;
}

/* len 4 -> len 2: per 128-bit half, lo = (lo.d0, lo.d2, hi.d0, hi.d2) and
 * hi = (lo.d1, lo.d3, hi.d1, hi.d3) (32-bit groups). */
static inline void to_len2(__m256i *lo, __m256i *hi) {
  __m256 l = _mm256_castsi256_ps(*lo), h = _mm256_castsi256_ps(*hi);
  *lo = _mm256_castps_si256(_mm256_shuffle_ps(l, h, 0x88));
  *hi = _mm256_castps_si256(_mm256_shuffle_ps(l, h, 0xDD));
}

/* len 2 -> len 4, the inverse of to_len2. */
static inline void from_len2(__m256i *lo, __m256i *hi) {
  __m256i l = _mm256_unpacklo_epi32(*lo, *hi);
  __m256i h = _mm256_unpackhi_epi32(*lo, *hi);
  *lo = l;
  *hi = h;
}

/* ---- forward NTT -------------------------------------------------------- */

/* Both transforms work in two passes over eight vectors each, so that
 * every step has four independent butterflies to overlap (one butterfly is
 * a chain of two multiplications and two additions). The eight vectors are
 * named v0 .. v7, or as four pairs (l0, h0) .. (l3, h3); the macros below
 * apply one step to the four pairs. */
#define ZB(k) row(zb, 2 * ((k)-1)), row(zb, 2 * ((k)-1) + 1)
#define ZT(tab, m, i) \
  row((tab) + 6 * 16 * (m), (i)), row((tab) + 6 * 16 * (m), (i) + 1)
#define PAIRS4(f) \
  f(&l0, &h0);    \
  f(&l1, &h1);    \
  f(&l2, &h2);    \
  f(&l3, &h3)
#define BFLY4(bf, tab, p0, i)           \
  bf(&l0, &h0, ZT(tab, (p0), (i)));     \
  bf(&l1, &h1, ZT(tab, (p0) + 1, (i))); \
  bf(&l2, &h2, ZT(tab, (p0) + 2, (i))); \
  bf(&l3, &h3, ZT(tab, (p0) + 3, (i)))
#define BARRETT4()             \
  l0 = mlkem_avx2_barrett(l0); \
  h0 = mlkem_avx2_barrett(h0); \
  l1 = mlkem_avx2_barrett(l1); \
  h1 = mlkem_avx2_barrett(h1); \
  l2 = mlkem_avx2_barrett(l2); \
  h2 = mlkem_avx2_barrett(h2); \
  l3 = mlkem_avx2_barrett(l3); \
  h3 = mlkem_avx2_barrett(h3)

/* Layers len = 128, 64, 32 on the vectors i, i+2, ..., i+14 (vm = vector
 * i + 2m): the pairs (m, m+4), then (m, m+2), then (m, m+1). */
static ALWAYS_INLINE void ntt_layers_128_32(int16_t *r, unsigned i) {
  const int16_t *zb = opaque(zeta_bcast);
  int16_t *s = r + 16 * i;
  __m256i v0 = load16(s), v1 = load16(s + 32), v2 = load16(s + 64);
  __m256i v3 = load16(s + 96), v4 = load16(s + 128), v5 = load16(s + 160);
  __m256i v6 = load16(s + 192), v7 = load16(s + 224);
  ct(&v0, &v4, ZB(1));
  ct(&v1, &v5, ZB(1));
  ct(&v2, &v6, ZB(1));
  ct(&v3, &v7, ZB(1));
  ct(&v0, &v2, ZB(2));
  ct(&v1, &v3, ZB(2));
  ct(&v4, &v6, ZB(3));
  ct(&v5, &v7, ZB(3));
  ct(&v0, &v1, ZB(4));
  ct(&v2, &v3, ZB(5));
  ct(&v4, &v5, ZB(6));
  ct(&v6, &v7, ZB(7));
  store16(s, v0);
  store16(s + 32, v1);
  store16(s + 64, v2);
  store16(s + 96, v3);
  store16(s + 128, v4);
  store16(s + 160, v5);
  store16(s + 192, v6);
  store16(s + 224, v7);
}

/* Layers len = 16, 8, 4, 2 on coefficients 128h .. 128h+127 (vectors
 * 8h .. 8h+7, pairs 4h .. 4h+3), in the pair arrangements described at
 * the top, then back to the standard order. */
static ALWAYS_INLINE void ntt_layers_16_2(int16_t *r, unsigned h) {
  const int16_t *zb = opaque(zeta_bcast), *zt = opaque(ntt_tail);
  int16_t *s = r + 128 * h;
  __m256i v0 = load16(s), v1 = load16(s + 16), v2 = load16(s + 32);
  __m256i v3 = load16(s + 48), v4 = load16(s + 64), v5 = load16(s + 80);
  __m256i v6 = load16(s + 96), v7 = load16(s + 112);
  __m256i l0, h0, l1, h1, l2, h2, l3, h3;
  ct(&v0, &v1, ZB(8 + 4 * h));
  ct(&v2, &v3, ZB(9 + 4 * h));
  ct(&v4, &v5, ZB(10 + 4 * h));
  ct(&v6, &v7, ZB(11 + 4 * h));
  to_len8(&l0, &h0, v0, v1);
  to_len8(&l1, &h1, v2, v3);
  to_len8(&l2, &h2, v4, v5);
  to_len8(&l3, &h3, v6, v7);
  BFLY4(ct, zt, 4 * h, 0);
  PAIRS4(swap64);
  BFLY4(ct, zt, 4 * h, 2);
  PAIRS4(to_len2);
  BFLY4(ct, zt, 4 * h, 4);
  PAIRS4(from_len2);
  PAIRS4(swap64);
  from_len8(&v0, &v1, l0, h0);
  from_len8(&v2, &v3, l1, h1);
  from_len8(&v4, &v5, l2, h2);
  from_len8(&v6, &v7, l3, h3);
  store16(s, v0);
  store16(s + 16, v1);
  store16(s + 32, v2);
  store16(s + 48, v3);
  store16(s + 64, v4);
  store16(s + 80, v5);
  store16(s + 96, v6);
  store16(s + 112, v7);
}

/* As mlkem_portable_ntt: seven layers of Cooley-Tukey butterflies without
 * reduction (output |x| < 8q). */
void mlkem_avx2_ntt(mlkem_poly *poly) {
  int16_t *r = poly->coeffs;
  ntt_layers_128_32(r, 0);
  PASS_BARRIER();
  ntt_layers_128_32(r, 1);
  PASS_BARRIER();
  ntt_layers_16_2(r, 0);
  PASS_BARRIER();
  ntt_layers_16_2(r, 1);
}

/* ---- inverse NTT -------------------------------------------------------- */

/* Layers len = 2, 4, 8, the Barrett pass and len = 16 on coefficients 128h
 * .. 128h+127 (vectors 8h .. 8h+7, pairs 4h .. 4h+3). */
static ALWAYS_INLINE void invntt_layers_2_16(int16_t *r, unsigned h) {
  const int16_t *zb = opaque(zeta_bcast), *zt = opaque(invntt_head);
  int16_t *s = r + 128 * h;
  __m256i v0 = load16(s), v1 = load16(s + 16), v2 = load16(s + 32);
  __m256i v3 = load16(s + 48), v4 = load16(s + 64), v5 = load16(s + 80);
  __m256i v6 = load16(s + 96), v7 = load16(s + 112);
  __m256i l0, h0, l1, h1, l2, h2, l3, h3;
  to_len8(&l0, &h0, v0, v1);
  to_len8(&l1, &h1, v2, v3);
  to_len8(&l2, &h2, v4, v5);
  to_len8(&l3, &h3, v6, v7);
  PAIRS4(swap64);
  PAIRS4(to_len2);
  BFLY4(gs, zt, 4 * h, 0);
  PAIRS4(from_len2);
  BFLY4(gs, zt, 4 * h, 2);
  PAIRS4(swap64);
  BFLY4(gs, zt, 4 * h, 4);
  BARRETT4();
  from_len8(&v0, &v1, l0, h0);
  from_len8(&v2, &v3, l1, h1);
  from_len8(&v4, &v5, l2, h2);
  from_len8(&v6, &v7, l3, h3);
  gs(&v0, &v1, ZB(15 - 4 * h));
  gs(&v2, &v3, ZB(14 - 4 * h));
  gs(&v4, &v5, ZB(13 - 4 * h));
  gs(&v6, &v7, ZB(12 - 4 * h));
  store16(s, v0);
  store16(s + 16, v1);
  store16(s + 32, v2);
  store16(s + 48, v3);
  store16(s + 64, v4);
  store16(s + 80, v5);
  store16(s + 96, v6);
  store16(s + 112, v7);
}

/* Layers len = 32, 64, 128 and the final scaling on the vectors i, i+2,
 * ..., i+14 (vm = vector i + 2m). */
static ALWAYS_INLINE void invntt_layers_32_128(int16_t *r, unsigned i) {
  const int16_t *zb = opaque(zeta_bcast);
  const __m256i f = _mm256_set1_epi16(INVNTT_SCALE);
  const __m256i fq = _mm256_set1_epi16(ZQ(INVNTT_SCALE));
  int16_t *s = r + 16 * i;
  __m256i v0 = load16(s), v1 = load16(s + 32), v2 = load16(s + 64);
  __m256i v3 = load16(s + 96), v4 = load16(s + 128), v5 = load16(s + 160);
  __m256i v6 = load16(s + 192), v7 = load16(s + 224);
  gs(&v0, &v1, ZB(7));
  gs(&v2, &v3, ZB(6));
  gs(&v4, &v5, ZB(5));
  gs(&v6, &v7, ZB(4));
  gs(&v0, &v2, ZB(3));
  gs(&v1, &v3, ZB(3));
  gs(&v4, &v6, ZB(2));
  gs(&v5, &v7, ZB(2));
  gs(&v0, &v4, ZB(1));
  gs(&v1, &v5, ZB(1));
  gs(&v2, &v6, ZB(1));
  gs(&v3, &v7, ZB(1));
  store16(s, mlkem_avx2_fqmul_pre(v0, f, fq));
  store16(s + 32, mlkem_avx2_fqmul_pre(v1, f, fq));
  store16(s + 64, mlkem_avx2_fqmul_pre(v2, f, fq));
  store16(s + 96, mlkem_avx2_fqmul_pre(v3, f, fq));
  store16(s + 128, mlkem_avx2_fqmul_pre(v4, f, fq));
  store16(s + 160, mlkem_avx2_fqmul_pre(v5, f, fq));
  store16(s + 192, mlkem_avx2_fqmul_pre(v6, f, fq));
  store16(s + 224, mlkem_avx2_fqmul_pre(v7, f, fq));
}

/* As mlkem_portable_invntt: three layers of Gentleman-Sande butterflies, a
 * Barrett pass, four more layers, then the Montgomery multiplication by
 * 128^-1 2^16. */
void mlkem_avx2_invntt(mlkem_poly *poly) {
  int16_t *r = poly->coeffs;
  invntt_layers_2_16(r, 0);
  PASS_BARRIER();
  invntt_layers_2_16(r, 1);
  PASS_BARRIER();
  invntt_layers_32_128(r, 0);
  PASS_BARRIER();
  invntt_layers_32_128(r, 1);
}

#undef BARRETT4
#undef BFLY4
#undef PAIRS4
#undef ZT
#undef ZB
#undef ALWAYS_INLINE
#undef PASS_BARRIER

/* ---- NTT-domain multiplication ----------------------------------------- */

/* mlkem_portable_basemul_acc's reduction of the 32-bit sums in c0 (pair
 * m's c0 in 32-bit lane m) and c1, and its final multiplication by 2^32
 * mod q, into the 16 coefficients of the eight pairs in order. */
static inline __m256i basemul_finish(__m256i c0, __m256i c1) {
  const __m256i q = _mm256_set1_epi16(MLKEM_Q);
  const __m256i qinv = _mm256_set1_epi16(-3327);
  /* high(t q), t = low(low(c) q^-1), in the low half of each 32-bit lane,
   * is moved to the high half and taken from c's high half there. */
  __m256i m0 = _mm256_mulhi_epi16(_mm256_mullo_epi16(c0, qinv), q);
  __m256i m1 = _mm256_mulhi_epi16(_mm256_mullo_epi16(c1, qinv), q);
  c0 = _mm256_sub_epi16(c0, _mm256_slli_epi32(m0, 16));
  c1 = _mm256_sub_epi16(c1, _mm256_slli_epi32(m1, 16));
  return mlkem_avx2_fqmul_pre(
      _mm256_blend_epi16(_mm256_srli_epi32(c0, 16), c1, 0xAA),
      _mm256_set1_epi16(MONT_R2), _mm256_set1_epi16(ZQ(MONT_R2)));
}

/* As mlkem_portable_basemul_acc. Pair m = (x0, x1) of a vector sits in
 * 16-bit lanes (2m, 2m+1), so vpmaddwd of x with (y0, y1 gamma) gives c0's
 * products summed in 32-bit lane m, and with (y1, y0) c1's; the sums over
 * l are 32-bit additions, which wrap as the portable code's do. y1 gamma =
 * fqmul(y1, gamma 2^16) for both vectors of a row at once: the y1 of
 * vector 2j moved down into the even lanes beside those of vector 2j+1 in
 * the odd lanes, as the gammas sit in basemul_gammas; the products then
 * go back to the odd lanes of each. */
void mlkem_avx2_basemul_acc(mlkem_poly *r, const mlkem_poly *a,
                            const mlkem_poly *b, unsigned k, unsigned from,
                            unsigned to) {
  const __m256i swap =
      _mm256_setr_epi8(2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13, 2,
                       3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13);
  unsigned j, l;

  for (j = from / 32; j < to / 32; j++) {
    const __m256i g = row(basemul_gammas, 2 * j);
    const __m256i gq = row(basemul_gammas, 2 * j + 1);
    __m256i c0u = _mm256_setzero_si256(), c1u = c0u, c0v = c0u, c1v = c0u;
    for (l = 0; l < k; l++) {
      const int16_t *x = a[l].coeffs + 32 * j, *y = b[l].coeffs + 32 * j;
      __m256i xu = load16(x), xv = load16(x + 16);
      __m256i yu = load16(y), yv = load16(y + 16);
      __m256i yg = mlkem_avx2_fqmul_pre(
          _mm256_blend_epi16(_mm256_srli_epi32(yu, 16), yv, 0xAA), g, gq);
      __m256i ygu = _mm256_blend_epi16(yu, _mm256_slli_epi32(yg, 16), 0xAA);
      __m256i ygv = _mm256_blend_epi16(yv, yg, 0xAA);
      c0u = _mm256_add_epi32(c0u, _mm256_madd_epi16(xu, ygu));
      c0v = _mm256_add_epi32(c0v, _mm256_madd_epi16(xv, ygv));
      c1u = _mm256_add_epi32(
          c1u, _mm256_madd_epi16(xu, _mm256_shuffle_epi8(yu, swap)));
      c1v = _mm256_add_epi32(
          c1v, _mm256_madd_epi16(xv, _mm256_shuffle_epi8(yv, swap)));
    }
    store16(r->coeffs + 32 * j, basemul_finish(c0u, c1u));
    store16(r->coeffs + 32 * j + 16, basemul_finish(c0v, c1v));
  }
}

/* As mlkem_portable_add_reduce: r = Barrett(r + a), lane by lane. */
void mlkem_avx2_add_reduce(mlkem_poly *r, const mlkem_poly *a, unsigned from,
                           unsigned to) {
  unsigned i;
  for (i = from; i < to; i += 16) {
    __m256i s = _mm256_add_epi16(load16(r->coeffs + i), load16(a->coeffs + i));
    store16(r->coeffs + i, mlkem_avx2_barrett(s));
  }
}

/* As mlkem_portable_add and mlkem_portable_sub_from. */
void mlkem_avx2_add(mlkem_poly *r, const mlkem_poly *a) {
  unsigned i;
  for (i = 0; i < MLKEM_N; i += 16)
    store16(r->coeffs + i,
            _mm256_add_epi16(load16(r->coeffs + i), load16(a->coeffs + i)));
}

void mlkem_avx2_sub_from(mlkem_poly *r, const mlkem_poly *a) {
  unsigned i;
  for (i = 0; i < MLKEM_N; i += 16)
    store16(r->coeffs + i,
            _mm256_sub_epi16(load16(a->coeffs + i), load16(r->coeffs + i)));
}

#undef ZQ
#undef ZQ_U

#endif
