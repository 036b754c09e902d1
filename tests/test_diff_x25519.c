/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_diff_x25519.c - every X25519 implementation built in and supported
 * by this CPU (x25519/x25519.h), called directly:
 *
 *  - the RFC 7748 and Wycheproof answers (x25519_vectors.h);
 *  - each one against the portable one, byte for byte, on 100,000 random
 *    (scalar, u) pairs (u over all 2^256 encodings, so about half have bit
 *    255 set and a few in 2^32 are non-canonical; the vectors cover those
 *    on purpose) and 100,000 random scalars for the fixed base, and its
 *    keypair_dh (both results) on the same pairs; the portable one's
 *    keypair_dh against its own ladder and comb on 10,000;
 *  - the fixed base against the ladder on u = 9 (the same implementation)
 *    on 20,000 random scalars, and on scalars whose digits (base.c) hit
 *    the extremes: all bits set, all clear, and every signed digit value
 *    in every position.
 * Under MLKEM_TEST_QUICK the random pairs and scalars are a tenth
 * (test_trials); the vectors and the extreme scalars are all checked.
 *
 * The implementations not built in, or not supported by this CPU, are
 * reported as not compared.
 */
#include <stdio.h>
#include <string.h>

#include "mlkem.h"
#include "test_util.h"
#include "x25519/x25519.h"
#include "x25519_vectors.h"

#define RANDOM_RUNS 100000ul
#define BASE_VS_LADDER_RUNS 20000ul

static const mlkem_x25519_impl *impl;

static unsigned long base_runs, base_bad;

/* base(k) against X25519(k, 9), counted. */
static void base_is_ladder(const uint8_t k[32]) {
  uint8_t nine[32] = {9}, a[32], b[32];
  impl->scalarmult_base(a, k);
  impl->scalarmult(b, k, nine);
  base_runs++;
  base_bad += memcmp(a, b, 32) != 0;
}

static void base_vs_ladder(void) {
  test_fast_rng rng;
  uint8_t k[32];
  unsigned long r;
  unsigned pos, d, i;
  const unsigned long trials = test_trials(BASE_VS_LADDER_RUNS);
  base_runs = base_bad = 0;
  test_fast_rng_init(&rng, "test_diff_x25519 base");
  for (r = 0; r < trials; r++) {
    for (i = 0; i < 4; i++) {
      uint64_t w = test_fast_rng_next(&rng);
      memcpy(k + 8 * i, &w, 8);
    }
    base_is_ladder(k);
  }
  /* All bits set (every digit -1 after the carries, the top one 8), all
   * clear (only the clamped bit 254), and each nibble value 0..15 in each
   * position over a background of 8s (digit -8, the most negative). */
  memset(k, 0xFF, 32);
  base_is_ladder(k);
  memset(k, 0, 32);
  base_is_ladder(k);
  for (pos = 0; pos < 64; pos++) {
    for (d = 0; d < 16; d++) {
      memset(k, 0x88, 32);
      k[pos / 2] = (uint8_t)((k[pos / 2] & (0xF0 >> (4 * (pos % 2)))) |
                             d << (4 * (pos % 2)));
      base_is_ladder(k);
    }
  }
  CHECKF(base_bad == 0,
         "%s: fixed base differs from the ladder on u = 9 "
         "for %lu of %lu scalars",
         impl->name, base_bad, base_runs);
  printf("%s: fixed base vs ladder on u = 9: %lu scalars, %lu differ\n",
         impl->name, base_runs, base_bad);
}

static const mlkem_x25519_impl *const impls[] = {
    &mlkem_x25519_portable,
#ifdef MLKEM_HAVE_X25519_IFMA
    &mlkem_x25519_ifma,
#endif
#ifdef MLKEM_HAVE_X25519_MULX
    &mlkem_x25519_mulx,
#endif
};

int main(void) {
  size_t i;
  printf("X25519 implementations built in: %zu\n",
         sizeof impls / sizeof impls[0]);
#ifndef MLKEM_HAVE_X25519_IFMA
  printf("ifma: not built in, not compared\n");
#endif
#ifndef MLKEM_HAVE_X25519_MULX
  printf("mulx: not built in, not compared\n");
#endif
  for (i = 0; i < sizeof impls / sizeof impls[0]; i++) {
    impl = impls[i];
    if (!mlkem_x25519_impl_supported(impl)) {
      printf("%s: not supported by this CPU, not compared\n", impl->name);
      continue;
    }
    x25519_check_impl(impl);
    base_vs_ladder();
    /* The portable one against itself checks its keypair_dh against its
     * separate ladder and comb, on fewer pairs. */
    x25519_compare_random(
        impl, &mlkem_x25519_portable,
        test_trials(impl != &mlkem_x25519_portable ? RANDOM_RUNS
                                                   : RANDOM_RUNS / 10),
        "test_diff_x25519");
  }
  return test_summary("test_diff_x25519");
}
