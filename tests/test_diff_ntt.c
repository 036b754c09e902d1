/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_diff_ntt.c - the ntt, invntt, basemul_acc, add_reduce, add and
 * sub_from of every SIMD backend built in and supported by this CPU (avx2,
 * avx512, neon), against
 * the portable ones, bit for bit.
 *
 * The backends share the NTT-domain layout (the standard order) and must
 * produce exactly the same int16 coefficients, so that their operations can
 * be mixed; the portable ones are themselves checked against FIPS 203 in
 * test_ntt. Each operation is run on the same input by both backends (the
 * operation tables of backend/backend.h) and the outputs are compared with
 * memcmp:
 *
 *  - at least 100,000 random inputs per operation (per k = 1 .. 4 for
 *    basemul_acc), uniform within the input bounds of backend/backend.h;
 *  - inputs at those bounds: constant, alternating and random-sign
 *    polynomials of the largest allowed magnitude, and single coefficients
 *    at the bound in every position (which also isolates every lane of
 *    every rearrangement the SIMD transforms make);
 *  - random int16 inputs over the whole range, beyond the contract: the
 *    SIMD code performs the same wrapping 16-bit operations as the
 *    portable code, so it agrees there too. (Stricter than backend/backend.h
 *    requires; a future change that relies on the bounds may drop this
 *    part.)
 *
 * Every table of zetas and gammas the SIMD code keeps is exercised by the
 * random inputs (a wrong entry changes almost every output).
 *
 * A backend not built in, or not supported by this CPU/OS, is reported as
 * not compared.
 */
#include <stdio.h>
#include <string.h>

#include "backend/backend.h"
#include "backend/portable/portable.h"
#include "test_util.h"

#define Q MLKEM_Q
#define N MLKEM_N
#define RANDOM_RUNS 100000ul
/* RANDOM_RUNS, or a tenth of it under MLKEM_TEST_QUICK (test_trials). */
static unsigned long trials;
/* The largest magnitude of an ntt output (backend/backend.h: |x| < 8q), the
 * bound of basemul_acc's b and of add_reduce's a. */
#define B8 (8 * Q - 1)
#define FULLRANGE_RUNS 20000ul

/* The backend under test. */
static const mlkem_backend *be;

/* Random inputs (test_util.h). */
static test_fast_rng fast;

static uint64_t next64(void) {
  return test_fast_rng_next(&fast);
}

static void seed(const char *label) {
  test_fast_rng_init(&fast, label);
}

/* Fills p with values in [lo, hi] (hi - lo < 2^16), nearly uniform. */
static void fill_range(mlkem_poly *p, int lo, int hi) {
  uint32_t span = (uint32_t)(hi - lo + 1);
  unsigned i;
  for (i = 0; i < N; i += 4) {
    uint64_t r = next64();
    unsigned m;
    for (m = 0; m < 4; m++) {
      uint32_t v = (uint32_t)(r >> (16 * m)) & 0xFFFFu;
      p->coeffs[i + m] = (int16_t)(lo + (int)((v * span) >> 16));
    }
  }
}

/* Any int16 values. */
static void fill_any(mlkem_poly *p) {
  fill_range(p, -32768, 32767);
}

static void fill_const(mlkem_poly *p, int v) {
  unsigned i;
  for (i = 0; i < N; i++) p->coeffs[i] = (int16_t)v;
}

/* v, -v, v, -v, ... */
static void fill_alt(mlkem_poly *p, int v) {
  unsigned i;
  for (i = 0; i < N; i++) p->coeffs[i] = (int16_t)((i & 1) ? -v : v);
}

/* +v or -v at random. */
static void fill_signs(mlkem_poly *p, int v) {
  unsigned i;
  for (i = 0; i < N; i += 64) {
    uint64_t r = next64();
    unsigned m;
    for (m = 0; m < 64; m++)
      p->coeffs[i + m] = (int16_t)(((r >> m) & 1) ? -v : v);
  }
}

