/*
 * sampling.c - SamplePolyCBD (FIPS 203 Algorithm 8) and the rejection step
 * of SampleNTT (Algorithm 7), for the portable backend.
 */
#include "backend/portable/portable.h"

#include "bytes.h"

/* eta = 2: each coefficient takes 4 bits, (b0 + b1) - (b2 + b3). Adding the
 * word to itself shifted by one under the mask 0x55555555 gives the sum of
 * every bit pair in place, eight coefficients per 32-bit word. */
static void cbd2(mlkem_poly *r, const uint8_t buf[128]) {
  unsigned i, j;
  for (i = 0; i < MLKEM_N / 8; i++) {
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
  for (i = 0; i < MLKEM_N / 4; i++) {
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

/* The 48 bits from byte b of a block in lanes (bytes.h,
 * mlkem_lane_byte), in the low bits: the rest of b's word, and the start
 * of the next word when the six bytes reach into it. */
static uint64_t lane_bits48(const uint64_t *lane, size_t stride, unsigned b) {
  const unsigned sh = 8 * (b % 8);
  uint64_t v = lane[stride * (b / 8)] >> sh;
  if (b % 8 > 2) v |= lane[stride * (b / 8 + 1)] << (64 - sh);
  return v;
}

/* Four candidates from the low 48 bits of w: each is stored and the
 * count advanced by the comparison. */
static inline unsigned rej4(mlkem_poly *r, unsigned n, uint64_t w) {
  unsigned l;
  for (l = 0; l < 4; l++) {
    uint16_t d = (uint16_t)((w >> (12 * l)) & 0xFFF);
    r->coeffs[n] = (int16_t)d;
    n += d < MLKEM_Q;
  }
  return n;
}

/* The loop of SampleNTT: every 3 bytes give two 12-bit candidates, kept if
 * below q. The bytes are public (SHAKE128 of rho), so branching on them
 * would be safe, but about one candidate in five is rejected at random,
 * which defeats branch prediction: the main loop stores every candidate and
 * advances the count by the comparison instead, 16 candidates (24 bytes,
 * three lanes, cut into four 48-bit windows with shifts) at a time while
 * 16 more stores fit; then four (6 bytes) at a time. The tail is done one
 * pair at a time. */
void mlkem_portable_rej_uniform(mlkem_poly *r, unsigned *ctr,
                                const uint64_t *lane, size_t stride,
                                unsigned len) {
  unsigned n = *ctr, pos = 0;
  for (; n + 16 <= MLKEM_N && pos + 24 <= len; pos += 24) {
    const uint64_t *w = lane + stride * (pos / 8);
    const uint64_t w0 = w[0], w1 = w[stride], w2 = w[2 * stride];
    n = rej4(r, n, w0);
    n = rej4(r, n, w0 >> 48 | w1 << 16);
    n = rej4(r, n, w1 >> 32 | w2 << 32);
    n = rej4(r, n, w2 >> 16);
  }
  for (; n + 4 <= MLKEM_N && pos + 6 <= len; pos += 6)
    n = rej4(r, n, lane_bits48(lane, stride, pos));
  while (n < MLKEM_N && pos + 3 <= len) {
    const unsigned b0 = mlkem_lane_byte(lane, stride, pos);
    const unsigned b1 = mlkem_lane_byte(lane, stride, pos + 1);
    const unsigned b2 = mlkem_lane_byte(lane, stride, pos + 2);
    uint16_t d1 = (uint16_t)((b0 | b1 << 8) & 0xFFF);
    uint16_t d2 = (uint16_t)(b1 >> 4 | b2 << 4);
    pos += 3;
    if (d1 < MLKEM_Q) r->coeffs[n++] = (int16_t)d1;
    if (d2 < MLKEM_Q && n < MLKEM_N) r->coeffs[n++] = (int16_t)d2;
  }
  *ctr = n;
}
