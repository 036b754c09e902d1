/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_serialize.c - ByteEncode_d / ByteDecode_d (FIPS 203 Algorithms 5
 * and 6) as the backends expose them, against a bit-level reference
 * (BitsToBytes / BytesToBits, in ref_fips203.c):
 *
 *  - d = 12 (encode12 / decode12): every 12-bit value 0..4095 at every one
 *    of the 256 positions decodes to the value mod q; every value in
 *    (-q, q) at every position encodes to ByteEncode_12(value mod q); round
 *    trips both ways; non-canonical encodings are reduced.
 *  - d = 1, 4, 5, 10, 11 (through the message and compression operations,
 *    using Compress_d(Decompress_d(y)) = y): every single bit position of
 *    the 32 d-byte string maps to the right coefficient and bit, in both
 *    directions, and random strings round-trip.
 *
 * The NTT-domain layout belongs to the backend, so the coefficient-level
 * checks of decode12/encode12 run on the portable backend (standard
 * order); byte-level round trips also run on the backend in use.
 */
#include <stdio.h>
#include <string.h>

#include "backend/backend.h"
#include "backend/portable/portable.h"
#include "ref_fips203.h"
#include "test_util.h"

#define Q MLKEM_Q
#define N MLKEM_N

/* ---- d = 12 ------------------------------------------------------------- */

static void test_decode12_all_values(void) {
  uint32_t f[N];
  uint8_t bytes[MLKEM_POLYBYTES];
  mlkem_poly r;
  unsigned v, i;
  unsigned long bad = 0;
  unsigned first_v = 0, first_i = 0;
  /* Round v puts (v + 17 i) mod 4096 at position i: over all v, every
   * position sees every 12-bit value once. */
  for (v = 0; v < 4096; v++) {
    for (i = 0; i < N; i++) f[i] = (v + 17 * i) % 4096;
    unsigned over = 0, flag;
    ref_byte_encode(bytes, f, 12);
    flag = mlkem_portable_decode12(&r, bytes);
    for (i = 0; i < N; i++) {
      over |= f[i] >= Q;
      if (r.coeffs[i] != (int16_t)(f[i] % Q) && bad++ == 0) {
        first_v = f[i];
        first_i = i;
      }
    }
    /* The modulus-check flag: set exactly when some value is q or more. */
    CHECKF((flag != 0) == (over != 0), "decode12 flag %u for round %u", flag,
           v);
    /* The same value alone among zeros, at every position. */
    for (i = 0; i < N; i += 37) {
      uint32_t g[N] = {0};
      g[i] = v;
      ref_byte_encode(bytes, g, 12);
      flag = mlkem_portable_decode12(&r, bytes);
      CHECKF((flag != 0) == (v >= Q), "decode12 flag %u for %u at %u", flag, v,
             i);
    }
  }
  CHECKF(bad == 0,
         "decode12: %lu of %u (value, position) pairs wrong; "
         "first: value %u at position %u",
         bad, 4096u * N, first_v, first_i);
  printf("  decode12: all 4096 12-bit values at all 256 positions\n");
}

static void test_encode12_all_values(void) {
  uint32_t f[N];
  uint8_t got[MLKEM_POLYBYTES + 16], want[MLKEM_POLYBYTES];
  mlkem_poly a;
  int32_t v;
  unsigned i, j;
  unsigned long bad = 0, guard_bad = 0, n = 0;
  /* Every value in (-q, q) at every position: position i holds
   * -(q - 1) + (v + 29 i) mod (2q - 1). */
  for (v = 0; v < 2 * Q - 1; v++) {
    for (i = 0; i < N; i++) {
      a.coeffs[i] = (int16_t)(-(Q - 1) + (int32_t)((v + 29 * i) % (2 * Q - 1)));
      f[i] = (uint32_t)ref_mod_q(a.coeffs[i]);
    }
    ref_byte_encode(want, f, 12);
    memset(got, 0xA5, sizeof got);
    mlkem_portable_encode12(got, &a, 0, N);
    if (memcmp(got, want, MLKEM_POLYBYTES) != 0 && bad++ == 0) {
      for (j = 0; got[j] == want[j]; j++) {
      }
      CHECKF(0,
             "encode12: round %d differs at byte %u (got %02x, want "
             "%02x)",
             (int)v, j, got[j], want[j]);
    }
    for (j = MLKEM_POLYBYTES; j < sizeof got; j++)
      if (got[j] != 0xA5) guard_bad++;
    n++;
  }
  CHECKF(bad == 0, "encode12: %lu of %lu polynomials wrong", bad, n);
  CHECKF(guard_bad == 0, "encode12 wrote past %d bytes", MLKEM_POLYBYTES);
  printf("  encode12: all %d values in (-q, q) at all 256 positions\n",
         2 * Q - 1);
}

