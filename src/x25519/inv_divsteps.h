/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * x25519/inv_divsteps.h - inversion modulo p = 2^255 - 19 in constant
 * time by Bernstein and Yang's divsteps ("Fast constant-time gcd
 * computation and modular inversion", TCHES 2019, sections 8-11), for a
 * field that defines X25519_OWN_INVERT instead of scalarmult.c's Fermat
 * chain (impl_mulx.c: the chain is 254 squarings in a row, each waiting
 * for the last, about 10,000 rdtsc ticks on AMD Zen 3; this is about half
 * of that, docs/ARCHITECTURE.md). Needs unsigned __int128 (gcc, clang on
 * 64-bit targets) and an arithmetic right shift of negative values.
 *
 * The iteration (section 8): with delta = 1, f = p, g = a (reduced below
 * p), each divstep is
 *   delta > 0 and g odd:  (delta, f, g) <- (1 - delta, g, (g - f) / 2)
 *   otherwise:            (delta, f, g) <- (1 + delta, f, (g + (g mod 2) f) / 2)
 * which keeps gcd(f, g) up to a sign and ends with g = 0, f = +-1 (a != 0)
 * within 741 steps for inputs below 2^256 (Theorem 11.2: (49 d + 57) / 17
 * for d = 256 bits); here 12 batches of 62 = 744 run, always. A batch
 * decides its 62 steps from the low 64 bits of f and g alone (each step
 * looks at bit 0 of g, and the low 64 - i bits are exact after i steps)
 * and returns them as a matrix T = [u v; q r] with 2^62 (f', g') = T (f,
 * g); T is then applied to the whole f and g, and to d and e, which keep
 * d a = f and e a = g (mod p): d' = (u d + v e) / 2^62 mod p, made an
 * exact division by adding the multiple of p that clears the low 62 bits.
 * At the end d a = f = +-1, so 1/a = +-d; a = 0 gives f = p, d = 0 and the
 * result 0, as Fermat's a^(p - 2) does.
 *
 * Numbers are "signed62": five int64 limbs x[0..4], value sum x[i]
 * 2^(62 i), limbs 0-3 in [0, 2^62) and limb 4 signed. Constant time: 744
 * steps whatever the input, each made of masks (from shifts of delta's
 * sign and of g's bit 0) and additions; no branch or index on a value.
 */
#ifndef MLKEM_X25519_INV_DIVSTEPS_H
#define MLKEM_X25519_INV_DIVSTEPS_H

#include <stdint.h>

#define INV_M62 ((UINT64_C(1) << 62) - 1)
#define INV_BATCHES 12
#define INV_BATCH_STEPS 62

/* p in signed62 limbs, and -1/p mod 2^62 (checked by test_x25519_inv). */
static const int64_t inv_p[5] = {(int64_t)(INV_M62 - 18), (int64_t)INV_M62,
                                 (int64_t)INV_M62, (int64_t)INV_M62, 127};
#define INV_NEG_PINV UINT64_C(0x06bca1af286bca1b)

/* All ones if x < 0, else 0. */
static inline int64_t inv_sign(int64_t x) {
  return x >> 63;
}

/* 62 divsteps on the low words f and g; eta = -delta. Returns the new
 * eta and the matrix in t (u, v, q, r): |u| + |v| and |q| + |r| stay at
 * most 2^62. The three cases in one: when g is odd, g becomes g - f or g
 * + f (the sign of f from delta > 0); when delta > 0 and g is odd, f then
 * becomes f + (g - f) = the old g; the row of g follows the same
 * additions, and u, v double as f's scale does. */
static int64_t inv_divsteps(int64_t eta, uint64_t f, uint64_t g,
                            int64_t t[4]) {
  uint64_t u = 1, v = 0, q = 0, r = 1, c1, c2, x, y, z;
  unsigned i;
  for (i = 0; i < INV_BATCH_STEPS; i++) {
    c1 = (uint64_t)inv_sign(eta);                  /* delta > 0 */
    c2 = (uint64_t)((int64_t)(g << 63) >> 63);     /* g odd */
    x = (f ^ c1) - c1;                             /* -f if delta > 0 */
    y = (u ^ c1) - c1;
    z = (v ^ c1) - c1;
    g += x & c2;
    q += y & c2;
    r += z & c2;
    c1 &= c2; /* the first case */
    /* eta - 1 (delta + 1), or in the first case ~eta (= delta - 1, the
     * new -delta). */
    eta = (int64_t)(((uint64_t)eta ^ c1) - 1 - c1);
    f += g & c1;
    u += q & c1;
    v += r & c1;
    g >>= 1;
    u <<= 1;
    v <<= 1;
  }
  t[0] = (int64_t)u;
  t[1] = (int64_t)v;
  t[2] = (int64_t)q;
  t[3] = (int64_t)r;
  return eta;
}

/* (f, g) <- T (f, g) / 2^62, exact (the batch made the low 62 bits of
 * both sums zero). |f|, |g| < 2^256 throughout (divsteps never grow
 * them), so every partial sum fits in 128 bits. */
static void inv_update_fg(int64_t f[5], int64_t g[5], const int64_t t[4]) {
  __extension__ typedef __int128 s128;
  s128 cf = (s128)t[0] * f[0] + (s128)t[1] * g[0];
  s128 cg = (s128)t[2] * f[0] + (s128)t[3] * g[0];
  unsigned i;
  cf >>= 62;
  cg >>= 62;
  for (i = 1; i < 5; i++) {
    cf += (s128)t[0] * f[i] + (s128)t[1] * g[i];
    cg += (s128)t[2] * f[i] + (s128)t[3] * g[i];
    f[i - 1] = (int64_t)((uint64_t)cf & INV_M62);
    g[i - 1] = (int64_t)((uint64_t)cg & INV_M62);
    cf >>= 62;
    cg >>= 62;
  }
  f[4] = (int64_t)cf;
  g[4] = (int64_t)cg;
}

/* Limbs 0-3 brought back to [0, 2^62) by carrying into the next: each in
 * (-2^62, 2^63) on entry, so its carry (an arithmetic shift) is -1, 0 or
 * 1. */
static void inv_carry(int64_t x[5]) {
  unsigned i;
  for (i = 0; i < 4; i++) {
    x[i + 1] += x[i] >> 62;
    x[i] = (int64_t)((uint64_t)x[i] & INV_M62);
  }
}

/* x <- x mod p, for x in (-p, 2p): p added if x < 0, then subtracted if
 * that leaves x at p or above (x - p not negative). */
static void inv_normalize(int64_t x[5]) {
  int64_t m = inv_sign(x[4]), y[5];
  unsigned i;
  for (i = 0; i < 5; i++) x[i] += inv_p[i] & m;
  inv_carry(x);
  for (i = 0; i < 5; i++) y[i] = x[i] - inv_p[i];
  inv_carry(y);
  m = inv_sign(y[4]); /* x < p: keep x */
  for (i = 0; i < 5; i++) x[i] = (x[i] & m) | (y[i] & ~m);
}

/* (d, e) <- T (d, e) / 2^62 mod p, for d, e in [0, p); out in [0, p).
 * The multiples md, me of p (below 2^62) clear the low 62 bits of the
 * sums, so the division is exact; |u d + v e| <= 2^62 p, so the result
 * lies in (-p, 2p) before inv_normalize. */
static void inv_update_de(int64_t d[5], int64_t e[5], const int64_t t[4]) {
  __extension__ typedef __int128 s128;
  s128 cd = (s128)t[0] * d[0] + (s128)t[1] * e[0];
  s128 ce = (s128)t[2] * d[0] + (s128)t[3] * e[0];
  int64_t md = (int64_t)(((uint64_t)cd * INV_NEG_PINV) & INV_M62);
  int64_t me = (int64_t)(((uint64_t)ce * INV_NEG_PINV) & INV_M62);
  unsigned i;
  cd += (s128)md * inv_p[0];
  ce += (s128)me * inv_p[0];
  cd >>= 62;
  ce >>= 62;
  for (i = 1; i < 5; i++) {
    cd += (s128)t[0] * d[i] + (s128)t[1] * e[i] + (s128)md * inv_p[i];
    ce += (s128)t[2] * d[i] + (s128)t[3] * e[i] + (s128)me * inv_p[i];
    d[i - 1] = (int64_t)((uint64_t)cd & INV_M62);
    e[i - 1] = (int64_t)((uint64_t)ce & INV_M62);
    cd >>= 62;
    ce >>= 62;
  }
  d[4] = (int64_t)cd;
  e[4] = (int64_t)ce;
  inv_normalize(d);
  inv_normalize(e);
}

/* out = 1/a mod p (0 for a = 0), both as four little-endian 64-bit words
 * below p. */
static void inv_divsteps_words(uint64_t out[4], const uint64_t a[4]) {
  int64_t f[5], g[5], d[5] = {0}, e[5] = {1}, t[4], m, n[5];
  int64_t eta = -1; /* delta = 1 */
  unsigned i;
  for (i = 0; i < 5; i++) f[i] = inv_p[i];
  g[0] = (int64_t)(a[0] & INV_M62);
  g[1] = (int64_t)((a[0] >> 62 | a[1] << 2) & INV_M62);
  g[2] = (int64_t)((a[1] >> 60 | a[2] << 4) & INV_M62);
  g[3] = (int64_t)((a[2] >> 58 | a[3] << 6) & INV_M62);
  g[4] = (int64_t)(a[3] >> 56);
  for (i = 0; i < INV_BATCHES; i++) {
    eta = inv_divsteps(eta, (uint64_t)f[0] | (uint64_t)f[1] << 62,
                       (uint64_t)g[0] | (uint64_t)g[1] << 62, t);
    inv_update_fg(f, g, t);
    inv_update_de(d, e, t);
  }
  /* f = -1: the inverse is -d = p - d (d != 0 then). */
  m = inv_sign(f[4]);
  for (i = 0; i < 5; i++) n[i] = inv_p[i] - d[i];
  inv_carry(n);
  for (i = 0; i < 5; i++) d[i] = (n[i] & m) | (d[i] & ~m);
  out[0] = (uint64_t)d[0] | (uint64_t)d[1] << 62;
  out[1] = (uint64_t)d[1] >> 2 | (uint64_t)d[2] << 60;
  out[2] = (uint64_t)d[2] >> 4 | (uint64_t)d[3] << 58;
  out[3] = (uint64_t)d[3] >> 6 | (uint64_t)d[4] << 56;
}

#endif
