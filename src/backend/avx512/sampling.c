/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * sampling.c - SamplePolyCBD (@spec{FIPS203, Alg. 8}) and the rejection step
 * of SampleNTT (@spec{FIPS203, Alg. 7}), for the AVX-512 backend.
 *
 * Both return exactly the coefficients of their portable counterparts
 * (backend/portable/sampling.c); tests/test_diff_serialize.c
 * compares them. CBD input is secret: it passes only through shifts,
 * multiply-adds and permutations (including a table lookup done by a
 * register permutation, vpermb, which takes the same time for every
 * index). rej_uniform's input is public (SHAKE128 of rho): it branches on
 * it and stores at offsets that depend on it.
 */
#if defined(__x86_64__) || defined(_M_X64)

#include <immintrin.h>

#include "backend/avx512/avx512.h"
#include "backend/avx512/vec.h"

#define Q MLKEM_Q

/* ---- SamplePolyCBD --------------------------------------------------------
 *
 * A coefficient is a function of its own 2 eta input bits: with x the sum
 * of the first eta bits and y that of the other eta, it is x - y. So once
 * each coefficient's bits are alone in the low 2 eta bits of a byte, a
 * table lookup finishes the job: vpermb with the bytes as indices into a
 * 64-byte table (it reads the low 6 bits of each index; for eta = 2 the
 * table repeats every 16 entries, so bits 4 and 5 may hold anything).
 *
 * The bytes are arranged so that 16-bit lane j holds coefficient j of a
 * block of 64 in its low byte and coefficient 32 + j in its high byte. The
 * table gives signed bytes; vpmaddubsw with the byte weights (1, 0) then
 * yields coefficient j sign-extended to 16 bits, and with (0, 1)
 * coefficient 32 + j: the block's two output vectors. */

#define PC2(x) (((x)&1) + (((x) >> 1) & 1))
#define PC3(x) (((x)&1) + (((x) >> 1) & 1) + (((x) >> 2) & 1))
/* Entry i: (bits 0,1 summed) - (bits 2,3 summed), as a byte. */
#define CBD2_LUT(a, m, j) \
  ((PC2(8 * (m) + (j)) - PC2((8 * (m) + (j)) >> 2) + 256) % 256)
/* Entry i: (bits 0..2 summed) - (bits 3..5 summed), as a byte. */
#define CBD3_LUT(a, m, j) \
  ((PC3(8 * (m) + (j)) - PC3((8 * (m) + (j)) >> 3) + 256) % 256)
static const ALIGN64 uint8_t cbd2_lut[64] = {Q64(CBD2_LUT, 0)};
static const ALIGN64 uint8_t cbd3_lut[64] = {Q64(CBD3_LUT, 0)};

/* eta = 2: a block of 64 coefficients is 32 input bytes, coefficient c in
 * the low (c even) or high (c odd) nibble of byte c / 2. The 32 bytes are
 * loaded into both halves of a vector and the upper half shifted right by
 * 4 bits (16-bit shifts: every byte there then has the high nibble of its
 * own input byte in its low 4 bits). Coefficient c is thus in the low bits
 * of byte c / 2 (even c) or 32 + c / 2 (odd c), and the arrangement above
 * is one vpermb away. */
#define CBD2_COEF(m, j) ((4 * (m) + (j) / 2) + 32 * ((j) % 2))
#define CBD2_IDX(a, m, j) ((CBD2_COEF(m, j) % 2 ? 32 : 0) + CBD2_COEF(m, j) / 2)
static const ALIGN64 uint8_t cbd2_idx[64] = {Q64(CBD2_IDX, 0)};

