/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_diff_serialize.c - the serialization and sampling
 * operations against their portable counterparts, bit for bit.
 *
 *  - encode12, compress_encode (d = 4, 5, 10, 11), compress_encode_msg:
 *    every int16 value in every coefficient position (256 x 256
 *    polynomials: beyond the contracts, |x| < q and |x| < 2q, which the
 *    SIMD code meets for every int16), constant and alternating
 *    polynomials of the values at the contract's edges, and 100,000 random
 *    polynomials within the contract (one in eight drawn from the edges);
 *  - decode12, decode_decompress (d = 4, 5, 10, 11), decode_decompress_msg:
 *    every d-bit value in every position, every constant byte (0x00 and
 *    0xFF among them), and 100,000 random byte strings;
 *  - cbd (eta = 2, 3): every 2 eta-bit pattern in every position, every
 *    constant byte, and 100,000 random buffers;
 *  - rej_uniform: the edges (starting counts 0..256 around the block
 *    boundaries, lengths 0..720 around multiples of 48 and 64) for four
 *    kinds of input (uniform bytes, every candidate >= q, every one < q,
 *    a random mixture), 100,000 random calls (count, length a multiple of
 *    3, kind), 10,000 runs of the frontend's pattern (504 bytes, then 168
 *    at a time, into one polynomial), and lengths that are not multiples
 *    of 3 (beyond the contract: both ignore the last one or two bytes).
 *    Entries [ctr_in, ctr_out) and ctr_out must match, entries below
 *    ctr_in must be untouched, and nothing past coeffs[255] written.
 *
 * Every output is followed by guard bytes that must stay untouched. On
 * Linux every input ends exactly where an inaccessible page begins, so a
 * read past its end stops the test with a fault (and loads whose masked-off
 * part reaches into that page are exercised); elsewhere inputs sit at the
 * end of a plain buffer (visible to AddressSanitizer only). Random inputs come
 * from a xoshiro256** generator seeded from test_rng.
 *
 * Every SIMD backend built in and supported by this CPU (avx2, avx512, neon) is
 * compared; one that is not is reported as not compared.
 */
#if defined(__linux__) && !defined(_DEFAULT_SOURCE)
#define _DEFAULT_SOURCE /* mmap, mprotect */
#endif
#include <stdio.h>
#include <string.h>

#include "backend/backend.h"
#include "backend/portable/portable.h"
#include "test_util.h"

/* The backend under test. */
static const mlkem_backend *be;

#if defined(__linux__)
#include <sys/mman.h>
#include <unistd.h>
#endif

#define Q MLKEM_Q
#define N MLKEM_N
#define RANDOM_CASES 100000ul
/* RANDOM_CASES, or a tenth of it under MLKEM_TEST_QUICK (test_trials). */
static unsigned long trials;
#define GUARD 64
#define GUARD_BYTE 0xA5

/* ---- random numbers ------------------------------------------------------ */

static test_fast_rng fast; /* test_util.h */

static uint64_t next64(void) {
  return test_fast_rng_next(&fast);
}

/* Uniform enough in [0, n) for test inputs. */
static uint32_t below(uint32_t n) {
  return (uint32_t)(((next64() >> 32) * n) >> 32);
}

static void fill_random(uint8_t *p, size_t len) {
  size_t i;
  uint64_t w = 0;
  for (i = 0; i < len; i++) {
    if (i % 8 == 0) w = next64();
    p[i] = (uint8_t)(w >> (8 * (i % 8)));
  }
}

static void seed(const char *label) {
  test_fast_rng_init(&fast, label);
}

/* ---- inputs that end where readable memory ends -------------------------- */

/* The rejection step's longest input in lanes: 720 bytes, 90 words at a
 * stride of up to 8. */
#define INPUT_MAX 8192

static uint8_t *input_end; /* one past the last readable byte */
static uint64_t input_fallback[INPUT_MAX / 8];

