/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * serialize.c - ByteEncode/ByteDecode (@spec{FIPS203, Alg. 5 and 6}) with
 * Compress/Decompress (equations 4.7 and 4.8), for the AVX-512 backend.
 *
 * Every function returns exactly the bytes or coefficients of its portable
 * counterpart (backend/portable/serialize.c) for every input the contracts
 * of backend/backend.h allow, and the encoders do so for every int16 input;
 * tests/test_diff_serialize.c compares them. Coefficients (secret
 * for u, v and the message) pass only through arithmetic, shifts, masks
 * and permutations whose pattern depends on d alone: no branch and no
 * memory address depends on them.
 *
 * A 512-bit vector holds 32 coefficients, which take 4 d bytes. The byte
 * permutation of VBMI (vpermb) reaches across the whole vector, so every
 * step below works on one vector, or a pair, at a time:
 *  - decoding: vpermb gives every 64-bit lane the bytes of its own four
 *    coefficients, and vpmultishiftqb (or a variable 16-bit shift) moves
 *    each coefficient's bits to a fixed place in its 16-bit lane;
 *  - encoding: multiply-adds (vpmaddubsw, vpmaddwd) and a shift merge
 *    neighbouring values into 16-, 32- and 64-bit fields, and one vpermb
 *    collects the bytes of those fields at the start of the vector.
 * Loads and stores are 64 bytes wide; where one would reach past the end
 * of the input, the load is taken from the end instead (with the byte
 * indices shifted to match), and the output's last bytes are written with
 * a masked store.
 */
#if defined(__x86_64__) || defined(_M_X64)

#include <immintrin.h>
#include <string.h>

#include "backend/avx512/avx512.h"

#include "backend/avx512/arith.h"
#include "backend/avx512/vec.h"

#define Q MLKEM_Q

/* ---- loads and stores ---------------------------------------------------- */

/* vpermb(idx) of the 64 bytes at in + off, of an input of len >= 64 bytes:
 * byte p of the result is byte off + idx[p] (idx[p] < 64, taken mod 64
 * beyond). If those 64 bytes would run past the end, the 64 bytes that
 * end there are loaded and the indices raised by the difference; only
 * indices that the callers do not need end up beyond 63 (and wrap). */
static inline __m512i gather_bytes(const uint8_t *in, unsigned off,
                                   unsigned len, __m512i idx) {
  if (off + 64 <= len)
    return _mm512_permutexvar_epi8(
        idx, _mm512_loadu_si512((const void *)(in + off)));
  return _mm512_permutexvar_epi8(
      _mm512_add_epi8(idx, _mm512_set1_epi8((char)(off + 64 - len))),
      _mm512_loadu_si512((const void *)(in + len - 64)));
}

/* Writes the first n bytes of v (n <= 64) to out + off, of an output of
 * len bytes: a plain 64-byte store when it stays inside the output (the
 * bytes after the first n are overwritten by the next block), else a
 * masked one. */
static inline void store_bytes(uint8_t *out, unsigned off, unsigned len,
                               unsigned n, __m512i v) {
  if (off + 64 <= len)
    _mm512_storeu_si512((void *)(out + off), v);
  else
    _mm512_mask_storeu_epi8(out + off, (__mmask64)(~0ull >> (64 - n)), v);
}

/* ---- canonical representatives and Compress_d --------------------------- */

/* The canonical representative of every int16, as mlkem_freeze: the same
 * Barrett step, then the conditional addition of q written as an unsigned
 * minimum (a in [-(q-1)/2, (q-1)/2]: for a >= 0, a < a + q; for a < 0, a
 * read as unsigned is above 2^15 and a + q is the representative). */
static inline __m512i freeze(__m512i a) {
  const __m512i q = _mm512_set1_epi16(Q);
  a = mlkem_avx512_barrett(a);
  return _mm512_min_epu16(a, _mm512_add_epi16(a, q));
}

/* Compress_d(x mod q) for d in {1, 4, 5, 10, 11} and every int16 x, in
 * the low d bits of each lane, with garbage above them (callers mask).
 *
 * The value is floor((2^d x + (q-1)/2) / q) mod 2^d, which is what the
 * portable code computes for the canonical representative, because adding
 * k q to x adds k 2^d to the quotient. The quotient is t + [r > (q-1)/2]
 * with t = floor(x c / 2^16), c = floor(2^(16+d) / q), and r = 2^d x - t q:
 * c is below 2^(16+d) / q by less than one, so x c / 2^16 is within 1/2 of
 * 2^d x / q for |x| <= 2^15 and t is at most one below or above the true
 * floor; hence r lies in (-q/2, 3q/2), is exact although computed mod
 * 2^16, and the rounding offset carries into the quotient exactly when
 * r > (q-1)/2. For d = 11, c exceeds 2^15: the multiplication uses c -
 * 2^16 and adds x back. (tests/test_diff_serialize.c tries every
 * int16 in every lane.) */