static void cbd2(mlkem_poly *r, const uint8_t buf[128]) {
  const __m512i idx = table(cbd2_idx);
  const __m512i lut = table(cbd2_lut);
  const __m512i nibshift = _mm512_inserti64x4(
      _mm512_setzero_si512(), _mm256_set1_epi16(4), 1); /* 0 below, 4 above */
  const __m512i sel_lo = _mm512_set1_epi16(1);
  const __m512i sel_hi = _mm512_set1_epi16(1 << 8);
  __m512i t;
  unsigned i;
  for (i = 0; i < MLKEM_N / 64; i++) {
    t = _mm512_broadcast_i64x4(
        _mm256_loadu_si256((const __m256i *)(buf + 32 * i)));
    t = _mm512_srlv_epi16(t, nibshift);
    t = _mm512_permutexvar_epi8(_mm512_permutexvar_epi8(idx, t), lut);
    store_poly32(r, 2 * i, _mm512_maddubs_epi16(sel_lo, t));
    store_poly32(r, 2 * i + 1, _mm512_maddubs_epi16(sel_hi, t));
  }
}

/* eta = 3: a block of 64 coefficients is 48 input bytes, coefficient c at
 * bits 6c .. 6c + 5. 64-bit lane m gets the 3 bytes of coefficients
 * 4m .. 4m + 3 (bytes 3m ..) followed by the 3 bytes of coefficients
 * 32 + 4m .. (bytes 24 + 3m ..); vpmultishiftqb then fills byte 2l of the
 * lane from bit 6l and byte 2l + 1 from bit 24 + 6l: the arrangement
 * above. The last block is loaded from the end of the input (byte 128 on),
 * its indices raised by 16. */
#define CBD3_IDX(a, m, j) \
  ((a) + ((j) < 3 ? 3 * (m) + (j) : (j) < 6 ? 24 + 3 * (m) + (j)-3 : 0))
#define CBD3_CTL(a, m, j) (24 * ((j) % 2) + 6 * ((j) / 2))
static const ALIGN64 uint8_t cbd3_idx[64] = {Q64(CBD3_IDX, 0)};
static const ALIGN64 uint8_t cbd3_idx_last[64] = {Q64(CBD3_IDX, 16)};
static const ALIGN64 uint8_t cbd3_ctl[64] = {Q64(CBD3_CTL, 0)};

static void cbd3(mlkem_poly *r, const uint8_t buf[192]) {
  const __m512i ctl = table(cbd3_ctl);
  const __m512i lut = table(cbd3_lut);
  const __m512i sel_lo = _mm512_set1_epi16(1);
  const __m512i sel_hi = _mm512_set1_epi16(1 << 8);
  __m512i t;
  unsigned i;
  for (i = 0; i < MLKEM_N / 64; i++) {
    if (i + 1 < MLKEM_N / 64)
      t = _mm512_permutexvar_epi8(
          table(cbd3_idx), _mm512_loadu_si512((const void *)(buf + 48 * i)));
    else
      t = _mm512_permutexvar_epi8(
          table(cbd3_idx_last), _mm512_loadu_si512((const void *)(buf + 128)));
    t = _mm512_multishift_epi64_epi8(ctl, t);
    t = _mm512_permutexvar_epi8(t, lut);
    store_poly32(r, 2 * i, _mm512_maddubs_epi16(sel_lo, t));
    store_poly32(r, 2 * i + 1, _mm512_maddubs_epi16(sel_hi, t));
  }
}

void mlkem_avx512_cbd(mlkem_poly *r, const uint8_t *buf, unsigned eta) {
  if (eta == 2)
    cbd2(r, buf);
  else
    cbd3(r, buf);
}

/* ---- the rejection step of SampleNTT --------------------------------------
 *
 * 48 input bytes give 32 candidates, unpacked as decode12 does (vec.h).
 * A comparison with q gives the
 * mask of accepted lanes, which are then packed, in order, at the front of
 * a vector and stored at the current count:
 *  - with AVX512_VBMI2 (vpcompressw) in one instruction;
 *  - without it (this CPU feature is not among those the backend is
 *    normally compiled for), per half: the 16 candidates are unpacked
 *    into 32-bit lanes instead, packed with vpcompressd and narrowed. */
