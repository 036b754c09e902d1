/*
 * test_diff_avx2_serialize.c - the AVX2 serialization and sampling
 * operations against their portable counterparts, bit for bit:
 *
 *  - encode12, compress_encode (d = 4, 5, 10, 11), compress_encode_msg:
 *    every int16 value at every coefficient position (65,536 polynomials;
 *    this goes beyond the contracts, |x| < q and |x| < 2q, which the AVX2
 *    code meets for all inputs), constant polynomials at the contract
 *    edges, and 100,000 random polynomials within the contract;
 *  - decode12, decode_decompress (d = 4, 5, 10, 11), decode_decompress_msg:
 *    every d-bit value at every position, all-0x00, all-0xFF, every
 *    constant byte, and 100,000 random byte strings;
 *  - cbd (eta = 2, 3): every 2 eta-bit pattern at every position, all-0x00,
 *    all-0xFF, and 100,000 random buffers;
 *  - rej_uniform: 100,000 random calls (starting count 0..256, buflen a
 *    multiple of 3 from 0 to 720 bytes, often not of 24; uniform bytes, all
 *    candidates >= q, all below q, and mixtures), plus the frontend's own
 *    pattern (504 bytes from 0, then 168 at a time) and the edges; the
 *    entries [ctr_in, ctr_out) and ctr_out must match, the entries before
 *    ctr_in must be untouched, and nothing past coeffs[255] may be written.
 *
 * Every output buffer is followed by guard bytes that must stay untouched.
 * The random inputs come from a xoshiro256** generator seeded from
 * test_rng (SHAKE128 would be the bottleneck at this volume).
 *
 * Without the AVX2 backend (MLKEM_HAVE_AVX2 undefined, not x86-64) or
 * without AVX2 on the CPU and OS (mlkem_cpu_has_avx2, as the dispatch
 * decides), the test says so, compares nothing and passes one check.
 */
#include <stdio.h>
#include <string.h>

#include "backend/avx2/avx2.h"
#include "backend/portable/portable.h"
#include "test_util.h"

#if defined(MLKEM_HAVE_AVX2) && (defined(__x86_64__) || defined(_M_X64))
#include "cpu.h"
#define CAN_COMPARE 1
#endif

#ifdef CAN_COMPARE

#define Q MLKEM_Q
#define N MLKEM_N
#define RANDOM_CASES 100000ul
#define GUARD 32
#define GUARD_BYTE 0xA5

/* ---- random numbers ------------------------------------------------------ */

static uint64_t xs[4];

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static uint64_t rnd64(void) {
  uint64_t r = rotl(xs[1] * 5, 7) * 9, t = xs[1] << 17;
  xs[2] ^= xs[0];
  xs[3] ^= xs[1];
  xs[1] ^= xs[2];
  xs[0] ^= xs[3];
  xs[2] ^= t;
  xs[3] = rotl(xs[3], 45);
  return r;
}

/* Uniform in [0, n) (the bias of the multiply-shift is irrelevant here). */
static uint32_t rnd_below(uint32_t n) {
  return (uint32_t)(((rnd64() >> 32) * n) >> 32);
}

static void rnd_bytes(uint8_t *p, size_t len) {
  size_t i;
  uint64_t w = 0;
  for (i = 0; i < len; i++) {
    if (i % 8 == 0) w = rnd64();
    p[i] = (uint8_t)(w >> (8 * (i % 8)));
  }
}

static void seed(const char *label) {
  test_rng rng;
  unsigned i;
  test_rng_init(&rng, label);
  for (i = 0; i < 4; i++)
    xs[i] = (uint64_t)test_rng_u32(&rng) << 32 | test_rng_u32(&rng);
}

/* ---- bookkeeping --------------------------------------------------------- */

/* One operation (with its d or eta): how many inputs were compared, how
 * many differed, and the first difference. */
typedef struct {
  char name[48];
  unsigned long cases, bad;
  char first[256];
} op_stat;

static void stat_init(op_stat *s, const char *name, unsigned param) {
  if (param)
    snprintf(s->name, sizeof s->name, "%s %s=%u", name,
             strncmp(name, "cbd", 3) == 0 ? "eta" : "d", param);
  else
    snprintf(s->name, sizeof s->name, "%s", name);
  s->cases = s->bad = 0;
  s->first[0] = '\0';
}