static inline __m512i compress(__m512i x, const unsigned d) {
  const __m512i q = _mm512_set1_epi16(Q);
  const __m512i half = _mm512_set1_epi16((Q - 1) / 2);
  __m512i t, r;
  __mmask32 up;
  /* c = floor(2^(16+d) / q) written out (so that no build, even without
   * inlining or constant folding, divides; scripts/check_no_division.sh),
   * and a shift by an immediate. */
  switch (d) {
    case 1:
      t = _mm512_mulhi_epi16(x, _mm512_set1_epi16(39));
      r = _mm512_add_epi16(x, x);
      break;
    case 4:
      t = _mm512_mulhi_epi16(x, _mm512_set1_epi16(314));
      r = _mm512_slli_epi16(x, 4);
      break;
    case 5:
      t = _mm512_mulhi_epi16(x, _mm512_set1_epi16(629));
      r = _mm512_slli_epi16(x, 5);
      break;
    case 10:
      t = _mm512_mulhi_epi16(x, _mm512_set1_epi16(20158));
      r = _mm512_slli_epi16(x, 10);
      break;
    default: /* 40317 - 2^16 */
      t = _mm512_add_epi16(_mm512_mulhi_epi16(x, _mm512_set1_epi16(-25219)), x);
      r = _mm512_slli_epi16(x, 11);
      break;
  }
  r = _mm512_sub_epi16(r, _mm512_mullo_epi16(t, q));
  up = _mm512_cmpgt_epi16_mask(r, half);
  return _mm512_mask_sub_epi16(t, up, t, _mm512_set1_epi16(-1));
}

/* ---- ByteEncode_12 / ByteDecode_12 -------------------------------------- */

/* After vpmaddwd, 32-bit lane k holds c(2k) + 2^12 c(2k+1): 24 bits, the
 * output bytes 3k .. 3k + 2. Each vector's 48 bytes go out in a 64-byte
 * store that the next one overwrites, masked for the range's last. */
#define ENC12_IDX(a, m, j) \
  ((8 * (m) + (j)) < 48 ? 4 * ((8 * (m) + (j)) / 3) + (8 * (m) + (j)) % 3 : 0)
static const ALIGN64 uint8_t enc12_idx[64] = {Q64(ENC12_IDX, 0)};

void mlkem_avx512_encode12(uint8_t out[MLKEM_POLYBYTES], const mlkem_poly *a,
                           unsigned from, unsigned to) {
  const __m512i pair = _mm512_set1_epi32(1 | (1 << 28)); /* 1, 2^12 */
  const __m512i idx = table(enc12_idx);
  __m512i x;
  unsigned i;
  for (i = from / 32; i < to / 32; i++) {
    x = _mm512_madd_epi16(freeze(load_poly32(a, i)), pair);
    x = _mm512_permutexvar_epi8(idx, x);
    store_bytes(out, 48 * i, 3 * to / 2, 48, x);
  }
}

/* The values unpacked as vec.h describes (rej_uniform in sampling.c reads
 * its candidates the same way). Each value v < 2^12 < 2q:
 * v mod q = min(v, v - q) as unsigned 16-bit numbers (v - q wraps to a large
 * number when v < q), the value of the portable conditional subtraction. The
 * lanes holding q or more are ORed into a mask. */
unsigned mlkem_avx512_decode12(mlkem_poly *r,
                               const uint8_t in[MLKEM_POLYBYTES]) {
  const __m512i idx = unpack12_idx();
  const __m512i q = _mm512_set1_epi16(Q);
  __mmask32 big = 0;
  __m512i v;
  unsigned i;
  for (i = 0; i < MLKEM_N / 32; i++) {
    v = unpack12_bits(gather_bytes(in, 48 * i, MLKEM_POLYBYTES, idx));
    big = _kor_mask32(big, _mm512_cmpge_epu16_mask(v, q));
    store_poly32(r, i, _mm512_min_epu16(v, _mm512_sub_epi16(v, q)));
  }
  return (unsigned)_cvtmask32_u32(big);
}

/* ---- ByteEncode_d(Compress_d) -------------------------------------------- */

static inline __m512i compress_masked(const mlkem_poly *a, unsigned i,
                                      const unsigned d) {
  return _mm512_and_si512(compress(load_poly32(a, i), d),
                          _mm512_set1_epi16((int16_t)((1 << d) - 1)));
}

