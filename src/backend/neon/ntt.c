/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ntt.c - the NTT, its inverse, the NTT-domain multiplication and
 * add_reduce for the NEON backend.
 *
 * Every function here computes exactly the int16 values of its portable
 * counterpart (backend/portable/ntt.c), lane by lane: the same Montgomery
 * products, the same lazy reductions at the same points, and the same
 * wrapping 16-bit sums (arith.h shows why SQDMULH/SHSUB give the portable
 * products). Only the order in which independent lanes are computed
 * differs. The layout is the standard coefficient order, in and out.
 *
 * A polynomial is 32 vectors of 8 coefficients. Layers whose half-blocks
 * span 8 or more coefficients pair whole vectors; their zetas are lanes of
 * a constant vector, used by the by-element forms of MUL and SQDMULH.
 * The layers len = 4 and 2 run on a pair of vectors A = f[16p ..
 * 16p+7], B = f[16p+8 .. 16p+15] rearranged with TRN1/TRN2 so that each
 * butterfly again pairs lane i of one vector with lane i of another:
 *
 *   len 4:  lo = [A0-3 B0-3]           hi = [A4-7 B4-7]      (64-bit halves)
 *   len 2:  lo = [A01 A45 B01 B45]     hi = [A23 A67 B23 B67] (32-bit pairs)
 *
 * Both transpositions are their own inverses. In these arrangements the
 * blocks of lo appear in their natural order, so each lane's zeta row is
 * the standard zetas repeated 4 (len 4) or 2 (len 2) times.
 *
 * With 32 vector registers, each pass holds eight vectors and has four
 * independent butterflies per step.
 */
#include <arm_neon.h>
#include <stdint.h>

#include "backend/neon/arith.h"
#include "backend/neon/neon.h"

/* ---- constant tables ---------------------------------------------------
 *
 * Every row of 8 zetas is followed by the row of zeta q^-1 mod 2^16 (as
 * signed values) in the same lanes: the operand mlkem_neon_fqmul_pre takes.
 * The zetas are those of mlkem_zetas (backend/portable/ntt.c: zetas[i] =
 * 17^BitRev7(i) 2^16 mod q, centered); scripts/gen_neon_ntt_tables.py
 * writes these rows from FIPS 203 (and --check compares them with this
 * file), and tests/test_diff_ntt.c checks every entry through the
 * transforms, bit for bit against the portable ones. */

/* zetas[0 .. 7] (the layers len = 128, 64, 32, in both directions). */
/* clang-format off */
static const int16_t zeta_low[2 * 8] = {
  -1044, -758, -359, -1517, 1493, 1422, 287, 202,
  -20, 31498, 14745, 787, 13525, -12402, 28191, -16694,
};
/* clang-format on */

/* Forward NTT, block h of 64 coefficients (h = 0 .. 3), 18 rows:
 *   rows 0-1: lanes 0-1 zetas[8 + 2h ..] (len 16), lanes 2-5 zetas[16 +
 *             4h ..] (len 8);
 *   then for each pair p = 4h + m (m = 0 .. 3): len 4 (zetas[32 + 2p],
 *   zetas[33 + 2p], four lanes each) and len 2 (zetas[64 + 4p ..
 *   64 + 4p + 3], two lanes each). */