static void stat_fail(op_stat *s, const char *what, const char *fmt, long i,
                      long got, long want) {
  if (s->bad++ == 0) {
    char detail[128];
    snprintf(detail, sizeof detail, fmt, i, got, want);
    snprintf(s->first, sizeof s->first, "input %lu (%s): %s", s->cases, what,
             detail);
  }
}

/* Compares two byte strings of len bytes, and that the GUARD bytes after
 * got are untouched. */
static void cmp_bytes(op_stat *s, const char *what, const uint8_t *got,
                      const uint8_t *want, size_t len) {
  size_t i;
  for (i = 0; i < len && got[i] == want[i]; i++) {
  }
  if (i < len) {
    stat_fail(s, what, "first differing byte %ld: avx2 0x%02lx, portable "
              "0x%02lx", (long)i, (long)got[i], (long)want[i]);
  } else {
    for (i = len; i < len + GUARD && got[i] == GUARD_BYTE; i++) {
    }
    if (i < len + GUARD)
      stat_fail(s, what, "wrote past the output: byte %ld (0x%02lx, not "
                "0x%02lx)", (long)i, (long)got[i], (long)GUARD_BYTE);
  }
  s->cases++;
}

/* Compares coefficients [from, to) of two polynomials. */
static void cmp_coeffs(op_stat *s, const char *what, const mlkem_poly *got,
                       const mlkem_poly *want, unsigned from, unsigned to) {
  unsigned i;
  for (i = from; i < to && got->coeffs[i] == want->coeffs[i]; i++) {
  }
  if (i < to)
    stat_fail(s, what, "first differing coefficient %ld: avx2 %ld, portable "
              "%ld", (long)i, (long)got->coeffs[i], (long)want->coeffs[i]);
  s->cases++;
}

static void stat_report(const op_stat *s) {
  printf("  %-28s %8lu inputs compared\n", s->name, s->cases);
  CHECKF(s->bad == 0, "%s: %lu of %lu inputs differ; first: %s", s->name,
         s->bad, s->cases, s->first);
}

/* ---- encoders ------------------------------------------------------------ */

/* d = 12 is encode12, d = 1 the message, otherwise compress_encode. */
static void run_encoder(op_stat *s, const char *what, const mlkem_poly *a,
                        unsigned d) {
  uint8_t got[32 * 12 + GUARD], want[32 * 12];
  memset(got, GUARD_BYTE, sizeof got);
  if (d == 12) {
    mlkem_avx2_encode12(got, a);
    mlkem_portable_encode12(want, a);
  } else if (d == 1) {
    mlkem_avx2_compress_encode_msg(got, a);
    mlkem_portable_compress_encode_msg(want, a);
  } else {
    mlkem_avx2_compress_encode(got, a, d);
    mlkem_portable_compress_encode(want, a, d);
  }
  cmp_bytes(s, what, got, want, 32 * d);
}

static void test_encoder(unsigned d) {
  /* The contract's bound: |x| < q for encode12, |x| < 2q otherwise. */
  const int32_t bound = d == 12 ? Q : 2 * Q;
  const int32_t edges[] = {0, 1, -1, bound - 1, -(bound - 1), Q, -Q, Q - 1,
                           -(Q - 1), Q + 1, -(Q + 1), (Q - 1) / 2,
                           (Q + 1) / 2, -(Q - 1) / 2, -(Q + 1) / 2, 832, 833,
                           2496, 2497, -832, -833, -2496, -2497};
  op_stat s;
  mlkem_poly a;
  unsigned shift, base, i, t;
  char label[64];
  stat_init(&s, d == 12 ? "encode12" : d == 1 ? "compress_encode_msg"
                                               : "compress_encode",
            d == 12 || d == 1 ? 0 : d);
  snprintf(label, sizeof label, "encoder d=%u", d);
  seed(label);
  /* Every int16 value at every position: value 256 base + low byte at
   * position p, with low byte = p + shift mod 256. */
  for (shift = 0; shift < 256; shift++) {
    for (base = 0; base < 256; base++) {
      for (i = 0; i < N; i++)
        a.coeffs[i] = (int16_t)(uint16_t)(base << 8 | ((i + shift) & 0xFF));
      run_encoder(&s, "every int16 at every position", &a, d);
    }
  }
  /* Constant polynomials and alternating pairs at the edges. */
  for (t = 0; t < sizeof edges / sizeof edges[0]; t++) {
    for (i = 0; i < N; i++) a.coeffs[i] = (int16_t)edges[t];
    run_encoder(&s, "constant edge value", &a, d);
    for (i = 0; i < N; i++)
      a.coeffs[i] = (int16_t)(i & 1 ? edges[t] : -edges[t]);
    run_encoder(&s, "alternating edge values", &a, d);
  }
  /* Random within the contract: uniform in (-bound, bound), and uniform
   * over the edge values. */
  for (t = 0; t < RANDOM_CASES; t++) {
    for (i = 0; i < N; i++) {
      if (t % 8 == 7)
        a.coeffs[i] = (int16_t)edges[rnd_below(sizeof edges / sizeof edges[0])];
      else
        a.coeffs[i] = (int16_t)((int32_t)rnd_below(2 * (uint32_t)bound - 1) -
                                (bound - 1));
    }
    run_encoder(&s, "random within the bound", &a, d);
  }
  stat_report(&s);
}