static void input_init(void) {
#if defined(__linux__)
  long page = sysconf(_SC_PAGESIZE);
  if (page > 0) {
    size_t size =
        ((size_t)INPUT_MAX + (size_t)page - 1) / (size_t)page * (size_t)page;
    uint8_t *p = mmap(NULL, size + (size_t)page, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p != MAP_FAILED && mprotect(p + size, (size_t)page, PROT_NONE) == 0) {
      input_end = p + size;
      printf("  (inputs end at an inaccessible page)\n");
      return;
    }
  }
#endif
  input_end = (uint8_t *)input_fallback + INPUT_MAX;
}

/* Copies len bytes to the end of the readable area and returns them. */
static const uint8_t *place_input(const uint8_t *in, size_t len) {
  memmove(input_end - len, in, len);
  return input_end - len;
}

/* The len bytes at in as the sponge scheduler hands a block to a sink
 * (sha3.h): byte j in byte j % 8 of the little-endian word
 * lane[stride * (j / 8)]. The word that holds the last byte ends where
 * readable memory ends, so reading a word past it faults; the words
 * between the lane's (and the bytes after len in the last word) hold
 * 0xF0 bytes, whose candidates include 0x0F0, below q. */
static const uint64_t *place_lanes(const uint8_t *in, size_t len,
                                   size_t stride) {
  const size_t words = len == 0 ? 1 : (len + 7) / 8;
  const size_t span = stride * (words - 1) + 1;
  uint64_t *lane = (uint64_t *)(void *)(input_end - 8 * span);
  test_lanes_from_bytes(lane, span, stride, in, len, 0xF0);
  return lane;
}

/* ---- bookkeeping --------------------------------------------------------- */

typedef struct {
  char name[48];
  unsigned long cases, bad;
  char first[256];
} op_stat;

static void stat_init(op_stat *s, const char *name, const char *param,
                      unsigned value) {
  if (param)
    snprintf(s->name, sizeof s->name, "%s %s=%u", name, param, value);
  else
    snprintf(s->name, sizeof s->name, "%s", name);
  s->cases = s->bad = 0;
  s->first[0] = '\0';
  /* The name goes out first, so that a fault (a read past an input) shows
   * where it happened. */
  printf("  %-28s", s->name);
  fflush(stdout);
}

/* Records a failing input (the details of the first one are kept). */
static void stat_bad(op_stat *s, const char *what, const char *detail) {
  if (s->bad++ == 0)
    snprintf(s->first, sizeof s->first, "input %lu (%s): %s", s->cases, what,
             detail);
}

static void stat_report(const op_stat *s) {
  printf(" %8lu inputs compared\n", s->cases);
  CHECKF(s->bad == 0, "%s: %lu of %lu inputs differ; first: %s", s->name,
         s->bad, s->cases, s->first);
}

/* Compares len bytes and checks the GUARD bytes after got. */
static void check_bytes(op_stat *s, const char *what, const uint8_t *got,
                        const uint8_t *want, size_t len) {
  char detail[128];
  size_t i;
  for (i = 0; i < len && got[i] == want[i]; i++) {
  }
  if (i < len) {
    snprintf(detail, sizeof detail, "byte %u: %s 0x%02x, portable 0x%02x",
             (unsigned)i, be->name, (unsigned)got[i], (unsigned)want[i]);
    stat_bad(s, what, detail);
  } else if (!test_all_bytes(got + len, GUARD, GUARD_BYTE)) {
    stat_bad(s, what, "wrote past the output");
  }
  s->cases++;
}

/* An output polynomial followed by guard bytes. */
typedef struct {
  mlkem_poly p;
  uint8_t guard[GUARD];
} guarded_poly;

/* Compares coefficients [from, to) and checks got's guard. */
static void check_coeffs(op_stat *s, const char *what, const guarded_poly *got,
                         const mlkem_poly *want, unsigned from, unsigned to) {
  char detail[128];
  unsigned i;
  for (i = from; i < to && got->p.coeffs[i] == want->coeffs[i]; i++) {
  }
  if (i < to) {
    snprintf(detail, sizeof detail, "coefficient %u: %s %d, portable %d", i,
             be->name, got->p.coeffs[i], want->coeffs[i]);
    stat_bad(s, what, detail);
  } else if (!test_all_bytes(got->guard, GUARD, GUARD_BYTE)) {
    stat_bad(s, what, "wrote past the polynomial");
  }
  s->cases++;
}

