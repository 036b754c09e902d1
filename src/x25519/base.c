/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * x25519/base.c - X25519(k, 9), the public key of a private key, by a
 * fixed-base comb on edwards25519, written over the field API of
 * scalarmult.c (and included after it by each implementation).
 *
 * Curve25519's base point u = 9 corresponds to the edwards25519 base point
 * B (y = 4/5) under the birational map u = (1 + y) / (1 - y) of
 * @spec{RFC7748, sec. 4.1}, and the map takes k B to the u-coordinate of k (9).
 * On the Edwards curve -x^2 + y^2 = 1 + d x^2 y^2 the addition law is complete,
 * so multiples of B can be added from a table without special cases:
 *
 *   the clamped k (below 2^255) is written as 64 signed digits e[i] in
 *   [-8, 8] with k = sum e[i] 16^i; the table (base_table.c) holds
 *   j 256^m B for j = 1..8, m = 0..31; then
 *   k B = 16 (sum over odd i of e[i] 256^((i-1)/2) B)
 *         + (sum over even i of e[i] 256^(i/2) B):
 *   64 additions of table points and 4 doublings, where the ladder takes
 *   255 steps. One inversion at the end gives u = (Z + Y) / (Z - Y).
 *
 * An encapsulation (X-Wing, DHKEM, the TLS server's share) needs both
 * X25519(k, 9) and X25519(k, u) for one fresh k: x25519_keypair_dh runs
 * the comb and the ladder and inverts their two denominators together,
 * by Montgomery's trick (1/a = b / (a b), 1/b = a / (a b)): one inversion
 * and three multiplications instead of two inversions.
 *
 * Points are in extended coordinates (X : Y : Z : T) with x = X / Z,
 * y = Y / Z, x y = T / Z; table points in affine "niels" form
 * (y + x, y - x, 2 d x y), which makes an addition 7 multiplications
 * (@spec{HWCD08, sec. 3.1}, with a = -1 and Z2 = 1).
 *
 * Constant time: each digit's table entry is found by reading all eight
 * entries of its row and keeping one with masks (through a value barrier);
 * its sign is applied by a masked swap and a masked negation.
 */

/* The 64 signed digits e[i] of the clamped k, k = sum e[i] 16^i, e[i] in
 * [-8, 8], each as its magnitude (bits 0 to 3) and its sign (bit 7). The
 * digit is t - 16 c' for t = nibble i plus the carry c from digit i - 1,
 * and the carry out c' = (t >= 8) is also the sign. All of it is written
 * with bit operations and shifts, beside one sum and one two's complement
 * whose bits 0 to 3 are the magnitude, so that the MemorySanitizer form of
 * the constant-time check follows the secret through (it sees a sum only
 * bit by bit). The top digit is nibble 63 (at most 7: k < 2^255) plus the
 * carry, and positive. */
static void base_digits(uint8_t d[64], const uint8_t k[32]) {
  unsigned i, n, t, c = 0, neg;
  for (i = 0; i < 63; i++) {
    n = (k[i / 2] >> (4 * (i % 2))) & 15;
    neg = (n >> 3 | (n >> 2 & n >> 1 & n & c)) & 1; /* n + c >= 8 */
    t = n + c;                                      /* [0, 16] */
    /* |t - 16 neg| is t, or -t mod 16 when negative (0 for t = 16). */
    d[i] = (uint8_t)((((t ^ (0u - neg)) + neg) & 15) | neg << 7);
    c = neg;
  }
  d[63] = (uint8_t)((k[31] >> 4) + c);
}

/* All ones if digit d (base_digits) has magnitude j, for j = 1..8. The
 * magnitude XOR j is zero exactly then; its four bits are ORed together by
 * shifts. */
static uint64_t base_digit_is(uint8_t d, unsigned j) {
  unsigned z = (d & 15u) ^ j;
  return x25519_mask(~(z | z >> 1 | z >> 2 | z >> 3) & 1);
}

/* All ones if digit d is negative. */
static uint64_t base_digit_neg(uint8_t d) {
  return x25519_mask(d >> 7);
}

/* n / d = (Z + Y) / (Z - Y), the u-coordinate (1 + y) / (1 - y) of the
 * Edwards point with these Y and Z (@spec{RFC7748, sec. 4.1}). Z - Y is
 * not zero for the multiples of B computed here: y = 1 only at the
 * identity, and no clamped k is a multiple of B's order. In: T. Out: n
 * and d L. */
static void base_edwards_to_u(fe *n, fe *d, const fe *y, const fe *z) {
  fe_add(n, z, y);
  fe_sub(d, z, y);
}

/* The comb below, on the field API: base_comb(y, z, k) sets y and z (T)
 * to the Y and Z of k B for the clamped k; an implementation with its own
 * (impl_ifma.c) defines X25519_OWN_BASE and base_comb. */
static void base_comb(fe *y, fe *z, const uint8_t k[32]);
#ifndef X25519_OWN_BASE

typedef struct {
  fe x, y, z, t;
} ge_ext;

typedef struct {
  fe ypx, ymx, xy2d;
} ge_niels;

/* r = p + q. In: p's coordinates T, q's ypx and ymx T and xy2d L. Out:
 * T. (@spec{HWCD08, sec. 3.1}, "madd" with a = -1, k = 2d.) */
static void ge_madd(ge_ext *r, const ge_ext *p, const ge_niels *q) {
  fe a, b, c, d, e, f, g, h;
  fe_sub(&a, &p->y, &p->x);
  fe_mul(&a, &a, &q->ymx); /* A = (Y1 - X1)(y2 - x2) (T) */
  fe_add(&b, &p->y, &p->x);
  fe_mul(&b, &b, &q->ypx);     /* B = (Y1 + X1)(y2 + x2) (T) */
  fe_mul(&c, &p->t, &q->xy2d); /* C = T1 2d x2 y2 (T) */
  fe_add(&d, &p->z, &p->z);    /* D = 2 Z1 (L) */
  fe_sub(&e, &b, &a);          /* E = B - A (L) */
  fe_sub(&f, &d, &c);          /* F = D - C (L: D + 2^52) */
  fe_add(&g, &d, &c);          /* G = D + C (L) */
  fe_add(&h, &b, &a);          /* H = B + A (L) */
  fe_mul(&r->x, &e, &f);
  fe_mul(&r->y, &g, &h);
  fe_mul(&r->t, &e, &h);
  fe_mul(&r->z, &f, &g);
}

/* r = 2 p. In: T. Out: T. The doubling of @spec{HWCD08, sec. 3.3} with
 * a = -1 (A = X^2, B = Y^2, C = 2 Z^2, E = (X + Y)^2 - A - B, G = B - A,
 * F = G - C, H = -A - B; X3 = E F, Y3 = G H, T3 = E H, Z3 = F G), with F
 * and H negated, which negates all four outputs: the same point. */
static void ge_dbl(ge_ext *r, const ge_ext *p) {
  fe a, b, c, e, f, g, h;
  fe_sq(&a, &p->x);
  fe_sq(&b, &p->y);
  fe_sq(&c, &p->z);
  fe_add(&c, &c, &c);
  fe_carry(&c); /* C = 2 Z^2 (T) */
  fe_add(&h, &a, &b);
  fe_carry(&h); /* -H = A + B (T) */
  fe_add(&e, &p->x, &p->y);
  fe_sq(&e, &e);
  fe_sub(&e, &e, &h); /* E = (X + Y)^2 - A - B (L) */
  fe_sub(&g, &b, &a);
  fe_carry(&g);       /* G = B - A (T) */
  fe_sub(&f, &c, &g); /* -F = C - G (L) */
  fe_mul(&r->x, &e, &f);
  fe_mul(&r->y, &g, &h);
  fe_mul(&r->t, &e, &h);
  fe_mul(&r->z, &f, &g);
}

/* w = the twelve words of the entry for |e| (base_digits) in row, the
 * identity (1, 1, 0) for e = 0: all eight entries are read and one kept
 * with masks. An implementation with a faster way (impl_mulx.c: AVX2)
 * defines X25519_OWN_SCAN and this function after including this file. */
static void ge_scan(uint64_t w[12], const uint64_t row[8][12], uint8_t e);
#ifndef X25519_OWN_SCAN
static void ge_scan(uint64_t w[12], const uint64_t row[8][12], uint8_t e) {
  static const uint64_t identity[12] = {1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0};
  uint64_t m;
  unsigned j, i;
  for (i = 0; i < 12; i++) w[i] = identity[i];
  for (j = 0; j < 8; j++) {
    m = base_digit_is(e, j + 1);
    for (i = 0; i < 12; i++) w[i] ^= m & (w[i] ^ row[j][i]);
  }
}
#endif

/* r = e 256^m B for the digit e (base_digits) from row m of the table
 * (ge_scan), negated if e < 0 (-(x, y) = (-x, y) swaps y + x and y - x
 * and negates 2 d x y). Out: ypx, ymx T, xy2d L. */
static void ge_select(ge_niels *r, const uint64_t row[8][12], uint8_t e) {
  uint64_t w[12];
  uint64_t m;
  fe zero, minus;
  ge_scan(w, row, e);
  fe_from_words(&r->ypx, w);
  fe_from_words(&r->ymx, w + 4);
  fe_from_words(&r->xy2d, w + 8);
  m = base_digit_neg(e);
  fe_cswap(&r->ypx, &r->ymx, m);
  fe_set_small(&zero, 0);
  fe_sub(&minus, &zero, &r->xy2d);
  fe_cmov(&r->xy2d, &minus, m);
  mlkem_zeroize(w, sizeof w);
  mlkem_zeroize(&minus, sizeof minus);
}

static void base_comb(fe *y, fe *z, const uint8_t k[32]) {
  uint8_t e[64];
  ge_ext p;
  ge_niels q;
  unsigned i;
  base_digits(e, k);
  /* The identity (0 : 1 : 1 : 0). */
  fe_set_small(&p.x, 0);
  fe_set_small(&p.y, 1);
  fe_set_small(&p.z, 1);
  fe_set_small(&p.t, 0);
  for (i = 1; i < 64; i += 2) {
    ge_select(&q, mlkem_x25519_base_table[i / 2], e[i]);
    ge_madd(&p, &p, &q);
  }
  for (i = 0; i < 4; i++) ge_dbl(&p, &p);
  for (i = 0; i < 64; i += 2) {
    ge_select(&q, mlkem_x25519_base_table[i / 2], e[i]);
    ge_madd(&p, &p, &q);
  }
  *y = p.y;
  *z = p.z;
  mlkem_zeroize(e, sizeof e);
  mlkem_zeroize(&p, sizeof p);
  mlkem_zeroize(&q, sizeof q);
}

#endif

static void x25519_scalarmult_base(uint8_t out[32], const uint8_t scalar[32]) {
  uint8_t k[32];
  fe y, z, n, d;
  x25519_clamp(k, scalar);
  base_comb(&y, &z, k);
  base_edwards_to_u(&n, &d, &y, &z);
  x25519_affine(out, &n, &d);
  mlkem_zeroize(k, sizeof k);
  mlkem_zeroize(&y, sizeof y);
  mlkem_zeroize(&z, sizeof z);
  mlkem_zeroize(&n, sizeof n);
  mlkem_zeroize(&d, sizeof d);
}

/* pk = X25519(scalar, 9) and out = X25519(scalar, u), with one inversion
 * for the comb's denominator d = Z - Y and the ladder's z2: i = 1 / (d z2),
 * then 1 / d = i z2 and 1 / z2 = i d. A u of small order (or 0) gives
 * z2 = 0, for which X25519 is 0 (x2 / 0 = x2 0^(p - 2)) and d z2 would
 * have no inverse: there z2 is taken as 1 and x2 as 0, by masks, which
 * leave out = 0 and pk right. Whether z2 is 0 depends on u alone (the
 * clamped k is a multiple of 8, which every point of small order has
 * for its order), but the masks make no such assumption. */
static void x25519_keypair_dh(uint8_t pk[32], uint8_t out[32],
                              const uint8_t scalar[32], const uint8_t u[32]) {
  uint8_t k[32];
  uint64_t w[4], zero;
  fe y, z, n, d, x1, x2, z2, one, i, t;
  x25519_clamp(k, scalar);
  base_comb(&y, &z, k);
  base_edwards_to_u(&n, &d, &y, &z);
  fe_frombytes(&x1, u);
  x25519_ladder(&x2, &z2, k, &x1);
  /* zero: all ones if z2 is 0 (mod p), from its canonical words. */
  fe_to_words(w, &z2);
  zero = w[0] | w[1] | w[2] | w[3];
  zero |= zero >> 32;
  zero |= zero >> 16;
  zero |= zero >> 8;
  zero |= zero >> 4;
  zero |= zero >> 2;
  zero |= zero >> 1;
  zero = x25519_mask(~zero & 1);
  fe_set_small(&one, 1);
  fe_cmov(&z2, &one, zero);
  fe_set_small(&t, 0);
  fe_cmov(&x2, &t, zero);
  fe_mul(&t, &d, &z2);
  fe_invert(&i, &t);
  fe_mul(&t, &i, &z2); /* 1 / d */
  fe_mul(&n, &n, &t);
  fe_tobytes(pk, &n);
  fe_mul(&t, &i, &d); /* 1 / z2 */
  fe_mul(&x2, &x2, &t);
  fe_tobytes(out, &x2);
  mlkem_zeroize(k, sizeof k);
  mlkem_zeroize(w, sizeof w);
  mlkem_zeroize(&zero, sizeof zero);
  mlkem_zeroize(&y, sizeof y);
  mlkem_zeroize(&z, sizeof z);
  mlkem_zeroize(&n, sizeof n);
  mlkem_zeroize(&d, sizeof d);
  mlkem_zeroize(&x2, sizeof x2);
  mlkem_zeroize(&z2, sizeof z2);
  mlkem_zeroize(&i, sizeof i);
  mlkem_zeroize(&t, sizeof t);
}