/* ---- decoders ------------------------------------------------------------ */

/* ByteEncode_d of 256 values below 2^d (bit by bit, the simplest way). */
static void pack_bits(uint8_t *out, const uint16_t v[N], unsigned d) {
  unsigned i, b;
  memset(out, 0, 32 * d);
  for (i = 0; i < N; i++)
    for (b = 0; b < d; b++)
      out[(i * d + b) / 8] |= (uint8_t)(((v[i] >> b) & 1) << ((i * d + b) % 8));
}

/* d = 12 is decode12, d = 1 the message, otherwise decode_decompress. The
 * input is read from the end of a buffer that ends exactly there (so an
 * over-read would at least be visible to AddressSanitizer). */
static uint8_t dec_in[32 * 12];

static void run_decoder(op_stat *s, const char *what, const uint8_t *in,
                        unsigned d) {
  struct {
    mlkem_poly p;
    uint8_t guard[GUARD];
  } got;
  mlkem_poly want;
  uint8_t *src = dec_in + sizeof dec_in - 32 * d;
  memmove(src, in, 32 * d);
  memset(&got, GUARD_BYTE, sizeof got);
  if (d == 12) {
    mlkem_avx2_decode12(&got.p, src);
    mlkem_portable_decode12(&want, src);
  } else if (d == 1) {
    mlkem_avx2_decode_decompress_msg(&got.p, src);
    mlkem_portable_decode_decompress_msg(&want, src);
  } else {
    mlkem_avx2_decode_decompress(&got.p, src, d);
    mlkem_portable_decode_decompress(&want, src, d);
  }
  cmp_coeffs(s, what, &got.p, &want, 0, N);
  if (!test_all_bytes(got.guard, GUARD, GUARD_BYTE) && s->bad++ == 0)
    snprintf(s->first, sizeof s->first, "input %lu (%s): wrote past the "
             "polynomial", s->cases - 1, what);
}

static void test_decoder(unsigned d) {
  op_stat s;
  uint8_t in[32 * 12];
  uint16_t v[N];
  unsigned shift, i, t;
  char label[64];
  stat_init(&s, d == 12 ? "decode12" : d == 1 ? "decode_decompress_msg"
                                               : "decode_decompress",
            d == 12 || d == 1 ? 0 : d);
  snprintf(label, sizeof label, "decoder d=%u", d);
  seed(label);
  /* Every d-bit value at every position. */
  for (shift = 0; shift < (1u << d); shift++) {
    for (i = 0; i < N; i++) v[i] = (uint16_t)((i + shift) & ((1u << d) - 1));
    pack_bits(in, v, d);
    run_decoder(&s, "every value at every position", in, d);
  }
  memset(in, 0x00, sizeof in);
  run_decoder(&s, "all 0x00", in, d);
  memset(in, 0xFF, sizeof in);
  run_decoder(&s, "all 0xFF", in, d);
  for (t = 0; t < 256; t++) {
    memset(in, (int)t, sizeof in);
    run_decoder(&s, "constant byte", in, d);
  }
  for (t = 0; t < RANDOM_CASES; t++) {
    rnd_bytes(in, 32 * d);
    run_decoder(&s, "random bytes", in, d);
  }
  stat_report(&s);
}

/* ---- CBD ----------------------------------------------------------------- */

static uint8_t cbd_in[64 * 3];

