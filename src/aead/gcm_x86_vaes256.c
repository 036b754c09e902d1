/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * gcm_x86_vaes256.c - AES-GCM with VAES and VPCLMULQDQ on 256-bit
 * vectors: two blocks per instruction, sixteen blocks (eight vectors) in
 * flight, their AES rounds stitched with the GHASH of sixteen other
 * blocks (encrypting: the previous sixteen of ciphertext; decrypting: the
 * sixteen being decrypted), each 128-bit lane multiplied by its own power
 * of Hs (Hs^16 .. Hs^1, gcm_x86.h) and the two lanes' sums folded into one
 * reduction per sixteen blocks. Fewer than sixteen blocks at the end, the
 * aad's GHASH and the GHASH key go to the AES-NI code
 * (gcm_x86_aesni.c), whose instructions every VAES CPU has. Built with
 * -mvaes -mvpclmulqdq -mavx2 -maes -mpclmul -msse4.1; gcm_select.c runs it
 * only where mlkem_cpu_has_vaes() and mlkem_cpu_has_vpclmulqdq().
 *
 * The width is a parameter of the code below (VECS vectors of LANES
 * blocks, the vector operations named once at the top): a 512-bit
 * implementation is the same loop on __m512i with LANES = 4, powers up to
 * Hs^32 (MLKEM_GCM_POWERS) and a four-lane fold. It is not written yet: no
 * CPU here runs AVX-512, and code that never ran is not shipped.
 */
#include <immintrin.h>

#include "aead/gcm_x86.h"
#include "aes/aes_x86.h"

#define LANES 2 /* blocks per vector */
#define VECS 8
#define BATCH (LANES * VECS)

typedef __m256i vec;
#define V_LOADU(p) _mm256_loadu_si256((const __m256i *)(p))
#define V_STOREU(p, v) _mm256_storeu_si256((__m256i *)(p), (v))
#define V_XOR(a, b) _mm256_xor_si256((a), (b))
#define V_ZERO() _mm256_setzero_si256()
#define V_BCAST(x) _mm256_broadcastsi128_si256(x)
#define V_BCAST_LOAD(p) V_BCAST(_mm_loadu_si128((const __m128i *)(p)))
#define V_AESENC(a, k) _mm256_aesenc_epi128((a), (k))
#define V_AESENCLAST(a, k) _mm256_aesenclast_epi128((a), (k))
#define V_CLMUL(a, b, i) _mm256_clmulepi64_epi128((a), (b), (i))
#define V_SWAP64(a) _mm256_shuffle_epi32((a), 0x4E)
#define V_SHUFFLE8(a, m) _mm256_shuffle_epi8((a), (m))
#define V_ADD32(a, b) _mm256_add_epi32((a), (b))

_Static_assert(BATCH <= MLKEM_GCM_POWERS, "a batch needs Hs^BATCH");

/* x into lane 0 (the batch's first block), and the lanes' sum. */
static vec lane0(__m128i x) {
  return _mm256_zextsi128_si256(x);
}
static __m128i fold_lanes(vec v) {
  return _mm_xor_si128(_mm256_castsi256_si128(v),
                       _mm256_extracti128_si256(v, 1));
}

/* The counter blocks of a batch: c holds the next LANES counters, their
 * counter words little-endian; advanced by BATCH. */
static void counters(vec b[VECS], vec *c) {
  const vec bswap = V_BCAST(MLKEM_AES_X86_BSWAP_CTR);
  const vec step = _mm256_set_epi32(LANES, 0, 0, 0, LANES, 0, 0, 0);
  size_t i;
  for (i = 0; i < VECS; i++) {
    b[i] = V_SHUFFLE8(*c, bswap);
    *c = V_ADD32(*c, step);
  }
}

/* Adds the unreduced products of vector j of a batch (blocks LANES j ..)
 * with their powers to (lo, mid, hi). */
static void mul_acc(vec *lo, vec *mid, vec *hi, vec d,
                    const mlkem_aes_gcm_key *k, size_t j) {
  const size_t p = MLKEM_GCM_POWERS - BATCH + LANES * j;
  const vec h = V_LOADU(mlkem_gcm_x86_pow(k, p));
  const vec hk = V_LOADU(mlkem_gcm_x86_kar(k, p));
  *lo = V_XOR(*lo, V_CLMUL(d, h, 0x00));
  *hi = V_XOR(*hi, V_CLMUL(d, h, 0x11));
  *mid = V_XOR(*mid, V_CLMUL(V_XOR(d, V_SWAP64(d)), hk, 0x00));
}

/* Vector j of the batch at g, byte-reversed, with x added to block 0. */
static vec ghash_input(const uint8_t *g, size_t j, __m128i x) {
  const vec bswap = V_BCAST(MLKEM_GCM_X86_BSWAP);
  vec d = V_SHUFFLE8(V_LOADU(g + 16 * LANES * j), bswap);
  return j == 0 ? V_XOR(d, lane0(x)) : d;
}

static __m128i reduce(vec lo, vec mid, vec hi) {
  return mlkem_gcm_x86_reduce(fold_lanes(lo), fold_lanes(mid), fold_lanes(hi));
}

