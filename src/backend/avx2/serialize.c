/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * serialize.c - ByteEncode/ByteDecode (@spec{FIPS203, Alg. 5 and 6}) with
 * Compress/Decompress (equations 4.7 and 4.8), for the AVX2 backend.
 *
 * Every function gives exactly the bytes or coefficients of its portable
 * counterpart (backend/portable/serialize.c); tests/test_diff_serialize.c
 * compares them. Coefficients (secret for u, v and the message) only flow
 * through arithmetic, shifts, shuffles with fixed patterns and masks: no
 * branch and no memory address depends on them.
 *
 * Layout conventions used throughout: a 256-bit vector holds sixteen 16-bit
 * coefficients, eight per 128-bit lane, and the byte shuffle (vpshufb)
 * works inside each lane. So packing turns each lane's eight coefficients
 * into 8 d / 8 bytes at the start of that lane, and unpacking loads each
 * lane with the bytes of its own eight coefficients (two 16-byte loads,
 * placed so that neither reads past the end of the input).
 */
#if defined(__x86_64__) || defined(_M_X64)

#include <immintrin.h>
#include <string.h>

#include "backend/avx2/avx2.h"

#include "backend/avx2/arith.h"
#include "backend/avx2/vec.h"

#define Q MLKEM_Q

/* ---- loads and stores ---------------------------------------------------- */

/* load_lanes (vec.h) with 8-byte loads (the upper half of each lane is zero).
 */
static inline __m256i load_lanes8(const uint8_t *lo, const uint8_t *hi) {
  __m128i l = _mm_loadl_epi64((const __m128i *)lo);
  __m128i h = _mm_loadl_epi64((const __m128i *)hi);
  return _mm256_inserti128_si256(_mm256_castsi128_si256(l), h, 1);
}

/* Stores the first 10 bytes of each lane of x at o and o + 10, for a block
 * that is not the last of the output: each 16-byte store may spill 6 bytes
 * past its data, which the next store (or the next block) overwrites. */
static inline void store_2x10(uint8_t *o, __m256i x) {
  _mm_storeu_si128((__m128i *)o, _mm256_castsi256_si128(x));
  _mm_storeu_si128((__m128i *)(o + 10), _mm256_extracti128_si256(x, 1));
}

/* The same for the last block: the 20 bytes end exactly at o + 20. Lane 0
 * is stored at o (bytes o..o+15, of which o+10.. are spill), then the last
 * 16 bytes (lane 0's bytes 4..9 followed by lane 1's 10 bytes) at o + 4. */
static inline void store_2x10_last(uint8_t *o, __m256i x) {
  __m128i lo = _mm256_castsi256_si128(x);
  __m128i hi = _mm256_extracti128_si256(x, 1);
  _mm_storeu_si128((__m128i *)o, lo);
  _mm_storeu_si128((__m128i *)(o + 4),
                   _mm_alignr_epi8(hi, _mm_bslli_si128(lo, 6), 10));
}

/* 11 bytes of each lane, as store_2x10; the last block's final 16 bytes
 * (lane 0's bytes 6..10, lane 1's 11 bytes) go to o + 6. */
static inline void store_2x11(uint8_t *o, __m256i x) {
  _mm_storeu_si128((__m128i *)o, _mm256_castsi256_si128(x));
  _mm_storeu_si128((__m128i *)(o + 11), _mm256_extracti128_si256(x, 1));
}

static inline void store_2x11_last(uint8_t *o, __m256i x) {
  __m128i lo = _mm256_castsi256_si128(x);
  __m128i hi = _mm256_extracti128_si256(x, 1);
  _mm_storeu_si128((__m128i *)o, lo);
  _mm_storeu_si128((__m128i *)(o + 6),
                   _mm_alignr_epi8(hi, _mm_bslli_si128(lo, 5), 11));
}

/* ---- ByteEncode_12 / ByteDecode_12 -------------------------------------- */

