/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_cbd.c - the sampling operations of the backends:
 *
 *  - cbd (SamplePolyCBD_eta, FIPS 203 Algorithm 8) for eta = 2, 3: output
 *    range, crafted inputs with known outputs (all zero, all ones, the
 *    first or the second eta bits of every group set, every 2 eta-bit group
 *    pattern at several positions), random buffers against a bit-by-bit
 *    Algorithm 8 written here, and the distribution over many random
 *    buffers against the binomial probabilities C(2 eta, eta + x) / 4^eta
 *    (chi-square and per-value tolerances), with a check that neighbouring
 *    coefficients are uncorrelated.
 *  - rej_uniform (the loop of SampleNTT, Algorithm 7): against a direct
 *    transcription of the loop, on random buffers, buffers with no value
 *    below q, the boundary values 3328 and 3329, exact stop at 256 (with a
 *    guard after the polynomial), the buflen limit, resumption from *ctr,
 *    chunked calls, and every 12-bit value. Entries at or past the final
 *    *ctr are not compared (scratch until the polynomial is full).
 */
#include <stdio.h>
#include <string.h>

#include "backend/backend.h"
#include "backend/portable/portable.h"
#include "test_util.h"

#define Q MLKEM_Q
#define N MLKEM_N

/* ---- CBD ---------------------------------------------------------------- */

static unsigned bit(const uint8_t *b, unsigned i) {
  return (b[i / 8] >> (i % 8)) & 1;
}

static void set_bit(uint8_t *b, unsigned i) {
  b[i / 8] |= (uint8_t)(1u << (i % 8));
}

/* Algorithm 8, bit by bit. */
static void ref_cbd(int f[N], const uint8_t *buf, unsigned eta) {
  unsigned i, j;
  for (i = 0; i < N; i++) {
    int x = 0, y = 0;
    for (j = 0; j < eta; j++) {
      x += (int)bit(buf, 2 * i * eta + j);
      y += (int)bit(buf, 2 * i * eta + eta + j);
    }
    f[i] = x - y;
  }
}

/* Writes the 2 eta-bit group pattern g (bit j of g = bit j of the group)
 * for coefficient i. */
static void put_group(uint8_t *buf, unsigned i, unsigned g, unsigned eta) {
  unsigned j;
  for (j = 0; j < 2 * eta; j++)
    if (g & (1u << j)) set_bit(buf, 2 * i * eta + j);
}

static int popcount(unsigned x) {
  int c = 0;
  for (; x; x >>= 1) c += (int)(x & 1);
  return c;
}

/* Runs cbd and compares with want[]; also checks |x| <= eta. */
static void check_cbd(const mlkem_backend *be, const uint8_t *buf, unsigned eta,
                      const int want[N], const char *what) {
  mlkem_poly r;
  unsigned i;
  be->cbd(&r, buf, eta);
  for (i = 0; i < N && r.coeffs[i] == want[i]; i++) {
  }
  CHECKF(i == N, "%s cbd eta=%u (%s): coefficient %u is %d, want %d", be->name,
         eta, what, i, r.coeffs[i % N], want[i % N]);
  for (i = 0; i < N; i++)
    if (r.coeffs[i] < -(int)eta || r.coeffs[i] > (int)eta) break;
  CHECKF(i == N,
         "%s cbd eta=%u (%s): coefficient %u = %d outside [-eta, "
         "eta]",
         be->name, eta, what, i, r.coeffs[i % N]);
}