/* Index of the first differing coefficient, or -1. */
static int first_diff(const mlkem_poly *x, const mlkem_poly *y) {
  unsigned i;
  if (memcmp(x->coeffs, y->coeffs, sizeof x->coeffs) == 0) return -1;
  for (i = 0; i < N && x->coeffs[i] == y->coeffs[i]; i++) {
  }
  return (int)i;
}

/* Per-operation tally; only the first mismatch of each operation is
 * reported in detail, and each operation ends in one CHECKF. */
typedef struct {
  const char *op;
  unsigned long runs, bad;
  char first[200];
} tally;

static void record(tally *t, const char *what, unsigned long run,
                   const mlkem_poly *got, const mlkem_poly *want) {
  int d = first_diff(got, want);
  t->runs++;
  if (d < 0) return;
  if (t->bad++ == 0)
    snprintf(t->first, sizeof t->first,
             "%s (%s, run %lu): first difference at coefficient %d: "
             "%s %d, portable %d",
             t->op, what, run, d, be->name, got->coeffs[d], want->coeffs[d]);
}

static void finish(tally *t) {
  printf("  %-28s %8lu inputs compared, %lu differ\n", t->op, t->runs, t->bad);
  CHECKF(t->bad == 0, "%s", t->first);
}

/* ---- the operations, run by both backends on a copy of the input ------ */

static void cmp_ntt(tally *t, const char *what, unsigned long run,
                    const mlkem_poly *in) {
  mlkem_poly x = *in, y = *in;
  be->ntt(&x);
  mlkem_portable_ntt(&y);
  record(t, what, run, &x, &y);
}

static void cmp_invntt(tally *t, const char *what, unsigned long run,
                       const mlkem_poly *in) {
  mlkem_poly x = *in, y = *in;
  be->invntt(&x);
  mlkem_portable_invntt(&y);
  record(t, what, run, &x, &y);
}

static void cmp_basemul(tally *t, const char *what, unsigned long run,
                        const mlkem_poly *a, const mlkem_poly *b, unsigned k) {
  mlkem_poly x, y;
  memset(&x, 0x55, sizeof x);
  memset(&y, 0xAA, sizeof y);
  be->basemul_acc(&x, a, b, k, 0, N);
  mlkem_portable_basemul_acc(&y, a, b, k, 0, N);
  record(t, what, run, &x, &y);
}

static void cmp_add(tally *t, const char *what, unsigned long run,
                    const mlkem_poly *r, const mlkem_poly *a) {
  mlkem_poly x = *r, y = *r;
  be->add_reduce(&x, a, 0, N);
  mlkem_portable_add_reduce(&y, a, 0, N);
  record(t, what, run, &x, &y);
}

static void cmp_add_sub(tally *t, const char *what, unsigned long run,
                        const mlkem_poly *r, const mlkem_poly *a) {
  mlkem_poly x = *r, y = *r;
  be->add(&x, a);
  mlkem_portable_add(&y, a);
  record(t, what, run, &x, &y);
  x = *r;
  y = *r;
  be->sub_from(&x, a);
  mlkem_portable_sub_from(&y, a);
  record(t, what, run, &x, &y);
}

/* Both operations over the part [from, to) (backend/backend.h), r holding any
 * values before: the whole output must agree, the coefficients outside the part
 * left as they were by both (test_ntt checks the portable ones). */
static void cmp_parts(tally *t, const char *what, unsigned long run,
                      const mlkem_poly *r, const mlkem_poly *a,
                      const mlkem_poly *b, const mlkem_poly *e, unsigned k,
                      unsigned from, unsigned to) {
  mlkem_poly x = *r, y = *r;
  be->basemul_acc(&x, a, b, k, from, to);
  mlkem_portable_basemul_acc(&y, a, b, k, from, to);
  record(t, what, run, &x, &y);
  be->add_reduce(&x, e, from, to);
  mlkem_portable_add_reduce(&y, e, from, to);
  record(t, what, run, &x, &y);
}

