/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_ntt.c - the NTT, its inverse, NTT-domain multiplication,
 * add_reduce, add and sub_from of the backends, against references written
 * here with plain
 * modular integer arithmetic (mod q, BitRev7 and powers of 17 from
 * ref_fips203.c):
 *
 *  - ref_ntt / ref_invntt: FIPS 203 Algorithms 9 and 10 line by line, with
 *    zeta = 17^BitRev7(i) computed by exponentiation;
 *  - ref_ntt_crt: the definition of the NTT as the 128 remainders
 *    f mod (X^2 - 17^(2 BitRev7(i) + 1)), evaluated directly;
 *  - ref_basemul: Algorithms 11 and 12;
 *  - schoolbook: the product in Z_q[X]/(X^256 + 1).
 *
 * The portable backend keeps NTT-domain polynomials in the standard's order
 * without scaling, so its ntt/invntt/basemul_acc outputs are compared with
 * the references coefficient by coefficient (mod q), and their documented
 * bounds (backend/backend.h) are checked on every output. The multiplication
 * property invntt(basemul_acc(ntt a, ntt b)) = a * b, which holds for any
 * layout, is also checked on the backend in use if it is not the portable
 * one.
 */
#include <stdio.h>
#include <string.h>

#include "backend/backend.h"
#include "backend/portable/arith.h"
#include "backend/portable/portable.h"
#include "ref_fips203.h"
#include "test_util.h"

#define Q MLKEM_Q
#define N MLKEM_N

/* ---- references (all values canonical in [0, q)) ---------------------- */

/* FIPS 203 Algorithm 9. */
static void ref_ntt(int64_t f[N]) {
  unsigned i = 1, len, start, j;
  for (len = 128; len >= 2; len /= 2) {
    for (start = 0; start < N; start += 2 * len) {
      int64_t zeta = ref_pow_mod_q(17, ref_bitrev7(i));
      i++;
      for (j = start; j < start + len; j++) {
        int64_t t = zeta * f[j + len] % Q;
        f[j + len] = ref_mod_q(f[j] - t);
        f[j] = ref_mod_q(f[j] + t);
      }
    }
  }
}

/* FIPS 203 Algorithm 10. */
static void ref_invntt(int64_t f[N]) {
  unsigned i = 127, len, start, j;
  for (len = 2; len <= 128; len *= 2) {
    for (start = 0; start < N; start += 2 * len) {
      int64_t zeta = ref_pow_mod_q(17, ref_bitrev7(i));
      i--;
      for (j = start; j < start + len; j++) {
        int64_t t = f[j];
        f[j] = ref_mod_q(t + f[j + len]);
        f[j + len] = ref_mod_q(zeta * (f[j + len] - t));
      }
    }
  }
  for (j = 0; j < N; j++) f[j] = ref_mod_q(f[j] * 3303); /* 3303 = 128^-1 */
}

/* The NTT by definition: (f-hat[2i], f-hat[2i+1]) are the coefficients of
 * f mod (X^2 - gamma_i), gamma_i = 17^(2 BitRev7(i) + 1); X^2 = gamma_i
 * turns X^(2m + b) into gamma_i^m X^b. */
static void ref_ntt_crt(int64_t out[N], const int64_t f[N]) {
  unsigned i, m;
  for (i = 0; i < 128; i++) {
    int64_t g = ref_pow_mod_q(17, 2 * ref_bitrev7(i) + 1), gm = 1, c0 = 0,
            c1 = 0;
    for (m = 0; m < 128; m++) {
      c0 = (c0 + f[2 * m] * gm) % Q;
      c1 = (c1 + f[2 * m + 1] * gm) % Q;
      gm = gm * g % Q;
    }
    out[2 * i] = c0;
    out[2 * i + 1] = c1;
  }
}

/* r += sum a o b by Algorithms 11 and 12. */
static void ref_basemul_add(int64_t r[N], const int64_t a[N],
                            const int64_t b[N]) {
  unsigned i;
  for (i = 0; i < 128; i++) {
    int64_t g = ref_pow_mod_q(17, 2 * ref_bitrev7(i) + 1);
    int64_t a0 = a[2 * i], a1 = a[2 * i + 1], b0 = b[2 * i], b1 = b[2 * i + 1];
    r[2 * i] = ref_mod_q(r[2 * i] + a0 * b0 + (a1 * b1 % Q) * g);
    r[2 * i + 1] = ref_mod_q(r[2 * i + 1] + a0 * b1 + a1 * b0);
  }
}