/* Per vector: canonical representatives (the same Barrett reduction and
 * conditional addition as mlkem_freeze, so any int16 gives the portable
 * result); vpmaddwd joins each coefficient pair into a 24-bit value c0 +
 * 2^12 c1 per 32-bit lane; vpshufb keeps the low 3 bytes of each (12 bytes
 * at the start of each 128-bit lane); vpermd moves lane 1's 12 bytes next
 * to lane 0's. The 24 bytes are written with a 32-byte store whose last 8
 * bytes the next store overwrites, except for the range's last vector. */
void mlkem_avx2_encode12(uint8_t out[MLKEM_POLYBYTES], const mlkem_poly *a,
                         unsigned from, unsigned to) {
  const __m256i pair = _mm256_set1_epi32(1 | (1 << 28)); /* words 1, 2^12 */
  const __m256i bytes3 =
      _mm256_setr_epi8(0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1,
                       0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1);
  const __m256i join = _mm256_setr_epi32(0, 1, 2, 4, 5, 6, 3, 7);
  __m256i x;
  unsigned i;
  for (i = from / 16; i < to / 16; i++) {
    x = mlkem_avx2_freeze(load_poly16(a, i));
    x = _mm256_madd_epi16(x, pair);
    x = _mm256_shuffle_epi8(x, bytes3);
    x = _mm256_permutevar8x32_epi32(x, join);
    if (i + 1 < to / 16) {
      _mm256_storeu_si256((__m256i *)(out + 24 * i), x);
    } else {
      _mm_storeu_si128((__m128i *)(out + 24 * i), _mm256_castsi256_si128(x));
      _mm_storel_epi64((__m128i *)(out + 24 * i + 16),
                       _mm256_extracti128_si256(x, 1));
    }
  }
}

/* Each 12-bit value v is below 2q, so v mod q = min(v, v - q) taken as
 * unsigned 16-bit numbers (v - q wraps around to a large number when
 * v < q): the same value as the portable conditional subtraction. The
 * values of q or more (v > q - 1, signed: v < 2^12) are ORed together. */
unsigned mlkem_avx2_decode12(mlkem_poly *r, const uint8_t in[MLKEM_POLYBYTES]) {
  const __m256i q = _mm256_set1_epi16(Q);
  const __m256i q1 = _mm256_set1_epi16(Q - 1);
  __m256i v, big = _mm256_setzero_si256();
  unsigned i;
  for (i = 0; i < MLKEM_N / 16; i++) {
    v = unpack12(in + 24 * i); /* vec.h, as rej_uniform's candidates */
    big = _mm256_or_si256(big, _mm256_cmpgt_epi16(v, q1));
    v = _mm256_min_epu16(v, _mm256_sub_epi16(v, q));
    store_poly16(r, i, v);
  }
  return (unsigned)_mm256_movemask_epi8(big);
}

/* ---- Compress_d --------------------------------------------------------- */

/* Compress_d(x mod q) for d in {1, 4, 5, 10, 11} and EVERY int16 x (so
 * also for the contract's |x| < 2q), without reducing x first and without
 * a division; the result is in the low d bits of each lane, with garbage
 * above (callers mask or shift).
 *
 * Compress_d(x mod q) = floor((2^d x + (q-1)/2) / q) mod 2^d for every
 * integer x: the portable function computes this quotient for x in [0, q)
 * (see mlkem_compress_d), and adding a multiple k q to x adds exactly k 2^d
 * to the quotient, which vanishes mod 2^d.
 *
 * The quotient is computed as t + [r > (q-1)/2], where t = floor(x c /
 * 2^16) with c = floor(2^(16+d) / q) (one vpmulhw; for d = 11, c > 2^15 is
 * used as c - 2^16 and x added back), and r = 2^d x - t q:
 *  - 2^d x / q - t lies in (-1/2, 3/2): the floor takes away less than 1,
 *    and c falls short of 2^(16+d) / q by its fractional part f, so that
 *    x c / 2^16 differs from 2^d x / q by |x| f / 2^16 <= f / 2 < 1/2 for
 *    |x| <= 2^15 (f = .37, .98, .96, .87, .73 for d = 1, 4, 5, 10, 11);
 *  - so r lies in (-q/2, 3q/2) and fits an int16, which makes it exact
 *    although 2^d x and t q are only computed mod 2^16 (vpsllw, vpmullw);
 *  - and r + (q-1)/2 lies in [0, 2q), so floor((2^d x + (q-1)/2) / q) - t
 *    = floor((r + (q-1)/2) / q) is 1 exactly when r + (q-1)/2 >= q, that
 *    is r > (q-1)/2.
 * The test checks all 2^16 inputs for every d. */