/* ---- the inputs ---------------------------------------------------------- */

static void test_ntt(void) {
  tally t = {"ntt", 0, 0, ""}, e = {"ntt (bounds)", 0, 0, ""},
        f = {"ntt (full int16 range)", 0, 0, ""};
  static const int mags[] = {Q, Q - 1, 1};
  mlkem_poly p;
  unsigned long i;
  unsigned m, j;
  seed("diff ntt");
  for (i = 0; i < trials; i++) {
    fill_range(&p, -Q, Q);
    cmp_ntt(&t, "uniform in [-q, q]", i, &p);
  }
  for (m = 0; m < 3; m++) {
    int v = mags[m];
    fill_const(&p, v);
    cmp_ntt(&e, "all +v", (unsigned long)v, &p);
    fill_const(&p, -v);
    cmp_ntt(&e, "all -v", (unsigned long)v, &p);
    fill_alt(&p, v);
    cmp_ntt(&e, "+v, -v, ...", (unsigned long)v, &p);
    fill_alt(&p, -v);
    cmp_ntt(&e, "-v, +v, ...", (unsigned long)v, &p);
    for (i = 0; i < 1000; i++) {
      fill_signs(&p, v);
      cmp_ntt(&e, "random signs of v", i, &p);
    }
  }
  for (j = 0; j < N; j++) {
    fill_const(&p, 0);
    p.coeffs[j] = Q;
    cmp_ntt(&e, "single +q", j, &p);
    p.coeffs[j] = -Q;
    cmp_ntt(&e, "single -q", j, &p);
  }
  fill_const(&p, 0);
  cmp_ntt(&e, "zero", 0, &p);
  for (i = 0; i < FULLRANGE_RUNS; i++) {
    fill_any(&p);
    cmp_ntt(&f, "any int16", i, &p);
  }
  finish(&t);
  finish(&e);
  finish(&f);
}

static void test_invntt(void) {
  tally t = {"invntt", 0, 0, ""}, e = {"invntt (bounds)", 0, 0, ""},
        f = {"invntt (full int16 range)", 0, 0, ""};
  mlkem_poly p;
  unsigned long i;
  unsigned j;
  seed("diff invntt");
  for (i = 0; i < trials; i++) {
    fill_range(&p, -(Q - 1), Q - 1);
    cmp_invntt(&t, "uniform in [-(q-1), q-1]", i, &p);
  }
  fill_const(&p, Q - 1);
  cmp_invntt(&e, "all q-1", 0, &p);
  fill_const(&p, -(Q - 1));
  cmp_invntt(&e, "all -(q-1)", 0, &p);
  fill_alt(&p, Q - 1);
  cmp_invntt(&e, "q-1, -(q-1), ...", 0, &p);
  fill_alt(&p, -(Q - 1));
  cmp_invntt(&e, "-(q-1), q-1, ...", 0, &p);
  for (i = 0; i < 1000; i++) {
    fill_signs(&p, Q - 1);
    cmp_invntt(&e, "random signs of q-1", i, &p);
  }
  for (j = 0; j < N; j++) {
    fill_const(&p, 0);
    p.coeffs[j] = Q - 1;
    cmp_invntt(&e, "single q-1", j, &p);
    p.coeffs[j] = -(Q - 1);
    cmp_invntt(&e, "single -(q-1)", j, &p);
  }
  fill_const(&p, 0);
  cmp_invntt(&e, "zero", 0, &p);
  for (i = 0; i < FULLRANGE_RUNS; i++) {
    fill_any(&p);
    cmp_invntt(&f, "any int16", i, &p);
  }
  finish(&t);
  finish(&e);
  finish(&f);
}