static void run_cbd(op_stat *s, const char *what, const uint8_t *in,
                    unsigned eta) {
  struct {
    mlkem_poly p;
    uint8_t guard[GUARD];
  } got;
  mlkem_poly want;
  uint8_t *src = cbd_in + sizeof cbd_in - 64 * eta;
  memmove(src, in, 64 * eta);
  memset(&got, GUARD_BYTE, sizeof got);
  mlkem_avx2_cbd(&got.p, src, eta);
  mlkem_portable_cbd(&want, src, eta);
  cmp_coeffs(s, what, &got.p, &want, 0, N);
  if (!test_all_bytes(got.guard, GUARD, GUARD_BYTE) && s->bad++ == 0)
    snprintf(s->first, sizeof s->first, "input %lu (%s): wrote past the "
             "polynomial", s->cases - 1, what);
}

static void test_cbd(unsigned eta) {
  op_stat s;
  uint8_t in[64 * 3];
  uint16_t v[N];
  unsigned shift, i, t, w = 2 * eta;
  char label[64];
  stat_init(&s, "cbd", eta);
  snprintf(label, sizeof label, "cbd eta=%u", eta);
  seed(label);
  /* Every 2 eta-bit pattern at every coefficient position. */
  for (shift = 0; shift < (1u << w); shift++) {
    for (i = 0; i < N; i++) v[i] = (uint16_t)((i + shift) & ((1u << w) - 1));
    pack_bits(in, v, w);
    run_cbd(&s, "every pattern at every position", in, eta);
  }
  memset(in, 0x00, sizeof in);
  run_cbd(&s, "all 0x00", in, eta);
  memset(in, 0xFF, sizeof in);
  run_cbd(&s, "all 0xFF", in, eta);
  for (t = 0; t < 256; t++) {
    memset(in, (int)t, sizeof in);
    run_cbd(&s, "constant byte", in, eta);
  }
  for (t = 0; t < RANDOM_CASES; t++) {
    rnd_bytes(in, 64 * eta);
    run_cbd(&s, "random bytes", in, eta);
  }
  stat_report(&s);
}

/* ---- rej_uniform ------------------------------------------------------- */

#define REJ_MAXBUF 720

/* Fills buf with buflen bytes, i.e. buflen / 3 pairs of 12-bit candidates:
 * kind 0 uniform bytes; 1 every candidate >= q; 2 every candidate < q;
 * 3 candidates >= q with probability p / 16 (p random per buffer). */
static void rej_fill(uint8_t *buf, unsigned buflen, unsigned kind) {
  unsigned i, j, p = rnd_below(17);
  uint16_t c[2];
  if (kind == 0) {
    rnd_bytes(buf, buflen);
    return;
  }
  for (i = 0; i + 3 <= buflen; i += 3) {
    for (j = 0; j < 2; j++) {
      int reject = kind == 1 || (kind == 3 && rnd_below(16) < p);
      c[j] = (uint16_t)(reject ? Q + rnd_below(4096 - Q) : rnd_below(Q));
    }
    buf[i] = (uint8_t)c[0];
    buf[i + 1] = (uint8_t)((c[0] >> 8) | (c[1] << 4));
    buf[i + 2] = (uint8_t)(c[1] >> 4);
  }
}

/* The guard after the polynomial catches writes past coeffs[255]; the
 * input is read from the end of a buffer, as for the decoders. */
static uint8_t rej_in[REJ_MAXBUF];

static void run_rej(op_stat *s, const char *what, const uint8_t *buf,
                    unsigned buflen, unsigned ctr_in) {
  struct {
    mlkem_poly p;
    uint8_t guard[GUARD];
  } got;
  mlkem_poly want;
  unsigned cg = ctr_in, cw = ctr_in, i;
  const uint8_t *src = rej_in + sizeof rej_in - buflen;
  memmove(rej_in + sizeof rej_in - buflen, buf, buflen); /* = src */
  memset(&got, GUARD_BYTE, sizeof got);
  memset(&want, GUARD_BYTE, sizeof want);
  mlkem_avx2_rej_uniform(&got.p, &cg, src, buflen);
  mlkem_portable_rej_uniform(&want, &cw, src, buflen);
  if (cg != cw) {
    stat_fail(s, what, "ctr_out: avx2 %ld, portable %ld (buflen %ld)",
              (long)cg, (long)cw, (long)buflen);
    s->cases++;
    return;
  }
  cmp_coeffs(s, what, &got.p, &want, ctr_in, cw);
  for (i = 0; i < ctr_in && got.p.coeffs[i] == (int16_t)0xA5A5; i++) {
  }
  if (i < ctr_in && s->bad++ == 0)
    snprintf(s->first, sizeof s->first, "input %lu (%s): changed coefficient "
             "%u below ctr_in = %u", s->cases - 1, what, i, ctr_in);
  if (!test_all_bytes(got.guard, GUARD, GUARD_BYTE) && s->bad++ == 0)
    snprintf(s->first, sizeof s->first, "input %lu (%s): wrote past "
             "coeffs[255]", s->cases - 1, what);
}