/* clang-format off */
static const int16_t ntt_blocks[4 * 18 * 8] = {
  /* h = 0 */
  -171, 622, 573, -1325, 264, 383, 0, 0,
  -20907, 27758, -5827, 17363, -26360, -29057, 0, 0,
  1223, 1223, 1223, 1223, 652, 652, 652, 652,
  -5689, -5689, -5689, -5689, -6516, -6516, -6516, -6516,
  -1103, -1103, 430, 430, 555, 555, 843, 843,
  -335, -335, 11182, 11182, -11477, -11477, 13387, 13387,
  -552, -552, -552, -552, 1015, 1015, 1015, 1015,
  1496, 1496, 1496, 1496, 30967, 30967, 30967, 30967,
  -1251, -1251, 871, 871, 1550, 1550, 105, 105,
  -32227, -32227, -14233, -14233, 20494, 20494, -21655, -21655,
  -1293, -1293, -1293, -1293, 1491, 1491, 1491, 1491,
  -23565, -23565, -23565, -23565, 20179, 20179, 20179, 20179,
  422, 422, 587, 587, 177, 177, -235, -235,
  -27738, -27738, 13131, 13131, 945, 945, -4587, -4587,
  -282, -282, -282, -282, -1544, -1544, -1544, -1544,
  20710, 20710, 20710, 20710, 25080, 25080, 25080, 25080,
  -291, -291, -460, -460, 1574, 1574, 1653, 1653,
  -14883, -14883, 23092, 23092, 6182, 6182, 5493, 5493,
  /* h = 1 */
  1577, 182, -829, 1458, -1602, -130, 0, 0,
  -3799, -15690, 5571, -1102, 21438, -26242, 0, 0,
  516, 516, 516, 516, -8, -8, -8, -8,
  -12796, -12796, -12796, -12796, 26616, 26616, 26616, 26616,
  -246, -246, 778, 778, 1159, 1159, -147, -147,
  32010, 32010, -32502, -32502, 10631, 10631, 30317, 30317,
  -320, -320, -320, -320, -666, -666, -666, -666,
  16064, 16064, 16064, 16064, -12442, -12442, -12442, -12442,
  -777, -777, 1483, 1483, -602, -602, 1119, 1119,
  29175, 29175, -18741, -18741, -28762, -28762, 12639, 12639,
  -1618, -1618, -1618, -1618, -1162, -1162, -1162, -1162,
  9134, 9134, 9134, 9134, -650, -650, -650, -650,
  -1590, -1590, 644, 644, -872, -872, 349, 349,
  -18486, -18486, 20100, 20100, 17560, 17560, 18525, 18525,
  126, 126, 126, 126, 1469, 1469, 1469, 1469,
  -25986, -25986, -25986, -25986, 27837, 27837, 27837, 27837,
  418, 418, 329, 329, -156, -156, -75, -75,
  -14430, -14430, 19529, 19529, -5276, -5276, -12619, -12619,
  /* h = 2 */
  962, -1202, -681, 1017, 732, 608, 0, 0,
  10690, 1358, -28073, 24313, -10532, 8800, 0, 0,
  -853, -853, -853, -853, -90, -90, -90, -90,
  19883, 19883, 19883, 19883, -28250, -28250, -28250, -28250,
  817, 817, 1097, 1097, 603, 603, 610, 610,
  -31183, -31183, 20297, 20297, 25435, 25435, 2146, 2146,
  -271, -271, -271, -271, 830, 830, 830, 830,
  -15887, -15887, -15887, -15887, -8898, -8898, -8898, -8898,
  1322, 1322, -1285, -1285, -1465, -1465, 384, 384,
  -7382, -7382, 15355, 15355, 24391, 24391, -32384, -32384,
  107, 107, 107, 107, -1421, -1421, -1421, -1421,
  -28309, -28309, -28309, -28309, 9075, 9075, 9075, 9075,
  -1215, -1215, -136, -136, 1218, 1218, -1335, -1335,
  -20927, -20927, -6280, -6280, 10946, 10946, -14903, -14903,
  -247, -247, -247, -247, -951, -951, -951, -951,
  -30199, -30199, -30199, -30199, 18249, 18249, 18249, 18249,
  -874, -874, 220, 220, -1187, -1187, -1659, -1659,
  24214, 24214, -11044, -11044, 16989, 16989, 14469, 14469,
  /* h = 3 */
  -1474, 1468, -1542, 411, -205, -1571, 0, 0,
  -11202, 31164, 18426, 8859, 26675, -16163, 0, 0,
  -398, -398, -398, -398, 961, 961, 961, 961,
  13426, 13426, 13426, 13426, 14017, 14017, 14017, 14017,
  -1185, -1185, -1530, -1530, -1278, -1278, 794, 794,
  10335, 10335, -21498, -21498, -7934, -7934, -20198, -20198,
  -1508, -1508, -1508, -1508, -725, -725, -725, -725,
  -29156, -29156, -29156, -29156, -12757, -12757, -12757, -12757,
  -1510, -1510, -854, -854, -870, -870, 478, 478,
  -22502, -22502, 23210, 23210, 10906, 10906, -17442, -17442,
  448, 448, 448, 448, -1065, -1065, -1065, -1065,
  16832, 16832, 16832, 16832, 4311, 4311, 4311, 4311,
  -108, -108, -308, -308, 996, 996, 991, 991,
  31636, 31636, -23860, -23860, 28644, 28644, -20257, -20257,
  677, 677, 677, 677, -1275, -1275, -1275, -1275,
  -24155, -24155, -24155, -24155, -17915, -17915, -17915, -17915,
  958, 958, -1460, -1460, 1522, 1522, 1628, 1628,
  23998, 23998, 7756, 7756, -17422, -17422, 23132, 23132,
};
/* clang-format on */