#if defined(__AVX512VBMI2__)

/* The accepted candidates among the first 48 bytes of b (those selected by
 * valid, low bits first), packed in order at the front of *out (the lanes
 * after them are zero); returns how many there are. */
static inline unsigned rej32(__m512i *out, __m512i b, __mmask32 valid) {
  const __m512i q = _mm512_set1_epi16(Q);
  __m512i v = unpack12_bits(_mm512_permutexvar_epi8(unpack12_idx(), b));
  __mmask32 k = _mm512_mask_cmplt_epu16_mask(valid, v, q);
  *out = _mm512_maskz_compress_epi16(k, v);
  return (unsigned)_mm_popcnt_u32(k);
}

/* Writes them to dst[0 ..]: 32 entries, of which those after the accepted
 * ones are scratch. */
static inline unsigned rej_store(int16_t dst[32], __m512i b, __mmask32 valid) {
  __m512i v;
  unsigned n = rej32(&v, b, valid);
  _mm512_storeu_si512((void *)dst, v);
  return n;
}

/* All 32 candidates of the first 48 bytes of b, or the 16 of the first
 * 24. */
static inline unsigned rej32_store(int16_t dst[32], __m512i b) {
  return rej_store(dst, b, ~0u);
}

static inline unsigned rej16_store(int16_t dst[32], __m512i b) {
  return rej_store(dst, b, 0xFFFFu);
}

/* Writes only the first min(count, room) of them to dst; returns that. */
static inline unsigned rej32_store_upto(int16_t *dst, __m512i b,
                                        __mmask32 valid, unsigned room) {
  __m512i v;
  unsigned n = rej32(&v, b, valid);
  if (n > room) n = room;
  _mm512_mask_storeu_epi16(dst, (__mmask32)(((uint64_t)1 << n) - 1), v);
  return n;
}

#else

/* 32-bit lane j (of 16): candidate a + j in its low 16 bits (bytes 2 and
 * 3 are zeroed by the permutation's mask). */
#define REJ_IDX32(a, m, j) \
  ((j) % 4 < 2 ? 3 * ((a) + 2 * (m) + (j) / 4) / 2 + (j) % 4 : 0)
static const ALIGN64 uint8_t rej_idx32_lo[64] = {Q64(REJ_IDX32, 0)};
static const ALIGN64 uint8_t rej_idx32_hi[64] = {Q64(REJ_IDX32, 16)};
/* 16-bit lane i < 16: index 2 i (the low half of 32-bit lane i). */
#define REJ_EVEN(a, m, j) \
  ((j) % 2 == 0 && (m) < 4 ? 2 * (4 * (m) + (j) / 2) : 0)
static const ALIGN64 uint8_t rej_even[64] = {Q64(REJ_EVEN, 0)};

/* Without vpcompressw: each half of 16 candidates is unpacked into 32-bit
 * lanes, packed with vpcompressd and narrowed (vpermw of the even 16-bit
 * lanes); 16 entries are written to dst, and the number accepted returned. */
static inline unsigned rej16(int16_t dst[16], __m512i b,
                             const uint8_t idx_t[64], __mmask16 valid) {
  const __m512i shift = _mm512_set1_epi64(4ll << 32); /* 0, 4 */
  const __m512i mask = _mm512_set1_epi32(0xFFF);
  const __m512i q = _mm512_set1_epi32(Q);
  const __m512i even = table(rej_even);
  __m512i v =
      _mm512_maskz_permutexvar_epi8(0x3333333333333333ull, table(idx_t), b);
  __mmask16 k;
  v = _mm512_and_si512(_mm512_srlv_epi32(v, shift), mask);
  k = _mm512_mask_cmplt_epu32_mask(valid, v, q);
  v = _mm512_permutexvar_epi16(even, _mm512_maskz_compress_epi32(k, v));
  _mm256_storeu_si256((__m256i *)dst, _mm512_castsi512_si256(v));
  return (unsigned)_mm_popcnt_u32(k);
}