static void test_roundtrips12(const mlkem_backend *be) {
  test_rng rng;
  mlkem_poly a, b;
  uint8_t bytes[MLKEM_POLYBYTES], again[MLKEM_POLYBYTES],
      reduced[MLKEM_POLYBYTES];
  uint32_t f[N];
  unsigned t, i;
  test_rng_init(&rng, "test_serialize 12");
  for (t = 0; t < 1000; t++) {
    /* Random bytes: decode reduces each 12-bit value mod q; encoding the
     * result gives the reduced string. */
    test_rng_bytes(&rng, bytes, sizeof bytes);
    if (t == 0) memset(bytes, 0xFF, sizeof bytes);
    if (t == 1) memset(bytes, 0, sizeof bytes);
    ref_byte_decode(f, bytes, 12);
    for (i = 0; i < N; i++) f[i] %= Q;
    ref_byte_encode(reduced, f, 12);
    be->decode12(&a, bytes);
    be->encode12(again, &a, 0, N);
    CHECKF(memcmp(again, reduced, sizeof again) == 0,
           "%s: encode12(decode12(b)) is not b reduced mod q (case %u)",
           be->name, t);
    /* Canonical strings round-trip exactly. */
    be->decode12(&b, reduced);
    be->encode12(again, &b, 0, N);
    CHECKF(memcmp(again, reduced, sizeof again) == 0,
           "%s: encode12(decode12(b)) != b for canonical b (case %u)", be->name,
           t);
    /* decode12(encode12(a)) = a mod q for |a| < q (portable layout). */
    if (be == &mlkem_backend_portable) {
      for (i = 0; i < N; i++)
        a.coeffs[i] =
            (int16_t)((int32_t)(test_rng_u32(&rng) % (2 * Q - 1)) - (Q - 1));
      be->encode12(bytes, &a, 0, N);
      be->decode12(&b, bytes);
      for (i = 0; i < N && b.coeffs[i] == ref_mod_q(a.coeffs[i]); i++) {
      }
      CHECKF(i == N, "decode12(encode12(a)) coefficient %u is %d, want %d", i,
             b.coeffs[i % N], (int)ref_mod_q(a.coeffs[i % N]));
    }
  }
  printf("  %s: 1000 random encode12/decode12 round trips\n", be->name);
}

/* encode12 over a part [from, to) of the coefficients (backend/backend.h; key
 * generation encodes t-hat so): for every range of whole parts, bytes
 * 3 from / 2 .. 3 to / 2 are those of the whole-polynomial call, and the
 * others are left as they were. */
static void test_parts12(const mlkem_backend *be) {
  test_rng rng;
  mlkem_poly a;
  uint8_t whole[MLKEM_POLYBYTES], part[MLKEM_POLYBYTES],
      before[MLKEM_POLYBYTES];
  unsigned from, to, t, i, bad = 0, cases = 0;
  test_rng_init(&rng, "test_serialize parts");
  for (from = 0; from < N; from += MLKEM_PART_COEFFS)
    for (to = from + MLKEM_PART_COEFFS; to <= N; to += MLKEM_PART_COEFFS)
      for (t = 0; t < 50; t++, cases++) {
        for (i = 0; i < N; i++)
          a.coeffs[i] = (int16_t)((int32_t)(test_rng_u32(&rng) % (16 * Q - 1)) -
                                  (8 * Q - 1));
        test_rng_bytes(&rng, before, sizeof before);
        memcpy(part, before, sizeof part);
        be->encode12(whole, &a, 0, N);
        be->encode12(part, &a, from, to);
        for (i = 0; i < MLKEM_POLYBYTES; i++)
          if (part[i] !=
              (i >= 3 * from / 2 && i < 3 * to / 2 ? whole[i] : before[i])) {
            if (bad++ == 0)
              CHECKF(0, "%s encode12 over [%u, %u): byte %u is %02x", be->name,
                     from, to, i, part[i]);
            break;
          }
      }
  CHECKF(bad == 0, "%s: %u of %u encode12 part cases wrong", be->name, bad,
         cases);
  printf("  %s: encode12 over every range of parts, %u cases\n", be->name,
         cases);
}

/* ---- every d: bit layout ------------------------------------------------ */

static void encode_d(const mlkem_backend *be, uint8_t *out, const mlkem_poly *a,
                     unsigned d) {
  if (d == 12)
    be->encode12(out, a, 0, N);
  else if (d == 1)
    be->compress_encode_msg(out, a);
  else
    be->compress_encode(out, a, d);
}

static void decode_d(const mlkem_backend *be, mlkem_poly *r, const uint8_t *in,
                     unsigned d) {
  if (d == 12)
    be->decode12(r, in);
  else if (d == 1)
    be->decode_decompress_msg(r, in);
  else
    be->decode_decompress(r, in, d);
}