/* r += a * b in Z_q[X]/(X^256 + 1). */
static void schoolbook_add(int64_t r[N], const int64_t a[N],
                           const int64_t b[N]) {
  int64_t acc[2 * N];
  unsigned i, j;
  memset(acc, 0, sizeof acc);
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) acc[i + j] += a[i] * b[j];
  for (i = 0; i < N; i++) r[i] = ref_mod_q(r[i] + acc[i] - acc[i + N]);
}

/* ---- helpers ------------------------------------------------------------ */

static void to_ref(int64_t out[N], const mlkem_poly *p) {
  unsigned i;
  for (i = 0; i < N; i++) out[i] = ref_mod_q(p->coeffs[i]);
}

/* Uniform in [lo, hi]. */
static int16_t rand_range(test_rng *rng, int lo, int hi) {
  return (int16_t)(lo + (int)(test_rng_u32(rng) % (uint32_t)(hi - lo + 1)));
}

static void rand_poly(test_rng *rng, mlkem_poly *p, int lo, int hi) {
  unsigned i;
  for (i = 0; i < N; i++) p->coeffs[i] = rand_range(rng, lo, hi);
}

/* Checks lo <= x <= hi for every coefficient; returns 1 if so. */
static int in_bounds(const mlkem_poly *p, int lo, int hi, unsigned *where) {
  unsigned i;
  for (i = 0; i < N; i++)
    if (p->coeffs[i] < lo || p->coeffs[i] > hi) {
      *where = i;
      return 0;
    }
  return 1;
}

/* Index of the first difference of two canonical arrays, or N. */
static unsigned first_diff(const int64_t a[N], const int64_t b[N]) {
  unsigned i;
  for (i = 0; i < N && a[i] == b[i]; i++) {
  }
  return i;
}

/* ---- tests -------------------------------------------------------------- */

/* The references agree with each other (Algorithm 9 is the CRT map;
 * Algorithm 10 undoes it). */
static void test_references(void) {
  test_rng rng;
  int64_t f[N], a[N], b[N], r1[N], r2[N], fh[N], fc[N];
  unsigned t, i;
  test_rng_init(&rng, "test_ntt references");
  for (t = 0; t < 20; t++) {
    for (i = 0; i < N; i++) {
      f[i] = test_rng_u32(&rng) % Q;
      a[i] = test_rng_u32(&rng) % Q;
      b[i] = test_rng_u32(&rng) % Q;
    }
    memcpy(fh, f, sizeof f);
    ref_ntt(fh);
    ref_ntt_crt(fc, f);
    CHECKF(first_diff(fh, fc) == N,
           "reference Algorithm 9 and CRT definition differ at %u",
           first_diff(fh, fc));
    ref_invntt(fh);
    CHECK(first_diff(fh, f) == N);
    /* NTT^-1(NTT(a) o NTT(b)) = a * b. */
    memset(r1, 0, sizeof r1);
    memset(r2, 0, sizeof r2);
    schoolbook_add(r1, a, b);
    ref_ntt(a);
    ref_ntt(b);
    ref_basemul_add(r2, a, b);
    ref_invntt(r2);
    CHECK(first_diff(r1, r2) == N);
  }
}

