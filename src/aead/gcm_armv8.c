/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * gcm_armv8.c - AES-GCM with the Armv8 AES instructions (AESE, AESMC) and
 * the 64-bit polynomial multiplication PMULL/PMULL2: eight blocks in
 * flight, their AES rounds stitched with the GHASH of eight other blocks
 * (encrypting: the previous eight of ciphertext; decrypting: the eight
 * being decrypted), one reduction per eight blocks with the powers Hs^8 ..
 * Hs^1. The same algorithm and GHASH key layout as gcm_x86_aesni.c
 * (gcm_x86.h, gcm.h), on NEON vectors. Built with -march=armv8-a+crypto;
 * gcm_select.c runs it only where mlkem_cpu_has_arm_aes() and
 * mlkem_cpu_has_arm_pmull().
 */
#include <arm_neon.h>
#include <string.h>

#include "aead/gcm.h"
#include "platform/bytes.h"
#include "platform/ct.h"

#define BATCH 8

/* The fold of gcm.h: y^63 + y^62 + y^57. */
#define FOLD 0xC200000000000000ull

/* A block in GCM's byte order to the reflected form (the block as a
 * big-endian 128-bit integer, high 64 bits in lane 1) and back. */
static uint64x2_t load_reflected(const uint8_t *p) {
  const uint8x16_t v = vrev64q_u8(vld1q_u8(p));
  return vreinterpretq_u64_u8(vextq_u8(v, v, 8));
}
static void store_reflected(uint8_t *p, uint64x2_t x) {
  const uint8x16_t v = vrev64q_u8(vreinterpretq_u8_u64(x));
  vst1q_u8(p, vextq_u8(v, v, 8));
}

static uint64x2_t swap64(uint64x2_t a) {
  return vextq_u64(a, a, 1);
}

static uint64x2_t pmull_lo(uint64x2_t a, uint64x2_t b) {
  return vreinterpretq_u64_p128(vmull_p64((poly64_t)vgetq_lane_u64(a, 0),
                                          (poly64_t)vgetq_lane_u64(b, 0)));
}
static uint64x2_t pmull_hi(uint64x2_t a, uint64x2_t b) {
  return vreinterpretq_u64_p128(
      vmull_high_p64(vreinterpretq_p64_u64(a), vreinterpretq_p64_u64(b)));
}

/* Power Hs^(POWERS - i) and its Karatsuba operand (the layout of
 * gcm_x86.h). */
static uint64x2_t pow_at(const mlkem_aes_gcm_key *k, size_t i) {
  return vld1q_u64(k->h.u64 + 2 * i);
}
static uint64x2_t kar_at(const mlkem_aes_gcm_key *k, size_t i) {
  return vld1q_u64(k->h.u64 + 2 * (MLKEM_GCM_POWERS + i));
}

static void mul_acc(uint64x2_t *lo, uint64x2_t *mid, uint64x2_t *hi,
                    uint64x2_t a, uint64x2_t h, uint64x2_t hk) {
  *lo = veorq_u64(*lo, pmull_lo(a, h));
  *hi = veorq_u64(*hi, pmull_hi(a, h));
  *mid = veorq_u64(*mid, pmull_lo(veorq_u64(a, swap64(a)), hk));
}

/* hi:lo (Karatsuba's middle term mid) times y^-128 modulo g* (gcm.h). */
static uint64x2_t reduce(uint64x2_t lo, uint64x2_t mid, uint64x2_t hi) {
  const uint64x2_t fold = vdupq_n_u64(FOLD), zero = vdupq_n_u64(0);
  mid = veorq_u64(mid, veorq_u64(lo, hi));
  lo = veorq_u64(lo, vextq_u64(zero, mid, 1));
  hi = veorq_u64(hi, vextq_u64(mid, zero, 1));
  lo = veorq_u64(swap64(lo), pmull_lo(lo, fold));
  lo = veorq_u64(swap64(lo), pmull_lo(lo, fold));
  return veorq_u64(lo, hi);
}

static uint64x2_t mul(uint64x2_t a, uint64x2_t b) {
  uint64x2_t lo = vdupq_n_u64(0), mid = lo, hi = lo;
  mul_acc(&lo, &mid, &hi, a, b, veorq_u64(b, swap64(b)));
  return reduce(lo, mid, hi);
}

/* Hs^1 .. Hs^POWERS by doubling, as gcm_x86_aesni.c. */
static void init(mlkem_aes_gcm_key *k, const uint64_t hs[2]) {
  uint64x2_t p[MLKEM_GCM_POWERS]; /* p[i] = Hs^(i + 1) */
  size_t have, j;
  p[0] = vcombine_u64(vcreate_u64(hs[1]), vcreate_u64(hs[0]));
  for (have = 1; have < MLKEM_GCM_POWERS; have *= 2)
    for (j = 0; j < have && have + j < MLKEM_GCM_POWERS; j++)
      p[have + j] = mul(p[have - 1], p[j]);
  for (j = 0; j < MLKEM_GCM_POWERS; j++) {
    const size_t i = MLKEM_GCM_POWERS - 1 - j;
    vst1q_u64(k->h.u64 + 2 * i, p[j]);
    vst1q_u64(k->h.u64 + 2 * (MLKEM_GCM_POWERS + i),
              veorq_u64(p[j], swap64(p[j])));
  }
  mlkem_zeroize(p, sizeof p);
}

