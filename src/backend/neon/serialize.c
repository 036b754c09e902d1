/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * serialize.c - ByteEncode/ByteDecode (@spec{FIPS203, Alg. 5 and 6}) with
 * Compress/Decompress (equations 4.7 and 4.8), for the NEON backend.
 *
 * Every function gives exactly the bytes or coefficients of its portable
 * counterpart (backend/portable/serialize.c); tests/test_diff_serialize.c
 * compares them. Coefficients (secret for u, v and the message) only flow
 * through arithmetic, shifts, table lookups with fixed index vectors and
 * masks: no branch and no memory address depends on them.
 *
 * d = 12 uses the structure loads and stores: LD2/ST2 split coefficients
 * into even and odd ones, and LD3/ST3 split bytes three ways, so that each
 * of the three bytes of a coefficient pair is one narrowing shift. The
 * message (d = 1) moves bits with per-lane shifts, pairwise additions and
 * bit tests. The other widths pack eight coefficients (8 d bits = d bytes)
 * at a time:
 * pairs of lanes are merged in 32-bit lanes, then in 64-bit lanes, and the
 * two 64-bit halves (4 d bits each) in general registers; unpacking moves
 * the bytes of each coefficient into a 32-bit lane with a table lookup and
 * shifts each lane right by its own bit offset.
 */
#include <arm_neon.h>
#include <string.h>

#include "backend/neon/arith.h"
#include "backend/neon/neon.h"

#if defined(__AARCH64EB__)
#error "the NEON backend assumes little-endian AArch64"
#endif

#define Q MLKEM_Q

/* ---- ByteEncode_12 / ByteDecode_12 -------------------------------------- */

/* Per 16 coefficients: canonical representatives (mlkem_freeze's
 * reduction, so any int16 gives the portable result), even ones e and odd
 * ones o; the pair's bytes are e mod 2^8, (e >> 8) | (o << 4) mod 2^8 and
 * o >> 4, stored interleaved by ST3. */
void mlkem_neon_encode12(uint8_t out[MLKEM_POLYBYTES], const mlkem_poly *a,
                         unsigned from, unsigned to) {
  unsigned i;
  for (i = from / 16; i < to / 16; i++) {
    int16x8x2_t c = vld2q_s16(a->coeffs + 16 * i);
    uint16x8_t e = vreinterpretq_u16_s16(mlkem_neon_freeze(c.val[0]));
    uint16x8_t o = vreinterpretq_u16_s16(mlkem_neon_freeze(c.val[1]));
    uint8x8x3_t b;
    b.val[0] = vmovn_u16(e);
    b.val[1] = vmovn_u16(vorrq_u16(vshrq_n_u16(e, 8), vshlq_n_u16(o, 4)));
    b.val[2] = vshrn_n_u16(o, 4);
    vst3_u8(out + 24 * i, b);
  }
}

/* The inverse arrangement; each 12-bit value v is below 2q, so v mod q =
 * min(v, v - q) taken as unsigned 16-bit numbers (v - q wraps around when
 * v < q): the same value as the portable conditional subtraction. The
 * lanes holding q or more are ORed together. */
unsigned mlkem_neon_decode12(mlkem_poly *r, const uint8_t in[MLKEM_POLYBYTES]) {
  const uint16x8_t q = vdupq_n_u16(Q);
  uint16x8_t big = vdupq_n_u16(0);
  unsigned i;
  for (i = 0; i < MLKEM_N / 16; i++) {
    uint8x8x3_t b = vld3_u8(in + 24 * i);
    uint16x8_t e = vorrq_u16(vmovl_u8(b.val[0]),
                             vshll_n_u8(vand_u8(b.val[1], vdup_n_u8(15)), 8));
    uint16x8_t o =
        vorrq_u16(vmovl_u8(vshr_n_u8(b.val[1], 4)), vshll_n_u8(b.val[2], 4));
    int16x8x2_t c;
    big = vorrq_u16(big, vorrq_u16(vcgeq_u16(e, q), vcgeq_u16(o, q)));
    c.val[0] = vreinterpretq_s16_u16(vminq_u16(e, vsubq_u16(e, q)));
    c.val[1] = vreinterpretq_s16_u16(vminq_u16(o, vsubq_u16(o, q)));
    vst2q_s16(r->coeffs + 16 * i, c);
  }
  return vmaxvq_u16(big);
}

