/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * gcm_x86_aesni.c - AES-GCM with AES-NI and PCLMULQDQ: eight blocks in
 * flight, their AES rounds stitched with the GHASH of eight other blocks
 * (when encrypting, the ciphertext of the previous eight; when
 * decrypting, the eight being decrypted), one reduction per eight blocks
 * with the precomputed powers Hs^8 .. Hs^1 (gcm_x86.h). Built with -maes
 * -mpclmul -msse4.1; gcm_select.c runs it only where mlkem_cpu_has_aesni()
 * and mlkem_cpu_has_pclmul(). Also the GHASH key and the aad's GHASH of
 * the VAES implementation, and its last blocks (fewer than sixteen).
 */
#include <immintrin.h>

#include "aead/gcm_x86.h"
#include "aes/aes_x86.h"
#include "platform/ct.h"

#define BATCH 8

/* Hs^a Hs^b = Hs^(a+b) (gcm.h). */
static __m128i mul(__m128i a, __m128i b) {
  const __m128i kb = _mm_xor_si128(b, _mm_shuffle_epi32(b, 0x4E));
  __m128i lo = _mm_setzero_si128(), mid = lo, hi = lo;
  mlkem_gcm_x86_mul_acc(&lo, &mid, &hi, a, b, kb);
  return mlkem_gcm_x86_reduce(lo, mid, hi);
}

/* Hs^1 .. Hs^POWERS, by doubling: the powers above the first `have` are
 * Hs^have times each of those, all independent (four multiplications
 * deep for sixteen powers). */
void mlkem_gcm_x86_init(mlkem_aes_gcm_key *k, const uint64_t hs[2]) {
  __m128i p[MLKEM_GCM_POWERS]; /* p[i] = Hs^(i + 1) */
  size_t have, j;
  p[0] = _mm_set_epi64x((long long)hs[0], (long long)hs[1]);
  for (have = 1; have < MLKEM_GCM_POWERS; have *= 2)
    for (j = 0; j < have && have + j < MLKEM_GCM_POWERS; j++)
      p[have + j] = mul(p[have - 1], p[j]);
  for (j = 0; j < MLKEM_GCM_POWERS; j++) {
    const size_t i = MLKEM_GCM_POWERS - 1 - j;
    _mm_storeu_si128((__m128i *)(k->h.b + 16 * i), p[j]);
    _mm_storeu_si128((__m128i *)(k->h.b + 16 * (MLKEM_GCM_POWERS + i)),
                     _mm_xor_si128(p[j], _mm_shuffle_epi32(p[j], 0x4E)));
  }
  mlkem_zeroize(p, sizeof p);
}

/* x = GHASH of n blocks (1 <= n <= BATCH) at p continued from x, one
 * reduction: block j times Hs^(n - j). */
static __m128i ghash_n(const mlkem_aes_gcm_key *k, __m128i x, const uint8_t *p,
                       size_t n) {
  const __m128i bswap = MLKEM_GCM_X86_BSWAP;
  __m128i lo = _mm_setzero_si128(), mid = lo, hi = lo;
  size_t j;
  for (j = 0; j < n; j++) {
    const size_t i = MLKEM_GCM_POWERS - n + j;
    __m128i d =
        _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(p + 16 * j)), bswap);
    if (j == 0) d = _mm_xor_si128(d, x);
    mlkem_gcm_x86_mul_acc(
        &lo, &mid, &hi, d,
        _mm_loadu_si128((const __m128i *)mlkem_gcm_x86_pow(k, i)),
        _mm_loadu_si128((const __m128i *)mlkem_gcm_x86_kar(k, i)));
  }
  return mlkem_gcm_x86_reduce(lo, mid, hi);
}

void mlkem_gcm_x86_ghash(const mlkem_aes_gcm_key *k, uint8_t x[16],
                         const uint8_t *in, size_t nblocks) {
  const __m128i bswap = MLKEM_GCM_X86_BSWAP;
  __m128i y = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)x), bswap);
  while (nblocks != 0) {
    const size_t n = nblocks < BATCH ? nblocks : BATCH;
    y = ghash_n(k, y, in, n);
    in += 16 * n;
    nblocks -= n;
  }
  _mm_storeu_si128((__m128i *)x, _mm_shuffle_epi8(y, bswap));
}

/* The next BATCH counter blocks (c: the counter block with its counter
 * word little-endian, advanced). */
static void counters(__m128i b[BATCH], __m128i *c) {
  const __m128i bswap = MLKEM_AES_X86_BSWAP_CTR,
                one = _mm_set_epi32(1, 0, 0, 0);
  size_t i;
  for (i = 0; i < BATCH; i++) {
    b[i] = _mm_shuffle_epi8(*c, bswap);
    *c = _mm_add_epi32(*c, one);
  }
}

