/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * aead/chacha20poly1305_avx2.c - ChaCha20-Poly1305 with AVX2: ChaCha20
 * (@spec{RFC8439, sec. 2.4}) eight blocks at a time, Poly1305
 * (@spec{RFC8439, sec. 2.5}) four blocks at a time, and the two stitched
 * together for long messages. Compiled with -mavx2 -mbmi2 (src/CMakeLists.txt);
 * run only where mlkem_cpu_has_avx2() (chacha20poly1305_select.c).
 *
 * ChaCha20. Vertical layout (chacha20_rounds.h): vector i holds word i of
 * eight blocks, block j in 32-bit lane j, so the rounds need no shuffle;
 * the rotations by 16 and 8 are byte shuffles (VPSHUFB), those by 12 and 7
 * two shifts and an OR. A transpose then turns lanes into blocks: 4 x 4
 * words within each 128-bit half (unpacks of 32- then 64-bit elements),
 * then the halves are paired (VPERM2I128). What is left after the
 * 512-byte steps goes four blocks at a time in 128-bit vectors.
 *
 * Poly1305. Four accumulators in the four 64-bit lanes of a vector,
 * numbers in radix 2^26 (five limbs, one vector per limb) so that
 * VPMULUDQ's 32 x 32 -> 64-bit products and their sums fit. Lane k takes
 * blocks k, k + 4, k + 8, ... (the first with h added):
 *   A_k <- A_k r^4 + c_(4t + k),
 * and at the end h = A_0 r^4 + A_1 r^3 + A_2 r^2 + A_3 r, which is the
 * scalar h <- (h + c) r applied to every block in order. (Loading four
 * blocks puts them in lanes 0, 2, 1, 3, so the last powers go in that
 * order too.) Bounds, per lane: the carried limbs are below 2^26 + 2^9, a
 * block's below 2^26 (2^24 + 2^24 for the top one, with its 2^128), so
 * the limbs multiplied are below 2^27.2; r^4's below 2^26 and 5 r^4's
 * below 2^28.4: each of the five sums of five products is below 2^57.9,
 * the four lanes' sums at the end below 2^60. Short runs, and the blocks
 * that do not fill four, take the scalar code (poly1305_scalar.h; MULX
 * with -mbmi2).
 *
 * Stitched. The rounds of eight ChaCha20 blocks are a chain of dependent
 * operations with room beside them; one four-block Poly1305 step after
 * each of the first eight double rounds fills it: 512 bytes encrypted and
 * 512 MACed in one pass, 13 % less time than one after the other (16 KiB
 * seal, docs/ARCHITECTURE.md). Seal MACs the previous 512 bytes of its own
 * output while it makes the next; open MACs the 512 bytes of ciphertext
 * it is about to decrypt, before the decrypted bytes are stored (so in
 * place works).
 *
 * An AVX-512 implementation (16 blocks in 512-bit vectors, VPROLD for the
 * rotations, eight Poly1305 lanes or IFMA) would be a file like this one
 * with its own table in chacha20poly1305_select.c; none is built: this
 * machine cannot run AVX-512 to test it.
 */
#include <immintrin.h>
#include <string.h>

#include "aead/chacha20poly1305.h"
#include "aead/chacha20_rounds.h"
#include "aead/poly1305_scalar.h"
#include "platform/bytes.h"
#include "platform/ct.h"

#if defined(__GNUC__) || defined(__clang__)
#define ALWAYS_INLINE inline __attribute__((always_inline))
#define NOINLINE __attribute__((noinline))
#else
#define ALWAYS_INLINE inline
#define NOINLINE
#endif

/* Below this many blocks the scalar Poly1305 is as fast as computing r^2
 * .. r^4 and combining the lanes. Measured for a new key (r^2 .. r^4
 * computed), rdtsc ticks, scalar / vector: 8 blocks 206 / 212, 12 blocks
 * 280 / 243, 16 blocks 359 / 274, 64 blocks 1,252 / 630 (AMD EPYC Zen 3,
 * lowest of 15 medians). */
