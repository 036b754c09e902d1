/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * gcm_x86_vaes.h - the AES-GCM loop of the VAES + VPCLMULQDQ
 * implementations, written once over the vector width: included by
 * gcm_x86_vaes256.c (256-bit vectors, two blocks each) after it defines
 *   vec, LANES (blocks per vector), VECS (vectors a batch), the vector
 *   operations V_LOADU, V_STOREU, V_XOR, V_ZERO, V_BCAST, V_BCAST_LOAD,
 *   V_AESENC, V_AESENCLAST, V_CLMUL, V_SWAP64, V_SHUFFLE8, V_ADD32,
 *   V_COUNTER_STEP (LANES in every lane's counter word), and
 *   lane0(x) (x in the first lane, zeros elsewhere), fold_lanes(v) (the
 *   XOR of v's 128-bit lanes), first_counters(nonce, ctr) (the counter
 *   blocks ctr .. ctr + LANES - 1, counter words little-endian).
 * A 512-bit implementation (gcm_x86_vaes512.c, not written: no CPU here
 * runs AVX-512) defines the same on __m512i with LANES 4, needs
 * MLKEM_GCM_POWERS 32, and its line in gcm_select.c.
 *
 * A batch is BATCH = LANES * VECS blocks: their AES rounds stitched with
 * the GHASH of BATCH other blocks (encrypting: the previous batch of
 * ciphertext; decrypting: the batch being decrypted), each 128-bit lane
 * multiplied by its own power of Hs (the last BATCH of the table of
 * gcm_x86.h), the lanes' sums folded into one reduction per batch. The
 * blocks after the last whole batch go to the AES-NI code
 * (gcm_x86_aesni.c), whose instructions every VAES CPU has.
 */
#ifndef MLKEM_AEAD_GCM_X86_VAES_H
#define MLKEM_AEAD_GCM_X86_VAES_H

#include <immintrin.h>

#include "aead/gcm_x86.h"
#include "aes/aes_x86.h"

#define BATCH (LANES * VECS)

_Static_assert(BATCH <= MLKEM_GCM_POWERS, "a batch needs Hs^BATCH");

/* The counter blocks of a batch: c holds the next LANES counters, their
 * counter words little-endian; advanced by BATCH. */
static void counters(vec b[VECS], vec *c) {
  const vec bswap = V_BCAST(MLKEM_AES_X86_BSWAP_CTR);
  const vec step = V_COUNTER_STEP;
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

/* One batch: the keystream of the BATCH counter blocks from *c
 * (@spec{FIPS197, sec. 5.1}) XORed into out from in and, where g is not NULL, x
 * = the GHASH of the BATCH blocks at g continued from x, one vector per round,
 * so that the AES and carry-less multiplication units work side by side.
 * The blocks stay in registers; g is read before out is written (g may
 * be in, and in may be out). Returns x. */
static __m128i batch(const mlkem_aes_gcm_key *k, vec *c, __m128i x,
                     const uint8_t *g, uint8_t *out, const uint8_t *in) {
  const mlkem_aes_key *aes = &k->aes;
  vec b[VECS], rk = V_BCAST_LOAD(aes->u.rk[0]);
  vec lo = V_ZERO(), mid = lo, hi = lo;
  size_t i;
  unsigned r;
  counters(b, c);
  for (i = 0; i < VECS; i++) b[i] = V_XOR(b[i], rk);
  /* Rounds 1 .. VECS, each with one vector of GHASH (Nr >= 10 > VECS),
   * unrolled so that the blocks and the sums stay in registers; then the
   * other rounds. */
  MLKEM_AES_X86_UNROLL
  for (r = 1; r <= VECS; r++) {
    rk = V_BCAST_LOAD(aes->u.rk[r]);
    for (i = 0; i < VECS; i++) b[i] = V_AESENC(b[i], rk);
    if (g != NULL) mul_acc(&lo, &mid, &hi, ghash_input(g, r - 1, x), k, r - 1);
  }
  for (r = VECS + 1; r < aes->rounds; r++) {
    rk = V_BCAST_LOAD(aes->u.rk[r]);
    for (i = 0; i < VECS; i++) b[i] = V_AESENC(b[i], rk);
  }
  rk = V_BCAST_LOAD(aes->u.rk[aes->rounds]);
  for (i = 0; i < VECS; i++)
    V_STOREU(out + 16 * LANES * i,
             V_XOR(V_AESENCLAST(b[i], rk), V_LOADU(in + 16 * LANES * i)));
  return g != NULL ? reduce(lo, mid, hi) : x;
}

/* GCTR over nblocks blocks with GHASH over the ciphertext (gcm.h), as in
 * gcm_x86_aesni.c: decrypting, the ciphertext in hashed as it is read;
 * encrypting, out hashed one batch later. The last nblocks mod BATCH
 * blocks go to the AES-NI code. */
static void vaes_crypt(const mlkem_aes_gcm_key *k, uint8_t xb[16],
                       const uint8_t nonce[MLKEM_GCM_NONCE_BYTES], uint32_t ctr,
                       uint8_t *out, const uint8_t *in, size_t nblocks,
                       int decrypting) {
  const __m128i bswap = MLKEM_GCM_X86_BSWAP;
  const size_t whole = nblocks / BATCH * BATCH;
  __m128i x = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)xb), bswap);
  vec c = first_counters(nonce, ctr);
  const uint8_t *prev = NULL; /* encrypting: ciphertext not yet hashed */
  size_t done;
  for (done = 0; done < whole; done += BATCH) {
    x = batch(k, &c, x, decrypting ? in + 16 * done : prev, out + 16 * done,
              in + 16 * done);
    if (!decrypting) prev = out + 16 * done;
  }
  if (prev != NULL) x = ghash_batch(k, x, prev);
  _mm_storeu_si128((__m128i *)xb, _mm_shuffle_epi8(x, bswap));
  if (whole != nblocks)
    mlkem_gcm_x86_aesni.crypt(k, xb, nonce, ctr + (uint32_t)whole,
                              out + 16 * whole, in + 16 * whole,
                              nblocks - whole, decrypting);
}

#endif