/* One batch: the keystream of the BATCH counter blocks from *c
 * (@spec{FIPS197, sec. 5.1}) XORed into out from in for the first n blocks (n
 * <= BATCH) and, where g is not NULL, x = the GHASH of the BATCH blocks at g
 * continued from x, one block per round, so that the AES and carry-less
 * multiplication units work side by side. The blocks stay in registers;
 * g is read before out is written (g may be in, and in may be out).
 * Returns x. */
static __m128i batch(const mlkem_aes_gcm_key *k, __m128i *c, __m128i x,
                     const uint8_t *g, uint8_t *out, const uint8_t *in,
                     size_t n) {
  const __m128i bswap = MLKEM_GCM_X86_BSWAP;
  const mlkem_aes_key *aes = &k->aes;
  __m128i b[BATCH], rk = _mm_loadu_si128((const __m128i *)aes->u.rk[0]);
  __m128i lo = _mm_setzero_si128(), mid = lo, hi = lo;
  size_t i;
  unsigned r;
  counters(b, c);
  for (i = 0; i < BATCH; i++) b[i] = _mm_xor_si128(b[i], rk);
  /* Rounds 1 .. BATCH, each with one block of GHASH (Nr >= 10 > BATCH),
   * unrolled; then the other rounds. */
  MLKEM_AES_X86_UNROLL
  for (r = 1; r <= BATCH; r++) {
    rk = _mm_loadu_si128((const __m128i *)aes->u.rk[r]);
    for (i = 0; i < BATCH; i++) b[i] = _mm_aesenc_si128(b[i], rk);
    if (g != NULL) {
      const size_t p = MLKEM_GCM_POWERS - BATCH + r - 1;
      __m128i d = _mm_shuffle_epi8(
          _mm_loadu_si128((const __m128i *)(g + 16 * (r - 1))), bswap);
      if (r == 1) d = _mm_xor_si128(d, x);
      mlkem_gcm_x86_mul_acc(
          &lo, &mid, &hi, d,
          _mm_loadu_si128((const __m128i *)mlkem_gcm_x86_pow(k, p)),
          _mm_loadu_si128((const __m128i *)mlkem_gcm_x86_kar(k, p)));
    }
  }
  for (r = BATCH + 1; r < aes->rounds; r++) {
    rk = _mm_loadu_si128((const __m128i *)aes->u.rk[r]);
    for (i = 0; i < BATCH; i++) b[i] = _mm_aesenc_si128(b[i], rk);
  }
  rk = _mm_loadu_si128((const __m128i *)aes->u.rk[aes->rounds]);
  /* Unrolled with a test per block (as in aes_x86_aesni.c: a loop to n
   * becomes a copy through the stack). */
  MLKEM_AES_X86_UNROLL
  for (i = 0; i < BATCH; i++)
    if (i < n)
      _mm_storeu_si128(
          (__m128i *)(out + 16 * i),
          _mm_xor_si128(_mm_aesenclast_si128(b[i], rk),
                        _mm_loadu_si128((const __m128i *)(in + 16 * i))));
  return g != NULL ? mlkem_gcm_x86_reduce(lo, mid, hi) : x;
}

/* GCTR over nblocks blocks with GHASH over the ciphertext (gcm.h).
 * Decrypting, the ciphertext is in, hashed batch by batch as it is read
 * (before out, maybe in, is written); encrypting, it is out, hashed one
 * batch later, stitched with the next batch's AES. */
static void crypt(const mlkem_aes_gcm_key *k, uint8_t xb[16],
                  const uint8_t nonce[MLKEM_GCM_NONCE_BYTES], uint32_t ctr,
                  uint8_t *out, const uint8_t *in, size_t nblocks,
                  int decrypting) {
  const __m128i bswap = MLKEM_GCM_X86_BSWAP;
  __m128i x = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)xb), bswap);
  __m128i c = _mm_insert_epi32(mlkem_aes_x86_nonce_block(nonce), (int)ctr, 3);
  const uint8_t *prev = NULL; /* encrypting: ciphertext not yet hashed */
  while (nblocks >= BATCH) {
    x = batch(k, &c, x, decrypting ? in : prev, out, in, BATCH);
    if (!decrypting) prev = out;
    in += 16 * BATCH;
    out += 16 * BATCH;
    nblocks -= BATCH;
  }
  if (nblocks != 0) {
    if (decrypting) x = ghash_n(k, x, in, nblocks);
    x = batch(k, &c, x, prev, out, in, nblocks);
    if (!decrypting) x = ghash_n(k, x, out, nblocks);
  } else if (prev != NULL) {
    x = ghash_n(k, x, prev, BATCH);
  }
  _mm_storeu_si128((__m128i *)xb, _mm_shuffle_epi8(x, bswap));
}

const mlkem_gcm_impl mlkem_gcm_x86_aesni = {
    "x86-aesni-pclmul", &mlkem_aes_x86_aesni, mlkem_gcm_x86_init,
    mlkem_gcm_x86_ghash, crypt};
