/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * x25519/invert.c - 1 / a modulo p = 2^255 - 19 in constant time by the
 * division steps ("divsteps") of Bernstein and Yang, @spec{SAFEGCD}, in
 * place of the 254 squarings and 11 multiplications of Fermat's little
 * theorem (a^(p - 2)). One inversion ends every X25519
 * (@spec{RFC7748, sec. 5}: x_2 / z_2); this one takes about 7,000 ticks
 * against Fermat's 9,200 in radix 2^64 (docs/ARCHITECTURE.md).
 *
 * The algorithm. A divstep maps (delta, f, g), f odd, to
 *   (1 - delta, g, (g - f) / 2)          if delta > 0 and g is odd,
 *   (1 + delta, f, (g + (g mod 2) f) / 2) otherwise.
 * From f = p, g = a and delta = 1/2, g reaches 0 and f reaches +-gcd(p, a)
 * = +-1 (for a != 0) within 590 divsteps for every a below 2^256: the
 * bound for this starting delta, computed by the convex-hull method of
 * @spec{SAFEGCD} (docs/BIBLIOGRAPHY.md says where). Here every
 * inversion runs exactly 590 of them, ten batches of 59, so the work is
 * the same for every a; after g = 0 further divsteps leave f alone.
 *
 * Each divstep is linear in (f, g): 2 (f', g') = M (f, g) with a 2x2
 * integer matrix M. A batch works on the low 64 bits of f and g only (the
 * parity of the next 59 divsteps depends on no more), gathers the 59
 * steps' matrices into one, scaled by 2^62 (entries start at 8 = 2^(62 -
 * 59)), and then applies it to the whole of f and g and to the cofactors
 * d and e. These start at 0 and 1 and keep f = d a and g = e a (mod p):
 * the update is d' = (u d + v e) / 2^62 mod p, made an exact division of
 * integers by adding the multiple md p of p that clears the low 62 bits
 * (md = -(u d + v e) p^(-1) mod 2^62). At the end f = +-1, so 1/a = +-d.
 *
 * Numbers are signed, in radix 2^62: five int64_t limbs, limbs 0-3 in
 * [0, 2^62) and limb 4 signed (its sign is the number's), 310 bits in
 * all. Bounds, for each batch: the matrix rows (u, v), (q, r) each have
 * |u| + |v| <= 2^62 (both start at 8 and a step at most doubles one and
 * adds the other to it); |f|, |g| <= p throughout (divsteps never grow
 * max(|f|, |g|)); d and e are kept in [0, p): the update gives (u d + v e
 * + md p) / 2^62 in (-p, 2p), which one conditional addition and one
 * conditional subtraction of p bring back. Every product is of two
 * values below 2^62 in magnitude and every sum of three such products
 * plus a carry stays below 2^127, so the 128-bit accumulators cannot
 * overflow.
 *
 * Constant time: each divstep's choice is a mask made from delta's sign
 * and g's parity through the value barrier (platform/ct.h), applied by
 * XOR and AND; the batch count is fixed; no branch, index or division
 * depends on a. Every intermediate is wiped.
 */
#include "x25519/invert.h"

#include "platform/ct.h"

#if MLKEM_X25519_SAFEGCD

#include <stddef.h>

#define INV_M62 ((UINT64_C(1) << 62) - 1)
/* Divsteps per batch and batches: 10 * 59 = 590 (see above). */
#define INV_STEPS 59
#define INV_BATCHES 10

__extension__ typedef __int128 inv_i128;

/* A signed number in radix 2^62 (see above). */
typedef struct {
  int64_t v[5];
} inv_s62;

/* p = 2^255 - 19 in radix 2^62. */
static const inv_s62 inv_p = {{(int64_t)(INV_M62 - 18), (int64_t)INV_M62,
                               (int64_t)INV_M62, (int64_t)INV_M62, 127}};

/* p^(-1) mod 2^62 (p (p^(-1)) = 1 mod 2^62; checked by test_x25519). */
#define INV_P_INV62 UINT64_C(0x39435e50d79435e5)

/* The matrix of one batch, scaled by 2^62: 2^62 (f', g') = (u f + v g,
 * q f + r g). */
typedef struct {
  int64_t u, v, q, r;
} inv_matrix;

/* All ones if x is negative, else 0 (x's sign bit spread, through the
 * value barrier). */
static uint64_t inv_sign_mask(int64_t x) {
  return mlkem_value_barrier_u64(0 - ((uint64_t)x >> 63));
}

/* INV_STEPS divsteps on the low 64 bits f0, g0 of f and g; returns the new
 * delta (times two: delta2 = 2 delta, an odd integer) and the batch's
 * matrix in *t. Each step, branch-free, with c1 the mask of delta > 0, c2
 * that of g odd and c = c1 & c2 the swap condition:
 *   x = c1 ? -f : f            (needs only f and delta, so it is ready
 *                               before g's parity is known)
 *   g = g + (x & c2)           g - f (swap), g + f (odd) or g (even)
 *   f = f + (g & c)            the old g after a swap: f + (g - f)
 *   delta = (c ? -delta : delta) + 1,  g = g / 2
 * and the matrix rows alike, the first doubling where g halves (the
 * scale). Shifts and negations of the signed entries go through uint64_t
 * (no signed overflow or shift of a negative value in C). */
static int64_t inv_divsteps(int64_t delta2, uint64_t f0, uint64_t g0,
                            inv_matrix *t) {
  uint64_t f = f0, g = g0;
  uint64_t u = 8, v = 0, q = 0, r = 8;
  uint64_t d = (uint64_t)delta2;
  unsigned i;
  for (i = 0; i < INV_STEPS; i++) {
    uint64_t c1 = inv_sign_mask((int64_t)(0 - d)); /* delta > 0 */
    uint64_t c2 = mlkem_value_barrier_u64(0 - (g & 1));
    uint64_t c = c1 & c2;
    g += ((f ^ c1) - c1) & c2;
    q += ((u ^ c1) - c1) & c2;
    r += ((v ^ c1) - c1) & c2;
    f += g & c;
    u += q & c;
    v += r & c;
    d = ((d ^ c) - c) + 2;
    g >>= 1;
    u <<= 1;
    v <<= 1;
  }
  t->u = (int64_t)u;
  t->v = (int64_t)v;
  t->q = (int64_t)q;
  t->r = (int64_t)r;
  return (int64_t)d;
}

/* The low 64 bits of a (two's complement). */
static uint64_t inv_low64(const inv_s62 *a) {
  return (uint64_t)a->v[0] | ((uint64_t)a->v[1] << 62);
}

/* (f, g) = (u f + v g, q f + r g) / 2^62: exact, since the matrix is the
 * batch's. */
static void inv_update_fg(inv_s62 *f, inv_s62 *g, const inv_matrix *t) {
  inv_i128 cf, cg;
  unsigned i;
  cf = (inv_i128)t->u * f->v[0] + (inv_i128)t->v * g->v[0];
  cg = (inv_i128)t->q * f->v[0] + (inv_i128)t->r * g->v[0];
  cf >>= 62; /* the low 62 bits are zero */
  cg >>= 62;
  for (i = 1; i < 5; i++) {
    cf += (inv_i128)t->u * f->v[i] + (inv_i128)t->v * g->v[i];
    cg += (inv_i128)t->q * f->v[i] + (inv_i128)t->r * g->v[i];
    f->v[i - 1] = (int64_t)((uint64_t)cf & INV_M62);
    g->v[i - 1] = (int64_t)((uint64_t)cg & INV_M62);
    cf >>= 62;
    cg >>= 62;
  }
  f->v[4] = (int64_t)cf;
  g->v[4] = (int64_t)cg;
}

/* a += p if mask is all ones (limbs 0-3 carried back into [0, 2^62)). */
static void inv_add_p(inv_s62 *a, uint64_t mask) {
  int64_t carry = 0;
  unsigned i;
  for (i = 0; i < 5; i++) {
    int64_t s = a->v[i] + (int64_t)((uint64_t)inv_p.v[i] & mask) + carry;
    if (i < 4) {
      a->v[i] = (int64_t)((uint64_t)s & INV_M62);
      carry = s >> 62;
    } else {
      a->v[i] = s;
    }
  }
}

/* a in (-p, 2p) -> a mod p in [0, p): p added if a < 0, then p subtracted
 * if that leaves p or more (a - p computed, kept if not negative). */
static void inv_normalize(inv_s62 *a) {
  inv_s62 t;
  int64_t carry = 0;
  uint64_t keep;
  unsigned i;
  inv_add_p(a, inv_sign_mask(a->v[4]));
  for (i = 0; i < 5; i++) {
    int64_t s = a->v[i] - inv_p.v[i] + carry;
    if (i < 4) {
      t.v[i] = (int64_t)((uint64_t)s & INV_M62);
      carry = s >> 62;
    } else {
      t.v[i] = s;
    }
  }
  keep = inv_sign_mask(t.v[4]); /* a - p < 0: keep a */
  for (i = 0; i < 5; i++)
    a->v[i] =
        (int64_t)(((uint64_t)a->v[i] & keep) | ((uint64_t)t.v[i] & ~keep));
  mlkem_zeroize(&t, sizeof t);
}

/* (d, e) = (u d + v e, q d + r e) / 2^62 mod p, for d, e in [0, p); the
 * results in [0, p). */
static void inv_update_de(inv_s62 *d, inv_s62 *e, const inv_matrix *t) {
  /* md, me: what makes the numerators divisible by 2^62. */
  uint64_t md = (0 - ((uint64_t)t->u * (uint64_t)d->v[0] +
                      (uint64_t)t->v * (uint64_t)e->v[0]) *
                         INV_P_INV62) &
                INV_M62;
  uint64_t me = (0 - ((uint64_t)t->q * (uint64_t)d->v[0] +
                      (uint64_t)t->r * (uint64_t)e->v[0]) *
                         INV_P_INV62) &
                INV_M62;
  inv_i128 cd, ce;
  unsigned i;
  cd = (inv_i128)t->u * d->v[0] + (inv_i128)t->v * e->v[0] +
       (inv_i128)md * inv_p.v[0];
  ce = (inv_i128)t->q * d->v[0] + (inv_i128)t->r * e->v[0] +
       (inv_i128)me * inv_p.v[0];
  cd >>= 62; /* the low 62 bits are zero */
  ce >>= 62;
  for (i = 1; i < 5; i++) {
    cd += (inv_i128)t->u * d->v[i] + (inv_i128)t->v * e->v[i] +
          (inv_i128)md * inv_p.v[i];
    ce += (inv_i128)t->q * d->v[i] + (inv_i128)t->r * e->v[i] +
          (inv_i128)me * inv_p.v[i];
    d->v[i - 1] = (int64_t)((uint64_t)cd & INV_M62);
    e->v[i - 1] = (int64_t)((uint64_t)ce & INV_M62);
    cd >>= 62;
    ce >>= 62;
  }
  d->v[4] = (int64_t)cd;
  e->v[4] = (int64_t)ce;
  inv_normalize(d);
  inv_normalize(e);
}

void mlkem_x25519_invert(uint64_t r[4], const uint64_t a[4]) {
  inv_s62 f = inv_p, g, d = {{0, 0, 0, 0, 0}}, e = {{1, 0, 0, 0, 0}};
  inv_matrix t;
  int64_t delta2 = 1; /* delta = 1/2 */
  uint64_t neg;
  unsigned i;
  g.v[0] = (int64_t)(a[0] & INV_M62);
  g.v[1] = (int64_t)(((a[0] >> 62) | (a[1] << 2)) & INV_M62);
  g.v[2] = (int64_t)(((a[1] >> 60) | (a[2] << 4)) & INV_M62);
  g.v[3] = (int64_t)(((a[2] >> 58) | (a[3] << 6)) & INV_M62);
  g.v[4] = (int64_t)(a[3] >> 56);
  for (i = 0; i < INV_BATCHES; i++) {
    delta2 = inv_divsteps(delta2, inv_low64(&f), inv_low64(&g), &t);
    inv_update_fg(&f, &g, &t);
    inv_update_de(&d, &e, &t);
  }
  /* f = +-1 (or p, untouched, for a = 0, when d = 0): 1/a = f d. d
   * negated limb by limb is -d in (-p, 0], which inv_normalize brings to
   * [0, p). */
  neg = inv_sign_mask(f.v[4]);
  for (i = 0; i < 5; i++) d.v[i] = (int64_t)(((uint64_t)d.v[i] ^ neg) - neg);
  inv_add_p(&d, 0); /* carry the negated limbs back into range */
  inv_normalize(&d);
  r[0] = (uint64_t)d.v[0] | ((uint64_t)d.v[1] << 62);
  r[1] = ((uint64_t)d.v[1] >> 2) | ((uint64_t)d.v[2] << 60);
  r[2] = ((uint64_t)d.v[2] >> 4) | ((uint64_t)d.v[3] << 58);
  r[3] = ((uint64_t)d.v[3] >> 6) | ((uint64_t)d.v[4] << 56);
  mlkem_zeroize(&f, sizeof f);
  mlkem_zeroize(&g, sizeof g);
  mlkem_zeroize(&d, sizeof d);
  mlkem_zeroize(&e, sizeof e);
  mlkem_zeroize(&t, sizeof t);
}

#endif /* MLKEM_X25519_SAFEGCD */