#define VECTOR_MIN_BLOCKS 12

/* ==== Poly1305, four lanes ============================================= */

#define M26 ((1 << 26) - 1)

static void scalar_blocks(mlkem_poly1305 *st, const uint8_t *m, size_t n) {
  uint64_t r0 = st->r[0], r1 = st->r[1], s1 = r1 + (r1 >> 2);
  for (; n > 0; n--, m += 16) {
    poly1305_add(st->h, mlkem_load64_le(m), mlkem_load64_le(m + 8), 1);
    poly1305_mul(st->h, r0, r1, s1);
  }
}

/* Four blocks as limbs l[0..4], blocks 0, 2, 1, 3 in lanes 0 .. 3. */
static ALWAYS_INLINE void load_blocks4(__m256i l[5], const uint8_t *m) {
  const __m256i m26 = _mm256_set1_epi64x(M26);
  __m256i a = _mm256_loadu_si256((const __m256i *)(const void *)m);
  __m256i b = _mm256_loadu_si256((const __m256i *)(const void *)(m + 32));
  __m256i lo = _mm256_unpacklo_epi64(a, b), hi = _mm256_unpackhi_epi64(a, b);
  l[0] = _mm256_and_si256(lo, m26);
  l[1] = _mm256_and_si256(_mm256_srli_epi64(lo, 26), m26);
  l[2] = _mm256_and_si256(
      _mm256_or_si256(_mm256_srli_epi64(lo, 52), _mm256_slli_epi64(hi, 12)),
      m26);
  l[3] = _mm256_and_si256(_mm256_srli_epi64(hi, 14), m26);
  l[4] = _mm256_or_si256(_mm256_srli_epi64(hi, 40),
                         _mm256_set1_epi64x((int64_t)1 << 24));
}

/* d = h r in each lane, unreduced: rs[0..4] the limbs of the multiplier,
 * rs[5..9] five times them (2^130 = 5 mod p), limb j in rs[5 + j]. */
static ALWAYS_INLINE void mul_lanes(__m256i d[5], const __m256i h[5],
                                    const __m256i rs[10]) {
#define MUL(a, k) _mm256_mul_epu32(a, rs[k])
#define ADD(a, b) _mm256_add_epi64(a, b)
  d[0] = ADD(ADD(MUL(h[0], 0), MUL(h[1], 9)),
             ADD(ADD(MUL(h[2], 8), MUL(h[3], 7)), MUL(h[4], 6)));
  d[1] = ADD(ADD(MUL(h[0], 1), MUL(h[1], 0)),
             ADD(ADD(MUL(h[2], 9), MUL(h[3], 8)), MUL(h[4], 7)));
  d[2] = ADD(ADD(MUL(h[0], 2), MUL(h[1], 1)),
             ADD(ADD(MUL(h[2], 0), MUL(h[3], 9)), MUL(h[4], 8)));
  d[3] = ADD(ADD(MUL(h[0], 3), MUL(h[1], 2)),
             ADD(ADD(MUL(h[2], 1), MUL(h[3], 0)), MUL(h[4], 9)));
  d[4] = ADD(ADD(MUL(h[0], 4), MUL(h[1], 3)),
             ADD(ADD(MUL(h[2], 2), MUL(h[3], 1)), MUL(h[4], 0)));
#undef MUL
#undef ADD
}

/* h <- h r^4 + the four blocks at m: the product carried from limbs below
 * 2^58 to limbs below 2^26 + 2^9 (0 -> 1, 3 -> 4, 1 -> 2, 4 -> 0 times
 * 5, 2 -> 3, 0 -> 1, 3 -> 4), then the blocks added. */