static inline __m256i compress_vec(__m256i x, const unsigned d) {
  const __m256i q = _mm256_set1_epi16(Q);
  const __m256i half = _mm256_set1_epi16((Q - 1) / 2);
  /* c = floor(2^(16+d) / q), written out so that no build ever divides
   * (gcc -Os did not fold the constant division). */
  const int32_t c = d == 1    ? 39
                    : d == 4  ? 314
                    : d == 5  ? 629
                    : d == 10 ? 20158
                              : 40317;
  const int16_t c16 = (int16_t)(c > 32767 ? c - 65536 : c);
  __m256i t, r, up;
  t = _mm256_mulhi_epi16(x, _mm256_set1_epi16(c16));
  if (c > 32767) t = _mm256_add_epi16(t, x); /* floor(x (c16 + 2^16) / 2^16) */
  switch (d) {                               /* vpsllw by an immediate */
    case 1:
      r = _mm256_slli_epi16(x, 1);
      break;
    case 4:
      r = _mm256_slli_epi16(x, 4);
      break;
    case 5:
      r = _mm256_slli_epi16(x, 5);
      break;
    case 10:
      r = _mm256_slli_epi16(x, 10);
      break;
    default:
      r = _mm256_slli_epi16(x, 11);
      break;
  }
  r = _mm256_sub_epi16(r, _mm256_mullo_epi16(t, q));
  up = _mm256_cmpgt_epi16(r, half); /* -1 where the quotient is t + 1 */
  return _mm256_sub_epi16(t, up);
}

static inline __m256i compress_masked(const mlkem_poly *a, unsigned i,
                                      const unsigned d) {
  return _mm256_and_si256(compress_vec(load_poly16(a, i), d),
                          _mm256_set1_epi16((int16_t)((1 << d) - 1)));
}

/* ---- ByteEncode_d packing ------------------------------------------------ */

/* d = 4: 64 coefficients per 32 bytes. Two vpackuswb turn four vectors of
 * nibbles into bytes, vpmaddubsw joins neighbouring nibbles (c0 + 16 c1)
 * and a third vpackuswb makes bytes of them again; the packs interleave the
 * four vectors' halves by lanes, and vpermd restores the order. */
static void compress_encode4(uint8_t *out, const mlkem_poly *a) {
  const __m256i nib = _mm256_set1_epi16(1 | (16 << 8));
  const __m256i order = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
  __m256i r0, r1, r2, r3, p0, p1;
  unsigned i;
  for (i = 0; i < MLKEM_N / 64; i++) {
    r0 = compress_masked(a, 4 * i + 0, 4);
    r1 = compress_masked(a, 4 * i + 1, 4);
    r2 = compress_masked(a, 4 * i + 2, 4);
    r3 = compress_masked(a, 4 * i + 3, 4);
    p0 = _mm256_maddubs_epi16(_mm256_packus_epi16(r0, r1), nib);
    p1 = _mm256_maddubs_epi16(_mm256_packus_epi16(r2, r3), nib);
    p0 = _mm256_permutevar8x32_epi32(_mm256_packus_epi16(p0, p1), order);
    _mm256_storeu_si256((__m256i *)(out + 32 * i), p0);
  }
}

/* Packs eight 20-bit values per lane, in the 32-bit lanes of x, into 10
 * bytes at the start of the lane: the values belong at bits 0, 20, 40, 60,
 * i.e. bytes 0, 2 (+4 bits), 5, 7 (+4 bits). Shifting the 2nd and 4th left
 * by 4 byte-aligns them; one vpshufb moves every byte to its place except
 * the two shared ones (bytes 2 and 7), which a second vpshufb supplies and
 * an OR merges. */