/* Joins the two 2d-bit fields of every 64-bit lane (at bits 0 and 32,
 * nothing else set) into one 4d-bit field at bit 0, for d = 10 or 11:
 * the upper field is shifted down to bit 2d and the lower one kept under
 * a mask (one vpternlogq: mask ? x : x >> (32 - 2d)). */
static inline __m512i join64(__m512i x, const unsigned d) {
  const __m512i low = _mm512_set1_epi64((long long)((1ull << (2 * d)) - 1));
  __m512i hi = d == 10 ? _mm512_srli_epi64(x, 12) : _mm512_srli_epi64(x, 10);
  return _mm512_ternarylogic_epi64(low, x, hi, 0xCA);
}

/* d = 4: four vectors (128 coefficients) per 64 bytes. vpackuswb makes
 * bytes of two vectors (per 128-bit lane: 8 of the first, 8 of the
 * second), vpmaddubsw joins neighbouring values (c0 + 16 c1) into 16-bit
 * lanes, a third vpackuswb makes bytes of those, and vpermd puts the
 * 32-bit groups (8 coefficients each) in order: group 4k + s of the packed
 * vector holds coefficients 8k .. 8k + 7 of vector s. */
static void compress_encode4(uint8_t *out, const mlkem_poly *a) {
  const __m512i nib = _mm512_set1_epi16(1 | (16 << 8));
  const __m512i order =
      _mm512_setr_epi32(0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15);
  __m512i r0, r1, r2, r3, p0, p1;
  unsigned i;
  for (i = 0; i < MLKEM_N / 128; i++) {
    r0 = compress_masked(a, 4 * i + 0, 4);
    r1 = compress_masked(a, 4 * i + 1, 4);
    r2 = compress_masked(a, 4 * i + 2, 4);
    r3 = compress_masked(a, 4 * i + 3, 4);
    p0 = _mm512_maddubs_epi16(_mm512_packus_epi16(r0, r1), nib);
    p1 = _mm512_maddubs_epi16(_mm512_packus_epi16(r2, r3), nib);
    p0 = _mm512_permutexvar_epi32(order, _mm512_packus_epi16(p0, p1));
    _mm512_storeu_si512((void *)(out + 64 * i), p0);
  }
}

/* d = 5: two vectors (64 coefficients) per 40 bytes. vpackuswb makes
 * bytes (128-bit lane k: coefficients 8k .. 8k + 7 of the first vector,
 * then of the second), vpmaddubsw joins pairs (10 bits), vpmaddwd pairs of
 * those (20 bits), join64 pairs of those: 40 bits, 8 coefficients, in
 * every 64-bit lane: lane 2k holds coefficients 8k .. of the first vector
 * (output bytes 5k ..), lane 2k + 1 those of the second (bytes 20 + 5k ..). */
#define ENC5_IDX(a, m, j)                                                  \
  ((8 * (m) + (j)) < 20 ? 16 * ((8 * (m) + (j)) / 5) + (8 * (m) + (j)) % 5 \
   : (8 * (m) + (j)) < 40                                                  \
       ? 16 * ((8 * (m) + (j)-20) / 5) + 8 + (8 * (m) + (j)-20) % 5        \
       : 0)
static const ALIGN64 uint8_t enc5_idx[64] = {Q64(ENC5_IDX, 0)};

static void compress_encode5(uint8_t *out, const mlkem_poly *a) {
  const __m512i pair8 = _mm512_set1_epi16(1 | (32 << 8));
  const __m512i pair16 = _mm512_set1_epi32(1 | (1 << 26)); /* 1, 2^10 */
  const __m512i low20 = _mm512_set1_epi64((1 << 20) - 1);
  const __m512i idx = table(enc5_idx);
  __m512i x;
  unsigned i;
  for (i = 0; i < MLKEM_N / 64; i++) {
    x = _mm512_packus_epi16(compress_masked(a, 2 * i, 5),
                            compress_masked(a, 2 * i + 1, 5));
    x = _mm512_madd_epi16(_mm512_maddubs_epi16(x, pair8), pair16);
    x = _mm512_ternarylogic_epi64(low20, x, _mm512_srli_epi64(x, 12), 0xCA);
    x = _mm512_permutexvar_epi8(idx, x);
    store_bytes(out, 40 * i, 160, 40, x);
  }
}

/* d = 10: one vector per 40 bytes. vpmaddwd joins pairs (c0 + 2^10 c1),
 * join64 pairs of those: 64-bit lane m holds 40 bits, output bytes
 * 5m .. 5m + 4. */