/* The frontend's use: 504 bytes from 0, then 168 at a time until 256
 * (at most 64 rounds, for the all-rejected kind), into one polynomial. */
static void run_rej_frontend(op_stat *s, unsigned kind) {
  mlkem_poly got, want;
  uint8_t buf[REJ_MAXBUF];
  unsigned cg = 0, cw = 0, len = 504, rounds = 0;
  memset(&got, 0, sizeof got);
  memset(&want, 0, sizeof want);
  while (cw < N && rounds++ < 64) {
    rej_fill(buf, len, kind);
    mlkem_avx2_rej_uniform(&got, &cg, buf, len);
    mlkem_portable_rej_uniform(&want, &cw, buf, len);
    if (cg != cw) break;
    len = 168;
  }
  if (cg != cw) {
    stat_fail(s, "frontend pattern", "ctr after round %ld: avx2 %ld, portable "
              "%ld", (long)rounds, (long)cg, (long)cw);
    s->cases++;
  } else {
    cmp_coeffs(s, "frontend pattern", &got, &want, 0, cw);
  }
}

static void test_rej(void) {
  static const unsigned lens[] = {0, 3, 21, 24, 27, 45, 48, 51, 165, 168, 171,
                                  501, 504, 507, 720};
  static const unsigned ctrs[] = {0, 1, 7, 8, 15, 16, 17, 200, 239, 240, 241,
                                  247, 248, 249, 254, 255, 256};
  op_stat s;
  uint8_t buf[REJ_MAXBUF];
  unsigned long t;
  unsigned li, ci, kind;
  stat_init(&s, "rej_uniform", 0);
  seed("rej_uniform");
  /* Edges: every listed length and starting count, every kind. */
  for (kind = 0; kind < 4; kind++)
    for (li = 0; li < sizeof lens / sizeof lens[0]; li++)
      for (ci = 0; ci < sizeof ctrs / sizeof ctrs[0]; ci++) {
        rej_fill(buf, lens[li], kind);
        run_rej(&s, "edge lengths and counts", buf, lens[li], ctrs[ci]);
      }
  memset(buf, 0xFF, sizeof buf);
  run_rej(&s, "all 0xFF (every candidate 4095)", buf, 504, 0);
  memset(buf, 0x00, sizeof buf);
  run_rej(&s, "all 0x00 (every candidate 0)", buf, 504, 0);
  /* Random: count, length (a multiple of 3) and kind. */
  for (t = 0; t < RANDOM_CASES; t++) {
    unsigned len = 3 * rnd_below(REJ_MAXBUF / 3 + 1);
    unsigned ctr = t % 4 == 0 ? 0 : rnd_below(N + 1);
    kind = rnd_below(4);
    rej_fill(buf, len, kind);
    run_rej(&s, "random count, length and kind", buf, len, ctr);
  }
  for (t = 0; t < 10000; t++) run_rej_frontend(&s, (unsigned)(t % 4));
  stat_report(&s);
}

int main(void) {
  static const unsigned ds[] = {4, 5, 10, 11};
  unsigned i;
  if (!mlkem_cpu_has_avx2()) {
    printf("avx2 backend built, but this CPU/OS lacks AVX2: not compared\n");
    CHECK(1);
    return test_summary("test_diff_avx2_serialize");
  }
  printf("avx2 vs portable, bit for bit:\n");
  test_encoder(12);
  for (i = 0; i < 4; i++) test_encoder(ds[i]);
  test_encoder(1);
  test_decoder(12);
  for (i = 0; i < 4; i++) test_decoder(ds[i]);
  test_decoder(1);
  test_cbd(2);
  test_cbd(3);
  test_rej();
  return test_summary("test_diff_avx2_serialize");
}

#else

int main(void) {
  printf("avx2 backend not built/not available: not compared\n");
  CHECK(1);
  return test_summary("test_diff_avx2_serialize");
}

#endif