static void test_cbd_crafted(const mlkem_backend *be, unsigned eta) {
  uint8_t buf[192];
  int want[N];
  unsigned i, shift, t;
  const unsigned len = 64 * eta, ngroups = 1u << (2 * eta);
  test_rng rng;
  unsigned long n = 0;

  memset(buf, 0, sizeof buf);
  for (i = 0; i < N; i++) want[i] = 0;
  check_cbd(be, buf, eta, want, "all zero bytes");
  memset(buf, 0xFF, len);
  check_cbd(be, buf, eta, want, "all 0xFF bytes");
  n += 2;

  /* The first eta bits of each group: +eta; the second eta bits: -eta. */
  memset(buf, 0, sizeof buf);
  for (i = 0; i < N; i++) {
    put_group(buf, i, (1u << eta) - 1, eta);
    want[i] = (int)eta;
  }
  check_cbd(be, buf, eta, want, "first half of every group set");
  memset(buf, 0, sizeof buf);
  for (i = 0; i < N; i++) {
    put_group(buf, i, ((1u << eta) - 1) << eta, eta);
    want[i] = -(int)eta;
  }
  check_cbd(be, buf, eta, want, "second half of every group set");
  /* Alternating +eta / -eta, and a single coefficient set. */
  memset(buf, 0, sizeof buf);
  for (i = 0; i < N; i++) {
    put_group(buf, i, i & 1 ? ((1u << eta) - 1) << eta : (1u << eta) - 1, eta);
    want[i] = i & 1 ? -(int)eta : (int)eta;
  }
  check_cbd(be, buf, eta, want, "alternating +eta, -eta");
  n += 3;
  for (i = 0; i < N; i++) {
    unsigned j;
    memset(buf, 0, sizeof buf);
    put_group(buf, i, 1, eta);
    for (j = 0; j < N; j++) want[j] = j == i ? 1 : 0;
    check_cbd(be, buf, eta, want, "one bit, x side");
    memset(buf, 0, sizeof buf);
    put_group(buf, i, 1u << (2 * eta - 1), eta);
    for (j = 0; j < N; j++) want[j] = j == i ? -1 : 0;
    check_cbd(be, buf, eta, want, "one bit, y side");
    n += 2;
  }

  /* Every group pattern at many positions. */
  for (shift = 0; shift < ngroups; shift += 7) {
    memset(buf, 0, sizeof buf);
    for (i = 0; i < N; i++) {
      unsigned g = (i * 5 + shift) % ngroups;
      put_group(buf, i, g, eta);
      want[i] = popcount(g & ((1u << eta) - 1)) - popcount(g >> eta);
    }
    check_cbd(be, buf, eta, want, "every group pattern");
    n++;
  }

  /* Random buffers against Algorithm 8. */
  test_rng_init(&rng, eta == 2 ? "test_cbd ref 2" : "test_cbd ref 3");
  for (t = 0; t < 1000; t++) {
    test_rng_bytes(&rng, buf, len);
    ref_cbd(want, buf, eta);
    check_cbd(be, buf, eta, want, "random vs Algorithm 8");
    n++;
  }
  printf("  %s: cbd eta=%u: %lu crafted and random buffers\n", be->name, eta,
         n);
}

static double absd(double x) {
  return x < 0 ? -x : x;
}

static double binom(unsigned n, unsigned k) {
  double r = 1;
  unsigned i;
  for (i = 1; i <= k; i++) r = r * (n - k + i) / i;
  return r;
}

static void test_cbd_distribution(const mlkem_backend *be, unsigned eta) {
  const unsigned npoly = 4000, len = 64 * eta;
  unsigned long count[7] = {0, 0, 0, 0, 0, 0, 0}, total = 0;
  double sum = 0, sumsq = 0, sumadj = 0, chi2 = 0, want_var = eta / 2.0;
  uint8_t buf[192];
  mlkem_poly r;
  unsigned t, i, v, worst = 0;
  double worst_z = 0;
  test_rng rng;
  /* chi-square thresholds at p of about 1e-6 for 4 and 6 degrees of
   * freedom: a wrong bit mapping gives values in the thousands. */
  const double chi2_max = eta == 2 ? 33.0 : 38.0;
  test_rng_init(&rng, eta == 2 ? "test_cbd dist 2" : "test_cbd dist 3");
  for (t = 0; t < npoly; t++) {
    test_rng_bytes(&rng, buf, len);
    be->cbd(&r, buf, eta);
    for (i = 0; i < N; i++) {
      int x = r.coeffs[i];
      if (x < -(int)eta || x > (int)eta) continue; /* reported elsewhere */
      count[x + (int)eta]++;
      sum += x;
      sumsq += (double)x * x;
      if (i + 1 < N) sumadj += (double)x * r.coeffs[i + 1];
      total++;
    }
  }
  CHECK(total == (unsigned long)npoly * N);
  for (v = 0; v <= 2 * eta; v++) {
    double p = binom(2 * eta, v) / (double)(1u << (2 * eta));
    double e = p * (double)total;
    /* squared distance in standard deviations */
    double z = ((double)count[v] - e) * ((double)count[v] - e) / (e * (1 - p));
    chi2 += ((double)count[v] - e) * ((double)count[v] - e) / e;
    if (z > worst_z) {
      worst_z = z;
      worst = v;
    }
  }
  CHECKF(chi2 < chi2_max,
         "%s cbd eta=%u: chi-square %.1f against the "
         "binomial distribution (limit %.1f)",
         be->name, eta, chi2, chi2_max);
  CHECKF(worst_z < 5.5 * 5.5,
         "%s cbd eta=%u: value %d occurs %lu times, "
         "(%.1f standard deviations)^2 from expected",
         be->name, eta, (int)worst - (int)eta, count[worst], worst_z);
  /* Mean 0, variance eta/2, no correlation between neighbours. */
  CHECKF(absd(sum / total) < 0.01, "%s cbd eta=%u: mean %.4f", be->name, eta,
         sum / total);
  CHECKF(absd(sumsq / total - want_var) < 0.02,
         "%s cbd eta=%u: variance %.4f, want %.1f", be->name, eta,
         sumsq / total, want_var);
  CHECKF(absd(sumadj / total) < 0.02,
         "%s cbd eta=%u: neighbour correlation %.4f", be->name, eta,
         sumadj / total);
  printf(
      "  %s: cbd eta=%u distribution over %lu samples: chi2 %.2f (limit "
      "%.0f), mean %.4f, variance %.4f\n",
      be->name, eta, total, chi2, chi2_max, sum / total, sumsq / total);
}