static void check_ntt_case(const mlkem_poly *in, const char *what,
                           unsigned long *count) {
  mlkem_poly p = *in;
  int64_t want[N], got[N], orig[N];
  unsigned where = 0, d, i;
  to_ref(orig, in);
  memcpy(want, orig, sizeof want);
  ref_ntt(want);

  mlkem_portable_ntt(&p);
  CHECKF(in_bounds(&p, -(8 * Q - 1), 8 * Q - 1, &where),
         "ntt(%s): output coefficient %u = %d outside |x| < 8q", what, where,
         p.coeffs[where]);
  to_ref(got, &p);
  d = first_diff(got, want);
  CHECKF(d == N,
         "ntt(%s): coefficient %u is %lld mod q, Algorithm 9 gives "
         "%lld",
         what, d, (long long)got[d % N], (long long)want[d % N]);

  /* invntt takes |x| < q (a basemul_acc output): reduce first. */
  for (i = 0; i < N; i++) p.coeffs[i] = mlkem_barrett_reduce(p.coeffs[i]);
  mlkem_portable_invntt(&p);
  CHECKF(in_bounds(&p, -(Q - 1), Q - 1, &where),
         "invntt(ntt(%s)): output coefficient %u = %d outside |x| < q", what,
         where, p.coeffs[where]);
  to_ref(got, &p);
  d = first_diff(got, orig);
  CHECKF(d == N,
         "invntt(ntt(%s)): coefficient %u is %lld mod q, the input "
         "was %lld",
         what, d, (long long)got[d % N], (long long)orig[d % N]);
  (*count)++;
}

static void test_ntt_roundtrip(void) {
  test_rng rng;
  mlkem_poly p;
  unsigned long count = 0;
  unsigned t, i;
  test_rng_init(&rng, "test_ntt roundtrip");

  /* Extremes of the input bound |x| <= q. */
  for (i = 0; i < N; i++) p.coeffs[i] = Q;
  check_ntt_case(&p, "all +q", &count);
  for (i = 0; i < N; i++) p.coeffs[i] = -Q;
  check_ntt_case(&p, "all -q", &count);
  for (i = 0; i < N; i++) p.coeffs[i] = (int16_t)(i & 1 ? -Q : Q);
  check_ntt_case(&p, "alternating +q, -q", &count);
  for (i = 0; i < N; i++) p.coeffs[i] = (int16_t)(i < 128 ? Q : -Q);
  check_ntt_case(&p, "+q then -q", &count);
  for (i = 0; i < N; i++) p.coeffs[i] = (int16_t)(i < 128 ? -Q : Q);
  check_ntt_case(&p, "-q then +q", &count);
  for (i = 0; i < N; i++) p.coeffs[i] = Q - 1;
  check_ntt_case(&p, "all q-1", &count);
  memset(&p, 0, sizeof p);
  check_ntt_case(&p, "zero", &count);
  p.coeffs[0] = 1;
  check_ntt_case(&p, "1", &count);
  for (i = 0; i < N; i++) {
    memset(&p, 0, sizeof p);
    p.coeffs[i] = Q;
    check_ntt_case(&p, "q X^i", &count);
  }
  /* Random signs of q: the worst case of the butterflies' growth. */
  for (t = 0; t < 200; t++) {
    for (i = 0; i < N; i++)
      p.coeffs[i] = (int16_t)(test_rng_u32(&rng) & 1 ? Q : -Q);
    check_ntt_case(&p, "random +-q", &count);
  }
  for (t = 0; t < 500; t++) {
    rand_poly(&rng, &p, -Q, Q);
    check_ntt_case(&p, "random |x| <= q", &count);
  }
  for (t = 0; t < 100; t++) {
    rand_poly(&rng, &p, -3, 3);
    check_ntt_case(&p, "random small", &count);
  }
  printf("  ntt vs Algorithm 9 and invntt(ntt(f)) = f: %lu polynomials\n",
         count);
}

/* invntt on arbitrary NTT-domain inputs |x| < q against Algorithm 10. */
static void test_invntt(void) {
  test_rng rng;
  mlkem_poly p;
  int64_t want[N], got[N];
  unsigned t, i, where = 0, d;
  unsigned long count = 0;
  test_rng_init(&rng, "test_ntt invntt");
  for (t = 0; t < 400; t++) {
    if (t == 0)
      for (i = 0; i < N; i++) p.coeffs[i] = Q - 1;
    else if (t == 1)
      for (i = 0; i < N; i++) p.coeffs[i] = -(Q - 1);
    else if (t < 100)
      for (i = 0; i < N; i++)
        p.coeffs[i] = (int16_t)(test_rng_u32(&rng) & 1 ? Q - 1 : -(Q - 1));
    else
      rand_poly(&rng, &p, -(Q - 1), Q - 1);
    to_ref(want, &p);
    ref_invntt(want);
    mlkem_portable_invntt(&p);
    CHECKF(in_bounds(&p, -(Q - 1), Q - 1, &where),
           "invntt case %u: output coefficient %u = %d outside |x| < q", t,
           where, p.coeffs[where]);
    to_ref(got, &p);
    d = first_diff(got, want);
    CHECKF(d == N,
           "invntt case %u: coefficient %u is %lld mod q, "
           "Algorithm 10 gives %lld",
           t, d, (long long)got[d % N], (long long)want[d % N]);
    count++;
  }
  printf("  invntt vs Algorithm 10: %lu polynomials (extremes, random)\n",
         count);
}