/* ---- encoders ------------------------------------------------------------ */

/* d = 12: encode12; d = 1: compress_encode_msg; else compress_encode. */
static void run_encoder(op_stat *s, const char *what, const mlkem_poly *a,
                        unsigned d) {
  uint8_t got[32 * 12 + GUARD], want[32 * 12];
  memset(got, GUARD_BYTE, sizeof got);
  if (d == 12) {
    be->encode12(got, a, 0, N);
    mlkem_portable_encode12(want, a, 0, N);
  } else if (d == 1) {
    be->compress_encode_msg(got, a);
    mlkem_portable_compress_encode_msg(want, a);
  } else {
    be->compress_encode(got, a, d);
    mlkem_portable_compress_encode(want, a, d);
  }
  check_bytes(s, what, got, want, 32 * d);
}

static void test_encoder(unsigned d) {
  /* |x| < bound: encode12 takes ntt outputs (s-hat in key generation) */
  const int32_t bound = d == 12 ? 8 * Q : 2 * Q;
  static const int32_t edges[] = {0,
                                  1,
                                  -1,
                                  Q - 1,
                                  -(Q - 1),
                                  Q,
                                  -Q,
                                  Q + 1,
                                  -(Q + 1),
                                  2 * Q - 1,
                                  -(2 * Q - 1),
                                  (Q - 1) / 2,
                                  (Q + 1) / 2,
                                  -(Q - 1) / 2,
                                  -(Q + 1) / 2,
                                  832,
                                  833,
                                  2496,
                                  2497,
                                  -832,
                                  -833,
                                  -2496,
                                  -2497,
                                  1664,
                                  1665,
                                  -1664,
                                  -1665,
                                  4991,
                                  4992,
                                  -4991,
                                  -4992,
                                  8 * Q - 1,
                                  -(8 * Q - 1)};
  const unsigned n_edges = sizeof edges / sizeof edges[0];
  op_stat s;
  mlkem_poly a;
  unsigned hi, lo, i, t;
  char label[32];
  stat_init(&s,
            d == 12  ? "encode12"
            : d == 1 ? "compress_encode_msg"
                     : "compress_encode",
            d == 12 || d == 1 ? NULL : "d", d);
  snprintf(label, sizeof label, "encoder d=%u", d);
  seed(label);
  /* Every int16 in every position: coefficient i is 256 hi + (i + lo) mod
   * 256, over all hi and lo. */
  for (lo = 0; lo < 256; lo++)
    for (hi = 0; hi < 256; hi++) {
      for (i = 0; i < N; i++)
        a.coeffs[i] = (int16_t)(uint16_t)(hi << 8 | ((i + lo) & 0xFF));
      run_encoder(&s, "every int16 in every position", &a, d);
    }
  for (t = 0; t < n_edges; t++) {
    if (edges[t] >= bound || edges[t] <= -bound) continue;
    for (i = 0; i < N; i++) a.coeffs[i] = (int16_t)edges[t];
    run_encoder(&s, "constant edge value", &a, d);
    for (i = 0; i < N; i++)
      a.coeffs[i] = (int16_t)(i & 1 ? edges[t] : -edges[t]);
    run_encoder(&s, "alternating edge values", &a, d);
  }
  for (t = 0; t < trials; t++) {
    for (i = 0; i < N; i++) {
      int32_t x;
      do {
        x = t % 8 == 7 ? edges[below(n_edges)]
                       : (int32_t)below(2 * (uint32_t)bound - 1) - (bound - 1);
      } while (x >= bound || x <= -bound);
      a.coeffs[i] = (int16_t)x;
    }
    run_encoder(&s, "random within the bound", &a, d);
  }
  stat_report(&s);
}

/* encode12 over every range of whole parts (backend/backend.h), 1000 random
 * inputs within the bound each: the output starts as the same random bytes for
 * both, so the bytes outside the range must be left alone by both. */