/* ---- rej_uniform -------------------------------------------------------- */

/* The loop of Algorithm 7, steps 4-15 (without the XOF). */
static void ref_rej(int16_t out[N], unsigned *ctr, const uint8_t *b,
                    unsigned buflen) {
  unsigned j = *ctr, i = 0;
  while (j < N && i + 3 <= buflen) {
    unsigned d1 = b[i] + 256u * (b[i + 1] % 16);
    unsigned d2 = b[i + 1] / 16u + 16u * b[i + 2];
    if (d1 < Q) out[j++] = (int16_t)d1;
    if (d2 < Q && j < N) out[j++] = (int16_t)d2;
    i += 3;
  }
  *ctr = j;
}

static void pack_pair(uint8_t *b, unsigned d1, unsigned d2) {
  b[0] = (uint8_t)d1;
  b[1] = (uint8_t)((d1 >> 8) | ((d2 & 0xF) << 4));
  b[2] = (uint8_t)(d2 >> 4);
}

typedef struct {
  mlkem_poly p;
  int16_t guard[64];
} guarded_poly;

static void init_guarded(guarded_poly *g) {
  unsigned i;
  for (i = 0; i < N; i++) g->p.coeffs[i] = -1;
  for (i = 0; i < 64; i++) g->guard[i] = -7;
}

static int guard_intact(const guarded_poly *g) {
  unsigned i;
  for (i = 0; i < 64; i++)
    if (g->guard[i] != -7) return 0;
  return 1;
}

/* rej_uniform on the len bytes at buf, laid out as the sponge scheduler
 * hands a block to a sink (sha3.h): byte j in byte j % 8 of the
 * little-endian word lane[stride * (j / 8)]. The stride cycles through 1,
 * 4, 8 (the backends' own) and 3 from call to call. Every other word, and
 * the bytes after len in the last word, hold zeros, which are candidates
 * below q: a read of anything but the len bytes would add coefficients. */
static void rej_lanes(const mlkem_backend *be, mlkem_poly *r, unsigned *ctr,
                      const uint8_t *buf, unsigned len) {
  static const size_t strides[4] = {1, 4, 8, 3};
  static unsigned calls;
  static uint64_t lane[8 * (3 * 2048 + 32) / 8 + 8];
  const size_t stride = strides[calls++ % 4];
  test_lanes_from_bytes(lane, sizeof lane / 8, stride, buf, len, 0x00);
  be->rej_uniform(r, ctr, lane, stride, len);
}