/* The coefficient the decoder gives for the d-bit value y. */
static int32_t decoded(uint32_t y, unsigned d) {
  return d == 12 ? (int32_t)(y % Q) : (int32_t)ref_decompress(y, d);
}

static void test_layout(const mlkem_backend *be) {
  static const unsigned ds[6] = {1, 4, 5, 10, 11, 12};
  unsigned di;
  test_rng rng;
  test_rng_init(&rng, "test_serialize layout");
  for (di = 0; di < 6; di++) {
    const unsigned d = ds[di], nbits = 32 * 8 * d;
    uint8_t bytes[384], want[384], again[384];
    uint32_t f[N];
    mlkem_poly a;
    unsigned b, i, t;
    unsigned long bad_dec = 0, bad_enc = 0;
    /* Coefficient-level checks need the standard order: for d = 12 that is
     * the portable backend only (NTT domain). */
    int coeff_ok = d != 12 || be == &mlkem_backend_portable;
    for (b = 0; b < nbits && coeff_ok; b++) {
      const unsigned ci = b / d, bj = b % d;
      /* Decode: only bit b set -> coefficient ci holds 2^bj, others 0. */
      memset(bytes, 0, sizeof bytes);
      bytes[b / 8] = (uint8_t)(1u << (b % 8));
      decode_d(be, &a, bytes, d);
      for (i = 0; i < N; i++) {
        int32_t w = i == ci ? decoded(1u << bj, d) : 0;
        if (a.coeffs[i] != w && bad_dec++ == 0)
          CHECKF(0,
                 "%s ByteDecode_%u: bit %u alone gives coefficient %u = "
                 "%d, want %d",
                 be->name, d, b, i, a.coeffs[i], (int)w);
      }
      /* Encode: coefficient ci decoding from 2^bj -> only bit b set. */
      memset(&a, 0, sizeof a);
      a.coeffs[ci] = (int16_t)decoded(1u << bj, d);
      memset(want, 0, sizeof want);
      want[b / 8] = (uint8_t)(1u << (b % 8));
      encode_d(be, bytes, &a, d);
      if (memcmp(bytes, want, 32 * d) != 0 && bad_enc++ == 0)
        CHECKF(0,
               "%s ByteEncode_%u: coefficient %u = 2^%u does not give "
               "exactly bit %u",
               be->name, d, ci, bj, b);
    }
    CHECKF(bad_dec == 0, "%s ByteDecode_%u: %lu wrong coefficients", be->name,
           d, bad_dec);
    CHECKF(bad_enc == 0, "%s ByteEncode_%u: %lu wrong strings", be->name, d,
           bad_enc);
    /* Random strings against the reference, and round trips. */
    for (t = 0; t < 500; t++) {
      test_rng_bytes(&rng, bytes, 32 * d);
      if (d == 12) { /* canonical values only, so the trip is exact */
        ref_byte_decode(f, bytes, 12);
        for (i = 0; i < N; i++) f[i] %= Q;
        ref_byte_encode(bytes, f, 12);
      }
      ref_byte_decode(f, bytes, d);
      ref_byte_encode(want, f, d);
      CHECK(memcmp(want, bytes, 32 * d) == 0); /* reference consistency */
      decode_d(be, &a, bytes, d);
      if (coeff_ok) {
        for (i = 0; i < N && a.coeffs[i] == decoded(f[i], d); i++) {
        }
        CHECKF(i == N,
               "%s ByteDecode_%u random case %u: coefficient %u is "
               "%d, want %d",
               be->name, d, t, i, a.coeffs[i % N], (int)decoded(f[i % N], d));
      }
      encode_d(be, again, &a, d);
      CHECKF(memcmp(again, bytes, 32 * d) == 0,
             "%s ByteEncode_%u(ByteDecode_%u(b)) != b, random case %u",
             be->name, d, d, t);
    }
    printf("  %s: d = %2u: %s%u random round trips\n", be->name, d,
           coeff_ok ? "every single-bit position both ways, " : "", t);
  }
}

int main(void) {
  const mlkem_backend *active = mlkem_backend_get();
  printf("test_serialize: ByteEncode_d / ByteDecode_d\n");
  CHECK(mlkem_backend_portable.encode12 == mlkem_portable_encode12);
  CHECK(mlkem_backend_portable.decode12 == mlkem_portable_decode12);
  test_decode12_all_values();
  test_encode12_all_values();
  test_roundtrips12(&mlkem_backend_portable);
  test_parts12(&mlkem_backend_portable);
  test_layout(&mlkem_backend_portable);
  if (active != &mlkem_backend_portable) {
    test_roundtrips12(active);
    test_parts12(active);
    test_layout(active);
  }
  return test_summary("test_serialize");
}
