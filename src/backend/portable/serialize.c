/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * serialize.c - ByteEncode/ByteDecode (@spec{FIPS203, Alg. 5 and 6}) with
 * Compress/Decompress (equations 4.7 and 4.8), for the portable backend.
 *
 * Bits are packed little-endian: coefficient 0 in the low bits of byte 0.
 * The packing depends only on d, which is public; the coefficients (secret
 * for u, v and the message) only flow through shifts and masks.
 */
#include "backend/portable/portable.h"

#include "backend/portable/arith.h"
#include "platform/ct.h"

/* Packing works on groups of coefficients whose bits fill a whole number of
 * bytes: 8 coefficients for d = 1, 5 and 11, 16 for d = 4, 4 for d = 10
 * and 12. A group fits one 64-bit word, but for d = 11 (88 bits), whose
 * group spans two: bits 0-63 in the first, 64-87 in the second. Every
 * function here is inlined at call sites with a constant d, so the
 * compiler emits a fixed shift pattern per group (the word and shift of
 * each coefficient are constants once the loops over a group unroll). */
static inline unsigned group_size(unsigned d) {
  switch (d) {
    case 1:
    case 5:
    case 11:
      return 8;
    case 4:
      return 16;
    default:
      return 4; /* 10, 12 */
  }
}

/* Packs the values v[from .. to) of d bits each (values already below
 * 2^d) into bytes from d / 8 .. to d / 8 of out: [from, to) is [0, 256),
 * or for d = 12 any range of whole groups. */
static inline void pack(uint8_t *out, const uint16_t *v, unsigned d,
                        unsigned from, unsigned to) {
  const unsigned g = group_size(d);
  unsigned i, j, at;
  for (i = from; i < to; i += g)
    __loop__(
      assigns(i, j, at, bytes(out + from * d / 8, (to - from) * d / 8))
      invariant(from <= i && i <= to && i % g == 0 && to % g == 0)
      /* d = 12: the 12-bit values of the pairs of coefficients packed so
       * far are those of v (encode12's post-condition rests on it). */
      invariant(d != 12 ||
                for_all(k, 0, MLKEM_N / 2, 2 * k < from || 2 * k >= i ||
                        (MLKEM_Q12_LO(out, k) == v[2 * k] &&
                         MLKEM_Q12_HI(out, k) == v[2 * k + 1])))
      decreases(to - i)) {
      uint64_t w[2] = {0, 0};
      for (j = 0; j < g; j++) {
        at = d * j;
        w[at / 64] |= (uint64_t)v[i + j] << (at % 64);
        if (at % 64 + d > 64) w[1] |= (uint64_t)v[i + j] >> (64 - at % 64);
      }
      for (j = 0; j < g * d / 8; j++)
        out[i * d / 8 + j] = (uint8_t)((w[j / 8] >> (8 * (j % 8))) & 0xFF);
    }
}

/* Unpacks 256 values of d bits each from 32 d bytes. */
static inline void unpack(uint16_t v[MLKEM_N], const uint8_t *in, unsigned d) {
  const uint64_t mask = ((uint64_t)1 << d) - 1;
  const unsigned g = group_size(d);
  unsigned i, j, at;
  for (i = 0; i < MLKEM_N; i += g)
    __loop__(
      assigns(i, j, at, bytes(v, sizeof v[0] * MLKEM_N))
      invariant(i <= MLKEM_N && i % g == 0)
      invariant(prefix_below(v, i, MLKEM_N, mask + 1))
      /* d = 12: the values unpacked so far are the 12-bit values of in
       * (decode12's modulus check rests on it). */
      invariant(d != 12 ||
                for_all(k, 0, MLKEM_N / 2, 2 * k >= i ||
                        (v[2 * k] == MLKEM_Q12_LO(in, k) &&
                         v[2 * k + 1] == MLKEM_Q12_HI(in, k))))
      decreases(MLKEM_N - i)) {
      uint64_t w[2] = {0, 0}, x;
      for (j = 0; j < g * d / 8; j++)
        w[j / 8] |= (uint64_t)in[i * d / 8 + j] << (8 * (j % 8));
      for (j = 0; j < g; j++) {
        at = d * j;
        x = w[at / 64] >> (at % 64);
        if (at % 64 + d > 64) x |= w[1] << (64 - at % 64);
        v[i + j] = (uint16_t)(x & mask);
      }
    }
}

/* ByteEncode_12 of the canonical representatives. */
void mlkem_portable_encode12(uint8_t out[MLKEM_POLYBYTES], const mlkem_poly *a,
                             unsigned from, unsigned to) {
  uint16_t v[MLKEM_N];
  unsigned i;
  for (i = from; i < to; i++)
    __loop__(
      assigns(i, whole(v))
      invariant(from <= i && i <= to)
      invariant(for_all(k, 0, MLKEM_N, k < from || k >= i || v[k] < MLKEM_Q))
      decreases(to - i)) {
      v[i] = (uint16_t)mlkem_freeze(a->coeffs[i]);
    }
  pack(out, v, 12, from, to);
  mlkem_zeroize(v + from, sizeof v[0] * (to - from));
}