/* basemul_acc directly against Algorithms 11/12, a in [0, q), |b| < 8q
 * (b is an ntt output). */
static void test_basemul_direct(void) {
  test_rng rng;
  mlkem_poly a[4], b[4], r;
  int64_t want[N], got[N], ar[N], br[N];
  unsigned t, k, l, i, where = 0, d;
  unsigned long count = 0;
  test_rng_init(&rng, "test_ntt basemul");
  for (k = 1; k <= 4; k++) {
    for (t = 0; t < 100; t++) {
      for (l = 0; l < k; l++) {
        if (t == 0 || t == 1) { /* largest products, both signs */
          for (i = 0; i < N; i++) {
            a[l].coeffs[i] = Q - 1;
            b[l].coeffs[i] = (int16_t)(t == 0 ? 8 * Q - 1 : -(8 * Q - 1));
          }
        } else if (t < 20) {
          for (i = 0; i < N; i++) {
            uint32_t x = test_rng_u32(&rng);
            a[l].coeffs[i] = (int16_t)(x & 1 ? Q - 1 : 0);
            b[l].coeffs[i] = (int16_t)(x & 2 ? 8 * Q - 1 : -(8 * Q - 1));
          }
        } else {
          rand_poly(&rng, &a[l], 0, Q - 1);
          rand_poly(&rng, &b[l], -(8 * Q - 1), 8 * Q - 1);
        }
      }
      memset(want, 0, sizeof want);
      for (l = 0; l < k; l++) {
        to_ref(ar, &a[l]);
        to_ref(br, &b[l]);
        ref_basemul_add(want, ar, br);
      }
      mlkem_portable_basemul_acc(&r, a, b, k, 0, N);
      CHECKF(in_bounds(&r, -(Q - 1), Q - 1, &where),
             "basemul_acc k=%u case %u: output %u = %d outside |x| < q", k, t,
             where, r.coeffs[where]);
      to_ref(got, &r);
      d = first_diff(got, want);
      CHECKF(d == N,
             "basemul_acc k=%u case %u: coefficient %u is %lld mod "
             "q, Algorithm 11 gives %lld",
             k, t, d, (long long)got[d % N], (long long)want[d % N]);
      count++;
    }
  }
  printf("  basemul_acc vs Algorithm 11, k = 1..4: %lu cases\n", count);
}

/* invntt(basemul_acc(a-hat, b-hat, k)) = sum a[i] b[i] (schoolbook), with
 * a-hat canonical through encode12/decode12 as the frontend gets it. */