static void test_basemul(void) {
  tally t[MLKEM_K_MAX] = {{"basemul_acc k=1", 0, 0, ""},
                          {"basemul_acc k=2", 0, 0, ""},
                          {"basemul_acc k=3", 0, 0, ""},
                          {"basemul_acc k=4", 0, 0, ""}};
  tally e = {"basemul_acc (bounds)", 0, 0, ""},
        f = {"basemul_acc (full range)", 0, 0, ""};
  mlkem_poly a[MLKEM_K_MAX], b[MLKEM_K_MAX];
  unsigned long i;
  unsigned k, l, j;
  seed("diff basemul_acc");
  for (k = 1; k <= MLKEM_K_MAX; k++) {
    for (i = 0; i < trials; i++) {
      for (l = 0; l < k; l++) {
        fill_range(&a[l], 0, Q - 1);
        fill_range(&b[l], -B8, B8);
      }
      cmp_basemul(&t[k - 1], "a in [0, q), b in (-8q, 8q)", i, a, b, k);
    }
  }
  for (k = 1; k <= MLKEM_K_MAX; k++) {
    /* a = q-1 everywhere, b = +-(8q-1): every product at its largest. */
    for (l = 0; l < k; l++) {
      fill_const(&a[l], Q - 1);
      fill_const(&b[l], B8);
    }
    cmp_basemul(&e, "a = q-1, b = 8q-1", k, a, b, k);
    for (l = 0; l < k; l++) fill_const(&b[l], -B8);
    cmp_basemul(&e, "a = q-1, b = -(8q-1)", k, a, b, k);
    for (l = 0; l < k; l++) fill_alt(&b[l], B8);
    cmp_basemul(&e, "a = q-1, b = 8q-1, -(8q-1), ...", k, a, b, k);
    for (l = 0; l < k; l++) fill_alt(&b[l], -B8);
    cmp_basemul(&e, "a = q-1, b = -(8q-1), 8q-1, ...", k, a, b, k);
    for (i = 0; i < 1000; i++) {
      for (l = 0; l < k; l++) {
        fill_signs(&b[l], B8);
        if (i & 1)
          fill_range(&a[l], Q - 2, Q - 1);
        else
          fill_const(&a[l], Q - 1);
      }
      cmp_basemul(&e, "a near q-1, b random signs of 8q-1", i, a, b, k);
    }
    /* One nonzero coefficient in one term: each lane, and each term l, on
     * its own. */
    for (j = 0; j < N; j++) {
      for (l = 0; l < k; l++) {
        fill_const(&a[l], 0);
        fill_range(&b[l], -B8, B8);
      }
      a[j % k].coeffs[j] = Q - 1;
      cmp_basemul(&e, "single a coefficient q-1", j, a, b, k);
    }
    for (l = 0; l < k; l++) {
      fill_const(&a[l], 0);
      fill_const(&b[l], 0);
    }
    cmp_basemul(&e, "zero", k, a, b, k);
  }
  /* k = 0, an empty sum (not used by the library): zero in both. */
  cmp_basemul(&e, "k = 0", 0, a, b, 0);
  for (i = 0; i < FULLRANGE_RUNS; i++) {
    k = 1 + (unsigned)(i % MLKEM_K_MAX);
    for (l = 0; l < k; l++) {
      fill_any(&a[l]);
      fill_any(&b[l]);
    }
    cmp_basemul(&f, "any int16", i, a, b, k);
  }
  for (k = 0; k < MLKEM_K_MAX; k++) finish(&t[k]);
  finish(&e);
  finish(&f);
}

/* Every range of whole parts, 1000 random inputs each (k = 1 .. 4 in
 * turn). */
static void test_parts(void) {
  tally t = {"basemul_acc + add_reduce over parts", 0, 0, ""};
  mlkem_poly a[MLKEM_K_MAX], b[MLKEM_K_MAX], r, e;
  unsigned long i;
  unsigned from, to, k, l;
  seed("diff parts");
  for (from = 0; from < N; from += MLKEM_PART_COEFFS)
    for (to = from + MLKEM_PART_COEFFS; to <= N; to += MLKEM_PART_COEFFS)
      for (i = 0; i < 1000; i++) {
        k = 1 + (unsigned)(i % MLKEM_K_MAX);
        for (l = 0; l < k; l++) {
          fill_range(&a[l], 0, Q - 1);
          fill_range(&b[l], -B8, B8);
        }
        fill_any(&r);
        fill_range(&e, -B8, B8);
        cmp_parts(&t, "a in [0, q), b, e in (-8q, 8q), r any", i, &r, a, b, &e,
                  k, from, to);
      }
  finish(&t);
}

