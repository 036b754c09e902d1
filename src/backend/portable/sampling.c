/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * sampling.c - SamplePolyCBD (@spec{FIPS203, Alg. 8}) and the rejection step
 * of SampleNTT (@spec{FIPS203, Alg. 7}), for the portable backend.
 */
#include "backend/portable/portable.h"

#include "platform/bytes.h"

/* The loop contract of cbd2's and cbd3's loops over the words, n
 * coefficients a word: every coefficient so far within [-eta, eta]. */
#define CBD_WORDS_CONTRACT(n, eta) \
  __loop__(                                                            \
    assigns(i, j, *r)                                                  \
    invariant(i <= MLKEM_N / (n))                                      \
    invariant(prefix_within(r->coeffs, (n) * i, MLKEM_N, -(eta), eta)) \
    decreases(MLKEM_N / (n) - i))

/* eta = 2: each coefficient takes 4 bits, (b0 + b1) - (b2 + b3). Adding the
 * word to itself shifted by one under the mask 0x55555555 gives the sum of
 * every bit pair in place, eight coefficients per 32-bit word. */
static void cbd2(mlkem_poly *r, const uint8_t buf[128]) {
  unsigned i, j;
  for (i = 0; i < MLKEM_N / 8; i++) CBD_WORDS_CONTRACT(8, 2) {
      uint32_t t = mlkem_load32_le(buf + 4 * i);
      uint32_t s = (t & 0x55555555u) + ((t >> 1) & 0x55555555u);
      for (j = 0; j < 8; j++) {
        int16_t x = (int16_t)((s >> (4 * j)) & 3);
        int16_t y = (int16_t)((s >> (4 * j + 2)) & 3);
        r->coeffs[8 * i + j] = (int16_t)(x - y);
      }
    }
}

/* eta = 3: each coefficient takes 6 bits; sums of bit triples under the mask
 * 0x249249, four coefficients per 24-bit group. */
static void cbd3(mlkem_poly *r, const uint8_t buf[192]) {
  unsigned i, j;
  for (i = 0; i < MLKEM_N / 4; i++) CBD_WORDS_CONTRACT(4, 3) {
      uint32_t t = mlkem_load24_le(buf + 3 * i);
      uint32_t s = (t & 0x00249249u) + ((t >> 1) & 0x00249249u) +
                   ((t >> 2) & 0x00249249u);
      for (j = 0; j < 4; j++) {
        int16_t x = (int16_t)((s >> (6 * j)) & 7);
        int16_t y = (int16_t)((s >> (6 * j + 3)) & 7);
        r->coeffs[4 * i + j] = (int16_t)(x - y);
      }
    }
}

void mlkem_portable_cbd(mlkem_poly *r, const uint8_t *buf, unsigned eta) {
  if (eta == 2)
    cbd2(r, buf);
  else
    cbd3(r, buf);
}

/* SampleNTT's loop on bytes: every 3 bytes give two 12-bit candidates,
 * kept if below q. The bytes are public (SHAKE128 of rho), so branching on
 * them would be safe, but about one candidate in five is rejected at
 * random, which defeats branch prediction: the main loop stores every
 * candidate and advances the count by the comparison instead, four
 * candidates (6 bytes, read as one 8-byte word) at a time, while four more
 * stores fit. The tail is done one pair at a time. Returns the new count. */
static unsigned rej_bytes(mlkem_poly *r, unsigned n, const uint8_t *buf,
                          unsigned buflen) {
  unsigned p = 0, l;
  while (n + 4 <= MLKEM_N && p + 8 <= buflen) {
    uint64_t w = mlkem_load64_le(buf + p);
    p += 6;
    for (l = 0; l < 4; l++) {
      uint16_t d = (uint16_t)((w >> (12 * l)) & 0xFFF);
      r->coeffs[n] = (int16_t)d;
      n += d < MLKEM_Q;
    }
  }
  while (n < MLKEM_N && p + 3 <= buflen) {
    uint16_t d1 = (uint16_t)((buf[p] | ((uint16_t)buf[p + 1] << 8)) & 0xFFF);
    uint16_t d2 = (uint16_t)((buf[p + 1] >> 4) | ((uint16_t)buf[p + 2] << 4));
    p += 3;
    if (d1 < MLKEM_Q) r->coeffs[n++] = (int16_t)d1;
    if (d2 < MLKEM_Q && n < MLKEM_N) r->coeffs[n++] = (int16_t)d2;
  }
  return n;
}

/* The block is taken out of the lanes 168 bytes (a SHAKE128 block) at a
 * time into a buffer and sampled from there: reading the candidates
 * straight from the lanes (three lanes cut into 48-bit windows with
 * shifts) was about 40 % slower inside the scheduler
 * (docs/ARCHITECTURE.md). */
void mlkem_portable_rej_uniform(mlkem_poly *r, unsigned *ctr,
                                const uint64_t *lane, size_t stride,
                                unsigned len) {
  uint8_t buf[168];
  unsigned n = *ctr, done = 0, take;
  while (n < MLKEM_N && done + 3 <= len) {
    take = len - done < sizeof buf ? len - done : (unsigned)sizeof buf;
    mlkem_lane_bytes(buf, lane + stride * (done / 8), stride, take);
    n = rej_bytes(r, n, buf, take);
    done += take;
  }
  *ctr = n;
}