/* Runs rej_uniform and the reference from the same state; compares. */
static void check_rej(const mlkem_backend *be, const uint8_t *buf,
                      unsigned buflen, unsigned ctr0, const char *what) {
  guarded_poly got;
  int16_t want[N];
  unsigned cg = ctr0, cw = ctr0, i;
  init_guarded(&got);
  for (i = 0; i < N; i++) want[i] = -1;
  rej_lanes(be, &got.p, &cg, buf, buflen);
  ref_rej(want, &cw, buf, buflen);
  CHECKF(cg == cw, "%s rej_uniform (%s, buflen %u, ctr %u): ctr %u, want %u",
         be->name, what, buflen, ctr0, cg, cw);
  /* Entries from the final *ctr on are scratch (an implementation may
   * store a candidate there before deciding to keep it); below it, the
   * first ctr0 are untouched and the rest are the accepted values. */
  for (i = 0; i < cw && got.p.coeffs[i] == want[i]; i++) {
  }
  CHECKF(i == cw,
         "%s rej_uniform (%s, buflen %u, ctr %u): coefficient %u "
         "is %d, want %d",
         be->name, what, buflen, ctr0, i, got.p.coeffs[i % N], want[i % N]);
  CHECKF(guard_intact(&got),
         "%s rej_uniform (%s): wrote past coefficient "
         "255",
         be->name, what);
}

