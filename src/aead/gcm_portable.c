/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * gcm_portable.c - AES-GCM in plain C (gcm.h): the bitsliced AES of
 * aes_portable.c for the counter blocks, and GHASH with a constant-time
 * carry-less multiplication built from 64-bit integer multiplications.
 *
 * No table: a table-driven GHASH (Shoup's 4- or 8-bit tables of multiples
 * of H) reads memory at addresses chosen by the data and H. Here each
 * 64 x 64-bit carry-less product is four integer products per output bit
 * class: the operands masked to every fourth bit (classes 0..3), so that
 * the integer sum at each bit position of one class counts the terms of
 * the carry-less sum there, and its carries land in the three bits above
 * (the "holes", masked off afterwards) while the count stays below 16.
 * In the low 64 bits of a 64 x 64 product a position receives at most 16
 * terms, and 16 only at positions 60-63, whose carry leaves the word: the
 * low half is exact. The high half is the low half of the product of the
 * bit-reversed operands, reversed and shifted by one (position i + j of
 * the product is position 126 - (i + j) of the reversed one). Integer
 * multiplication takes the same time for every operand on the CPUs this
 * library targets (x86-64, AArch64); docs/SECURITY.md lists that
 * assumption.
 *
 * A 128 x 128-bit product is three 64 x 64 ones (Karatsuba), then the
 * reduction of gcm.h in shifts: the constant y^63 + y^62 + y^57 has three
 * terms.
 */
#include <string.h>

#include "aead/gcm.h"
#include "bytes.h"
#include "ct.h"

/* The low 64 bits of the carry-less product of x and y. */
static uint64_t clmul_lo(uint64_t x, uint64_t y) {
  const uint64_t m0 = 0x1111111111111111u, m1 = m0 << 1, m2 = m0 << 2,
                 m3 = m0 << 3;
  const uint64_t x0 = x & m0, x1 = x & m1, x2 = x & m2, x3 = x & m3;
  const uint64_t y0 = y & m0, y1 = y & m1, y2 = y & m2, y3 = y & m3;
  /* Class c collects the products of classes a and b with a + b = c mod
   * 4. */
  const uint64_t z0 = (x0 * y0) ^ (x1 * y3) ^ (x2 * y2) ^ (x3 * y1);
  const uint64_t z1 = (x0 * y1) ^ (x1 * y0) ^ (x2 * y3) ^ (x3 * y2);
  const uint64_t z2 = (x0 * y2) ^ (x1 * y1) ^ (x2 * y0) ^ (x3 * y3);
  const uint64_t z3 = (x0 * y3) ^ (x1 * y2) ^ (x2 * y1) ^ (x3 * y0);
  return (z0 & m0) | (z1 & m1) | (z2 & m2) | (z3 & m3);
}

/* Bit i of x to bit 63 - i. */
static uint64_t rev64(uint64_t x) {
  x = ((x >> 1) & 0x5555555555555555u) | ((x & 0x5555555555555555u) << 1);
  x = ((x >> 2) & 0x3333333333333333u) | ((x & 0x3333333333333333u) << 2);
  x = ((x >> 4) & 0x0F0F0F0F0F0F0F0Fu) | ((x & 0x0F0F0F0F0F0F0F0Fu) << 4);
  x = ((x >> 8) & 0x00FF00FF00FF00FFu) | ((x & 0x00FF00FF00FF00FFu) << 8);
  x = ((x >> 16) & 0x0000FFFF0000FFFFu) | ((x & 0x0000FFFF0000FFFFu) << 16);
  return x >> 32 | x << 32;
}

/* The GHASH key in k->h.u64: the halves of Hs, their XOR, and the three
 * bit-reversed (for the high halves of the products). */
enum { H_HI, H_LO, H_MID, R_HI, R_LO, R_MID };

static void init(mlkem_aes_gcm_key *k, const uint64_t hs[2]) {
  uint64_t *h = k->h.u64;
  h[H_HI] = hs[0];
  h[H_LO] = hs[1];
  h[H_MID] = hs[0] ^ hs[1];
  h[R_HI] = rev64(h[H_HI]);
  h[R_LO] = rev64(h[H_LO]);
  h[R_MID] = rev64(h[H_MID]);
}