/* The inputs of an operation on two polynomials r and a (add_reduce, add
 * and sub_from), r within |x| <= rb and a within |x| <= ab (their
 * contract): random within the bounds, at the bounds (constant,
 * alternating and random signs) and any int16 (every such operation
 * wraps as the portable int16 casts do), into the tallies t, e and f. */
typedef void (*cmp_two)(tally *t, const char *what, unsigned long run,
                        const mlkem_poly *r, const mlkem_poly *a);
static void compare_two(cmp_two cmp, tally *t, tally *e, tally *f, int rb,
                        int ab) {
  mlkem_poly r, a;
  unsigned long i;
  int sr, sa;
  for (i = 0; i < trials; i++) {
    fill_range(&r, -rb, rb);
    fill_range(&a, -ab, ab);
    cmp(t, "r, a within the bounds", i, &r, &a);
  }
  for (sr = -1; sr <= 1; sr += 2) {
    for (sa = -1; sa <= 1; sa += 2) {
      fill_const(&r, sr * rb);
      fill_const(&a, sa * ab);
      cmp(e, "r, a constant at the bounds", 0, &r, &a);
      fill_alt(&r, sr * rb);
      fill_alt(&a, sa * ab);
      cmp(e, "r, a alternating at the bounds", 0, &r, &a);
    }
  }
  for (i = 0; i < 1000; i++) {
    fill_signs(&r, rb);
    fill_signs(&a, ab);
    cmp(e, "random signs at the bounds", i, &r, &a);
  }
  for (i = 0; i < FULLRANGE_RUNS; i++) {
    fill_any(&r);
    fill_any(&a);
    cmp(f, "any int16", i, &r, &a);
  }
}

/* add_reduce: r a basemul_acc output (|x| < q), a an ntt output
 * (|x| < 8q); and every int16 sum once. */
static void test_add_reduce(void) {
  tally t = {"add_reduce", 0, 0, ""}, e = {"add_reduce (bounds)", 0, 0, ""},
        f = {"add_reduce (full range)", 0, 0, ""};
  mlkem_poly r, a;
  unsigned long i;
  unsigned j;
  seed("diff add_reduce");
  compare_two(cmp_add, &t, &e, &f, Q - 1, B8);
  for (i = 0; i < 65536; i += N) {
    for (j = 0; j < N; j++) {
      r.coeffs[j] = (int16_t)((long)(i + j) - 32768);
      a.coeffs[j] = 0;
    }
    cmp_add(&f, "every int16", i, &r, &a);
  }
  finish(&t);
  finish(&e);
  finish(&f);
}

/* add and sub_from: operands within the contract (results below 2q: an
 * invntt output and noise, a message or v). */
static void test_add_sub(void) {
  tally t = {"add, sub_from", 0, 0, ""},
        e = {"add, sub_from (bounds)", 0, 0, ""},
        f = {"add, sub_from (full range)", 0, 0, ""};
  seed("diff add sub");
  compare_two(cmp_add_sub, &t, &e, &f, Q - 1, Q - 1);
  finish(&t);
  finish(&e);
  finish(&f);
}

/* Runs every comparison on one backend (test_each_simd_backend). */
static void test_backend(const mlkem_backend *b) {
  be = b;
  test_ntt();
  test_invntt();
  test_basemul();
  test_add_reduce();
  test_add_sub();
  test_parts();
}

int main(void) {
  trials = test_trials(RANDOM_RUNS);
  test_each_simd_backend(test_backend);
  return test_summary("test_diff_ntt");
}
