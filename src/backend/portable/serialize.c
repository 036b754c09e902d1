/*
 * serialize.c - ByteEncode/ByteDecode (FIPS 203 Algorithms 5 and 6) with
 * Compress/Decompress (equations 4.7 and 4.8), for the portable backend.
 *
 * Bits are packed little-endian: coefficient 0 in the low bits of byte 0.
 * The packing loops depend only on d, which is public; the coefficients
 * (secret for u, v and the message) only flow through shifts and masks.
 */
#include <string.h>

#include "backend/portable/portable.h"

#include "backend/portable/arith.h"
#include "ct.h"

/* Packs 256 values of d bits each (d <= 12) into 32 d bytes. Inlined at
 * call sites with a constant d (see the switches below), where the
 * compiler unrolls the inner loop into a fixed pattern. */
static inline void pack_bits(uint8_t *out, const uint16_t v[MLKEM_N], unsigned d) {
  uint32_t acc = 0;
  unsigned bits = 0, i;
  for (i = 0; i < MLKEM_N; i++) {
    acc |= (uint32_t)v[i] << bits;
    bits += d;
    while (bits >= 8) {
      *out++ = (uint8_t)acc;
      acc >>= 8;
      bits -= 8;
    }
  }
}

/* Unpacks 256 values of d bits each from 32 d bytes; inlined likewise. */
static inline void unpack_bits(uint16_t v[MLKEM_N], const uint8_t *in, unsigned d) {
  uint32_t acc = 0;
  unsigned bits = 0, i;
  const uint32_t mask = (1u << d) - 1;
  for (i = 0; i < MLKEM_N; i++) {
    while (bits < d) {
      acc |= (uint32_t)*in++ << bits;
      bits += 8;
    }
    v[i] = (uint16_t)(acc & mask);
    acc >>= d;
    bits -= d;
  }
}

/* ByteEncode_12: two coefficients to three bytes. */
void mlkem_portable_encode12(uint8_t out[MLKEM_POLYBYTES],
                             const mlkem_poly *a) {
  unsigned i;
  for (i = 0; i < MLKEM_N / 2; i++) {
    uint16_t t0 = (uint16_t)mlkem_freeze(a->coeffs[2 * i]);
    uint16_t t1 = (uint16_t)mlkem_freeze(a->coeffs[2 * i + 1]);
    out[3 * i + 0] = (uint8_t)t0;
    out[3 * i + 1] = (uint8_t)((t0 >> 8) | (t1 << 4));
    out[3 * i + 2] = (uint8_t)(t1 >> 4);
  }
}

/* ByteDecode_12, each value taken mod q (FIPS 203 Algorithm 6 for d = 12).
 * A 12-bit value is below 2q, so one conditional subtraction suffices. */
void mlkem_portable_decode12(mlkem_poly *r, const uint8_t in[MLKEM_POLYBYTES]) {
  unsigned i;
  for (i = 0; i < MLKEM_N / 2; i++) {
    int16_t t0 = (int16_t)((in[3 * i] | ((uint16_t)in[3 * i + 1] << 8)) & 0xFFF);
    int16_t t1 = (int16_t)((in[3 * i + 1] >> 4) | ((uint16_t)in[3 * i + 2] << 4));
    r->coeffs[2 * i] = mlkem_cond_add_q((int16_t)(t0 - MLKEM_Q));
    r->coeffs[2 * i + 1] = mlkem_cond_add_q((int16_t)(t1 - MLKEM_Q));
  }
}

void mlkem_portable_compress_encode(uint8_t *out, const mlkem_poly *a,
                                    unsigned d) {
  uint16_t v[MLKEM_N];
  unsigned i;
  for (i = 0; i < MLKEM_N; i++)
    v[i] = mlkem_compress_d((uint16_t)mlkem_freeze(a->coeffs[i]), d);
  switch (d) {
    case 4: pack_bits(out, v, 4); break;
    case 5: pack_bits(out, v, 5); break;
    case 10: pack_bits(out, v, 10); break;
    default: pack_bits(out, v, 11); break;
  }
  mlkem_zeroize(v, sizeof v);
}

void mlkem_portable_decode_decompress(mlkem_poly *r, const uint8_t *in,
                                      unsigned d) {
  uint16_t v[MLKEM_N];
  unsigned i;
  switch (d) {
    case 4: unpack_bits(v, in, 4); break;
    case 5: unpack_bits(v, in, 5); break;
    case 10: unpack_bits(v, in, 10); break;
    default: unpack_bits(v, in, 11); break;
  }
  for (i = 0; i < MLKEM_N; i++)
    r->coeffs[i] = (int16_t)mlkem_decompress_d(v[i], d);
}

/* ByteEncode_1(Compress_1(a)): bit i of the message is 1 exactly when
 * coefficient i is closer to q/2 than to 0. */
void mlkem_portable_compress_encode_msg(uint8_t out[32], const mlkem_poly *a) {
  unsigned i, j;
  for (i = 0; i < 32; i++) {
    uint8_t byte = 0;
    for (j = 0; j < 8; j++) {
      uint16_t x = (uint16_t)mlkem_freeze(a->coeffs[8 * i + j]);
      byte |= (uint8_t)(mlkem_compress_d(x, 1) << j);
    }
    out[i] = byte;
  }
}

/* Decompress_1(ByteDecode_1(m)): bit b becomes b * (q + 1) / 2, selected by
 * a mask so the secret bit never decides a branch. */
void mlkem_portable_decode_decompress_msg(mlkem_poly *r, const uint8_t in[32]) {
  unsigned i, j;
  for (i = 0; i < 32; i++) {
    for (j = 0; j < 8; j++) {
      int16_t mask = (int16_t)-(int16_t)((in[i] >> j) & 1);
      r->coeffs[8 * i + j] = (int16_t)(mask & ((MLKEM_Q + 1) / 2));
    }
  }
}