/* Inverse NTT, block h, 18 rows:
 *   rows 0-1: lanes 0-3 zetas[31 - 4h - m] (len 8), lanes 4-5
 *             zetas[15 - 2h - m] (len 16);
 *   then for each pair p = 4h + m: len 2 (zetas[127 - 4p - m'], two lanes
 *   each) and len 4 (zetas[63 - 2p - m'], four lanes each). */
/* clang-format off */
static const int16_t invntt_blocks[4 * 18 * 8] = {
  /* h = 0 */
  -1571, -205, 411, -1542, 1468, -1474, 0, 0,
  -16163, 26675, 8859, 18426, 31164, -11202, 0, 0,
  1628, 1628, 1522, 1522, -1460, -1460, 958, 958,
  23132, 23132, -17422, -17422, 7756, 7756, 23998, 23998,
  -1275, -1275, -1275, -1275, 677, 677, 677, 677,
  -17915, -17915, -17915, -17915, -24155, -24155, -24155, -24155,
  991, 991, 996, 996, -308, -308, -108, -108,
  -20257, -20257, 28644, 28644, -23860, -23860, 31636, 31636,
  -1065, -1065, -1065, -1065, 448, 448, 448, 448,
  4311, 4311, 4311, 4311, 16832, 16832, 16832, 16832,
  478, 478, -870, -870, -854, -854, -1510, -1510,
  -17442, -17442, 10906, 10906, 23210, 23210, -22502, -22502,
  -725, -725, -725, -725, -1508, -1508, -1508, -1508,
  -12757, -12757, -12757, -12757, -29156, -29156, -29156, -29156,
  794, 794, -1278, -1278, -1530, -1530, -1185, -1185,
  -20198, -20198, -7934, -7934, -21498, -21498, 10335, 10335,
  961, 961, 961, 961, -398, -398, -398, -398,
  14017, 14017, 14017, 14017, 13426, 13426, 13426, 13426,
  /* h = 1 */
  608, 732, 1017, -681, -1202, 962, 0, 0,
  8800, -10532, 24313, -28073, 1358, 10690, 0, 0,
  -1659, -1659, -1187, -1187, 220, 220, -874, -874,
  14469, 14469, 16989, 16989, -11044, -11044, 24214, 24214,
  -951, -951, -951, -951, -247, -247, -247, -247,
  18249, 18249, 18249, 18249, -30199, -30199, -30199, -30199,
  -1335, -1335, 1218, 1218, -136, -136, -1215, -1215,
  -14903, -14903, 10946, 10946, -6280, -6280, -20927, -20927,
  -1421, -1421, -1421, -1421, 107, 107, 107, 107,
  9075, 9075, 9075, 9075, -28309, -28309, -28309, -28309,
  384, 384, -1465, -1465, -1285, -1285, 1322, 1322,
  -32384, -32384, 24391, 24391, 15355, 15355, -7382, -7382,
  830, 830, 830, 830, -271, -271, -271, -271,
  -8898, -8898, -8898, -8898, -15887, -15887, -15887, -15887,
  610, 610, 603, 603, 1097, 1097, 817, 817,
  2146, 2146, 25435, 25435, 20297, 20297, -31183, -31183,
  -90, -90, -90, -90, -853, -853, -853, -853,
  -28250, -28250, -28250, -28250, 19883, 19883, 19883, 19883,
  /* h = 2 */
  -130, -1602, 1458, -829, 182, 1577, 0, 0,
  -26242, 21438, -1102, 5571, -15690, -3799, 0, 0,
  -75, -75, -156, -156, 329, 329, 418, 418,
  -12619, -12619, -5276, -5276, 19529, 19529, -14430, -14430,
  1469, 1469, 1469, 1469, 126, 126, 126, 126,
  27837, 27837, 27837, 27837, -25986, -25986, -25986, -25986,
  349, 349, -872, -872, 644, 644, -1590, -1590,
  18525, 18525, 17560, 17560, 20100, 20100, -18486, -18486,
  -1162, -1162, -1162, -1162, -1618, -1618, -1618, -1618,
  -650, -650, -650, -650, 9134, 9134, 9134, 9134,
  1119, 1119, -602, -602, 1483, 1483, -777, -777,
  12639, 12639, -28762, -28762, -18741, -18741, 29175, 29175,
  -666, -666, -666, -666, -320, -320, -320, -320,
  -12442, -12442, -12442, -12442, 16064, 16064, 16064, 16064,
  -147, -147, 1159, 1159, 778, 778, -246, -246,
  30317, 30317, 10631, 10631, -32502, -32502, 32010, 32010,
  -8, -8, -8, -8, 516, 516, 516, 516,
  26616, 26616, 26616, 26616, -12796, -12796, -12796, -12796,
  /* h = 3 */
  383, 264, -1325, 573, 622, -171, 0, 0,
  -29057, -26360, 17363, -5827, 27758, -20907, 0, 0,
  1653, 1653, 1574, 1574, -460, -460, -291, -291,
  5493, 5493, 6182, 6182, 23092, 23092, -14883, -14883,
  -1544, -1544, -1544, -1544, -282, -282, -282, -282,
  25080, 25080, 25080, 25080, 20710, 20710, 20710, 20710,
  -235, -235, 177, 177, 587, 587, 422, 422,
  -4587, -4587, 945, 945, 13131, 13131, -27738, -27738,
  1491, 1491, 1491, 1491, -1293, -1293, -1293, -1293,
  20179, 20179, 20179, 20179, -23565, -23565, -23565, -23565,
  105, 105, 1550, 1550, 871, 871, -1251, -1251,
  -21655, -21655, 20494, 20494, -14233, -14233, -32227, -32227,
  1015, 1015, 1015, 1015, -552, -552, -552, -552,
  30967, 30967, 30967, 30967, 1496, 1496, 1496, 1496,
  843, 843, 555, 555, 430, 430, -1103, -1103,
  13387, 13387, -11477, -11477, 11182, 11182, -335, -335,
  652, 652, 652, 652, 1223, 1223, 1223, 1223,
  -6516, -6516, -6516, -6516, -5689, -5689, -5689, -5689,
};
/* clang-format on */

