/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_compress.c - Compress_d / Decompress_d (FIPS 203 equations 4.7 and
 * 4.8) and their combination with ByteEncode_d / ByteDecode_d
 * (Algorithms 5 and 6), against the references of ref_fips203.c:
 *
 *  - Compress_d(x) = round(2^d x / q) mod 2^d as the exact integer
 *    floor((2^(d+1) x + q) / (2q)) mod 2^d;
 *  - Decompress_d(y) = round(q y / 2^d), halves up, as
 *    floor((2 q y + 2^d) / 2^(d+1));
 *  - ByteEncode_d / ByteDecode_d bit by bit through a bit array
 *    (BitsToBytes / BytesToBits).
 *
 * mlkem_compress_d and mlkem_decompress_d are checked exhaustively for
 * every d in 1..11; the backend operations compress_encode,
 * decode_decompress (d = 4, 5, 10, 11) and the message pair (d = 1) on every
 * input value in (-2q, 2q), on extreme and random polynomials, and on random
 * and extreme byte strings.
 */
#include <stdio.h>
#include <string.h>

#include "backend/backend.h"
#include "backend/portable/portable.h"
#include "ref_fips203.h"
#include "test_util.h"

#define Q MLKEM_Q
#define N MLKEM_N

/* ---- references --------------------------------------------------------- */

/* ByteEncode_d(Compress_d(a)), a any representatives. */
static void ref_compress_encode(uint8_t *out, const mlkem_poly *a, unsigned d) {
  uint32_t f[N];
  unsigned i;
  for (i = 0; i < N; i++)
    f[i] = ref_compress((uint32_t)ref_mod_q(a->coeffs[i]), d);
  ref_byte_encode(out, f, d);
}

static void ref_decode_decompress(int32_t out[N], const uint8_t *in,
                                  unsigned d) {
  uint32_t f[N];
  unsigned i;
  ref_byte_decode(f, in, d);
  for (i = 0; i < N; i++) out[i] = (int32_t)ref_decompress(f[i], d);
}

/* ---- scalar functions --------------------------------------------------- */

static void test_scalar(void) {
  unsigned d;
  unsigned long n = 0;
  for (d = 1; d <= 11; d++) {
    unsigned long bad_c = 0, bad_d = 0, bad_rt = 0, bad_err = 0;
    uint32_t x, y, first_c = 0, first_d = 0, first_rt = 0, first_err = 0;
    /* |Decompress(Compress(x)) - x| mod+- q <= round(q / 2^(d+1)). */
    const int32_t bound = (int32_t)((Q + (1u << d)) >> (d + 1));
    for (x = 0; x < Q; x++) {
      uint32_t c = mlkem_compress_d((uint16_t)x, d);
      int32_t err;
      if (c != ref_compress(x, d) && bad_c++ == 0) first_c = x;
      err = (int32_t)ref_mod_q((int32_t)ref_decompress(ref_compress(x, d), d) -
                               (int32_t)x);
      if (err > Q / 2) err -= Q;
      if ((err > bound || err < -bound) && bad_err++ == 0) first_err = x;
      n++;
    }
    for (y = 0; y < (1u << d); y++) {
      uint32_t v = mlkem_decompress_d((uint16_t)y, d);
      if (v != ref_decompress(y, d) && bad_d++ == 0) first_d = y;
      /* Compress_d(Decompress_d(y)) = y (FIPS 203 section 4.2.1). */
      if ((v >= Q || mlkem_compress_d((uint16_t)v, d) != y) && bad_rt++ == 0)
        first_rt = y;
      n++;
    }
    CHECKF(bad_c == 0,
           "compress_d d=%u: %lu of %d inputs wrong, first x=%u "
           "gives %u, want %u",
           d, bad_c, Q, (unsigned)first_c,
           (unsigned)mlkem_compress_d((uint16_t)first_c, d),
           (unsigned)ref_compress(first_c, d));
    CHECKF(bad_d == 0,
           "decompress_d d=%u: %lu of %u inputs wrong, first y=%u "
           "gives %u, want %u",
           d, bad_d, 1u << d, (unsigned)first_d,
           (unsigned)mlkem_decompress_d((uint16_t)first_d, d),
           (unsigned)ref_decompress(first_d, d));
    CHECKF(bad_rt == 0,
           "d=%u: Compress(Decompress(y)) != y for %lu values, "
           "first y=%u",
           d, bad_rt, (unsigned)first_rt);
    CHECKF(bad_err == 0,
           "d=%u: reference rounding error above %d for %lu "
           "values, first x=%u",
           d, (int)bound, bad_err, (unsigned)first_err);
  }
  /* Hand-checked points: q/2 rounds to 1 for d = 1, the boundaries of
   * Compress_1 are 833 and 2496 (2x/q crosses 1/2 and 3/2). */
  CHECK(mlkem_compress_d(832, 1) == 0);
  CHECK(mlkem_compress_d(833, 1) == 1);
  CHECK(mlkem_compress_d(2496, 1) == 1);
  CHECK(mlkem_compress_d(2497, 1) == 0);
  CHECK(mlkem_compress_d(Q - 1, 11) == 2047); /* 2047.38 */
  CHECK(mlkem_compress_d(Q - 1, 4) == 0);     /* 15.995 -> 16 mod 16 */
  CHECK(mlkem_compress_d(Q - 1, 1) == 0);
  CHECK(mlkem_decompress_d(1, 1) == 1665);
  CHECK(mlkem_decompress_d(2047, 11) == 3327);
  printf("  compress_d / decompress_d: d = 1..11 exhaustively (%lu values)\n",
         n);
}

/* ---- backend operations ------------------------------------------------- */

#define GUARD 16