static inline __m256i pack20x4(__m256i x) {
  const __m256i shift = _mm256_setr_epi32(0, 4, 0, 4, 0, 4, 0, 4);
  const __m256i main_bytes =
      _mm256_setr_epi8(0, 1, 2, 5, 6, 8, 9, 10, 13, 14, -1, -1, -1, -1, -1, -1,
                       0, 1, 2, 5, 6, 8, 9, 10, 13, 14, -1, -1, -1, -1, -1, -1);
  const __m256i shared = _mm256_setr_epi8(
      -1, -1, 4, -1, -1, -1, -1, 12, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 4,
      -1, -1, -1, -1, 12, -1, -1, -1, -1, -1, -1, -1, -1);
  x = _mm256_sllv_epi32(x, shift);
  return _mm256_or_si256(_mm256_shuffle_epi8(x, main_bytes),
                         _mm256_shuffle_epi8(x, shared));
}

/* d = 5: two vectors per 20 bytes. vpackuswb makes bytes of both, vpermq
 * gathers each vector's sixteen in one lane, vpmaddubsw joins pairs
 * (c0 + 32 c1, 10 bits), vpmaddwd joins those pairs (20 bits), and
 * pack20x4 does the rest. */
static void compress_encode5(uint8_t *out, const mlkem_poly *a) {
  const __m256i pair8 = _mm256_set1_epi16(1 | (32 << 8));
  const __m256i pair16 = _mm256_set1_epi32(1 | (1 << 26)); /* 1, 2^10 */
  __m256i x;
  unsigned i;
  for (i = 0; i < MLKEM_N / 32; i++) {
    x = _mm256_packus_epi16(compress_masked(a, 2 * i, 5),
                            compress_masked(a, 2 * i + 1, 5));
    x = _mm256_permute4x64_epi64(x, 0xD8);
    x = _mm256_maddubs_epi16(x, pair8);
    x = pack20x4(_mm256_madd_epi16(x, pair16));
    if (i + 1 < MLKEM_N / 32)
      store_2x10(out + 20 * i, x);
    else
      store_2x10_last(out + 20 * i, x);
  }
}

/* d = 10: one vector per 20 bytes; vpmaddwd joins pairs (c0 + 2^10 c1). */
static void compress_encode10(uint8_t *out, const mlkem_poly *a) {
  const __m256i pair16 = _mm256_set1_epi32(1 | (1 << 26)); /* 1, 2^10 */
  __m256i x;
  unsigned i;
  for (i = 0; i < MLKEM_N / 16; i++) {
    x = pack20x4(_mm256_madd_epi16(compress_masked(a, i, 10), pair16));
    if (i + 1 < MLKEM_N / 16)
      store_2x10(out + 20 * i, x);
    else
      store_2x10_last(out + 20 * i, x);
  }
}

/* d = 11: one vector per 22 bytes. vpmaddwd joins pairs into 22-bit values
 * c0 + 2^11 c1, which belong at bits 0, 22, 44, 66 of the lane's 11
 * bytes: bytes 0, 2 (+6 bits), 5 (+4), 8 (+2). Shifting each left by that
 * many bits byte-aligns it; as in pack20x4, one vpshufb places the bytes,
 * a second one the three shared bytes (2, 5, 8), and an OR merges them. */
