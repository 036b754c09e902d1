/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* x25519_vectors.c - the published X25519 answers (x25519_vectors.h). */
#include "x25519_vectors.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "mlkem.h"
#include "test_util.h"
#include "wycheproof.h"
#include "x25519/x25519.h"

const char *const x25519_small_order_hex[X25519_SMALL_ORDER_POINTS] = {
    "0000000000000000000000000000000000000000000000000000000000000000",
    "0100000000000000000000000000000000000000000000000000000000000000",
    "e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800",
    "5f9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f1157",
    "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
};

static void hex32(uint8_t out[32], const char *hex) {
  CHECK(strlen(hex) == 64 && test_hex_decode(out, 32, hex, 64) == 32);
}

/* RFC 7748 section 5.2, the two single test vectors: scalar, input
 * u-coordinate (the second one with its top bit set, which X25519 masks),
 * output u-coordinate. */
static const char *const rfc7748_single[2][3] = {
    {"a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4",
     "e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c",
     "c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552"},
    {"4b66e9d4d1b4673c5ad22691957d6af5c11b6421e0ea01d42ca4169e7918ba0d",
     "e5210f12786811d3f4b7959d0538ae2c31dbe7106fc03c3efc4cd549c715a493",
     "95cbde9476e8907d7aade45cb4b873f88b595a68799fa152e6f8f7647aac7957"},
};

/* RFC 7748 section 5.2, the iterated test from k = u = 9: k after 1, 1,000
 * and 1,000,000 iterations of (k, u) <- (X25519(k, u), k). */
static const struct {
  unsigned long n;
  const char *k;
} rfc7748_iterated[3] = {
    {1, "422c8e7a6227d7bca1350b3e2bb7279f7897b87bb6854b783c60e80311ae3079"},
    {1000, "684cf59ba83309552800ef566f2f4d3c1c3887c49360e3875f2eb94d99532c51"},
    {1000000,
     "7c3911e0ab2586fd864497297e575e6f3bc601c0883c30df5f4dd2d24f665424"},
};

/* RFC 7748 section 6.1: Alice's and Bob's private and public keys and
 * their shared secret K. */
static const char rfc7748_a_priv[] =
    "77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a";
static const char rfc7748_a_pub[] =
    "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a";
static const char rfc7748_b_priv[] =
    "5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb";
static const char rfc7748_b_pub[] =
    "de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f";
static const char rfc7748_shared[] =
    "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742";

void x25519_check_rfc7748(const char *label, x25519_fn fn, x25519_base_fn base,
                          unsigned long iterations) {
  uint8_t k[32], u[32], want[32], got[32], nine[32] = {9};
  uint8_t a[32], b[32], apub[32], bpub[32], shared[32];
  unsigned long i;
  unsigned c, v;

  for (v = 0; v < 2; v++) {
    hex32(k, rfc7748_single[v][0]);
    hex32(u, rfc7748_single[v][1]);
    hex32(want, rfc7748_single[v][2]);
    CHECKF(fn(got, k, u) == MLKEM_OK, "%s: RFC 7748 5.2 vector %u returns 0",
           label, v + 1);
    CHECKF(memcmp(got, want, 32) == 0, "%s: RFC 7748 5.2 vector %u output",
           label, v + 1);
  }

  memcpy(k, nine, 32);
  memcpy(u, nine, 32);
  for (i = 1, c = 0; i <= iterations; i++) {
    int rc = fn(got, k, u);
    if (rc != MLKEM_OK) {
      CHECKF(0, "%s: iterated test: iteration %lu returned %d", label, i, rc);
      break;
    }
    memcpy(u, k, 32);
    memcpy(k, got, 32);
    if (c < 3 && rfc7748_iterated[c].n == i) {
      hex32(want, rfc7748_iterated[c].k);
      CHECKF(memcmp(k, want, 32) == 0,
             "%s: RFC 7748 5.2 iterated test after %lu iterations", label, i);
      c++;
    }
  }
  CHECKF(c == (iterations >= 1000000 ? 3u : 2u),
         "%s: iterated test reached its %s checkpoints", label,
         iterations >= 1000000 ? "three" : "two");

  hex32(a, rfc7748_a_priv);
  hex32(b, rfc7748_b_priv);
  hex32(apub, rfc7748_a_pub);
  hex32(bpub, rfc7748_b_pub);
  hex32(shared, rfc7748_shared);
  CHECKF(base(got, a) == MLKEM_OK && memcmp(got, apub, 32) == 0,
         "%s: RFC 7748 6.1 Alice's public key (base)", label);
  CHECKF(base(got, b) == MLKEM_OK && memcmp(got, bpub, 32) == 0,
         "%s: RFC 7748 6.1 Bob's public key (base)", label);
  CHECKF(fn(got, a, nine) == MLKEM_OK && memcmp(got, apub, 32) == 0,
         "%s: RFC 7748 6.1 Alice's public key (X25519 of 9)", label);
  CHECKF(fn(got, b, nine) == MLKEM_OK && memcmp(got, bpub, 32) == 0,
         "%s: RFC 7748 6.1 Bob's public key (X25519 of 9)", label);
  CHECKF(fn(got, a, bpub) == MLKEM_OK && memcmp(got, shared, 32) == 0,
         "%s: RFC 7748 6.1 K = X25519(a, X25519(b, 9))", label);
  CHECKF(fn(got, b, apub) == MLKEM_OK && memcmp(got, shared, 32) == 0,
         "%s: RFC 7748 6.1 K = X25519(b, X25519(a, 9))", label);
}