/* basemul_acc: mlkem_gammas[8j .. 8j+7] and their q^-1 rows, j = 0 .. 15. */
/* clang-format off */
static const int16_t basemul_gammas[16 * 2 * 8] = {
  -1103, 1103, 430, -430, 555, -555, 843, -843,
  -335, 335, 11182, -11182, -11477, 11477, 13387, -13387,
  -1251, 1251, 871, -871, 1550, -1550, 105, -105,
  -32227, 32227, -14233, 14233, 20494, -20494, -21655, 21655,
  422, -422, 587, -587, 177, -177, -235, 235,
  -27738, 27738, 13131, -13131, 945, -945, -4587, 4587,
  -291, 291, -460, 460, 1574, -1574, 1653, -1653,
  -14883, 14883, 23092, -23092, 6182, -6182, 5493, -5493,
  -246, 246, 778, -778, 1159, -1159, -147, 147,
  32010, -32010, -32502, 32502, 10631, -10631, 30317, -30317,
  -777, 777, 1483, -1483, -602, 602, 1119, -1119,
  29175, -29175, -18741, 18741, -28762, 28762, 12639, -12639,
  -1590, 1590, 644, -644, -872, 872, 349, -349,
  -18486, 18486, 20100, -20100, 17560, -17560, 18525, -18525,
  418, -418, 329, -329, -156, 156, -75, 75,
  -14430, 14430, 19529, -19529, -5276, 5276, -12619, 12619,
  817, -817, 1097, -1097, 603, -603, 610, -610,
  -31183, 31183, 20297, -20297, 25435, -25435, 2146, -2146,
  1322, -1322, -1285, 1285, -1465, 1465, 384, -384,
  -7382, 7382, 15355, -15355, 24391, -24391, -32384, 32384,
  -1215, 1215, -136, 136, 1218, -1218, -1335, 1335,
  -20927, 20927, -6280, 6280, 10946, -10946, -14903, 14903,
  -874, 874, 220, -220, -1187, 1187, -1659, 1659,
  24214, -24214, -11044, 11044, 16989, -16989, 14469, -14469,
  -1185, 1185, -1530, 1530, -1278, 1278, 794, -794,
  10335, -10335, -21498, 21498, -7934, 7934, -20198, 20198,
  -1510, 1510, -854, 854, -870, 870, 478, -478,
  -22502, 22502, 23210, -23210, 10906, -10906, -17442, 17442,
  -108, 108, -308, 308, 996, -996, 991, -991,
  31636, -31636, -23860, 23860, 28644, -28644, -20257, 20257,
  958, -958, -1460, 1460, 1522, -1522, 1628, -1628,
  23998, -23998, 7756, -7756, -17422, 17422, 23132, -23132,
};
/* clang-format on */