/* ByteDecode_12, each value taken mod q (@spec{FIPS203, Alg. 6} for d = 12).
 * A 12-bit value is below 2q, so one conditional subtraction suffices;
 * v - q, as an unsigned, wraps around (bit 15 set) exactly for the values
 * below q, so the AND of those bits is clear once one value is not. */
unsigned mlkem_portable_decode12(mlkem_poly *r,
                                 const uint8_t in[MLKEM_POLYBYTES]) {
  uint16_t v[MLKEM_N];
  unsigned i, below = 0x8000;
  unpack(v, in, 12);
  for (i = 0; i < MLKEM_N; i++)
    __loop__(
      assigns(i, below, *r)
      invariant(i <= MLKEM_N && (below == 0 || below == 0x8000))
      invariant(prefix_within(r->coeffs, i, MLKEM_N, 0, MLKEM_Q - 1))
      invariant((below == 0) ==
                exists(k, 0, MLKEM_N, k < i && v[k] >= MLKEM_Q))
      decreases(MLKEM_N - i)) {
      below &= (unsigned)v[i] - MLKEM_Q;
      r->coeffs[i] = mlkem_cond_add_q((int16_t)(v[i] - MLKEM_Q));
    }
  mlkem_zeroize(v, sizeof v);
  return below ^ 0x8000;
}

/* Compress_d of the canonical representative of every coefficient, then
 * ByteEncode_d; a switch gives each d its own inlined copy. */
static inline void compress_encode_d(uint8_t *out, const mlkem_poly *a,
                                     unsigned d) {
  uint16_t v[MLKEM_N];
  unsigned i;
  for (i = 0; i < MLKEM_N; i++)
    __loop__(
      assigns(i, whole(v))
      invariant(i <= MLKEM_N)
      decreases(MLKEM_N - i)) {
      v[i] = mlkem_compress_d((uint16_t)mlkem_freeze(a->coeffs[i]), d);
    }
  pack(out, v, d, 0, MLKEM_N);
  mlkem_zeroize(v, sizeof v);
}

void mlkem_portable_compress_encode(uint8_t *out, const mlkem_poly *a,
                                    unsigned d) {
  switch (d) {
    case 4:
      compress_encode_d(out, a, 4);
      break;
    case 5:
      compress_encode_d(out, a, 5);
      break;
    case 10:
      compress_encode_d(out, a, 10);
      break;
    default:
      compress_encode_d(out, a, 11);
      break;
  }
}

static inline void decode_decompress_d(mlkem_poly *r, const uint8_t *in,
                                       unsigned d) {
  uint16_t v[MLKEM_N];
  unsigned i;
  unpack(v, in, d);
  for (i = 0; i < MLKEM_N; i++)
    __loop__(
      assigns(i, *r)
      invariant(i <= MLKEM_N)
      invariant(prefix_within(r->coeffs, i, MLKEM_N, 0, MLKEM_Q - 1))
      decreases(MLKEM_N - i)) {
      r->coeffs[i] = (int16_t)mlkem_decompress_d(v[i], d);
    }
}

void mlkem_portable_decode_decompress(mlkem_poly *r, const uint8_t *in,
                                      unsigned d) {
  switch (d) {
    case 4:
      decode_decompress_d(r, in, 4);
      break;
    case 5:
      decode_decompress_d(r, in, 5);
      break;
    case 10:
      decode_decompress_d(r, in, 10);
      break;
    default:
      decode_decompress_d(r, in, 11);
      break;
  }
}

/* ByteEncode_1(Compress_1(a)): bit i of the message is 1 exactly when
 * coefficient i is closer to q/2 than to 0. */
void mlkem_portable_compress_encode_msg(uint8_t out[32], const mlkem_poly *a) {
  compress_encode_d(out, a, 1);
}

/* Decompress_1(ByteDecode_1(m)): bit b becomes b * (q + 1) / 2, selected by
 * a mask so the secret bit never decides a branch. */
void mlkem_portable_decode_decompress_msg(mlkem_poly *r, const uint8_t in[32]) {
  uint16_t v[MLKEM_N];
  unsigned i;
  unpack(v, in, 1);
  for (i = 0; i < MLKEM_N; i++)
    __loop__(
      assigns(i, *r)
      invariant(i <= MLKEM_N)
      invariant(for_all(k, 0, MLKEM_N, k >= i || r->coeffs[k] == 0 ||
                        r->coeffs[k] == (MLKEM_Q + 1) / 2))
      decreases(MLKEM_N - i)) {
      r->coeffs[i] = (int16_t)(-(int16_t)v[i] & ((MLKEM_Q + 1) / 2));
    }
  mlkem_zeroize(v, sizeof v);
}