static ALWAYS_INLINE void poly_step(__m256i h[5], const __m256i rs[10],
                                    const uint8_t *m) {
  const __m256i m26 = _mm256_set1_epi64x(M26);
  __m256i d[5], c[5], t;
  unsigned j;
  mul_lanes(d, h, rs);
#define CARRY(i, k)                   \
  t = _mm256_srli_epi64(d[i], 26);    \
  d[i] = _mm256_and_si256(d[i], m26); \
  d[k] = _mm256_add_epi64(d[k], t)
  CARRY(0, 1);
  CARRY(3, 4);
  CARRY(1, 2);
  t = _mm256_srli_epi64(d[4], 26);
  d[4] = _mm256_and_si256(d[4], m26);
  d[0] = _mm256_add_epi64(d[0], _mm256_add_epi64(t, _mm256_slli_epi64(t, 2)));
  CARRY(2, 3);
  CARRY(0, 1);
  CARRY(3, 4);
#undef CARRY
  load_blocks4(c, m);
  for (j = 0; j < 5; j++) h[j] = _mm256_add_epi64(d[j], c[j]);
}

/* rs[j] <- limb j of r^(pw[k] + 1) in lane k, rs[5 + j] <- five times it
 * (r^1 .. r^4 from the state, computed there on first use). */
static void lane_powers(__m256i rs[10], mlkem_poly1305 *st,
                        const unsigned pw[4]) {
  unsigned j;
  if (!st->have_pow26) mlkem_poly1305_powers26(st);
  for (j = 0; j < 5; j++) {
    rs[j] = _mm256_setr_epi64x(st->pow26[pw[0]][j], st->pow26[pw[1]][j],
                               st->pow26[pw[2]][j], st->pow26[pw[3]][j]);
    rs[5 + j] = _mm256_add_epi64(rs[j], _mm256_slli_epi64(rs[j], 2));
  }
}

static const unsigned pw_loop[4] = {3, 3, 3, 3}; /* r^4 in every lane */
static const unsigned pw_last[4] = {3, 1, 2, 0}; /* r^4, r^2, r^3, r */

/* The lanes' start: the four blocks at m, with h (h2 <= 4) added in
 * lane 0. */
static void lanes_start(__m256i h[5], const mlkem_poly1305 *st,
                        const uint8_t *m) {
  const uint64_t *s = st->h;
  uint64_t t[5];
  unsigned j;
  load_blocks4(h, m);
  t[0] = s[0] & M26;
  t[1] = (s[0] >> 26) & M26;
  t[2] = ((s[0] >> 52) | (s[1] << 12)) & M26;
  t[3] = (s[1] >> 14) & M26;
  t[4] = (s[1] >> 40) | (s[2] << 24);
  for (j = 0; j < 5; j++)
    h[j] = _mm256_add_epi64(h[j], _mm256_setr_epi64x((int64_t)t[j], 0, 0, 0));
  mlkem_zeroize(t, sizeof t);
}

