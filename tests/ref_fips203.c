/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* ref_fips203.c - the independent FIPS 203 reference of the tests (see
 * ref_fips203.h). */
#include "ref_fips203.h"

#include <string.h>

#define Q REF_FIPS203_Q
#define N REF_FIPS203_N

/* Canonical residue of any 64-bit integer. */
int64_t ref_mod_q(int64_t a) {
  int64_t r = a % Q;
  return r < 0 ? r + Q : r;
}

/* BitRev7 (section 4.3). */
unsigned ref_bitrev7(unsigned i) {
  unsigned r = 0, b;
  for (b = 0; b < 7; b++)
    if (i & (1u << b)) r |= 1u << (6 - b);
  return r;
}

int64_t ref_pow_mod_q(int64_t base, unsigned e) {
  int64_t r = 1;
  base = ref_mod_q(base);
  while (e > 0) {
    if (e & 1) r = r * base % Q;
    base = base * base % Q;
    e >>= 1;
  }
  return r;
}

/* Compress_d (equation 4.7). */
uint32_t ref_compress(uint32_t x, unsigned d) {
  return (((x << (d + 1)) + Q) / (2 * Q)) & ((1u << d) - 1);
}

/* Decompress_d (equation 4.8). */
uint32_t ref_decompress(uint32_t y, unsigned d) {
  return (2 * Q * y + (1u << d)) / (1u << (d + 1));
}

/* ByteEncode_d (Algorithm 5): 256 d-bit values to 32 d bytes. */
void ref_byte_encode(uint8_t *out, const uint32_t f[N], unsigned d) {
  uint8_t bits[N * 12];
  unsigned i, j;
  for (i = 0; i < N; i++) {
    uint32_t a = f[i];
    for (j = 0; j < d; j++) {
      bits[i * d + j] = (uint8_t)(a % 2);
      a = (a - bits[i * d + j]) / 2;
    }
  }
  /* BitsToBytes (Algorithm 3) */
  memset(out, 0, 32 * d);
  for (i = 0; i < N * d; i++)
    out[i / 8] = (uint8_t)(out[i / 8] + (bits[i] << (i % 8)));
}

/* ByteDecode_d (Algorithm 6) without the final reduction: values mod
 * 2^d. */
void ref_byte_decode(uint32_t f[N], const uint8_t *in, unsigned d) {
  uint8_t bits[N * 12];
  unsigned i, j;
  /* BytesToBits (Algorithm 4) */
  for (i = 0; i < 32 * d; i++) {
    uint8_t c = in[i];
    for (j = 0; j < 8; j++) {
      bits[8 * i + j] = (uint8_t)(c % 2);
      c = (uint8_t)(c / 2);
    }
  }
  for (i = 0; i < N; i++) {
    uint32_t v = 0;
    for (j = 0; j < d; j++) v += (uint32_t)bits[i * d + j] << j;
    f[i] = v;
  }
}