static void compress_encode11(uint8_t *out, const mlkem_poly *a) {
  const __m256i pair16 = _mm256_set1_epi32(1 | (1 << 27)); /* 1, 2^11 */
  const __m256i shift = _mm256_setr_epi32(0, 6, 4, 2, 0, 6, 4, 2);
  const __m256i main_bytes =
      _mm256_setr_epi8(0, 1, 2, 5, 6, 7, 9, 10, 11, 13, 14, -1, -1, -1, -1, -1,
                       0, 1, 2, 5, 6, 7, 9, 10, 11, 13, 14, -1, -1, -1, -1, -1);
  const __m256i shared = _mm256_setr_epi8(
      -1, -1, 4, -1, -1, 8, -1, -1, 12, -1, -1, -1, -1, -1, -1, -1, -1, -1, 4,
      -1, -1, 8, -1, -1, 12, -1, -1, -1, -1, -1, -1, -1);
  __m256i x;
  unsigned i;
  for (i = 0; i < MLKEM_N / 16; i++) {
    x = _mm256_madd_epi16(compress_masked(a, i, 11), pair16);
    x = _mm256_sllv_epi32(x, shift);
    x = _mm256_or_si256(_mm256_shuffle_epi8(x, main_bytes),
                        _mm256_shuffle_epi8(x, shared));
    if (i + 1 < MLKEM_N / 16)
      store_2x11(out + 22 * i, x);
    else
      store_2x11_last(out + 22 * i, x);
  }
}

void mlkem_avx2_compress_encode(uint8_t *out, const mlkem_poly *a, unsigned d) {
  switch (d) {
    case 4:
      compress_encode4(out, a);
      break;
    case 5:
      compress_encode5(out, a);
      break;
    case 10:
      compress_encode10(out, a);
      break;
    default:
      compress_encode11(out, a);
      break;
  }
}

/* ---- ByteDecode_d and Decompress_d --------------------------------------- */

/* Decompress_d(y) = (q y + 2^(d-1)) >> d is computed by one of:
 *  - vpmulhrsw(y 2^(15-d), q) = (y 2^(15-d) q + 2^14) >> 15, the same
 *    integer; needs y 2^(15-d) < 2^15, true for y < 2^d (d = 4, 5);
 *  - vpmulhuw(y 2^(16-d), 2q) = floor(q y / 2^(d-1)), then vpavgw with 0,
 *    (t + 1) >> 1 = floor((q y + 2^(d-1)) / 2^d), the same integer
 *    (d = 10, 11, where the unpacking gives y at the top of the lane,
 *    y 2^(16-d), more cheaply than y 2^(15-d)).
 * Each value is first cut out of a 16-bit (or 32-bit) window of the input
 * bytes chosen by vpshufb, masked and moved to the required position by a
 * multiplication by a power of two (vpmullw, one factor per lane). */

/* d = 4: 8 bytes per vector, in both lanes (lane 1 uses bytes 4..7). Byte
 * j/2 goes to lane j; the mask keeps its low nibble (j even) or high nibble
 * (j odd), and multiplying by 2^11 or 2^7 gives y 2^11 in both cases. */
static void decode_decompress4(mlkem_poly *r, const uint8_t *in) {
  const __m256i win =
      _mm256_setr_epi8(0, -1, 0, -1, 1, -1, 1, -1, 2, -1, 2, -1, 3, -1, 3, -1,
                       4, -1, 4, -1, 5, -1, 5, -1, 6, -1, 6, -1, 7, -1, 7, -1);
  const __m256i mask = _mm256_set1_epi32(0x0F | (0xF0 << 16));
  const __m256i align = _mm256_set1_epi32((1 << 11) | (1 << 23)); /* 2^11,2^7 */
  const __m256i q = _mm256_set1_epi16(Q);
  __m256i v;
  int64_t w;
  unsigned i;
  for (i = 0; i < MLKEM_N / 16; i++) {
    memcpy(&w, in + 8 * i, 8);
    v = _mm256_shuffle_epi8(_mm256_set1_epi64x(w), win);
    v = _mm256_mullo_epi16(_mm256_and_si256(v, mask), align);
    store_poly16(r, i, _mm256_mulhrs_epi16(v, q));
  }
}

/* d = 5: 10 bytes per vector; lane 0 loads bytes 0..7, lane 1 bytes 2..9
 * (its values, bytes 5..9, at offsets 3..7). Value j of a lane is at bit
 * 5 j: in the window of bytes floor(5j/8), +1 at bit s = 5j mod 8 =
 * 0, 5, 2, 7, 4, 1, 6, 3; masked and multiplied by 2^(10-s): y 2^10. */