/* (hi, lo) = V_X Hs y^-128 mod g* for V_X = (hi, lo) (gcm.h). */
static void mul_h(uint64_t *hi, uint64_t *lo, const uint64_t h[6]) {
  const uint64_t a1 = *hi, a0 = *lo, a2 = a0 ^ a1;
  const uint64_t r1 = rev64(a1), r0 = rev64(a0), r2 = r0 ^ r1;
  /* Karatsuba: a0 h0, a1 h1, (a0 + a1)(h0 + h1), each as (high, low). */
  const uint64_t l0 = clmul_lo(a0, h[H_LO]);
  const uint64_t l1 = rev64(clmul_lo(r0, h[R_LO])) >> 1;
  const uint64_t u0 = clmul_lo(a1, h[H_HI]);
  const uint64_t u1 = rev64(clmul_lo(r1, h[R_HI])) >> 1;
  const uint64_t m0 = clmul_lo(a2, h[H_MID]) ^ l0 ^ u0;
  const uint64_t m1 = (rev64(clmul_lo(r2, h[R_MID])) >> 1) ^ l1 ^ u1;
  /* The product w3 w2 w1 w0, then two folds by y^63 + y^62 + y^57. */
  uint64_t w0 = l0, w1 = l1 ^ m0, w2 = u0 ^ m1, w3 = u1;
  w1 ^= (w0 << 63) ^ (w0 << 62) ^ (w0 << 57);
  w2 ^= w0 ^ (w0 >> 1) ^ (w0 >> 2) ^ (w0 >> 7);
  w2 ^= (w1 << 63) ^ (w1 << 62) ^ (w1 << 57);
  w3 ^= w1 ^ (w1 >> 1) ^ (w1 >> 2) ^ (w1 >> 7);
  *hi = w3;
  *lo = w2;
}

static void ghash(const mlkem_aes_gcm_key *k, uint8_t x[16], const uint8_t *in,
                  size_t nblocks) {
  uint64_t hi = mlkem_load64_be(x), lo = mlkem_load64_be(x + 8);
  size_t i;
  for (i = 0; i < nblocks; i++, in += 16) {
    hi ^= mlkem_load64_be(in);
    lo ^= mlkem_load64_be(in + 8);
    mul_h(&hi, &lo, k->h.u64);
  }
  mlkem_store64_be(x, hi);
  mlkem_store64_be(x + 8, lo);
}

/* Blocks of keystream per call of the bitsliced AES (its width). */
#define GROUP 8

/* GCTR over nblocks whole blocks with GHASH over the ciphertext: of out
 * when encrypting, of in (read before out is written) when decrypting. */
static void crypt(const mlkem_aes_gcm_key *k, uint8_t x[16],
                  const uint8_t *nonce, uint32_t ctr, uint8_t *out,
                  const uint8_t *in, size_t nblocks, int decrypting) {
  uint8_t ks[GROUP][16];
  const uint8_t *nonces[GROUP];
  uint32_t ctrs[GROUP];
  uint8_t *dst[GROUP];
  size_t group = k->aes.impl->width < GROUP ? k->aes.impl->width : GROUP;
  size_t i, j;
  for (i = 0; i < GROUP; i++) {
    nonces[i] = nonce;
    dst[i] = ks[i];
  }
  while (nblocks != 0) {
    const size_t n = nblocks < group ? nblocks : group;
    for (i = 0; i < n; i++) ctrs[i] = ctr + (uint32_t)i;
    k->aes.impl->ctr_group(&k->aes, nonces, ctrs, dst, n);
    if (decrypting) ghash(k, x, in, n);
    for (i = 0; i < n; i++)
      for (j = 0; j < 16; j++)
        out[16 * i + j] = (uint8_t)(in[16 * i + j] ^ ks[i][j]);
    if (!decrypting) ghash(k, x, out, n);
    ctr += (uint32_t)n;
    in += 16 * n;
    out += 16 * n;
    nblocks -= n;
  }
  mlkem_zeroize(ks, sizeof ks);
}

static void encrypt(const mlkem_aes_gcm_key *k, uint8_t x[16],
                    const uint8_t nonce[MLKEM_GCM_NONCE_BYTES], uint32_t ctr,
                    uint8_t *out, const uint8_t *in, size_t nblocks) {
  crypt(k, x, nonce, ctr, out, in, nblocks, 0);
}

static void decrypt(const mlkem_aes_gcm_key *k, uint8_t x[16],
                    const uint8_t nonce[MLKEM_GCM_NONCE_BYTES], uint32_t ctr,
                    uint8_t *out, const uint8_t *in, size_t nblocks) {
  crypt(k, x, nonce, ctr, out, in, nblocks, 1);
}

const mlkem_gcm_impl mlkem_gcm_portable = {
    "portable", &mlkem_aes_portable, init, ghash, encrypt, decrypt};
