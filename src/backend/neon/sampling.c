/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * sampling.c - SamplePolyCBD (@spec{FIPS203, Alg. 8}) and the rejection step
 * of SampleNTT (@spec{FIPS203, Alg. 7}), for the NEON backend. Both give
 * exactly the coefficients of their portable counterparts
 * (backend/portable/sampling.c); tests/test_diff_serialize.c compares them.
 */
#include <arm_neon.h>

#include "backend/neon/neon.h"
#include "backend/portable/portable.h"

/* ---- SamplePolyCBD ------------------------------------------------------- */

/* eta = 2: each byte gives two coefficients, (b0 + b1) - (b2 + b3) from
 * its low and its high nibble. The bit-pair sums of all 16 bytes of a
 * vector come from one masked addition, as in the portable code; ST2 puts
 * each byte's two coefficients next to each other. No secret decides a
 * branch or an address. */
static void cbd2(mlkem_poly *r, const uint8_t buf[128]) {
  const uint8x16_t m55 = vdupq_n_u8(0x55), m3 = vdupq_n_u8(3);
  unsigned i;
  for (i = 0; i < 8; i++) {
    uint8x16_t b = vld1q_u8(buf + 16 * i);
    uint8x16_t s = vaddq_u8(vandq_u8(b, m55), vandq_u8(vshrq_n_u8(b, 1), m55));
    int8x16_t lo = vreinterpretq_s8_u8(
        vsubq_u8(vandq_u8(s, m3), vandq_u8(vshrq_n_u8(s, 2), m3)));
    int8x16_t hi = vreinterpretq_s8_u8(
        vsubq_u8(vandq_u8(vshrq_n_u8(s, 4), m3), vshrq_n_u8(s, 6)));
    int16x8x2_t c;
    c.val[0] = vmovl_s8(vget_low_s8(lo));
    c.val[1] = vmovl_s8(vget_low_s8(hi));
    vst2q_s16(r->coeffs + 32 * i, c);
    c.val[0] = vmovl_high_s8(lo);
    c.val[1] = vmovl_high_s8(hi);
    vst2q_s16(r->coeffs + 32 * i + 16, c);
  }
}

/* The coefficient of a 6-bit field f: popcount of its low three bits minus
 * that of its high three; the masked sums put both counts in place
 * (bits 0-2 and 3-5 of s). */
static inline int8x16_t cbd3_coeff(uint8x16_t f) {
  const uint8x16_t m9 = vdupq_n_u8(9);
  uint8x16_t s = vaddq_u8(vandq_u8(f, m9), vandq_u8(vshrq_n_u8(f, 1), m9));
  s = vaddq_u8(s, vandq_u8(vshrq_n_u8(f, 2), m9));
  return vreinterpretq_s8_u8(
      vsubq_u8(vandq_u8(s, vdupq_n_u8(7)), vshrq_n_u8(s, 3)));
}

/* eta = 3: each group of three bytes gives four coefficients of six bits
 * each. LD3 splits 16 groups into their first, second and third bytes,
 * from which the four 6-bit fields are cut; ST4 interleaves the four
 * coefficients of each group again. */
static void cbd3(mlkem_poly *r, const uint8_t buf[192]) {
  unsigned i, h;
  for (i = 0; i < 4; i++) {
    uint8x16x3_t b = vld3q_u8(buf + 48 * i);
    uint8x16_t f[4];
    int8x16_t c[4];
    f[0] = vandq_u8(b.val[0], vdupq_n_u8(63));
    f[1] = vorrq_u8(vshrq_n_u8(b.val[0], 6),
                    vshlq_n_u8(vandq_u8(b.val[1], vdupq_n_u8(15)), 2));
    f[2] = vorrq_u8(vshrq_n_u8(b.val[1], 4),
                    vshlq_n_u8(vandq_u8(b.val[2], vdupq_n_u8(3)), 4));
    f[3] = vshrq_n_u8(b.val[2], 2);
    for (h = 0; h < 4; h++) c[h] = cbd3_coeff(f[h]);
    {
      int16x8x4_t lo, hi;
      for (h = 0; h < 4; h++) {
        lo.val[h] = vmovl_s8(vget_low_s8(c[h]));
        hi.val[h] = vmovl_high_s8(c[h]);
      }
      vst4q_s16(r->coeffs + 64 * i, lo);
      vst4q_s16(r->coeffs + 64 * i + 32, hi);
    }
  }
}

void mlkem_neon_cbd(mlkem_poly *r, const uint8_t *buf, unsigned eta) {
  if (eta == 2)
    cbd2(r, buf);
  else
    cbd3(r, buf);
}

/* ---- rejection sampling -------------------------------------------------- */

/* Compaction of four 16-bit lanes: entry m lists, in order, the bytes of
 * the lanes i whose bit i of m is set (2i, 2i+1), then zeros (don't-care:
 * rej_uniform's scratch). */