static void test_encode12_parts(void) {
  op_stat s;
  mlkem_poly a;
  uint8_t got[MLKEM_POLYBYTES + GUARD], want[MLKEM_POLYBYTES];
  unsigned from, to, t, i;
  stat_init(&s, "encode12 over parts", NULL, 0);
  seed("encode12 parts");
  for (from = 0; from < N; from += MLKEM_PART_COEFFS)
    for (to = from + MLKEM_PART_COEFFS; to <= N; to += MLKEM_PART_COEFFS)
      for (t = 0; t < 1000; t++) {
        for (i = 0; i < N; i++)
          a.coeffs[i] = (int16_t)((int32_t)below(16 * Q - 1) - (8 * Q - 1));
        fill_random(want, sizeof want);
        memcpy(got, want, sizeof want);
        memset(got + MLKEM_POLYBYTES, GUARD_BYTE, GUARD);
        be->encode12(got, &a, from, to);
        mlkem_portable_encode12(want, &a, from, to);
        check_bytes(&s, "random within the bound", got, want, MLKEM_POLYBYTES);
      }
  stat_report(&s);
}

/* ---- decoders ------------------------------------------------------------ */

/* ByteEncode_d of 256 values below 2^d, bit by bit. */
static void pack_bits(uint8_t *out, const uint16_t v[N], unsigned d) {
  unsigned i, b;
  memset(out, 0, 32 * d);
  for (i = 0; i < N; i++)
    for (b = 0; b < d; b++)
      out[(i * d + b) / 8] |= (uint8_t)(((v[i] >> b) & 1) << ((i * d + b) % 8));
}

/* d = 12: decode12; d = 1: decode_decompress_msg; else decode_decompress. */
static void run_decoder(op_stat *s, const char *what, const uint8_t *bytes,
                        unsigned d) {
  guarded_poly got;
  mlkem_poly want;
  const uint8_t *in = place_input(bytes, 32 * d);
  memset(&got, GUARD_BYTE, sizeof got);
  if (d == 12) {
    /* The modulus-check flags must agree too (both zero or both not). */
    unsigned fg = be->decode12(&got.p, in);
    unsigned fw = mlkem_portable_decode12(&want, in);
    if ((fg != 0) != (fw != 0)) {
      char detail[128];
      snprintf(detail, sizeof detail, "modulus-check flag: %s %u, portable %u",
               be->name, fg, fw);
      stat_bad(s, what, detail);
    }
  } else if (d == 1) {
    be->decode_decompress_msg(&got.p, in);
    mlkem_portable_decode_decompress_msg(&want, in);
  } else {
    be->decode_decompress(&got.p, in, d);
    mlkem_portable_decode_decompress(&want, in, d);
  }
  check_coeffs(s, what, &got, &want, 0, N);
}

static void test_decoder(unsigned d) {
  op_stat s;
  uint8_t in[32 * 12];
  uint16_t v[N];
  unsigned shift, i, t;
  char label[32];
  stat_init(&s,
            d == 12  ? "decode12"
            : d == 1 ? "decode_decompress_msg"
                     : "decode_decompress",
            d == 12 || d == 1 ? NULL : "d", d);
  snprintf(label, sizeof label, "decoder d=%u", d);
  seed(label);
  for (shift = 0; shift < (1u << d); shift++) {
    for (i = 0; i < N; i++) v[i] = (uint16_t)((i + shift) & ((1u << d) - 1));
    pack_bits(in, v, d);
    run_decoder(&s, "every value in every position", in, d);
  }
  for (t = 0; t < 256; t++) {
    memset(in, (int)t, sizeof in);
    run_decoder(&s, "constant byte", in, d);
  }
  for (t = 0; t < trials; t++) {
    fill_random(in, 32 * d);
    run_decoder(&s, "random bytes", in, d);
  }
  stat_report(&s);
}

/* ---- CBD ----------------------------------------------------------------- */

