/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_x25519.c - X25519 through the public API (mlkem_hazmat.h), on the
 * backend forced with MLKEM_BACKEND (run once per backend):
 *
 *  - RFC 7748 section 5.2 vectors and the iterated test (1 and 1,000
 *    iterations; 1,000,000 with --long), section 6.1 (both public keys,
 *    the shared secret both ways), and the 518 Wycheproof tests
 *    (x25519_vectors.h);
 *  - non-canonical u: the encodings of p + i (i < 19) give the results of
 *    i, and setting bit 255 of any u changes nothing (RFC 7748 section 5);
 *  - every encoding of a point of small order (0, 1, p - 1, the two points
 *    of order 8, p, p + 1, and each of them with bit 255 set) refused with
 *    MLKEM_ERR_X25519_ZERO and an all-zero output, under many scalars;
 *  - clamping: scalars that differ only in bits 0, 1, 2, 254 and 255 give
 *    the same results (decodeScalar25519), for x25519 and base;
 *  - base(k) = X25519(k, 9) and Diffie-Hellman agreement on random keys;
 *  - NULL arguments refused with outputs zeroed;
 *  - with --vectors FILE: lines "private peer-public shared public" in
 *    hex, made by another implementation (x25519_openssl.sh: OpenSSL),
 *    each checked.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mlkem.h"
#include "mlkem_hazmat.h"
#include "test_util.h"
#include "x25519/x25519.h"
#include "x25519_vectors.h"

#define RANDOM_RUNS 200

static test_rng rng;

/* p = 2^255 - 19 and the u-coordinates of the two points of order 8
 * (little-endian). The latter are facts about the curve (listed among the
 * small-order points in Wycheproof's x25519_test.json, flag
 * LowOrderPublic); the test itself confirms that each gives the all-zero
 * result under every scalar tried. */
static const char p_hex[] =
    "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f";
static const char order8_hex[2][65] = {
    "e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800",
    "5f9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f1157"};

static void hex32(uint8_t out[32], const char *hex) {
  CHECK(test_hex_decode(out, 32, hex, 64) == 32);
}

/* r = a + b mod 2^256 (little-endian). */
static void add256(uint8_t r[32], const uint8_t a[32], const uint8_t b[32]) {
  unsigned i, c = 0;
  for (i = 0; i < 32; i++) {
    c += (unsigned)a[i] + b[i];
    r[i] = (uint8_t)c;
    c >>= 8;
  }
}

static void test_noncanonical(void) {
  uint8_t k[32], p[32], u[32], small[32] = {0}, got[32], want[32];
  unsigned i, r, same = 0;
  int rc1, rc2;
  hex32(p, p_hex);
  for (r = 0; r < 4; r++) {
    test_rng_bytes(&rng, k, 32);
    for (i = 0; i < 19; i++) {
      small[0] = (uint8_t)i;
      add256(u, p, small); /* p + i, below 2^255 */
      rc1 = mlkem_x25519(got, k, u);
      rc2 = mlkem_x25519(want, k, small);
      same += rc1 == rc2 && memcmp(got, want, 32) == 0;
      CHECKF(rc1 == rc2 && memcmp(got, want, 32) == 0,
             "X25519(k, p + %u) = X25519(k, %u)", i, i);
      CHECKF(rc1 == (i < 2 ? MLKEM_ERR_X25519_ZERO : MLKEM_OK),
             "X25519(k, p + %u) returns %d", i, rc1);
    }
  }
  for (r = 0; r < RANDOM_RUNS; r++) {
    test_rng_bytes(&rng, k, 32);
    test_rng_bytes(&rng, u, 32);
    u[31] &= 0x7F;
    rc2 = mlkem_x25519(want, k, u);
    u[31] |= 0x80;
    rc1 = mlkem_x25519(got, k, u);
    same += rc1 == rc2 && memcmp(got, want, 32) == 0;
    CHECKF(rc1 == MLKEM_OK && rc2 == MLKEM_OK && memcmp(got, want, 32) == 0,
           "bit 255 of u is ignored (run %u)", r);
  }
  printf(
      "non-canonical u: %u of %u results equal those of the canonical "
      "encoding\n",
      same, 4 * 19 + RANDOM_RUNS);
}