static void test_products(const mlkem_backend *be) {
  test_rng rng;
  mlkem_poly a[4], b[4], r;
  int64_t want[N], got[N], ar[N], br[N];
  uint8_t bytes[MLKEM_POLYBYTES];
  unsigned t, k, l, where = 0, d, ncase;
  unsigned long count = 0;
  test_rng_init(&rng, "test_ntt products");
  for (k = 1; k <= 4; k++) {
    ncase = k == 1 ? 300 : 100;
    for (t = 0; t < ncase; t++) {
      memset(want, 0, sizeof want);
      for (l = 0; l < k; l++) {
        unsigned i;
        if (t == 0) { /* extremes of the ntt input bound */
          for (i = 0; i < N; i++) {
            a[l].coeffs[i] = Q;
            b[l].coeffs[i] = -Q;
          }
        } else if (t % 3 == 1) { /* as in K-PKE: small times uniform */
          rand_poly(&rng, &a[l], -Q, Q);
          rand_poly(&rng, &b[l], -3, 3);
        } else {
          rand_poly(&rng, &a[l], -Q, Q);
          rand_poly(&rng, &b[l], -Q, Q);
        }
        to_ref(ar, &a[l]);
        to_ref(br, &b[l]);
        schoolbook_add(want, ar, br);
        be->ntt(&a[l]);
        be->ntt(&b[l]);
        CHECKF(in_bounds(&a[l], -(8 * Q - 1), 8 * Q - 1, &where) &&
                   in_bounds(&b[l], -(8 * Q - 1), 8 * Q - 1, &where),
               "%s ntt: output %u outside |x| < 8q", be->name, where);
        /* Canonical first operand, as decode12 gives it. */
        be->encode12(bytes, &a[l], 0, N);
        be->decode12(&a[l], bytes);
        CHECKF(in_bounds(&a[l], 0, Q - 1, &where),
               "%s decode12: output %u = %d outside [0, q)", be->name, where,
               a[l].coeffs[where]);
      }
      be->basemul_acc(&r, a, b, k, 0, N);
      CHECKF(in_bounds(&r, -(Q - 1), Q - 1, &where),
             "%s basemul_acc k=%u: output %u = %d outside |x| < q", be->name, k,
             where, r.coeffs[where]);
      be->invntt(&r);
      CHECKF(in_bounds(&r, -(Q - 1), Q - 1, &where),
             "%s invntt: output %u = %d outside |x| < q", be->name, where,
             r.coeffs[where]);
      to_ref(got, &r);
      d = first_diff(got, want);
      CHECKF(d == N,
             "%s: invntt(basemul_acc(ntt a, ntt b)) k=%u case %u: "
             "coefficient %u is %lld mod q, schoolbook gives %lld",
             be->name, k, t, d, (long long)got[d % N], (long long)want[d % N]);
      count++;
    }
  }
  printf(
      "  %s: invntt(sum ntt(a) o ntt(b)) = schoolbook, k = 1..4: %lu "
      "cases\n",
      be->name, count);
}

static void test_add_reduce(const mlkem_backend *be) {
  test_rng rng;
  mlkem_poly r, a;
  int64_t want[N], got[N], ar[N];
  unsigned t, i, where = 0, d;
  test_rng_init(&rng, "test_ntt add_reduce");
  for (t = 0; t < 300; t++) {
    if (t < 4) {
      for (i = 0; i < N; i++) {
        r.coeffs[i] = (int16_t)(t & 1 ? Q - 1 : -(Q - 1));
        a.coeffs[i] = (int16_t)(t & 2 ? Q - 1 : -(Q - 1));
      }
    } else {
      rand_poly(&rng, &r, -(Q - 1), Q - 1);
      rand_poly(&rng, &a, -(Q - 1), Q - 1);
    }
    to_ref(want, &r);
    to_ref(ar, &a);
    for (i = 0; i < N; i++) want[i] = ref_mod_q(want[i] + ar[i]);
    be->add_reduce(&r, &a, 0, N);
    CHECKF(in_bounds(&r, -(Q - 1), Q - 1, &where),
           "%s add_reduce case %u: output %u = %d outside |x| < q", be->name, t,
           where, r.coeffs[where]);
    to_ref(got, &r);
    d = first_diff(got, want);
    CHECKF(d == N,
           "%s add_reduce case %u: coefficient %u is %lld, want "
           "%lld",
           be->name, t, d, (long long)got[d % N], (long long)want[d % N]);
  }
  printf("  %s: add_reduce, 300 cases\n", be->name);
}

/* add and sub_from (backend/backend.h): r + a and a - r exactly, for operands
 * whose results are below 2q (the contract), at the bounds and at random; and
 * wrapping to 16 bits, like the portable code's int16 casts, beyond it. */