static void test_rej(const mlkem_backend *be) {
  uint8_t buf[3 * 2048 + 32];
  test_rng rng;
  unsigned t, i, ctr, n;
  unsigned long cases = 0;
  guarded_poly g;

  test_rng_init(&rng, "test_cbd rej");
  /* Random buffers of the sizes the frontend uses, and odd sizes. */
  for (t = 0; t < 500; t++) {
    unsigned len = t % 3 == 0   ? MLKEM_REJ_UNIFORM_BUFBYTES
                   : t % 3 == 1 ? 168
                                : 3 * (1 + t % 200);
    test_rng_bytes(&rng, buf, len);
    check_rej(be, buf, len, 0, "random");
    check_rej(be, buf, len, t % 257, "random, resumed");
    cases += 2;
  }
  /* Nothing below q: 0xFF (4095), and every value from q to 4095. */
  memset(buf, 0xFF, 600);
  check_rej(be, buf, 600, 0, "all 0xFF");
  for (i = 0; i < 200; i++) pack_pair(buf + 3 * i, Q, Q);
  check_rej(be, buf, 600, 0, "all 3329");
  /* q .. 4094 in 383 triples, then 4095 twice. */
  for (i = 0; i < 383; i++) pack_pair(buf + 3 * i, Q + 2 * i, Q + 2 * i + 1);
  pack_pair(buf + 3 * 383, 4095, 4095);
  check_rej(be, buf, 3 * 384, 0, "every value >= q");
  cases += 3;
  init_guarded(&g);
  ctr = 0;
  rej_lanes(be, &g.p, &ctr, buf, 3 * 384);
  CHECKF(ctr == 0, "%s rej_uniform accepted a value >= q", be->name);
  /* All 3328: accepted, exact stop at 256 with a longer buffer. */
  for (i = 0; i < 200; i++) pack_pair(buf + 3 * i, Q - 1, Q - 1);
  check_rej(be, buf, 600, 0, "all 3328");
  init_guarded(&g);
  ctr = 0;
  rej_lanes(be, &g.p, &ctr, buf, 600);
  for (i = 0; i < N && g.p.coeffs[i] == Q - 1; i++) {
  }
  CHECKF(ctr == N && i == N && guard_intact(&g),
         "%s rej_uniform all 3328: ctr %u, %u coefficients 3328", be->name, ctr,
         i);
  /* Mixed boundaries in both halves of a triple. */
  for (i = 0; i < 400; i++)
    pack_pair(buf + 3 * i, i & 1 ? Q : Q - 1, i & 2 ? Q - 1 : Q);
  check_rej(be, buf, 1200, 0, "3328/3329 mixed");
  for (i = 0; i < 400; i++) pack_pair(buf + 3 * i, 0, 4095);
  check_rej(be, buf, 1200, 0, "0 and 4095");
  cases += 4;
  /* One slot left: the second of two accepted values is dropped. */
  pack_pair(buf, 5, 6);
  pack_pair(buf + 3, 7, 8);
  init_guarded(&g);
  ctr = N - 1;
  rej_lanes(be, &g.p, &ctr, buf, 6);
  CHECKF(ctr == N && g.p.coeffs[N - 1] == 5 && guard_intact(&g),
         "%s rej_uniform from ctr 255 with (5, 6): ctr %u, last %d", be->name,
         ctr, g.p.coeffs[N - 1]);
  CHECK(g.p.coeffs[N - 2] == -1); /* nothing before *ctr touched */
  pack_pair(buf, Q, 7);
  init_guarded(&g);
  ctr = N - 1;
  rej_lanes(be, &g.p, &ctr, buf, 3);
  CHECKF(ctr == N && g.p.coeffs[N - 1] == 7,
         "%s rej_uniform from ctr 255 with (q, 7): ctr %u, last %d", be->name,
         ctr, g.p.coeffs[N - 1]);
  /* Already full: nothing changes. */
  init_guarded(&g);
  ctr = N;
  rej_lanes(be, &g.p, &ctr, buf, 6);
  CHECK(ctr == N && g.p.coeffs[N - 1] == -1 && guard_intact(&g));
  /* buflen is respected: acceptable values after it are not read. */
  for (i = 0; i < 300; i++) pack_pair(buf + 3 * i, i, i + 1000);
  init_guarded(&g);
  ctr = 0;
  rej_lanes(be, &g.p, &ctr, buf, 30);
  CHECKF(ctr == 20 && g.p.coeffs[19] == 1009,
         "%s rej_uniform buflen 30: ctr %u", be->name, ctr);
  cases += 4;
  /* Chunked calls (3 bytes, one SHAKE128 block) equal one call. */
  for (t = 0; t < 50; t++) {
    guarded_poly one, chunked;
    unsigned c1 = 0, c2 = 0, pos, step = t & 1 ? 3 : 168;
    test_rng_bytes(&rng, buf, 840);
    init_guarded(&one);
    init_guarded(&chunked);
    rej_lanes(be, &one.p, &c1, buf, 840);
    for (pos = 0; pos < 840; pos += step)
      rej_lanes(be, &chunked.p, &c2, buf + pos, step);
    CHECKF(c1 == c2 && c1 == N &&
               memcmp(one.p.coeffs, chunked.p.coeffs, sizeof one.p) == 0 &&
               guard_intact(&one) && guard_intact(&chunked),
           "%s rej_uniform: chunks of %u bytes differ from one call", be->name,
           step);
    cases++;
  }
  /* Every 12-bit value, in both positions of a triple, in order: the
   * accepted ones are exactly 0 .. q-1. */
  for (t = 0; t < 2; t++) {
    unsigned next = 0, v;
    unsigned long wrong = 0;
    for (i = 0; i < 2048; i++)
      pack_pair(buf + 3 * i, t ? 2 * i + 1 : 2 * i, t ? 2 * i : 2 * i + 1);
    for (i = 0; i < 2048; i += 64) {
      unsigned j;
      init_guarded(&g);
      ctr = 0;
      rej_lanes(be, &g.p, &ctr, buf + 3 * i, 3 * 64);
      n = 0;
      for (j = 0; j < 128; j++) {
        unsigned pair = i + j / 2;
        v = (j % 2 == 0) ? (t ? 2 * pair + 1 : 2 * pair)
                         : (t ? 2 * pair : 2 * pair + 1);
        if (v < Q) {
          if (n >= ctr || g.p.coeffs[n] != (int16_t)v) wrong++;
          n++;
          next++;
        }
      }
      if (n != ctr) wrong++;
    }
    CHECKF(wrong == 0 && next == Q,
           "%s rej_uniform over every 12-bit value (order %u): %lu wrong, "
           "%u accepted",
           be->name, t, wrong, next);
    cases++;
  }
  printf("  %s: rej_uniform: %lu cases\n", be->name, cases);
}

int main(void) {
  const mlkem_backend *active = mlkem_backend_get();
  printf("test_cbd: CBD and rejection sampling\n");
  CHECK(mlkem_backend_portable.cbd == mlkem_portable_cbd);
  CHECK(mlkem_backend_portable.rej_uniform == mlkem_portable_rej_uniform);
  test_cbd_crafted(&mlkem_backend_portable, 2);
  test_cbd_crafted(&mlkem_backend_portable, 3);
  test_cbd_distribution(&mlkem_backend_portable, 2);
  test_cbd_distribution(&mlkem_backend_portable, 3);
  test_rej(&mlkem_backend_portable);
  if (active != &mlkem_backend_portable) {
    test_cbd_crafted(active, 2);
    test_cbd_crafted(active, 3);
    test_cbd_distribution(active, 2);
    test_cbd_distribution(active, 3);
    test_rej(active);
  }
  return test_summary("test_cbd");
}