static void run_cbd(op_stat *s, const char *what, const uint8_t *bytes,
                    unsigned eta) {
  guarded_poly got;
  mlkem_poly want;
  const uint8_t *in = place_input(bytes, 64 * eta);
  memset(&got, GUARD_BYTE, sizeof got);
  be->cbd(&got.p, in, eta);
  mlkem_portable_cbd(&want, in, eta);
  check_coeffs(s, what, &got, &want, 0, N);
}

static void test_cbd(unsigned eta) {
  op_stat s;
  uint8_t in[64 * 3];
  uint16_t v[N];
  unsigned shift, i, t, w = 2 * eta;
  char label[32];
  stat_init(&s, "cbd", "eta", eta);
  snprintf(label, sizeof label, "cbd eta=%u", eta);
  seed(label);
  for (shift = 0; shift < (1u << w); shift++) {
    for (i = 0; i < N; i++) v[i] = (uint16_t)((i + shift) & ((1u << w) - 1));
    pack_bits(in, v, w);
    run_cbd(&s, "every pattern in every position", in, eta);
  }
  for (t = 0; t < 256; t++) {
    memset(in, (int)t, sizeof in);
    run_cbd(&s, "constant byte", in, eta);
  }
  for (t = 0; t < trials; t++) {
    fill_random(in, 64 * eta);
    run_cbd(&s, "random bytes", in, eta);
  }
  stat_report(&s);
}

/* ---- rej_uniform ------------------------------------------------------- */

#define REJ_MAXBUF 720

/* buflen bytes of candidate pairs: kind 0 uniform bytes; 1 every candidate
 * >= q; 2 every candidate < q; 3 each candidate >= q with probability
 * p / 16, p drawn per buffer. A trailing partial group is random. */
static void rej_fill(uint8_t *buf, unsigned buflen, unsigned kind) {
  unsigned i, j, p = below(17);
  uint16_t c[2];
  fill_random(buf, buflen);
  if (kind == 0) return;
  for (i = 0; i + 3 <= buflen; i += 3) {
    for (j = 0; j < 2; j++) {
      int reject = kind == 1 || (kind == 3 && below(16) < p);
      c[j] = (uint16_t)(reject ? Q + below(4096 - Q) : below(Q));
    }
    buf[i] = (uint8_t)c[0];
    buf[i + 1] = (uint8_t)((c[0] >> 8) | (c[1] << 4));
    buf[i + 2] = (uint8_t)(c[1] >> 4);
  }
}

static void run_rej(op_stat *s, const char *what, const uint8_t *bytes,
                    unsigned buflen, unsigned ctr_in) {
  guarded_poly got;
  mlkem_poly want;
  unsigned cg = ctr_in, cw = ctr_in, i;
  char detail[128];
  /* Every stride the scheduler uses (4 and 8), and others. */
  static const size_t strides[5] = {4, 8, 1, 2, 5};
  static unsigned calls;
  const size_t stride = strides[calls++ % 5];
  const uint64_t *in = place_lanes(bytes, buflen, stride);
  memset(&got, GUARD_BYTE, sizeof got);
  memset(&want, GUARD_BYTE, sizeof want);
  be->rej_uniform(&got.p, &cg, in, stride, buflen);
  mlkem_portable_rej_uniform(&want, &cw, in, stride, buflen);
  if (cg != cw) {
    snprintf(detail, sizeof detail,
             "ctr_out: %s %u, portable %u (ctr_in %u, buflen %u)", be->name, cg,
             cw, ctr_in, buflen);
    stat_bad(s, what, detail);
    s->cases++;
    return;
  }
  for (i = 0; i < ctr_in && got.p.coeffs[i] == (int16_t)0xA5A5; i++) {
  }
  if (i < ctr_in) {
    snprintf(detail, sizeof detail, "changed coefficient %u below ctr_in %u", i,
             ctr_in);
    stat_bad(s, what, detail);
    s->cases++;
    return;
  }
  check_coeffs(s, what, &got, &want, ctr_in, cw);
}

/* The frontend's use: 504 bytes from 0, then 168 at a time until 256
 * (at most 64 rounds, for the all-rejected kind), into one polynomial. */