/* ---- Compress_d / Decompress_d ------------------------------------------ */

/* Compress_d(x mod q) for d in {1, 4, 5, 10, 11} and EVERY int16 x,
 * without reducing x first and without a division, in the low d bits of
 * each lane (masked). The method of the AVX2 backend (its compress_vec
 * gives the proof): the quotient floor((2^d x + (q-1)/2) / q) is t or
 * t + 1 with t = floor(x c / 2^16), c = floor(2^(16+d) / q), and it is
 * t + 1 exactly when r = 2^d x - t q (exact in 16 bits) exceeds (q-1)/2.
 * Here floor(x c / 2^16) is SQDMULH (floor(x c / 2^15)) shifted right by
 * one; for d = 11, c > 2^15 is used as c - 2^16 and x added back. */
static inline uint16x8_t compress_vec(int16x8_t x, unsigned d) {
  const int32_t c = d == 1    ? 39
                    : d == 4  ? 314
                    : d == 5  ? 629
                    : d == 10 ? 20158
                              : 40317;
  const int16_t c16 = (int16_t)(c > 32767 ? c - 65536 : c);
  int16x8_t t = vshrq_n_s16(vqdmulhq_s16(x, vdupq_n_s16(c16)), 1);
  int16x8_t r;
  uint16x8_t up;
  if (c > 32767) t = vaddq_s16(t, x);
  r = vshlq_s16(x, vdupq_n_s16((int16_t)d));
  r = vmlsq_s16(r, t, vdupq_n_s16(Q));
  up = vcgtq_s16(r, vdupq_n_s16((Q - 1) / 2)); /* all ones: quotient t + 1 */
  t = vsubq_s16(t, vreinterpretq_s16_u16(up));
  return vandq_u16(vreinterpretq_u16_s16(t), vdupq_n_u16((1u << d) - 1));
}

/* Decompress_d(y) = floor((q y + 2^(d-1)) / 2^d), as mlkem_decompress_d:
 * SQRDMULH(y 2^(15-d), q) is (2 y 2^(15-d) q + 2^15) >> 16, the same
 * number (y 2^(15-d) < 2^15 for y < 2^d). */
static inline int16x8_t decompress_vec(uint16x8_t y, unsigned d) {
  int16x8_t s =
      vshlq_s16(vreinterpretq_s16_u16(y), vdupq_n_s16((int16_t)(15 - d)));
  return vqrdmulhq_s16(s, vdupq_n_s16(Q));
}

/* ---- packing of eight coefficients into d bytes ------------------------ */

/* Writes the eight d-bit values of v (d <= 12) as d bytes, value j at bit
 * d j. Inlined with a constant d at every call. */
static inline void pack8(uint8_t *out, uint16x8_t v, unsigned d) {
  uint32x4_t w = vreinterpretq_u32_u16(v);
  uint64x2_t u;
  uint64_t lo, hi, bytes[2];
  /* 32-bit lanes: v[2i] | v[2i+1] << d. */
  w = vorrq_u32(vandq_u32(w, vdupq_n_u32(0xFFFF)),
                vshlq_u32(vshrq_n_u32(w, 16), vdupq_n_s32((int32_t)d)));
  /* 64-bit lanes: the two 2d-bit fields joined. */
  u = vreinterpretq_u64_u32(w);
  u = vorrq_u64(vandq_u64(u, vdupq_n_u64(0xFFFFFFFFu)),
                vshlq_u64(vshrq_n_u64(u, 32), vdupq_n_s64(2 * (int64_t)d)));
  /* The two 4d-bit halves joined into 8d bits. */
  lo = vgetq_lane_u64(u, 0);
  hi = vgetq_lane_u64(u, 1);
  bytes[0] = lo | hi << (4 * d);
  bytes[1] = hi >> (64 - 4 * d);
  memcpy(out, bytes, d);
}

