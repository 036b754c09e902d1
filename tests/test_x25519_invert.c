/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_x25519_invert.c - the safegcd inversion modulo p = 2^255 - 19
 * (x25519/invert.c), checked with arithmetic of this test's own (32-bit
 * schoolbook products, reduction by 2^256 = 38 mod p; nothing of the
 * library's fields): a r = 1 (mod p) and r < p for every a of a list of
 * edge values (1, 2, p - 1, p - 2, every power of two and p minus it, the
 * values whose words are all ones but the top) and for 100,000 random
 * a < p (10,000 under MLKEM_TEST_QUICK), and 1/0 = 0. The comparison of
 * whole X25519 results with the Fermat inversion is test_x25519_u128's
 * (its copy of the portable field inverts by Fermat).
 */
#include <stdio.h>
#include <string.h>

#include "test_util.h"
#include "x25519/invert.h"

#if MLKEM_X25519_SAFEGCD

/* p = 2^255 - 19 as eight 32-bit little-endian limbs. */
static const uint32_t P32[8] = {0xffffffed, 0xffffffff, 0xffffffff, 0xffffffff,
                                0xffffffff, 0xffffffff, 0xffffffff, 0x7fffffff};

static void to32(uint32_t x[8], const uint64_t w[4]) {
  for (int i = 0; i < 4; i++) {
    x[2 * i] = (uint32_t)w[i];
    x[2 * i + 1] = (uint32_t)(w[i] >> 32);
  }
}

/* x >= p, for x < 2^256. */
static int geq_p(const uint32_t x[8]) {
  for (int i = 7; i >= 0; i--) {
    if (x[i] != P32[i]) return x[i] > P32[i];
  }
  return 1;
}

static void sub_p(uint32_t x[8]) {
  int64_t borrow = 0;
  for (int i = 0; i < 8; i++) {
    int64_t t = (int64_t)x[i] - P32[i] + borrow;
    x[i] = (uint32_t)t;
    borrow = t < 0 ? -1 : 0;
  }
}

/* out = a b mod p, fully reduced; a, b < 2^256. */
static void mulmod(uint32_t out[8], const uint32_t a[8], const uint32_t b[8]) {
  uint32_t prod[16] = {0};
  uint64_t x[9], carry;
  for (int i = 0; i < 8; i++) {
    carry = 0;
    for (int j = 0; j < 8; j++) {
      uint64_t t = (uint64_t)a[i] * b[j] + prod[i + j] + carry;
      prod[i + j] = (uint32_t)t;
      carry = t >> 32;
    }
    prod[i + 8] = (uint32_t)carry;
  }
  /* lo + 38 hi: below 2^262. */
  carry = 0;
  for (int i = 0; i < 8; i++) {
    uint64_t t = (uint64_t)prod[i] + 38 * (uint64_t)prod[i + 8] + carry;
    x[i] = (uint32_t)t;
    carry = t >> 32;
  }
  x[8] = carry;
  /* Fold the bits from 256 up once more (below 2^256 + 38 * 2^6). */
  carry = 38 * x[8];
  for (int i = 0; i < 8; i++) {
    uint64_t t = x[i] + carry;
    out[i] = (uint32_t)t;
    carry = t >> 32;
  }
  if (carry) { /* 2^256 wrapped: add 38 more (out is small now) */
    carry = 38;
    for (int i = 0; i < 8; i++) {
      uint64_t t = (uint64_t)out[i] + carry;
      out[i] = (uint32_t)t;
      carry = t >> 32;
    }
  }
  while (geq_p(out)) sub_p(out);
}

static void check_inverse(const uint64_t a[4], const char *what) {
  uint64_t r[4];
  uint32_t a32[8], r32[8], one[8];
  static const uint32_t ONE[8] = {1, 0, 0, 0, 0, 0, 0, 0};
  mlkem_x25519_invert(r, a);
  to32(a32, a);
  to32(r32, r);
  CHECK(!geq_p(r32));
  mulmod(one, a32, r32);
  CHECK_MSG(memcmp(one, ONE, sizeof one) == 0, what);
}

/* w = p - x for x < p (words). */
static void p_minus(uint64_t w[4], const uint64_t x[4]) {
  static const uint64_t P64[4] = {
      UINT64_C(0xffffffffffffffed), UINT64_C(0xffffffffffffffff),
      UINT64_C(0xffffffffffffffff), UINT64_C(0x7fffffffffffffff)};
  unsigned borrow = 0;
  for (int i = 0; i < 4; i++) {
    uint64_t t = P64[i] - x[i] - borrow;
    borrow = (P64[i] < x[i]) || (P64[i] - x[i] < borrow);
    w[i] = t;
  }
}

int main(void) {
  uint64_t a[4], b[4], r[4];
  test_fast_rng rng;
  unsigned long n = test_trials(100000);

  /* 1/0 = 0, as Fermat's a^(p - 2) gives. */
  memset(a, 0, sizeof a);
  memset(r, 0xAA, sizeof r);
  mlkem_x25519_invert(r, a);
  CHECK(r[0] == 0 && r[1] == 0 && r[2] == 0 && r[3] == 0);

  for (unsigned k = 0; k < 255; k++) {
    memset(a, 0, sizeof a);
    a[k / 64] = UINT64_C(1) << (k % 64);
    check_inverse(a, "2^k");
    p_minus(b, a);
    check_inverse(b, "p - 2^k");
  }
  for (unsigned small = 1; small < 64; small++) {
    memset(a, 0, sizeof a);
    a[0] = small;
    check_inverse(a, "small");
    p_minus(b, a);
    check_inverse(b, "p - small");
  }
  a[0] = a[1] = a[2] = ~UINT64_C(0);
  a[3] = UINT64_C(0x7ffffffffffffffe);
  check_inverse(a, "2^255 - 2^192 - 1");

  test_fast_rng_init(&rng, "test_x25519_invert");
  for (unsigned long i = 0; i < n; i++) {
    for (int j = 0; j < 4; j++) a[j] = test_fast_rng_next(&rng);
    a[3] &= UINT64_C(0x7fffffffffffffff);
    /* Below p: the 2^255 - 19 .. 2^255 - 1 corner is rejected. */
    if (a[3] == UINT64_C(0x7fffffffffffffff) && a[2] == ~UINT64_C(0) &&
        a[1] == ~UINT64_C(0) && a[0] >= UINT64_C(0xffffffffffffffed))
      continue;
    check_inverse(a, "random");
  }
  /* The output may alias the input. */
  a[0] = 12345;
  a[1] = a[2] = a[3] = 0;
  mlkem_x25519_invert(b, a);
  mlkem_x25519_invert(a, a);
  CHECK(memcmp(a, b, sizeof a) == 0);
  return test_summary("test_x25519_invert");
}

#else

int main(void) {
  printf(
      "test_x25519_invert: this build inverts by Fermat's little theorem "
      "(no 128-bit integers); the X25519 vectors test it\n");
  return test_summary("test_x25519_invert");
}

#endif