static void check_compress_encode(const mlkem_backend *be, const mlkem_poly *a,
                                  unsigned d, const char *what) {
  uint8_t got[32 * 11 + GUARD], want[32 * 11];
  unsigned i;
  memset(got, 0xA5, sizeof got);
  if (d == 1)
    be->compress_encode_msg(got, a);
  else
    be->compress_encode(got, a, d);
  ref_compress_encode(want, a, d);
  for (i = 0; i < 32 * d && got[i] == want[i]; i++) {
  }
  CHECKF(i == 32 * d,
         "%s compress_encode d=%u (%s): byte %u is %02x, want "
         "%02x",
         be->name, d, what, i, got[i % (32 * d)], want[i % (32 * d)]);
  for (i = 32 * d; i < 32 * d + GUARD && got[i] == 0xA5; i++) {
  }
  CHECKF(i == 32 * d + GUARD, "%s compress_encode d=%u wrote past %u bytes",
         be->name, d, 32 * d);
}

static void check_decode_decompress(const mlkem_backend *be, const uint8_t *in,
                                    unsigned d, const char *what) {
  mlkem_poly r;
  int32_t want[N];
  unsigned i;
  if (d == 1)
    be->decode_decompress_msg(&r, in);
  else
    be->decode_decompress(&r, in, d);
  ref_decode_decompress(want, in, d);
  for (i = 0; i < N && r.coeffs[i] == want[i]; i++) {
  }
  CHECKF(i == N,
         "%s decode_decompress d=%u (%s): coefficient %u is %d, "
         "want %d",
         be->name, d, what, i, r.coeffs[i % N], want[i % N]);
}

static void test_backend(const mlkem_backend *be) {
  static const unsigned ds[5] = {1, 4, 5, 10, 11};
  test_rng rng;
  mlkem_poly a;
  uint8_t bytes[32 * 11];
  unsigned di, t, i;
  unsigned long nenc = 0, ndec = 0;
  test_rng_init(&rng, "test_compress backend");
  for (di = 0; di < 5; di++) {
    const unsigned d = ds[di];
    int32_t v, start;
    /* Every value in (-2q, 2q), at two different positions each. */
    for (start = -(2 * Q - 1); start < 2 * Q; start += N) {
      for (i = 0; i < N; i++) {
        v = start + (int32_t)i;
        a.coeffs[i] = (int16_t)(v < 2 * Q ? v : 0);
      }
      check_compress_encode(be, &a, d, "all inputs");
      for (i = 0; i < N; i++) {
        v = start + (int32_t)((i * 97 + 13) % N);
        a.coeffs[i] = (int16_t)(v < 2 * Q ? v : 0);
      }
      check_compress_encode(be, &a, d, "all inputs, permuted");
      nenc += 2;
    }
    /* Extremes. */
    for (t = 0; t < 8; t++) {
      static const int16_t ext[8] = {2 * Q - 1, -(2 * Q - 1), Q, -Q,
                                     Q - 1,     -(Q - 1),     0, (Q - 1) / 2};
      for (i = 0; i < N; i++) a.coeffs[i] = ext[t];
      check_compress_encode(be, &a, d, "constant");
      nenc++;
    }
    /* Random. */
    for (t = 0; t < 300; t++) {
      for (i = 0; i < N; i++)
        a.coeffs[i] = (int16_t)((int32_t)(test_rng_u32(&rng) % (4 * Q - 1)) -
                                (2 * Q - 1));
      check_compress_encode(be, &a, d, "random");
      nenc++;
    }
    /* Decoding: all zero, all one, each byte value everywhere, random. */
    memset(bytes, 0, sizeof bytes);
    check_decode_decompress(be, bytes, d, "zero bytes");
    memset(bytes, 0xFF, sizeof bytes);
    check_decode_decompress(be, bytes, d, "0xFF bytes");
    ndec += 2;
    for (t = 0; t < 256; t++) {
      memset(bytes, (int)t, sizeof bytes);
      check_decode_decompress(be, bytes, d, "constant byte");
      ndec++;
    }
    for (t = 0; t < 300; t++) {
      test_rng_bytes(&rng, bytes, 32 * d);
      check_decode_decompress(be, bytes, d, "random");
      ndec++;
      /* ByteEncode_d(Compress_d(Decompress_d(ByteDecode_d(b)))) = b. */
      {
        uint8_t again[32 * 11];
        if (d == 1) {
          be->decode_decompress_msg(&a, bytes);
          be->compress_encode_msg(again, &a);
        } else {
          be->decode_decompress(&a, bytes, d);
          be->compress_encode(again, &a, d);
        }
        CHECKF(memcmp(again, bytes, 32 * d) == 0,
               "%s d=%u: encode(decode(b)) != b", be->name, d);
      }
    }
  }
  printf(
      "  %s: compress_encode/_msg on %lu polynomials (every value in "
      "(-2q, 2q), extremes, random), decode_decompress/_msg on %lu byte "
      "strings, d = 1, 4, 5, 10, 11\n",
      be->name, nenc, ndec);
}

int main(void) {
  const mlkem_backend *active = mlkem_backend_get();
  printf("test_compress: Compress_d / Decompress_d with ByteEncode/Decode\n");
  CHECK(mlkem_backend_portable.compress_encode ==
        mlkem_portable_compress_encode);
  CHECK(mlkem_backend_portable.decode_decompress ==
        mlkem_portable_decode_decompress);
  CHECK(mlkem_backend_portable.compress_encode_msg ==
        mlkem_portable_compress_encode_msg);
  CHECK(mlkem_backend_portable.decode_decompress_msg ==
        mlkem_portable_decode_decompress_msg);
  test_scalar();
  test_backend(&mlkem_backend_portable);
  if (active != &mlkem_backend_portable) test_backend(active);
  return test_summary("test_compress");
}