void x25519_check_wycheproof(const char *label, x25519_fn fn) {
  static const char rel[] = "wycheproof/x25519_test.json";
  const json_value *groups;
  json_value *root = wycheproof_load(rel, &groups);
  size_t g, t;
  unsigned long total = 0, zero = 0, bad = 0;
  if (root == NULL) return;
  for (g = 0; g < groups->count; g++) {
    const json_value *tests = json_get(groups->items[g], "tests");
    const char *curve = json_get_string(groups->items[g], "curve");
    CHECKF(curve != NULL && strcmp(curve, "curve25519") == 0,
           "%s: group %zu is curve25519", rel, g);
    for (t = 0; tests != NULL && t < tests->count; t++) {
      const json_value *tc = tests->items[t];
      const char *pub = json_get_string(tc, "public");
      const char *priv = json_get_string(tc, "private");
      const char *sh = json_get_string(tc, "shared");
      double id = 0;
      uint8_t k[32], u[32], want[32], got[32];
      int want_rc, rc;
      if (pub == NULL || priv == NULL || sh == NULL ||
          !json_get_number(tc, "tcId", &id) || strlen(pub) != 64 ||
          strlen(priv) != 64 || strlen(sh) != 64) {
        CHECKF(0, "%s: test %zu is malformed", rel, t);
        continue;
      }
      hex32(u, pub);
      hex32(k, priv);
      hex32(want, sh);
      want_rc = test_all_bytes(want, 32, 0) ? MLKEM_ERR_X25519_ZERO : MLKEM_OK;
      memset(got, TEST_FILL, sizeof got);
      rc = fn(got, k, u);
      total++;
      zero += want_rc != MLKEM_OK;
      if (rc != want_rc || memcmp(got, want, 32) != 0) {
        bad++;
        CHECKF(0, "%s: Wycheproof tcId %.0f (%s): returned %d, expected %d%s",
               label, id, json_get_string(tc, "comment"), rc, want_rc,
               memcmp(got, want, 32) != 0 ? ", output differs" : "");
      }
    }
  }
  CHECKF(total == 518, "%s: %lu Wycheproof tests run, 518 expected", label,
         total);
  CHECKF(bad == 0, "%s: %lu of %lu Wycheproof tests failed", label, bad, total);
  printf(
      "%s: Wycheproof: %lu tests, %lu of them of small order (refused), "
      "%lu failed\n",
      label, total, zero, bad);
  json_free(root);
}

static const mlkem_x25519_impl *checked;

static int checked_x25519(uint8_t out[32], const uint8_t k[32],
                          const uint8_t u[32]) {
  checked->scalarmult(out, k, u);
  return test_all_bytes(out, 32, 0) ? MLKEM_ERR_X25519_ZERO : MLKEM_OK;
}