static void test_small_order(void) {
  uint8_t pts[14][32], k[32], out[32], p[32], one[32] = {1};
  unsigned n = 0, i, r, refused = 0;
  hex32(p, p_hex);
  memset(pts[n++], 0, 32);   /* 0 */
  memcpy(pts[n++], one, 32); /* 1 */
  memcpy(pts[n], p, 32);     /* p - 1 */
  pts[n++][0] -= 1;
  hex32(pts[n++], order8_hex[0]);
  hex32(pts[n++], order8_hex[1]);
  memcpy(pts[n++], p, 32);  /* p = 0 */
  add256(pts[n++], p, one); /* p + 1 = 1 */
  for (i = 0; i < 7; i++) {
    memcpy(pts[n], pts[i], 32);
    pts[n++][31] |= 0x80;
  }
  for (i = 0; i < n; i++) {
    for (r = 0; r < 20; r++) {
      int rc;
      test_rng_bytes(&rng, k, 32);
      memset(out, TEST_FILL, sizeof out);
      rc = mlkem_x25519(out, k, pts[i]);
      refused += rc == MLKEM_ERR_X25519_ZERO && test_all_bytes(out, 32, 0);
      CHECKF(rc == MLKEM_ERR_X25519_ZERO && test_all_bytes(out, 32, 0),
             "small-order encoding %u refused with a zeroed output (rc %d)", i,
             rc);
    }
  }
  CHECK(strcmp(mlkem_strerror(MLKEM_ERR_X25519_ZERO), "unknown error") != 0);
  printf("small order: %u encodings x 20 scalars, %u refused\n", n, refused);
}

static void test_clamping(void) {
  /* Bits decodeScalar25519 overrides: 0, 1, 2 (cleared), 254 (set), 255
   * (cleared). */
  static const unsigned bits[5] = {0, 1, 2, 254, 255};
  uint8_t k[32], k2[32], u[32], a[32], b[32];
  unsigned r, j, same = 0, total = 0;
  for (r = 0; r < 50; r++) {
    test_rng_bytes(&rng, k, 32);
    test_rng_bytes(&rng, u, 32);
    for (j = 0; j < 5 + 1; j++) {
      memcpy(k2, k, 32);
      if (j < 5) {
        k2[bits[j] / 8] ^= (uint8_t)(1u << (bits[j] % 8));
      } else { /* all five at once */
        k2[0] ^= 7;
        k2[31] ^= 0xC0;
      }
      CHECK(mlkem_x25519(a, k, u) == MLKEM_OK);
      CHECK(mlkem_x25519(b, k2, u) == MLKEM_OK);
      same += memcmp(a, b, 32) == 0;
      CHECK(mlkem_x25519_base(a, k) == MLKEM_OK);
      CHECK(mlkem_x25519_base(b, k2) == MLKEM_OK);
      same += memcmp(a, b, 32) == 0;
      total += 2;
    }
  }
  CHECKF(same == total, "clamping: %u of %u pairs agree", same, total);
  printf("clamping: %u pairs of scalars differing in clamped bits agree\n",
         same);
}

static void test_random_dh(void) {
  uint8_t a[32], b[32], apub[32], bpub[32], k1[32], k2[32], nine[32] = {9};
  unsigned r, ok = 0;
  for (r = 0; r < RANDOM_RUNS; r++) {
    test_rng_bytes(&rng, a, 32);
    test_rng_bytes(&rng, b, 32);
    CHECK(mlkem_x25519_base(apub, a) == MLKEM_OK);
    CHECK(mlkem_x25519_base(bpub, b) == MLKEM_OK);
    CHECK(mlkem_x25519(k1, a, nine) == MLKEM_OK);
    CHECKF(memcmp(k1, apub, 32) == 0, "base(a) = X25519(a, 9) (run %u)", r);
    CHECK(mlkem_x25519(k1, a, bpub) == MLKEM_OK);
    CHECK(mlkem_x25519(k2, b, apub) == MLKEM_OK);
    CHECKF(memcmp(k1, k2, 32) == 0, "X25519(a, B) = X25519(b, A) (run %u)", r);
    ok += memcmp(k1, k2, 32) == 0;
  }
  printf("random exchanges: %u of %u agree\n", ok, RANDOM_RUNS);
}