/* Byte offsets and bit shifts that unpack eight d-bit values: lane j (a
 * 32-bit lane) takes the four bytes from byte floor(d j / 8) and is shifted
 * right by (d j) mod 8. */
#define UB(d, j) (d * j) / 8, (d * j) / 8 + 1, (d * j) / 8 + 2, (d * j) / 8 + 3
#define UIDX(d)                                                           \
  {                                                                       \
    UB(d, 0), UB(d, 1), UB(d, 2), UB(d, 3), UB(d, 4), UB(d, 5), UB(d, 6), \
        UB(d, 7)                                                          \
  }
#define USH(d)                                                         \
  {                                                                    \
    -((d * 0) % 8), -((d * 1) % 8), -((d * 2) % 8), -((d * 3) % 8),    \
        -((d * 4) % 8), -((d * 5) % 8), -((d * 6) % 8), -((d * 7) % 8) \
  }
static const uint8_t unpack_idx[4][32] = {
    UIDX(4),
    UIDX(5),
    UIDX(10),
    UIDX(11),
};
static const int32_t unpack_shift[4][8] = {
    USH(4),
    USH(5),
    USH(10),
    USH(11),
};
#undef USH
#undef UIDX
#undef UB

static inline unsigned width_row(unsigned d) {
  return d == 4 ? 0 : d == 5 ? 1 : d == 10 ? 2 : 3;
}

/* Reads the eight d-bit values of group g (bytes d g .. d g + d - 1) of
 * the 32 d bytes at in: a 16-byte load at the group where it stays inside
 * the input, otherwise the last 16 bytes of the input with the lookup
 * indices moved up accordingly (indices past the window give zero bytes,
 * which only ever land above a value's d bits). */
static inline uint16x8_t unpack8(const uint8_t *in, unsigned g, unsigned d) {
  const unsigned row = width_row(d);
  unsigned off = d * g, delta = 0;
  uint8x16_t b, dv;
  uint32x4_t lo, hi;
  if (off + 16 > 32 * d) {
    delta = off - (32 * d - 16);
    off = 32 * d - 16;
  }
  b = vld1q_u8(in + off);
  dv = vdupq_n_u8((uint8_t)delta);
  lo = vreinterpretq_u32_u8(
      vqtbl1q_u8(b, vaddq_u8(vld1q_u8(unpack_idx[row]), dv)));
  hi = vreinterpretq_u32_u8(
      vqtbl1q_u8(b, vaddq_u8(vld1q_u8(unpack_idx[row] + 16), dv)));
  lo = vshlq_u32(lo, vld1q_s32(unpack_shift[row]));
  hi = vshlq_u32(hi, vld1q_s32(unpack_shift[row] + 4));
  return vandq_u16(vcombine_u16(vmovn_u32(lo), vmovn_u32(hi)),
                   vdupq_n_u16((1u << d) - 1));
}

/* ---- the operations ------------------------------------------------------ */

static inline void compress_encode_d(uint8_t *out, const mlkem_poly *a,
                                     unsigned d) {
  unsigned g;
  for (g = 0; g < MLKEM_N / 8; g++)
    pack8(out + d * g, compress_vec(vld1q_s16(a->coeffs + 8 * g), d), d);
}

void mlkem_neon_compress_encode(uint8_t *out, const mlkem_poly *a, unsigned d) {
  switch (d) {
    case 4:
      compress_encode_d(out, a, 4);
      break;
    case 5:
      compress_encode_d(out, a, 5);
      break;
    case 10:
      compress_encode_d(out, a, 10);
      break;
    default:
      compress_encode_d(out, a, 11);
      break;
  }
}