/* x = GHASH of n blocks (1 <= n <= BATCH) at p continued from x. */
static uint64x2_t ghash_n(const mlkem_aes_gcm_key *k, uint64x2_t x,
                          const uint8_t *p, size_t n) {
  uint64x2_t lo = vdupq_n_u64(0), mid = lo, hi = lo;
  size_t j;
  for (j = 0; j < n; j++) {
    const size_t i = MLKEM_GCM_POWERS - n + j;
    uint64x2_t d = load_reflected(p + 16 * j);
    if (j == 0) d = veorq_u64(d, x);
    mul_acc(&lo, &mid, &hi, d, pow_at(k, i), kar_at(k, i));
  }
  return reduce(lo, mid, hi);
}

static void ghash(const mlkem_aes_gcm_key *k, uint8_t x[16], const uint8_t *in,
                  size_t nblocks) {
  uint64x2_t y = load_reflected(x);
  while (nblocks != 0) {
    const size_t n = nblocks < BATCH ? nblocks : BATCH;
    y = ghash_n(k, y, in, n);
    in += 16 * n;
    nblocks -= n;
  }
  store_reflected(x, y);
}

/* The BATCH counter blocks nonce || BE32(ctr + i). */
static void counters(uint8x16_t b[BATCH], const uint8_t *nonce, uint32_t ctr) {
  uint8_t cb[16];
  size_t i;
  memcpy(cb, nonce, MLKEM_GCM_NONCE_BYTES);
  for (i = 0; i < BATCH; i++) {
    mlkem_store32_be(cb + 12, ctr + (uint32_t)i);
    b[i] = vld1q_u8(cb);
  }
}

/* @spec{FIPS197, sec. 5.1} on the batch b (AESE: AddRoundKey, SubBytes and
 * ShiftRows; AESMC: MixColumns) and, where g is not NULL, x = the GHASH
 * of the BATCH blocks at g continued from x, one block per round.
 * Returns x. */
static uint64x2_t aes_ghash(uint8x16_t b[BATCH], const mlkem_aes_gcm_key *k,
                            uint64x2_t x, const uint8_t *g) {
  const mlkem_aes_key *aes = &k->aes;
  uint64x2_t lo = vdupq_n_u64(0), mid = lo, hi = lo;
  uint8x16_t rk;
  size_t i;
  unsigned r;
  for (r = 0; r + 1 < aes->rounds; r++) {
    rk = vld1q_u8(aes->u.rk[r]);
    for (i = 0; i < BATCH; i++) b[i] = vaesmcq_u8(vaeseq_u8(b[i], rk));
    if (g != NULL && r < BATCH) { /* Nr - 1 >= 9 > BATCH */
      const size_t p = MLKEM_GCM_POWERS - BATCH + r;
      uint64x2_t d = load_reflected(g + 16 * r);
      if (r == 0) d = veorq_u64(d, x);
      mul_acc(&lo, &mid, &hi, d, pow_at(k, p), kar_at(k, p));
    }
  }
  rk = vld1q_u8(aes->u.rk[aes->rounds - 1]);
  for (i = 0; i < BATCH; i++) b[i] = vaeseq_u8(b[i], rk);
  rk = vld1q_u8(aes->u.rk[aes->rounds]);
  for (i = 0; i < BATCH; i++) b[i] = veorq_u8(b[i], rk);
  return g != NULL ? reduce(lo, mid, hi) : x;
}

static void xor_store(uint8_t *out, const uint8_t *in, const uint8x16_t b[],
                      size_t n) {
  size_t i;
  for (i = 0; i < n; i++)
    vst1q_u8(out + 16 * i, veorq_u8(b[i], vld1q_u8(in + 16 * i)));
}

/* GCTR over nblocks blocks with GHASH over the ciphertext, as in
 * gcm_x86_aesni.c: decrypting, the ciphertext in hashed batch by batch
 * as it is read; encrypting, out hashed one batch later. */
static void crypt(const mlkem_aes_gcm_key *k, uint8_t xb[16],
                  const uint8_t nonce[MLKEM_GCM_NONCE_BYTES], uint32_t ctr,
                  uint8_t *out, const uint8_t *in, size_t nblocks,
                  int decrypting) {
  uint64x2_t x = load_reflected(xb);
  uint8x16_t b[BATCH];
  const uint8_t *prev = NULL; /* encrypting: ciphertext not yet hashed */
  while (nblocks >= BATCH) {
    counters(b, nonce, ctr);
    x = aes_ghash(b, k, x, decrypting ? in : prev);
    xor_store(out, in, b, BATCH);
    if (!decrypting) prev = out;
    ctr += BATCH;
    in += 16 * BATCH;
    out += 16 * BATCH;
    nblocks -= BATCH;
  }
  if (nblocks != 0) {
    if (decrypting) x = ghash_n(k, x, in, nblocks);
    counters(b, nonce, ctr);
    x = aes_ghash(b, k, x, prev);
    xor_store(out, in, b, nblocks);
    if (!decrypting) x = ghash_n(k, x, out, nblocks);
  } else if (prev != NULL) {
    x = ghash_n(k, x, prev, BATCH);
  }
  store_reflected(xb, x);
  mlkem_zeroize(b, sizeof b);
}

const mlkem_gcm_impl mlkem_gcm_armv8 = {"armv8-aes-pmull", &mlkem_aes_armv8,
                                        init, ghash, crypt};