/* As above (the second half is written right after the first half's
 * accepted entries). */
static inline unsigned rej32_store(int16_t dst[32], __m512i b) {
  unsigned n = rej16(dst, b, rej_idx32_lo, 0xFFFF);
  return n + rej16(dst + n, b, rej_idx32_hi, 0xFFFF);
}

/* The first half alone: the 16 candidates of the first 24 bytes of b. */
static inline unsigned rej16_store(int16_t dst[32], __m512i b) {
  return rej16(dst, b, rej_idx32_lo, 0xFFFF);
}

static inline unsigned rej32_store_upto(int16_t *dst, __m512i b,
                                        __mmask32 valid, unsigned room) {
  int16_t tmp[32];
  unsigned n = rej16(tmp, b, rej_idx32_lo, (__mmask16)valid);
  n += rej16(tmp + n, b, rej_idx32_hi, (__mmask16)(valid >> 16));
  if (n > room) n = room;
  _mm512_mask_storeu_epi16(dst, (__mmask32)(((uint64_t)1 << n) - 1),
                           _mm512_loadu_si512((const void *)tmp));
  return n;
}

#endif

/* The n <= 6 Keccak lanes w[0], w[stride], ... as bytes 0 .. 8 n - 1 of a
 * vector (the rest zero): one 8-byte load each (a masked broadcast),
 * which the store of the permutation that wrote the word forwards; a wider
 * load spanning words would wait for those stores to reach the cache. */
static inline __m512i load_words(const uint64_t *w, size_t stride, unsigned n) {
  __m512i v = _mm512_setzero_si512();
  unsigned i;
  for (i = 0; i < n; i++)
    v = _mm512_mask_set1_epi64(v, (__mmask8)(1u << i),
                               (long long)w[stride * i]);
  return v;
}

/* Blocks of 48 bytes (six words), then one of 24 (three words), while 32
 * entries can be written without leaving the polynomial; then blocks of
 * up to 48 bytes (only the words that hold them are read, and candidates
 * beyond the input are not counted), of which a masked store writes only
 * the entries still needed.
 * The result is the portable one: the values below q, in input order,
 * until 256 are held. */
void mlkem_avx512_rej_uniform(mlkem_poly *r, unsigned *ctr,
                              const uint64_t *lane, size_t stride,
                              unsigned len) {
  unsigned n = *ctr, pos = 0, groups;
  while (n + 32 <= MLKEM_N && pos + 48 <= len) {
    n += rej32_store(r->coeffs + n,
                     load_words(lane + stride * (pos / 8), stride, 6));
    pos += 48;
  }
  /* The last 24 bytes of a SHAKE128 block (168 = 3 x 48 + 24) while 32
   * entries can still be written: three words, as above. */
  if (n + 32 <= MLKEM_N && pos + 24 <= len) {
    n += rej16_store(r->coeffs + n,
                     load_words(lane + stride * (pos / 8), stride, 3));
    pos += 24;
  }
  while (n < MLKEM_N && pos + 3 <= len) {
    /* Whole 3-byte groups left, at most 16: (rem 171) >> 9 is rem / 3 for
     * rem < 48, without a division instruction (check_no_division.sh).
     * pos is a multiple of 24 here, so of 8. */
    groups = len - pos >= 48 ? 16 : ((len - pos) * 171) >> 9;
    n += rej32_store_upto(
        r->coeffs + n,
        _mm512_maskz_mov_epi8(~0ull >> (64 - 3 * groups),
                              load_words(lane + stride * (pos / 8), stride,
                                         (3 * groups + 7) / 8)),
        (__mmask32)(~0u >> (32 - 2 * groups)), MLKEM_N - n);
    pos += 3 * groups;
  }
  *ctr = n;
}

#else
typedef int mlkem_avx512_sampling_not_built; /* ISO C wants a declaration */
#endif