/* x = GHASH of the BATCH blocks at g continued from x. */
static __m128i ghash_batch(const mlkem_aes_gcm_key *k, __m128i x,
                           const uint8_t *g) {
  vec lo = V_ZERO(), mid = lo, hi = lo;
  size_t j;
  for (j = 0; j < VECS; j++)
    mul_acc(&lo, &mid, &hi, ghash_input(g, j, x), k, j);
  return reduce(lo, mid, hi);
}

/* FIPS 197 Section 5.1 on the batch b and, where g is not NULL, x = the
 * GHASH of the BATCH blocks at g continued from x, one vector per round.
 * Returns x. */
static __m128i aes_ghash(vec b[VECS], const mlkem_aes_gcm_key *k, __m128i x,
                         const uint8_t *g) {
  const mlkem_aes_key *aes = &k->aes;
  vec rk = V_BCAST_LOAD(aes->u.rk[0]);
  vec lo = V_ZERO(), mid = lo, hi = lo;
  size_t i;
  unsigned r;
  for (i = 0; i < VECS; i++) b[i] = V_XOR(b[i], rk);
  for (r = 1; r < aes->rounds; r++) {
    rk = V_BCAST_LOAD(aes->u.rk[r]);
    for (i = 0; i < VECS; i++) b[i] = V_AESENC(b[i], rk);
    if (g != NULL && r <= VECS) /* Nr >= 10 > VECS */
      mul_acc(&lo, &mid, &hi, ghash_input(g, r - 1, x), k, r - 1);
  }
  rk = V_BCAST_LOAD(aes->u.rk[aes->rounds]);
  for (i = 0; i < VECS; i++) b[i] = V_AESENCLAST(b[i], rk);
  return g != NULL ? reduce(lo, mid, hi) : x;
}

static void xor_store(uint8_t *out, const uint8_t *in, const vec b[VECS]) {
  size_t i;
  for (i = 0; i < VECS; i++)
    V_STOREU(out + 16 * LANES * i, V_XOR(b[i], V_LOADU(in + 16 * LANES * i)));
}

/* The first LANES counter blocks of a run from ctr. */
static vec first_counters(const uint8_t *nonce, uint32_t ctr) {
  const __m128i c0 =
      _mm_insert_epi32(mlkem_aes_x86_nonce_block(nonce), (int)ctr, 3);
  return _mm256_set_m128i(_mm_add_epi32(c0, _mm_set_epi32(1, 0, 0, 0)), c0);
}

static void encrypt(const mlkem_aes_gcm_key *k, uint8_t xb[16],
                    const uint8_t nonce[MLKEM_GCM_NONCE_BYTES], uint32_t ctr,
                    uint8_t *out, const uint8_t *in, size_t nblocks) {
  const __m128i bswap = MLKEM_GCM_X86_BSWAP;
  const size_t whole = nblocks / BATCH * BATCH;
  __m128i x = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)xb), bswap);
  vec c = first_counters(nonce, ctr), b[VECS];
  const uint8_t *prev = NULL; /* ciphertext not yet hashed (BATCH blocks) */
  size_t done;
  for (done = 0; done < whole; done += BATCH) {
    counters(b, &c);
    x = aes_ghash(b, k, x, prev);
    xor_store(out + 16 * done, in + 16 * done, b);
    prev = out + 16 * done;
  }
  if (prev != NULL) x = ghash_batch(k, x, prev);
  _mm_storeu_si128((__m128i *)xb, _mm_shuffle_epi8(x, bswap));
  if (whole != nblocks)
    mlkem_gcm_x86_aesni.encrypt(k, xb, nonce, ctr + (uint32_t)whole,
                                out + 16 * whole, in + 16 * whole,
                                nblocks - whole);
}

static void decrypt(const mlkem_aes_gcm_key *k, uint8_t xb[16],
                    const uint8_t nonce[MLKEM_GCM_NONCE_BYTES], uint32_t ctr,
                    uint8_t *out, const uint8_t *in, size_t nblocks) {
  const __m128i bswap = MLKEM_GCM_X86_BSWAP;
  const size_t whole = nblocks / BATCH * BATCH;
  __m128i x = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)xb), bswap);
  vec c = first_counters(nonce, ctr), b[VECS];
  size_t done;
  /* The ciphertext is hashed as it is read, before out (maybe in) is
   * written. */
  for (done = 0; done < whole; done += BATCH) {
    counters(b, &c);
    x = aes_ghash(b, k, x, in + 16 * done);
    xor_store(out + 16 * done, in + 16 * done, b);
  }
  _mm_storeu_si128((__m128i *)xb, _mm_shuffle_epi8(x, bswap));
  if (whole != nblocks)
    mlkem_gcm_x86_aesni.decrypt(k, xb, nonce, ctr + (uint32_t)whole,
                                out + 16 * whole, in + 16 * whole,
                                nblocks - whole);
}

const mlkem_gcm_impl mlkem_gcm_x86_vaes256 = {"x86-vaes256-vpclmul",
                                              &mlkem_aes_x86_aesni,
                                              mlkem_gcm_x86_init,
                                              mlkem_gcm_x86_ghash,
                                              encrypt,
                                              decrypt};