static int checked_base(uint8_t out[32], const uint8_t k[32]) {
  checked->scalarmult_base(out, k);
  return MLKEM_OK;
}

/* X25519 through keypair_dh, whose key pair half is compared with the
 * fixed base's (counted in keypair_pk_bad). */
static unsigned long keypair_runs, keypair_pk_bad;

static int checked_keypair_dh(uint8_t out[32], const uint8_t k[32],
                              const uint8_t u[32]) {
  uint8_t pk[32], want[32];
  memset(pk, TEST_FILL, sizeof pk);
  checked->keypair_dh(pk, out, k, u);
  checked->scalarmult_base(want, k);
  keypair_runs++;
  keypair_pk_bad += memcmp(pk, want, 32) != 0;
  return test_all_bytes(out, 32, 0) ? MLKEM_ERR_X25519_ZERO : MLKEM_OK;
}

void x25519_check_impl(const void *impl) {
  char label[64];
  checked = impl;
  x25519_check_rfc7748(checked->name, checked_x25519, checked_base, 1000);
  x25519_check_wycheproof(checked->name, checked_x25519);
  /* The same answers from keypair_dh (the small-order points among
   * Wycheproof's give the zero result with the key pair still right). */
  snprintf(label, sizeof label, "%s keypair_dh", checked->name);
  keypair_runs = keypair_pk_bad = 0;
  x25519_check_rfc7748(label, checked_keypair_dh, checked_base, 1000);
  x25519_check_wycheproof(label, checked_keypair_dh);
  CHECKF(keypair_pk_bad == 0,
         "%s: %lu of %lu public keys differ from the fixed base's", label,
         keypair_pk_bad, keypair_runs);
  printf("%s: %lu public keys, %lu differ from the fixed base's\n", label,
         keypair_runs, keypair_pk_bad);
}

unsigned long x25519_compare_random(const void *impl, const void *ref,
                                    unsigned long n, const char *seed) {
  const mlkem_x25519_impl *a = impl, *b = ref;
  test_fast_rng rng;
  uint8_t k[32], u[32], got[32], want[32], got2[32], want2[32];
  unsigned long r, bad = 0, bad_base = 0, bad_pair = 0;
  unsigned i;
  test_fast_rng_init(&rng, seed);
  for (r = 0; r < n; r++) {
    for (i = 0; i < 4; i++) {
      uint64_t w = test_fast_rng_next(&rng), v = test_fast_rng_next(&rng);
      memcpy(k + 8 * i, &w, 8);
      memcpy(u + 8 * i, &v, 8);
    }
    a->scalarmult(got, k, u);
    b->scalarmult(want, k, u);
    if (memcmp(got, want, 32) != 0 && bad++ == 0)
      CHECKF(0, "%s: X25519 differs from %s (run %lu)", a->name, b->name, r);
    a->scalarmult_base(got, k);
    b->scalarmult_base(want, k);
    if (memcmp(got, want, 32) != 0 && bad_base++ == 0)
      CHECKF(0, "%s: fixed base differs from %s (run %lu)", a->name, b->name,
             r);
    /* keypair_dh on the same pair: both halves against ref's. */
    a->keypair_dh(got, got2, k, u);
    b->scalarmult(want2, k, u);
    if ((memcmp(got, want, 32) != 0 || memcmp(got2, want2, 32) != 0) &&
        bad_pair++ == 0)
      CHECKF(0, "%s: keypair_dh differs from %s (run %lu)", a->name, b->name,
             r);
  }
  CHECKF(bad + bad_base + bad_pair == 0,
         "%s: %lu X25519, %lu fixed-base and %lu keypair_dh results of %lu "
         "differ from %s",
         a->name, bad, bad_base, bad_pair, n, b->name);
  printf(
      "%s vs %s: %lu random X25519, fixed-base and keypair_dh results, "
      "%lu + %lu + %lu differ\n",
      a->name, b->name, n, bad, bad_base, bad_pair);
  return bad + bad_base + bad_pair;
}