/* 128^-1 2^16 mod q (the scaling of the inverse NTT) and 2^32 mod q (the
 * Montgomery factor basemul_acc removes), each with its q^-1 multiple: as
 * in the portable backend. */
#define INVNTT_SCALE 512
#define INVNTT_SCALE_QINV 512
#define MONT_R2 1353
#define MONT_R2_QINV 20553

/* ---- butterflies --------------------------------------------------------- */

static inline int16x8_t row(const int16_t *tab, unsigned i) {
  return vld1q_s16(tab + 8 * i);
}

/* The eight vectors a pass works on: coefficients s + stride m, m = 0..7. */
static inline void load8(int16x8_t v[8], const int16_t *s, unsigned stride) {
  unsigned m;
  for (m = 0; m < 8; m++) v[m] = vld1q_s16(s + stride * m);
}

static inline void store8(int16_t *s, unsigned stride, const int16x8_t v[8]) {
  unsigned m;
  for (m = 0; m < 8; m++) vst1q_s16(s + stride * m, v[m]);
}

/* fqmul by lane i of the zeta vector z (zq: its q^-1 row). A macro: the
 * lane must be a constant. */
#define FQMUL_LANE(b, z, zq, i)          \
  vhsubq_s16(                            \
      vqdmulhq_laneq_s16((b), (z), (i)), \
      vqdmulhq_s16(vmulq_laneq_s16((b), (zq), (i)), vdupq_n_s16(MLKEM_Q)))

/* Cooley-Tukey butterfly as ct_butterflies: t = fqmul(zeta, b),
 * (a, b) <- (a + t, a - t). */
#define CT_LANE(a, b, z, zq, i)             \
  do {                                      \
    int16x8_t t_ = FQMUL_LANE(b, z, zq, i); \
    (b) = vsubq_s16((a), t_);               \
    (a) = vaddq_s16((a), t_);               \
  } while (0)

/* Gentleman-Sande butterfly as gs_butterflies:
 * (a, b) <- (a + b, fqmul(b - a, zeta)). */
#define GS_LANE(a, b, z, zq, i)         \
  do {                                  \
    int16x8_t d_ = vsubq_s16((b), (a)); \
    (a) = vaddq_s16((a), (b));          \
    (b) = FQMUL_LANE(d_, z, zq, i);     \
  } while (0)

/* The same with a zeta per lane. */
static inline void ct(int16x8_t *a, int16x8_t *b, int16x8_t z, int16x8_t zq) {
  int16x8_t t = mlkem_neon_fqmul_pre(*b, z, zq);
  *b = vsubq_s16(*a, t);
  *a = vaddq_s16(*a, t);
}

static inline void gs(int16x8_t *a, int16x8_t *b, int16x8_t z, int16x8_t zq) {
  int16x8_t d = vsubq_s16(*b, *a);
  *a = vaddq_s16(*a, *b);
  *b = mlkem_neon_fqmul_pre(d, z, zq);
}

/* The arrangements at the top of the file (each its own inverse). */
static inline void trn64(int16x8_t *lo, int16x8_t *hi) {
  int64x2_t l = vreinterpretq_s64_s16(*lo), h = vreinterpretq_s64_s16(*hi);
  *lo = vreinterpretq_s16_s64(vtrn1q_s64(l, h));
  *hi = vreinterpretq_s16_s64(vtrn2q_s64(l, h));
}

static inline void trn32(int16x8_t *lo, int16x8_t *hi) {
  int32x4_t l = vreinterpretq_s32_s16(*lo), h = vreinterpretq_s32_s16(*hi);
  *lo = vreinterpretq_s16_s32(vtrn1q_s32(l, h));
  *hi = vreinterpretq_s16_s32(vtrn2q_s32(l, h));
}