static void decode_decompress5(mlkem_poly *r, const uint8_t *in) {
  const __m256i win =
      _mm256_setr_epi8(0, 1, 0, 1, 1, 2, 1, 2, 2, 3, 3, 4, 3, 4, 4, 5, 3, 4, 3,
                       4, 4, 5, 4, 5, 5, 6, 6, 7, 6, 7, 7, 8);
  const __m256i mask = _mm256_setr_epi16(
      0x1F, 0x1F << 5, 0x1F << 2, 0x1F << 7, 0x1F << 4, 0x1F << 1, 0x1F << 6,
      0x1F << 3, 0x1F, 0x1F << 5, 0x1F << 2, 0x1F << 7, 0x1F << 4, 0x1F << 1,
      0x1F << 6, 0x1F << 3);
  const __m256i align = _mm256_setr_epi16(
      1 << 10, 1 << 5, 1 << 8, 1 << 3, 1 << 6, 1 << 9, 1 << 4, 1 << 7, 1 << 10,
      1 << 5, 1 << 8, 1 << 3, 1 << 6, 1 << 9, 1 << 4, 1 << 7);
  const __m256i q = _mm256_set1_epi16(Q);
  __m256i v;
  unsigned i;
  for (i = 0; i < MLKEM_N / 16; i++) {
    v = load_lanes8(in + 10 * i, in + 10 * i + 2);
    v = _mm256_shuffle_epi8(v, win);
    v = _mm256_mullo_epi16(_mm256_and_si256(v, mask), align);
    store_poly16(r, i, _mm256_mulhrs_epi16(v, q));
  }
}

/* d = 10: 20 bytes per vector; lane 0 loads bytes 0..15, lane 1 bytes
 * 4..19 (its values, bytes 10..19, at offsets 6..15). Value j of a lane is
 * at bit 10 j: window floor(10j/8), +1, at bit 0, 2, 4, 6. Multiplying by
 * 2^(6 - bit) moves it to bits 6..15 (dropping the bits above) and a mask
 * clears the bits below: y 2^6. */
static void decode_decompress10(mlkem_poly *r, const uint8_t *in) {
  const __m256i win =
      _mm256_setr_epi8(0, 1, 1, 2, 2, 3, 3, 4, 5, 6, 6, 7, 7, 8, 8, 9, 6, 7, 7,
                       8, 8, 9, 9, 10, 11, 12, 12, 13, 13, 14, 14, 15);
  const __m256i align =
      _mm256_setr_epi16(64, 16, 4, 1, 64, 16, 4, 1, 64, 16, 4, 1, 64, 16, 4, 1);
  const __m256i mask = _mm256_set1_epi16((int16_t)0xFFC0);
  const __m256i q2 = _mm256_set1_epi16(2 * Q);
  const __m256i zero = _mm256_setzero_si256();
  __m256i v;
  unsigned i;
  for (i = 0; i < MLKEM_N / 16; i++) {
    v = load_lanes(in + 20 * i, in + 20 * i + 4);
    v = _mm256_shuffle_epi8(v, win);
    v = _mm256_and_si256(_mm256_mullo_epi16(v, align), mask);
    v = _mm256_avg_epu16(_mm256_mulhi_epu16(v, q2), zero);
    store_poly16(r, i, v);
  }
}

/* d = 11: 22 bytes per vector; lane 0 loads bytes 0..15, lane 1 bytes
 * 6..21 (its values, bytes 11..21, at offsets 5..15). An 11-bit value may
 * span three bytes, so values are handled in pairs, one pair per 32-bit
 * lane: pair k (22 bits) starts at bit 22 k, i.e. byte 0, 2, 5, 8 at bit
 * 0, 6, 4, 2. Shifting right by that bit count and then left by 5 leaves
 * the first value in bits 5..15 with zeros below (y 2^5) and the second in
 * bits 16..26; multiplying the upper 16-bit half by 2^5 drops the bits
 * above it and gives y 2^5 there too. */