#define ENC10_IDX(a, m, j) \
  ((8 * (m) + (j)) < 40 ? 8 * ((8 * (m) + (j)) / 5) + (8 * (m) + (j)) % 5 : 0)
static const ALIGN64 uint8_t enc10_idx[64] = {Q64(ENC10_IDX, 0)};

static void compress_encode10(uint8_t *out, const mlkem_poly *a) {
  const __m512i pair16 = _mm512_set1_epi32(1 | (1 << 26)); /* 1, 2^10 */
  const __m512i idx = table(enc10_idx);
  __m512i x;
  unsigned i;
  for (i = 0; i < MLKEM_N / 32; i++) {
    x = _mm512_madd_epi16(compress_masked(a, i, 10), pair16);
    x = _mm512_permutexvar_epi8(idx, join64(x, 10));
    store_bytes(out, 40 * i, 320, 40, x);
  }
}

/* d = 11: one vector per 44 bytes, 11 per 128-bit lane. vpmaddwd joins
 * pairs into 22-bit values c0 + 2^11 c1, which belong at bits 0, 22, 44, 66
 * of the lane's 11 bytes: bytes 0, 2 (+6 bits), 5 (+4), 8 (+2). Shifting
 * each 32-bit lane left by that many bits aligns it to its byte; one
 * vpermb gathers every output byte from the 32-bit lane that supplies its
 * low bits, a second one supplies the high bits of the three bytes that
 * two 32-bit lanes share (2, 5, 8: the lowest byte of the next lane), and
 * an OR joins them. Output bytes that take nothing from a permutation
 * index byte 15 of the lane, which is always zero (the last pair is
 * shifted by 2, so its 22 bits end at bit 23). */
#define ENC11_BYTE(m, j) (8 * (m) + (j))
#define ENC11_LANE(m, j) (16 * (ENC11_BYTE(m, j) / 11))
#define ENC11_POS(m, j) (ENC11_BYTE(m, j) % 11)
#define ENC11_MAIN(a, m, j)                                              \
  (ENC11_BYTE(m, j) >= 44                                                \
       ? 15                                                              \
       : ENC11_LANE(m, j) + (ENC11_POS(m, j) < 3   ? ENC11_POS(m, j)     \
                             : ENC11_POS(m, j) < 6 ? ENC11_POS(m, j) + 2 \
                             : ENC11_POS(m, j) < 9 ? ENC11_POS(m, j) + 3 \
                                                   : ENC11_POS(m, j) + 4))
#define ENC11_SHARED(a, m, j)                                               \
  (ENC11_BYTE(m, j) >= 44 ? 15                                              \
                          : ENC11_LANE(m, j) + (ENC11_POS(m, j) == 2   ? 4  \
                                                : ENC11_POS(m, j) == 5 ? 8  \
                                                : ENC11_POS(m, j) == 8 ? 12 \
                                                                       : 15))
static const ALIGN64 uint8_t enc11_main[64] = {Q64(ENC11_MAIN, 0)};
static const ALIGN64 uint8_t enc11_shared[64] = {Q64(ENC11_SHARED, 0)};

static void compress_encode11(uint8_t *out, const mlkem_poly *a) {
  const __m512i pair16 = _mm512_set1_epi32(1 | (1 << 27)); /* 1, 2^11 */
  const __m512i shift =
      _mm512_setr_epi32(0, 6, 4, 2, 0, 6, 4, 2, 0, 6, 4, 2, 0, 6, 4, 2);
  const __m512i main_bytes = table(enc11_main);
  const __m512i shared = table(enc11_shared);
  __m512i x;
  unsigned i;
  for (i = 0; i < MLKEM_N / 32; i++) {
    x = _mm512_madd_epi16(compress_masked(a, i, 11), pair16);
    x = _mm512_sllv_epi32(x, shift);
    x = _mm512_or_si512(_mm512_permutexvar_epi8(main_bytes, x),
                        _mm512_permutexvar_epi8(shared, x));
    store_bytes(out, 44 * i, 352, 44, x);
  }
}