/* ---- forward NTT -------------------------------------------------------- */

/* Layers len = 128, 64, 32 on the vectors i, i+4, ..., i+28 (vm = vector
 * i + 4m): the pairs (m, m+4), then (m, m+2), then (m, m+1). */
static void ntt_layers_128_32(int16_t *r, unsigned i) {
  const int16x8_t z = row(zeta_low, 0), zq = row(zeta_low, 1);
  int16_t *s = r + 8 * i;
  int16x8_t v[8];
  load8(v, s, 32);
  CT_LANE(v[0], v[4], z, zq, 1);
  CT_LANE(v[1], v[5], z, zq, 1);
  CT_LANE(v[2], v[6], z, zq, 1);
  CT_LANE(v[3], v[7], z, zq, 1);
  CT_LANE(v[0], v[2], z, zq, 2);
  CT_LANE(v[1], v[3], z, zq, 2);
  CT_LANE(v[4], v[6], z, zq, 3);
  CT_LANE(v[5], v[7], z, zq, 3);
  CT_LANE(v[0], v[1], z, zq, 4);
  CT_LANE(v[2], v[3], z, zq, 5);
  CT_LANE(v[4], v[5], z, zq, 6);
  CT_LANE(v[6], v[7], z, zq, 7);
  store8(s, 32, v);
}

/* Layers len = 4 and 2 on the pair (a, b), with the four rows of the pair
 * in t. */
static inline void ntt_pair_4_2(int16x8_t *a, int16x8_t *b, const int16_t *t) {
  trn64(a, b);
  ct(a, b, row(t, 0), row(t, 1));
  trn32(a, b);
  ct(a, b, row(t, 2), row(t, 3));
  trn32(a, b);
  trn64(a, b);
}

/* Layers len = 16 .. 2 on coefficients 64h .. 64h+63 (vectors 8h ..
 * 8h+7). */
static void ntt_layers_16_2(int16_t *r, unsigned h) {
  const int16_t *t = ntt_blocks + 18 * 8 * h;
  const int16x8_t z = row(t, 0), zq = row(t, 1);
  int16_t *s = r + 64 * h;
  int16x8_t v[8];
  load8(v, s, 8);
  CT_LANE(v[0], v[2], z, zq, 0);
  CT_LANE(v[1], v[3], z, zq, 0);
  CT_LANE(v[4], v[6], z, zq, 1);
  CT_LANE(v[5], v[7], z, zq, 1);
  CT_LANE(v[0], v[1], z, zq, 2);
  CT_LANE(v[2], v[3], z, zq, 3);
  CT_LANE(v[4], v[5], z, zq, 4);
  CT_LANE(v[6], v[7], z, zq, 5);
  ntt_pair_4_2(&v[0], &v[1], t + 2 * 8);
  ntt_pair_4_2(&v[2], &v[3], t + 6 * 8);
  ntt_pair_4_2(&v[4], &v[5], t + 10 * 8);
  ntt_pair_4_2(&v[6], &v[7], t + 14 * 8);
  store8(s, 8, v);
}

/* As mlkem_portable_ntt: seven layers of Cooley-Tukey butterflies without
 * reduction (output |x| < 8q). */
void mlkem_neon_ntt(mlkem_poly *poly) {
  int16_t *r = poly->coeffs;
  unsigned i;
  for (i = 0; i < 4; i++) ntt_layers_128_32(r, i);
  for (i = 0; i < 4; i++) ntt_layers_16_2(r, i);
}

/* ---- inverse NTT -------------------------------------------------------- */

/* Layers len = 2 and 4 on the pair (a, b), with the four rows of the pair
 * in t. */
static inline void invntt_pair_2_4(int16x8_t *a, int16x8_t *b,
                                   const int16_t *t) {
  trn64(a, b);
  trn32(a, b);
  gs(a, b, row(t, 0), row(t, 1));
  trn32(a, b);
  gs(a, b, row(t, 2), row(t, 3));
  trn64(a, b);
}

/* Layers len = 2, 4, 8, the Barrett pass and len = 16 on coefficients
 * 64h .. 64h+63 (vectors 8h .. 8h+7). */