static inline void decode_decompress_d(mlkem_poly *r, const uint8_t *in,
                                       unsigned d) {
  unsigned g;
  for (g = 0; g < MLKEM_N / 8; g++)
    vst1q_s16(r->coeffs + 8 * g, decompress_vec(unpack8(in, g, d), d));
}

void mlkem_neon_decode_decompress(mlkem_poly *r, const uint8_t *in,
                                  unsigned d) {
  switch (d) {
    case 4:
      decode_decompress_d(r, in, 4);
      break;
    case 5:
      decode_decompress_d(r, in, 5);
      break;
    case 10:
      decode_decompress_d(r, in, 10);
      break;
    default:
      decode_decompress_d(r, in, 11);
      break;
  }
}

/* ByteEncode_1(Compress_1(a)), 64 coefficients (8 bytes) at a time: the
 * bits are narrowed to bytes, each shifted to its place in its output
 * byte (lane i by i mod 8), and three rounds of pairwise additions sum
 * every 8 consecutive lanes into one byte. */
void mlkem_neon_compress_encode_msg(uint8_t out[32], const mlkem_poly *a) {
  static const int8_t place[16] = {0, 1, 2, 3, 4, 5, 6, 7,
                                   0, 1, 2, 3, 4, 5, 6, 7};
  const int8x16_t sh = vld1q_s8(place);
  unsigned i, h;
  for (i = 0; i < MLKEM_N / 64; i++) {
    uint8x16_t x[4];
    for (h = 0; h < 4; h++) {
      const int16_t *c = a->coeffs + 64 * i + 16 * h;
      uint8x8_t lo = vmovn_u16(compress_vec(vld1q_s16(c), 1));
      uint8x16_t b = vmovn_high_u16(lo, compress_vec(vld1q_s16(c + 8), 1));
      x[h] = vshlq_u8(b, sh);
    }
    x[0] = vpaddq_u8(vpaddq_u8(x[0], x[1]), vpaddq_u8(x[2], x[3]));
    x[0] = vpaddq_u8(x[0], x[0]);
    vst1_u8(out + 8 * i, vget_low_u8(x[0]));
  }
}

/* Decompress_1(ByteDecode_1(m)): (q + 1) / 2 per set bit, 0 otherwise.
 * Each byte is copied to eight lanes by a fixed lookup, CMTST tests lane i
 * against bit i mod 8 (all ones where set), and the widened mask selects
 * (q + 1) / 2, so the secret bits never decide a branch or an address. */
void mlkem_neon_decode_decompress_msg(mlkem_poly *r, const uint8_t in[32]) {
  static const uint8_t spread[16] = {0, 0, 0, 0, 0, 0, 0, 0,
                                     1, 1, 1, 1, 1, 1, 1, 1};
  static const uint8_t bit[16] = {1, 2, 4, 8, 16, 32, 64, 128,
                                  1, 2, 4, 8, 16, 32, 64, 128};
  const uint8x16_t idx = vld1q_u8(spread), bits = vld1q_u8(bit);
  const int16x8_t half = vdupq_n_s16((Q + 1) / 2);
  unsigned i, h;
  for (i = 0; i < 2; i++) {
    uint8x16_t m = vld1q_u8(in + 16 * i);
    for (h = 0; h < 8; h++) {
      /* bytes 2h and 2h + 1 of this half: coefficients 16 (8 i + h) .. */
      uint8x16_t b = vqtbl1q_u8(m, vaddq_u8(idx, vdupq_n_u8((uint8_t)(2 * h))));
      int8x16_t t = vreinterpretq_s8_u8(vtstq_u8(b, bits));
      int16_t *c = r->coeffs + 128 * i + 16 * h;
      vst1q_s16(c, vandq_s16(vmovl_s8(vget_low_s8(t)), half));
      vst1q_s16(c + 8, vandq_s16(vmovl_high_s8(t), half));
    }
  }
}