void mlkem_avx512_compress_encode(uint8_t *out, const mlkem_poly *a,
                                  unsigned d) {
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

/* ---- Decompress_d(ByteDecode_d) ------------------------------------------ */

/* Decompress_d(y) = (q y + 2^(d-1)) >> d is computed as vpmulhrsw(y
 * 2^(15-d), q) = (y 2^(15-d) q + 2^14) >> 15, the same integer (both
 * numerator and divisor carry the factor 2^(15-d)); y 2^(15-d) < 2^15.
 *
 * Unpacking: 64-bit lane m of a vector holds its coefficients 4m .. 4m+3,
 * bits 4dm .. 4dm + 4d - 1 of the vector's 4d bytes: vpermb gives it the
 * 8 bytes from byte floor(dm/2) on, where they start at bit o = 4dm mod 8
 * (0, or 4 for odd d and m). Then vpmultishiftqb gives 16-bit lane l (of
 * four) the 16 bits from bit o + d l - (15 - d) of its 64-bit lane
 * (rotating: the bits below 0 come from the top and are masked), which
 * puts coefficient 4m + l at bits 15 - d .. 14, and a mask clears the
 * rest. */
#define DEC_IDX(d, m, j) ((d) * (m) / 2 + (j))
#define DEC_CTL(d, m, j)                                                       \
  (((4 * (d) * (m)) % 8 + (d) * ((j) / 2) - (15 - (d)) + 8 * ((j) % 2) + 64) % \
   64)
static const ALIGN64 uint8_t dec4_idx[64] = {Q64(DEC_IDX, 4)};
static const ALIGN64 uint8_t dec4_ctl[64] = {Q64(DEC_CTL, 4)};
static const ALIGN64 uint8_t dec5_idx[64] = {Q64(DEC_IDX, 5)};
static const ALIGN64 uint8_t dec5_ctl[64] = {Q64(DEC_CTL, 5)};
static const ALIGN64 uint8_t dec10_idx[64] = {Q64(DEC_IDX, 10)};
static const ALIGN64 uint8_t dec10_ctl[64] = {Q64(DEC_CTL, 10)};
static const ALIGN64 uint8_t dec11_idx[64] = {Q64(DEC_IDX, 11)};
static const ALIGN64 uint8_t dec11_ctl[64] = {Q64(DEC_CTL, 11)};

static inline void decode_decompress_d(mlkem_poly *r, const uint8_t *in,
                                       const unsigned d,
                                       const uint8_t idx_t[64],
                                       const uint8_t ctl_t[64]) {
  const __m512i idx = table(idx_t);
  const __m512i ctl = table(ctl_t);
  const __m512i mask = _mm512_set1_epi16((int16_t)(((1 << d) - 1) << (15 - d)));
  const __m512i q = _mm512_set1_epi16(Q);
  __m512i v;
  unsigned i;
  for (i = 0; i < MLKEM_N / 32; i++) {
    v = gather_bytes(in, 4 * d * i, 32 * d, idx);
    v = _mm512_and_si512(_mm512_multishift_epi64_epi8(ctl, v), mask);
    store_poly32(r, i, _mm512_mulhrs_epi16(v, q));
  }
}

void mlkem_avx512_decode_decompress(mlkem_poly *r, const uint8_t *in,
                                    unsigned d) {
  switch (d) {
    case 4:
      decode_decompress_d(r, in, 4, dec4_idx, dec4_ctl);
      break;
    case 5:
      decode_decompress_d(r, in, 5, dec5_idx, dec5_ctl);
      break;
    case 10:
      decode_decompress_d(r, in, 10, dec10_idx, dec10_ctl);
      break;
    default:
      decode_decompress_d(r, in, 11, dec11_idx, dec11_ctl);
      break;
  }
}

/* ---- the message --------------------------------------------------------- */

/* Compress_1 of 32 coefficients gives a 32-bit mask (bit i: coefficient
 * i), which is the 4 output bytes. */
void mlkem_avx512_compress_encode_msg(uint8_t out[32], const mlkem_poly *a) {
  const __m512i one = _mm512_set1_epi16(1);
  uint32_t m;
  unsigned i;
  for (i = 0; i < MLKEM_N / 32; i++) {
    m = (uint32_t)_mm512_test_epi16_mask(compress(load_poly32(a, i), 1), one);
    memcpy(out + 4 * i, &m, 4);
  }
}

/* Decompress_1: the 4 message bytes of 32 coefficients are a lane mask
 * selecting (q + 1) / 2 or 0. */
void mlkem_avx512_decode_decompress_msg(mlkem_poly *r, const uint8_t in[32]) {
  const __m512i half = _mm512_set1_epi16((Q + 1) / 2);
  uint32_t m;
  unsigned i;
  for (i = 0; i < MLKEM_N / 32; i++) {
    memcpy(&m, in + 4 * i, 4);
    store_poly32(r, i, _mm512_maskz_mov_epi16((__mmask32)m, half));
  }
}

#else
typedef int mlkem_avx512_serialize_not_built; /* ISO C wants a declaration */
#endif