static void invntt_layers_2_16(int16_t *r, unsigned h) {
  const int16_t *t = invntt_blocks + 18 * 8 * h;
  const int16x8_t z = row(t, 0), zq = row(t, 1);
  int16_t *s = r + 64 * h;
  int16x8_t v[8];
  load8(v, s, 8);
  invntt_pair_2_4(&v[0], &v[1], t + 2 * 8);
  invntt_pair_2_4(&v[2], &v[3], t + 6 * 8);
  invntt_pair_2_4(&v[4], &v[5], t + 10 * 8);
  invntt_pair_2_4(&v[6], &v[7], t + 14 * 8);
  GS_LANE(v[0], v[1], z, zq, 0);
  GS_LANE(v[2], v[3], z, zq, 1);
  GS_LANE(v[4], v[5], z, zq, 2);
  GS_LANE(v[6], v[7], z, zq, 3);
  v[0] = mlkem_neon_barrett(v[0]);
  v[1] = mlkem_neon_barrett(v[1]);
  v[2] = mlkem_neon_barrett(v[2]);
  v[3] = mlkem_neon_barrett(v[3]);
  v[4] = mlkem_neon_barrett(v[4]);
  v[5] = mlkem_neon_barrett(v[5]);
  v[6] = mlkem_neon_barrett(v[6]);
  v[7] = mlkem_neon_barrett(v[7]);
  GS_LANE(v[0], v[2], z, zq, 4);
  GS_LANE(v[1], v[3], z, zq, 4);
  GS_LANE(v[4], v[6], z, zq, 5);
  GS_LANE(v[5], v[7], z, zq, 5);
  store8(s, 8, v);
}

/* Layers len = 32, 64, 128 and the final scaling on the vectors i, i+4,
 * ..., i+28 (vm = vector i + 4m). */
static void invntt_layers_32_128(int16_t *r, unsigned i) {
  const int16x8_t z = row(zeta_low, 0), zq = row(zeta_low, 1);
  const int16x8_t f = vdupq_n_s16(INVNTT_SCALE);
  const int16x8_t fq = vdupq_n_s16(INVNTT_SCALE_QINV);
  int16_t *s = r + 8 * i;
  int16x8_t v[8];
  unsigned m;
  load8(v, s, 32);
  GS_LANE(v[0], v[1], z, zq, 7);
  GS_LANE(v[2], v[3], z, zq, 6);
  GS_LANE(v[4], v[5], z, zq, 5);
  GS_LANE(v[6], v[7], z, zq, 4);
  GS_LANE(v[0], v[2], z, zq, 3);
  GS_LANE(v[1], v[3], z, zq, 3);
  GS_LANE(v[4], v[6], z, zq, 2);
  GS_LANE(v[5], v[7], z, zq, 2);
  GS_LANE(v[0], v[4], z, zq, 1);
  GS_LANE(v[1], v[5], z, zq, 1);
  GS_LANE(v[2], v[6], z, zq, 1);
  GS_LANE(v[3], v[7], z, zq, 1);
  for (m = 0; m < 8; m++) v[m] = mlkem_neon_fqmul_pre(v[m], f, fq);
  store8(s, 32, v);
}

/* As mlkem_portable_invntt: three layers of Gentleman-Sande butterflies, a
 * Barrett pass, four more layers, then the Montgomery multiplication by
 * 128^-1 2^16. */
void mlkem_neon_invntt(mlkem_poly *poly) {
  int16_t *r = poly->coeffs;
  unsigned i;
  for (i = 0; i < 4; i++) invntt_layers_2_16(r, i);
  for (i = 0; i < 4; i++) invntt_layers_32_128(r, i);
}

#undef GS_LANE
#undef CT_LANE
#undef FQMUL_LANE

/* ---- NTT-domain multiplication ----------------------------------------- */

/* mlkem_portable_basemul_acc's reduction of eight 32-bit sums (lo: pairs
 * 0-3, hi: pairs 4-7): (high half of c) - high(t q), t = low(low(c)
 * q^-1), mod 2^16, then the multiplication by 2^32 mod q. */