static void decode_decompress11(mlkem_poly *r, const uint8_t *in) {
  const __m256i win =
      _mm256_setr_epi8(0, 1, 2, 3, 2, 3, 4, 5, 5, 6, 7, 8, 8, 9, 10, -1, 5, 6,
                       7, 8, 7, 8, 9, 10, 10, 11, 12, 13, 13, 14, 15, -1);
  const __m256i shift = _mm256_setr_epi32(0, 6, 4, 2, 0, 6, 4, 2);
  const __m256i align = _mm256_set1_epi32(1 | (32 << 16));
  const __m256i q2 = _mm256_set1_epi16(2 * Q);
  const __m256i zero = _mm256_setzero_si256();
  __m256i v;
  unsigned i;
  for (i = 0; i < MLKEM_N / 16; i++) {
    v = load_lanes(in + 22 * i, in + 22 * i + 6);
    v = _mm256_shuffle_epi8(v, win);
    v = _mm256_slli_epi32(_mm256_srlv_epi32(v, shift), 5);
    v = _mm256_mullo_epi16(v, align);
    v = _mm256_avg_epu16(_mm256_mulhi_epu16(v, q2), zero);
    store_poly16(r, i, v);
  }
}

void mlkem_avx2_decode_decompress(mlkem_poly *r, const uint8_t *in,
                                  unsigned d) {
  switch (d) {
    case 4:
      decode_decompress4(r, in);
      break;
    case 5:
      decode_decompress5(r, in);
      break;
    case 10:
      decode_decompress10(r, in);
      break;
    default:
      decode_decompress11(r, in);
      break;
  }
}

/* ---- the message -------------------------------------------------------- */

/* Compress_1 of 32 coefficients at a time, moved to the sign bit of each
 * 16-bit lane; vpacksswb keeps the sign (0x8000 saturates to 0x80),
 * vpermq undoes the packing's lane interleave, and vpmovmskb collects the
 * 32 bits in coefficient order: bit i of the word is coefficient i. */
void mlkem_avx2_compress_encode_msg(uint8_t out[32], const mlkem_poly *a) {
  __m256i b0, b1;
  uint32_t m;
  unsigned i;
  for (i = 0; i < MLKEM_N / 32; i++) {
    b0 = _mm256_slli_epi16(compress_vec(load_poly16(a, 2 * i), 1), 15);
    b1 = _mm256_slli_epi16(compress_vec(load_poly16(a, 2 * i + 1), 1), 15);
    b0 = _mm256_permute4x64_epi64(_mm256_packs_epi16(b0, b1), 0xD8);
    m = (uint32_t)_mm256_movemask_epi8(b0);
    memcpy(out + 4 * i, &m, 4);
  }
}

/* Decompress_1: every lane of the vector for coefficients 16i..16i+15 gets
 * message bytes 2i, 2i+1; lane j keeps bit j of them, a comparison turns it
 * into an all-ones or all-zeros mask, which selects (q + 1) / 2. */
void mlkem_avx2_decode_decompress_msg(mlkem_poly *r, const uint8_t in[32]) {
  const __m256i bit = _mm256_setr_epi16(
      1 << 0, 1 << 1, 1 << 2, 1 << 3, 1 << 4, 1 << 5, 1 << 6, 1 << 7, 1 << 8,
      1 << 9, 1 << 10, 1 << 11, 1 << 12, 1 << 13, 1 << 14, (int16_t)-32768);
  const __m256i half = _mm256_set1_epi16((Q + 1) / 2);
  __m256i v;
  int16_t w;
  unsigned i;
  for (i = 0; i < MLKEM_N / 16; i++) {
    memcpy(&w, in + 2 * i, 2);
    v = _mm256_and_si256(_mm256_set1_epi16(w), bit);
    v = _mm256_and_si256(_mm256_cmpeq_epi16(v, bit), half);
    store_poly16(r, i, v);
  }
}

#else
typedef int mlkem_avx2_serialize_not_built; /* ISO C wants a declaration */
#endif