/* clang-format off */
static const uint8_t rej_compact4[16][8] = {
  {0, 0, 0, 0, 0, 0, 0, 0}, /* 0000 */
  {0, 1, 0, 0, 0, 0, 0, 0}, /* 0001 */
  {2, 3, 0, 0, 0, 0, 0, 0}, /* 0010 */
  {0, 1, 2, 3, 0, 0, 0, 0}, /* 0011 */
  {4, 5, 0, 0, 0, 0, 0, 0}, /* 0100 */
  {0, 1, 4, 5, 0, 0, 0, 0}, /* 0101 */
  {2, 3, 4, 5, 0, 0, 0, 0}, /* 0110 */
  {0, 1, 2, 3, 4, 5, 0, 0}, /* 0111 */
  {6, 7, 0, 0, 0, 0, 0, 0}, /* 1000 */
  {0, 1, 6, 7, 0, 0, 0, 0}, /* 1001 */
  {2, 3, 6, 7, 0, 0, 0, 0}, /* 1010 */
  {0, 1, 2, 3, 6, 7, 0, 0}, /* 1011 */
  {4, 5, 6, 7, 0, 0, 0, 0}, /* 1100 */
  {0, 1, 4, 5, 6, 7, 0, 0}, /* 1101 */
  {2, 3, 4, 5, 6, 7, 0, 0}, /* 1110 */
  {0, 1, 2, 3, 4, 5, 6, 7}, /* 1111 */
};
/* clang-format on */
static const uint8_t popcount4[16] = {0, 1, 1, 2, 1, 2, 2, 3,
                                      1, 2, 2, 3, 2, 3, 3, 4};

/* Candidate j of 12 bytes (@spec{FIPS203, Alg. 7, l. 5-6}) is in bytes
 * floor(3j/2) and floor(3j/2) + 1: the low 12 bits of that window for even
 * j, the high 12 bits for odd j. The second half of 24 bytes is read from
 * bytes 4..15 of a vector that starts at byte 8 (rej_window4). */
static const uint8_t rej_window[16] = {0, 1, 1, 2, 3, 4,  4,  5,
                                       6, 7, 7, 8, 9, 10, 10, 11};
static const uint8_t rej_window4[16] = {4,  5,  5,  6,  7,  8,  8,  9,
                                        10, 11, 11, 12, 13, 14, 14, 15};
static const int16_t rej_shift[8] = {0, -4, 0, -4, 0, -4, 0, -4};
static const uint16_t rej_bits[8] = {1, 2, 4, 8, 16, 32, 64, 128};

/* Eight candidates, their byte windows in b: those below q form an 8-bit
 * mask, and each half of the vector is compacted by a lookup in
 * rej_compact4 and stored at the count, which grows by the number
 * accepted. Stores of four lanes may leave rejected candidates after the
 * count, as the contract allows. Returns the new count. */
static inline unsigned rej8(mlkem_poly *r, unsigned n, uint8x16_t b) {
  const int16x8_t shift = vld1q_s16(rej_shift);
  const uint16x8_t bits = vld1q_u16(rej_bits);
  const uint16x8_t q = vdupq_n_u16(MLKEM_Q), m12 = vdupq_n_u16(0xFFF);
  uint16x8_t v = vandq_u16(vshlq_u16(vreinterpretq_u16_u8(b), shift), m12);
  unsigned m = vaddvq_u16(vandq_u16(vcltq_u16(v, q), bits));
  uint8x16_t vb = vreinterpretq_u8_u16(v);
  uint8x8_t lo = vqtbl1_u8(vb, vld1_u8(rej_compact4[m & 15]));
  uint8x8_t hi =
      vqtbl1_u8(vb, vadd_u8(vld1_u8(rej_compact4[m >> 4]), vdup_n_u8(8)));
  vst1_u8((uint8_t *)(void *)(r->coeffs + n), lo);
  n += popcount4[m & 15];
  vst1_u8((uint8_t *)(void *)(r->coeffs + n), hi);
  return n + popcount4[m >> 4];
}

/* The loop of SampleNTT, 16 candidates (24 bytes, three words of the
 * lanes, each loaded alone) per step while 16 entries are free. The last
 * bytes (fewer than 24 left, or fewer than 16 coefficients missing) go to
 * the portable code. The input is public (derived from rho). */
void mlkem_neon_rej_uniform(mlkem_poly *r, unsigned *ctr, const uint64_t *lane,
                            size_t stride, unsigned len) {
  const uint8x16_t window = vld1q_u8(rej_window);
  const uint8x16_t window4 = vld1q_u8(rej_window4);
  unsigned n = *ctr, pos = 0;
  while (n + 16 <= MLKEM_N && pos + 24 <= len) {
    const uint64_t *w = lane + stride * (pos / 8);
    const uint64x1_t w0 = vld1_u64(w), w1 = vld1_u64(w + stride),
                     w2 = vld1_u64(w + 2 * stride);
    n = rej8(r, n,
             vqtbl1q_u8(vreinterpretq_u8_u64(vcombine_u64(w0, w1)), window));
    n = rej8(r, n,
             vqtbl1q_u8(vreinterpretq_u8_u64(vcombine_u64(w1, w2)), window4));
    pos += 24;
  }
  *ctr = n;
  if (n < MLKEM_N && pos < len)
    mlkem_portable_rej_uniform(r, ctr, lane + stride * (pos / 8), stride,
                               len - pos);
}