static inline int16x8_t basemul_finish(int32x4_t lo, int32x4_t hi) {
  const int16x8_t qinv = vdupq_n_s16(MLKEM_NEON_QINV);
  const int16x4_t q = vdup_n_s16(MLKEM_Q);
  int16x8_t cl =
      vuzp1q_s16(vreinterpretq_s16_s32(lo), vreinterpretq_s16_s32(hi));
  int16x8_t ch =
      vuzp2q_s16(vreinterpretq_s16_s32(lo), vreinterpretq_s16_s32(hi));
  int16x8_t t = vmulq_s16(cl, qinv);
  int32x4_t tql = vmull_s16(vget_low_s16(t), q);
  int32x4_t tqh = vmull_s16(vget_high_s16(t), q);
  int16x8_t htq =
      vuzp2q_s16(vreinterpretq_s16_s32(tql), vreinterpretq_s16_s32(tqh));
  return mlkem_neon_fqmul_pre(vsubq_s16(ch, htq), vdupq_n_s16(MONT_R2),
                              vdupq_n_s16(MONT_R2_QINV));
}

/* As mlkem_portable_basemul_acc. LD2 splits 16 coefficients into the
 * eight pairs' first (x0) and second (x1) elements, so each lane holds one
 * pair i; the widening multiply-accumulates form the 32-bit sums
 *   c0 = sum_l x0 y0 + x1 (y1 gamma),  c1 = sum_l x0 y1 + x1 y0
 * (mod 2^32, as in the portable code), y1 gamma = fqmul(y1, gamma 2^16),
 * and ST2 puts the pairs back. */
void mlkem_neon_basemul_acc(mlkem_poly *r, const mlkem_poly *a,
                            const mlkem_poly *b, unsigned k, unsigned from,
                            unsigned to) {
  unsigned j, l;
  for (j = from / 16; j < to / 16; j++) {
    int32x4_t c0l = vdupq_n_s32(0), c0h = c0l, c1l = c0l, c1h = c0l;
    int16x8_t g = row(basemul_gammas, 2 * j);
    int16x8_t gq = row(basemul_gammas, 2 * j + 1);
    int16x8x2_t out;
    for (l = 0; l < k; l++) {
      int16x8x2_t x = vld2q_s16(a[l].coeffs + 16 * j);
      int16x8x2_t y = vld2q_s16(b[l].coeffs + 16 * j);
      int16x8_t y1g = mlkem_neon_fqmul_pre(y.val[1], g, gq);
      c0l = vmlal_s16(c0l, vget_low_s16(x.val[0]), vget_low_s16(y.val[0]));
      c0l = vmlal_s16(c0l, vget_low_s16(x.val[1]), vget_low_s16(y1g));
      c0h = vmlal_high_s16(c0h, x.val[0], y.val[0]);
      c0h = vmlal_high_s16(c0h, x.val[1], y1g);
      c1l = vmlal_s16(c1l, vget_low_s16(x.val[0]), vget_low_s16(y.val[1]));
      c1l = vmlal_s16(c1l, vget_low_s16(x.val[1]), vget_low_s16(y.val[0]));
      c1h = vmlal_high_s16(c1h, x.val[0], y.val[1]);
      c1h = vmlal_high_s16(c1h, x.val[1], y.val[0]);
    }
    out.val[0] = basemul_finish(c0l, c0h);
    out.val[1] = basemul_finish(c1l, c1h);
    vst2q_s16(r->coeffs + 16 * j, out);
  }
}

/* As mlkem_portable_add_reduce: r = Barrett(r + a), lane by lane. */
void mlkem_neon_add_reduce(mlkem_poly *r, const mlkem_poly *a, unsigned from,
                           unsigned to) {
  unsigned i;
  for (i = from; i < to; i += 8) {
    int16x8_t s = vaddq_s16(vld1q_s16(r->coeffs + i), vld1q_s16(a->coeffs + i));
    vst1q_s16(r->coeffs + i, mlkem_neon_barrett(s));
  }
}

/* As mlkem_portable_add and mlkem_portable_sub_from. */
void mlkem_neon_add(mlkem_poly *r, const mlkem_poly *a) {
  unsigned i;
  for (i = 0; i < MLKEM_N; i += 8)
    vst1q_s16(r->coeffs + i,
              vaddq_s16(vld1q_s16(r->coeffs + i), vld1q_s16(a->coeffs + i)));
}

void mlkem_neon_sub_from(mlkem_poly *r, const mlkem_poly *a) {
  unsigned i;
  for (i = 0; i < MLKEM_N; i += 8)
    vst1q_s16(r->coeffs + i,
              vsubq_s16(vld1q_s16(a->coeffs + i), vld1q_s16(r->coeffs + i)));
}