/* The sum of the four lanes of v. */
static inline uint64_t lanes_sum(__m256i v) {
  __m128i t =
      _mm_add_epi64(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
  return (uint64_t)_mm_cvtsi128_si64(t) + (uint64_t)_mm_extract_epi64(t, 1);
}

/* st->h <- A_0 r^4 + A_1 r^3 + A_2 r^2 + A_3 r, carried in 64-bit words
 * (sums below 2^60), then in radix 2^64 with h2 <= 4. */
static void lanes_finish(mlkem_poly1305 *st, const __m256i h[5]) {
  __m256i rs[10], d[5];
  uint64_t t[5], c;
  mlkem_u128 acc;
  unsigned j;
  lane_powers(rs, st, pw_last);
  mul_lanes(d, h, rs);
  for (j = 0; j < 5; j++) t[j] = lanes_sum(d[j]);
  for (j = 0; j < 4; j++) {
    t[j + 1] += t[j] >> 26;
    t[j] &= M26;
  }
  c = t[4] >> 26;
  t[4] &= M26;
  t[0] += c * 5;
  t[1] += t[0] >> 26;
  t[0] &= M26;
  /* t[1] << 26 < 2^53; t[2] and t[4] straddle a word boundary. */
  acc = mlkem_add64(mlkem_add64(mlkem_u128_of(t[0]), t[1] << 26), t[2] << 52);
  st->h[0] = mlkem_lo64(acc);
  acc = mlkem_add64(
      mlkem_add64(mlkem_add64(mlkem_u128_of(t[2] >> 12), t[3] << 14),
                  t[4] << 40),
      mlkem_hi64(acc));
  st->h[1] = mlkem_lo64(acc);
  st->h[2] = (t[4] >> 24) + mlkem_hi64(acc);
  mlkem_zeroize(t, sizeof t);
}

void mlkem_poly1305_blocks_avx2(mlkem_poly1305 *st, const uint8_t *m,
                                size_t nblocks) {
  __m256i h[5], rs[10];
  if (nblocks < VECTOR_MIN_BLOCKS) {
    scalar_blocks(st, m, nblocks);
    return;
  }
  lane_powers(rs, st, pw_loop);
  lanes_start(h, st, m);
  for (m += 64, nblocks -= 4; nblocks >= 4; nblocks -= 4, m += 64) {
    poly_step(h, rs, m);
  }
  lanes_finish(st, h);
  scalar_blocks(st, m, nblocks);
}

/* ==== ChaCha20, eight blocks =========================================== */

#define ROT16_BYTES 2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13
#define ROT8_BYTES 3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14

#define CHACHA_SPLAT(i) _mm256_set1_epi32((int)w[i])
#define CHACHA_ADD(a, b) _mm256_add_epi32(a, b)
#define CHACHA_XOR(a, b) _mm256_xor_si256(a, b)
#define CHACHA_ROL16(a) _mm256_shuffle_epi8(a, rot16)
#define CHACHA_ROL8(a) _mm256_shuffle_epi8(a, rot8)
#define CHACHA_ROL12(a) \
  _mm256_or_si256(_mm256_slli_epi32(a, 12), _mm256_srli_epi32(a, 20))
#define CHACHA_ROL7(a) \
  _mm256_or_si256(_mm256_slli_epi32(a, 7), _mm256_srli_epi32(a, 25))

/* Words 4r .. 4r + 3 of eight blocks (vectors a, b, c, d) into four
 * vectors, o[j] holding those words of block j in its low half and of
 * block j + 4 in its high half. */
static ALWAYS_INLINE void transpose4_256(__m256i o[4], __m256i a, __m256i b,
                                         __m256i c, __m256i d) {
  __m256i t0 = _mm256_unpacklo_epi32(a, b), t1 = _mm256_unpackhi_epi32(a, b);
  __m256i t2 = _mm256_unpacklo_epi32(c, d), t3 = _mm256_unpackhi_epi32(c, d);
  o[0] = _mm256_unpacklo_epi64(t0, t2);
  o[1] = _mm256_unpackhi_epi64(t0, t2);
  o[2] = _mm256_unpacklo_epi64(t1, t3);
  o[3] = _mm256_unpackhi_epi64(t1, t3);
}

/* out[0 .. 32) = in[0 .. 32) XOR v. */
static ALWAYS_INLINE void xor_store256(uint8_t *out, const uint8_t *in,
                                       __m256i v) {
  __m256i m = _mm256_loadu_si256((const __m256i *)(const void *)in);
  _mm256_storeu_si256((__m256i *)(void *)out, _mm256_xor_si256(m, v));
}

/* Bytes off .. off + 31 of the eight blocks, from words 8 off / 32 .. + 3
 * (lo) and the next four (hi), as transpose4_256 left them. */
static ALWAYS_INLINE void xor_store_half(uint8_t *out, const uint8_t *in,
                                         size_t off, const __m256i lo[4],
                                         const __m256i hi[4]) {
  unsigned j;
  for (j = 0; j < 4; j++) {
    xor_store256(out + 64 * j + off, in + 64 * j + off,
                 _mm256_permute2x128_si256(lo[j], hi[j], 0x20));
    xor_store256(out + 64 * (j + 4) + off, in + 64 * (j + 4) + off,
                 _mm256_permute2x128_si256(lo[j], hi[j], 0x31));
  }
}

/* The Poly1305 work stitched into eight blocks' rounds: `groups` steps of
 * four blocks from m (at most eight: one after each double round), on the
 * lanes h with r^4 from rs. */
typedef struct {
  __m256i h[5];
  const __m256i *rs;
  const uint8_t *m;
  unsigned groups;
} poly_pass;

/* 512 bytes: out = in XOR blocks ctr .. ctr + 7 of the stream of w; with
 * pp, its Poly1305 steps between the double rounds, every read of pp->m
 * before the stores to out. Inlined into its loops (a separate function
 * measured 15 % slower: the loop-invariant broadcasts and the lanes then
 * go through memory on every call); the spills land in their callers'
 * frames, which chacha20poly1305.c scrubs. */
static ALWAYS_INLINE void blocks8(uint8_t *out, const uint8_t *in,
                                  const uint32_t w[16], uint32_t ctr,
                                  poly_pass *pp) {
  const __m256i rot16 = _mm256_setr_epi8(ROT16_BYTES, ROT16_BYTES);
  const __m256i rot8 = _mm256_setr_epi8(ROT8_BYTES, ROT8_BYTES);
  const __m256i ctrs = _mm256_add_epi32(
      _mm256_set1_epi32((int)ctr), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
  CHACHA_STATE_DECLARE(__m256i, ctrs);
  __m256i lo[4], hi[4];
  unsigned i;
  for (i = 0; i < 10; i++) {
    CHACHA_DOUBLE_ROUND_PAIRED();
    if (pp != NULL && i < pp->groups) poly_step(pp->h, pp->rs, pp->m + 64 * i);
  }
  CHACHA_STATE_ADD(ctrs);
  /* Words 0-7 of blocks j and j + 4, then words 8-15. */
  transpose4_256(lo, x0, x1, x2, x3);
  transpose4_256(hi, x4, x5, x6, x7);
  xor_store_half(out, in, 0, lo, hi);
  transpose4_256(lo, x8, x9, x10, x11);
  transpose4_256(hi, x12, x13, x14, x15);
  xor_store_half(out, in, 32, lo, hi);
}

#undef CHACHA_SPLAT
#undef CHACHA_ADD
#undef CHACHA_XOR
#undef CHACHA_ROL16
#undef CHACHA_ROL8
#undef CHACHA_ROL12
#undef CHACHA_ROL7

/* ==== ChaCha20, four blocks ============================================ */

#define CHACHA_SPLAT(i) _mm_set1_epi32((int)w[i])
#define CHACHA_ADD(a, b) _mm_add_epi32(a, b)
#define CHACHA_XOR(a, b) _mm_xor_si128(a, b)
#define CHACHA_ROL16(a) _mm_shuffle_epi8(a, rot16)
#define CHACHA_ROL8(a) _mm_shuffle_epi8(a, rot8)
#define CHACHA_ROL12(a) \
  _mm_or_si128(_mm_slli_epi32(a, 12), _mm_srli_epi32(a, 20))
#define CHACHA_ROL7(a) _mm_or_si128(_mm_slli_epi32(a, 7), _mm_srli_epi32(a, 25))

#define TRANSPOSE4_128(a, b, c, d)          \
  do {                                      \
    __m128i t0_ = _mm_unpacklo_epi32(a, b); \
    __m128i t1_ = _mm_unpackhi_epi32(a, b); \
    __m128i t2_ = _mm_unpacklo_epi32(c, d); \
    __m128i t3_ = _mm_unpackhi_epi32(c, d); \
    a = _mm_unpacklo_epi64(t0_, t2_);       \
    b = _mm_unpackhi_epi64(t0_, t2_);       \
    c = _mm_unpacklo_epi64(t1_, t3_);       \
    d = _mm_unpackhi_epi64(t1_, t3_);       \
  } while (0)

static inline void xor_store128(uint8_t *out, const uint8_t *in, __m128i v) {
  __m128i m = _mm_loadu_si128((const __m128i *)(const void *)in);
  _mm_storeu_si128((__m128i *)(void *)out, _mm_xor_si128(m, v));
}

/* 256 bytes: out = in XOR blocks ctr .. ctr + 3. */
static void blocks4(uint8_t *out, const uint8_t *in, const uint32_t w[16],
                    uint32_t ctr) {
  const __m128i rot16 = _mm_setr_epi8(ROT16_BYTES);
  const __m128i rot8 = _mm_setr_epi8(ROT8_BYTES);
  const __m128i ctrs =
      _mm_add_epi32(_mm_set1_epi32((int)ctr), _mm_setr_epi32(0, 1, 2, 3));
  CHACHA_STATE_DECLARE(__m128i, ctrs);
  int i;
  for (i = 0; i < 10; i++) CHACHA_DOUBLE_ROUND();
  CHACHA_STATE_ADD(ctrs);
  CHACHA_TRANSPOSE_STORE4(TRANSPOSE4_128, xor_store128, out, in);
}

/* n 512-byte steps from block ctr. Apart from its caller, so that a short
 * message (four-block steps only) does not run in the eight-block
 * step's large frame (stack depth, and the scrub that covers it). */
static NOINLINE void blocks8_run(uint8_t *out, const uint8_t *in, size_t n,
                                 const uint32_t w[16], uint32_t ctr) {
  for (; n > 0; n--, in += 512, out += 512, ctr += 8)
    blocks8(out, in, w, ctr, NULL);
}

void mlkem_chacha20_xor_avx2(uint8_t *out, const uint8_t *in, size_t len,
                             const mlkem_chacha20_state *st) {
  uint32_t ctr = st->w[12];
  size_t n = len / 512;
  if (n > 0) {
    blocks8_run(out, in, n, st->w, ctr);
    len -= 512 * n, in += 512 * n, out += 512 * n, ctr += (uint32_t)(8 * n);
  }
  if (len >= 256) {
    blocks4(out, in, st->w, ctr);
    len -= 256, in += 256, out += 256, ctr += 4;
  }
  if (len > 0) mlkem_chacha20_xor_last(out, in, len, st->w, ctr, blocks4);
}

/* ==== the two stitched ================================================= */

/* The bulk of seal (opening 0) or open (1), whole 512-byte steps. Seal
 * MACs its own output one step behind (so it needs two steps at least;
 * the MAC's last step comes after the loop); open MACs each step's input
 * before the step stores its output. */
static size_t bulk(uint8_t *out, const uint8_t *in, size_t len,
                   const mlkem_chacha20_state *st, mlkem_poly1305 *mac,
                   int opening) {
  size_t n = len / 512, first = opening ? 0 : 1, c;
  const uint8_t *src = opening ? in : out; /* the ciphertext */
  uint32_t ctr = st->w[12];
  __m256i rs[10];
  poly_pass pp;
  unsigned g;
  if (n < first + 1) return 0;
  if (!opening) blocks8_run(out, in, 1, st->w, ctr);
  lane_powers(rs, mac, pw_loop);
  lanes_start(pp.h, mac, src);
  pp.rs = rs;
  for (c = first; c < n; c++) {
    /* The first four blocks went into the lanes at the start. */
    pp.m = src + 512 * (c - first) + (c == first ? 64 : 0);
    pp.groups = c == first ? 7 : 8;
    blocks8(out + 512 * c, in + 512 * c, st->w, ctr + (uint32_t)(8 * c), &pp);
  }
  for (g = 0; g < 8 * (1 - (unsigned)opening); g++)
    poly_step(pp.h, rs, src + 512 * (n - 1) + 64 * g);
  lanes_finish(mac, pp.h);
  return 512 * n;
}

size_t mlkem_chacha20poly1305_seal_bulk_avx2(uint8_t *out, const uint8_t *in,
                                             size_t len,
                                             const mlkem_chacha20_state *st,
                                             mlkem_poly1305 *mac) {
  return bulk(out, in, len, st, mac, 0);
}

size_t mlkem_chacha20poly1305_open_bulk_avx2(uint8_t *out, const uint8_t *in,
                                             size_t len,
                                             const mlkem_chacha20_state *st,
                                             mlkem_poly1305 *mac) {
  return bulk(out, in, len, st, mac, 1);
}