static void test_null(void) {
  uint8_t k[32] = {1}, u[32] = {9}, out[32];
  memset(out, TEST_FILL, sizeof out);
  CHECK(mlkem_x25519(out, NULL, u) == MLKEM_ERR_NULL_ARGUMENT);
  CHECK(test_all_bytes(out, 32, 0));
  memset(out, TEST_FILL, sizeof out);
  CHECK(mlkem_x25519(out, k, NULL) == MLKEM_ERR_NULL_ARGUMENT);
  CHECK(test_all_bytes(out, 32, 0));
  CHECK(mlkem_x25519(NULL, k, u) == MLKEM_ERR_NULL_ARGUMENT);
  memset(out, TEST_FILL, sizeof out);
  CHECK(mlkem_x25519_base(out, NULL) == MLKEM_ERR_NULL_ARGUMENT);
  CHECK(test_all_bytes(out, 32, 0));
  CHECK(mlkem_x25519_base(NULL, k) == MLKEM_ERR_NULL_ARGUMENT);
}

/* Lines "private peer-public shared public" (64 hex digits each) from
 * another implementation. */
static void test_vector_file(const char *path) {
  FILE *f = fopen(path, "r");
  char line[512], h[4][65];
  unsigned n = 0;
  if (f == NULL) {
    perror(path);
    CHECK_MSG(0, "the --vectors file opens");
    return;
  }
  while (fgets(line, sizeof line, f) != NULL) {
    uint8_t k[32], peer[32], shared[32], pub[32], got[32];
    if (sscanf(line, "%64s %64s %64s %64s", h[0], h[1], h[2], h[3]) != 4)
      continue;
    hex32(k, h[0]);
    hex32(peer, h[1]);
    hex32(shared, h[2]);
    hex32(pub, h[3]);
    CHECKF(mlkem_x25519_base(got, k) == MLKEM_OK && !memcmp(got, pub, 32),
           "%s line %u: public key", path, n + 1);
    CHECKF(mlkem_x25519(got, k, peer) == MLKEM_OK && !memcmp(got, shared, 32),
           "%s line %u: shared secret", path, n + 1);
    n++;
  }
  fclose(f);
  CHECKF(n > 0, "%s holds vectors", path);
  printf("%s: %u key pairs and shared secrets checked\n", path, n);
}

int main(int argc, char **argv) {
  unsigned long iterations = 1000;
  const char *vectors = NULL;
  int a;
  for (a = 1; a < argc; a++) {
    if (strcmp(argv[a], "--long") == 0) {
      iterations = 1000000;
    } else if (strcmp(argv[a], "--vectors") == 0 && a + 1 < argc) {
      vectors = argv[++a];
    } else {
      fprintf(stderr, "usage: %s [--long] [--vectors FILE]\n", argv[0]);
      return 2;
    }
  }
  test_backend_banner();
  printf("X25519 implementation: %s\n", mlkem_x25519_impl_get()->name);
  test_rng_init(&rng, "test_x25519");
  if (vectors != NULL) {
    test_vector_file(vectors);
    return test_summary("test_x25519");
  }
  x25519_check_rfc7748("mlkem_x25519", mlkem_x25519, mlkem_x25519_base,
                       iterations);
  printf("RFC 7748 5.2 and 6.1: checked (iterated test: %lu iterations)\n",
         iterations);
  x25519_check_wycheproof("mlkem_x25519", mlkem_x25519);
  test_noncanonical();
  test_small_order();
  test_clamping();
  test_random_dh();
  test_null();
  return test_summary("test_x25519");
}