static void test_add_sub(const mlkem_backend *be) {
  test_rng rng;
  mlkem_poly r, a, x;
  unsigned t, i, bad = 0;
  test_rng_init(&rng, "test_ntt add sub");
  for (t = 0; t < 400; t++) {
    if (t < 4) {
      for (i = 0; i < N; i++) {
        r.coeffs[i] = (int16_t)(t & 1 ? Q - 1 : -(Q - 1));
        a.coeffs[i] = (int16_t)(t & 2 ? Q - 1 : -(Q - 1));
      }
    } else if (t < 300) {
      rand_poly(&rng, &r, -(Q - 1), Q - 1);
      rand_poly(&rng, &a, -(Q - 1), Q - 1);
    } else {
      rand_poly(&rng, &r, -32768, 32767);
      rand_poly(&rng, &a, -32768, 32767);
    }
    x = r;
    be->add(&x, &a);
    for (i = 0; i < N; i++) {
      long want = (long)r.coeffs[i] + a.coeffs[i];
      if (t >= 300) want = (want + 32768 + 65536) % 65536 - 32768;
      if (x.coeffs[i] != want) bad++;
    }
    x = r;
    be->sub_from(&x, &a);
    for (i = 0; i < N; i++) {
      long want = (long)a.coeffs[i] - r.coeffs[i];
      if (t >= 300) want = (want + 32768 + 65536) % 65536 - 32768;
      if (x.coeffs[i] != want) bad++;
    }
  }
  CHECKF(bad == 0, "%s add / sub_from: %u coefficients wrong", be->name, bad);
  printf("  %s: add and sub_from, 400 cases\n", be->name);
}

/* basemul_acc and add_reduce over a part [from, to) of the coefficients
 * (backend/backend.h; key generation computes t-hat so): for every range of
 * whole parts, the coefficients inside are those of the whole-polynomial call,
 * and those outside are left as they were. */
static void test_parts(const mlkem_backend *be) {
  test_rng rng;
  mlkem_poly a[MLKEM_K_MAX], b[MLKEM_K_MAX], e, whole, part, before;
  unsigned from, to, t, k, l, i, bad = 0, cases = 0;
  test_rng_init(&rng, "test_ntt parts");
  for (from = 0; from < N; from += MLKEM_PART_COEFFS)
    for (to = from + MLKEM_PART_COEFFS; to <= N; to += MLKEM_PART_COEFFS)
      for (t = 0; t < 50; t++, cases++) {
        k = 1 + t % MLKEM_K_MAX;
        for (l = 0; l < k; l++) {
          rand_poly(&rng, &a[l], 0, Q - 1);
          rand_poly(&rng, &b[l], -(8 * Q - 1), 8 * Q - 1);
        }
        rand_poly(&rng, &e, -(8 * Q - 1), 8 * Q - 1);
        rand_poly(&rng, &before, -32768, 32767);
        be->basemul_acc(&whole, a, b, k, 0, N);
        be->add_reduce(&whole, &e, 0, N);
        part = before;
        be->basemul_acc(&part, a, b, k, from, to);
        be->add_reduce(&part, &e, from, to);
        for (i = 0; i < N; i++)
          if (part.coeffs[i] !=
              (i >= from && i < to ? whole.coeffs[i] : before.coeffs[i])) {
            if (bad++ == 0)
              CHECKF(0,
                     "%s basemul_acc + add_reduce over [%u, %u), k=%u: "
                     "coefficient %u is %d",
                     be->name, from, to, k, i, part.coeffs[i]);
            break;
          }
      }
  CHECKF(bad == 0, "%s: %u of %u part cases wrong", be->name, bad, cases);
  printf(
      "  %s: basemul_acc and add_reduce over every range of parts, %u "
      "cases\n",
      be->name, cases);
}

int main(void) {
  const mlkem_backend *active = mlkem_backend_get();
  printf("test_ntt: NTT, inverse NTT and NTT-domain products\n");
  CHECK(mlkem_backend_portable.ntt == mlkem_portable_ntt);
  CHECK(mlkem_backend_portable.invntt == mlkem_portable_invntt);
  CHECK(mlkem_backend_portable.basemul_acc == mlkem_portable_basemul_acc);
  CHECK(mlkem_backend_portable.add_reduce == mlkem_portable_add_reduce);
  CHECK(mlkem_backend_portable.add == mlkem_portable_add);
  CHECK(mlkem_backend_portable.sub_from == mlkem_portable_sub_from);
  test_references();
  test_ntt_roundtrip();
  test_invntt();
  test_basemul_direct();
  test_products(&mlkem_backend_portable);
  test_add_reduce(&mlkem_backend_portable);
  test_add_sub(&mlkem_backend_portable);
  test_parts(&mlkem_backend_portable);
  if (active != &mlkem_backend_portable) {
    test_products(active);
    test_add_reduce(active);
    test_add_sub(active);
    test_parts(active);
  }
  return test_summary("test_ntt");
}