static void run_rej_frontend(op_stat *s, unsigned kind) {
  guarded_poly got;
  mlkem_poly want;
  uint8_t buf[REJ_MAXBUF];
  unsigned cg = 0, cw = 0, len = 504, rounds = 0;
  char detail[128];
  memset(&got, GUARD_BYTE, sizeof got);
  memset(&want, 0, sizeof want);
  while (cw < N && rounds++ < 64) {
    rej_fill(buf, len, kind);
    be->rej_uniform(&got.p, &cg, place_lanes(buf, len, 8), 8, len);
    mlkem_portable_rej_uniform(&want, &cw, place_lanes(buf, len, 4), 4, len);
    if (cg != cw) break;
    len = 168;
  }
  if (cg != cw) {
    snprintf(detail, sizeof detail,
             "ctr after round %u: %s %u, "
             "portable %u",
             rounds, be->name, cg, cw);
    stat_bad(s, "frontend pattern", detail);
    s->cases++;
  } else {
    check_coeffs(s, "frontend pattern", &got, &want, 0, cw);
  }
}

static void test_rej(void) {
  static const unsigned lens[] = {
      0,   3,   6,   21,  24,  27,  45,  48,  51,  60,  63,  66,  93,
      96,  99,  111, 114, 117, 141, 144, 147, 165, 168, 171, 333, 336,
      339, 477, 480, 483, 501, 504, 507, 525, 528, 531, 714, 717, 720};
  static const unsigned ctrs[] = {0,   1,   2,   31,  32,  33,  100, 200,
                                  223, 224, 225, 226, 230, 239, 240, 241,
                                  247, 248, 249, 254, 255, 256};
  op_stat s;
  uint8_t buf[REJ_MAXBUF];
  unsigned long t;
  unsigned li, ci, kind, rep;
  stat_init(&s, "rej_uniform", NULL, 0);
  seed("rej_uniform");
  for (kind = 0; kind < 4; kind++)
    for (li = 0; li < sizeof lens / sizeof lens[0]; li++)
      for (ci = 0; ci < sizeof ctrs / sizeof ctrs[0]; ci++)
        for (rep = 0; rep < 4; rep++) {
          rej_fill(buf, lens[li], kind);
          run_rej(&s, "edge lengths and counts", buf, lens[li], ctrs[ci]);
        }
  memset(buf, 0xFF, sizeof buf);
  run_rej(&s, "all 0xFF (every candidate 4095)", buf, 504, 0);
  memset(buf, 0x00, sizeof buf);
  run_rej(&s, "all 0x00 (every candidate 0)", buf, 504, 0);
  for (t = 0; t < trials; t++) {
    unsigned len = 3 * below(REJ_MAXBUF / 3 + 1);
    unsigned ctr = t % 4 == 0 ? 0 : below(N + 1);
    kind = below(4);
    rej_fill(buf, len, kind);
    run_rej(&s, "random count, length and kind", buf, len, ctr);
  }
  for (t = 0; t < 10000; t++) {
    unsigned len = 1 + below(REJ_MAXBUF);
    if (len % 3 == 0) len--;
    rej_fill(buf, len, (unsigned)(t % 4));
    run_rej(&s, "length not a multiple of 3", buf, len,
            t % 2 ? 0 : below(N + 1));
  }
  for (t = 0; t < 10000; t++) run_rej_frontend(&s, (unsigned)(t % 4));
  stat_report(&s);
}

/* Runs every comparison on one backend (test_each_simd_backend). */
static void test_backend(const mlkem_backend *b) {
  static const unsigned ds[] = {4, 5, 10, 11};
  unsigned i;
  be = b;
  test_encoder(12);
  test_encode12_parts();
  for (i = 0; i < 4; i++) test_encoder(ds[i]);
  test_encoder(1);
  test_decoder(12);
  for (i = 0; i < 4; i++) test_decoder(ds[i]);
  test_decoder(1);
  test_cbd(2);
  test_cbd(3);
  test_rej();
}

int main(void) {
  trials = test_trials(RANDOM_CASES);
  input_init();
  test_each_simd_backend(test_backend);
  return test_summary("test_diff_serialize");
}
