/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_poly1305_u128.c - the portable Poly1305 compiled with the emulated
 * 128-bit arithmetic of x25519/u128.h (the form compilers without
 * unsigned __int128 get, the "32-bit" fallback), here on a compiler that
 * has it: RFC 8439's Section 2.5.2 tag, then the library's portable code
 * (native 128-bit products) tag for tag on 20,000 random keys and
 * messages (2,000 under MLKEM_TEST_QUICK: test_trials), a quarter of them
 * with the largest r and all-ones blocks, absorbed in calls of random
 * sizes; and the powers of r the SIMD implementations start from.
 */
#include <stdio.h>
#include <string.h>

#define MLKEM_X25519_U128_EMULATED 1
/* This copy gets its own names beside the library's. */
#define mlkem_poly1305_init poly1305_emulated_init
#define mlkem_poly1305_blocks_portable poly1305_emulated_blocks
#define mlkem_poly1305_final poly1305_emulated_final
#define mlkem_poly1305_powers26 poly1305_emulated_powers26
#include "aead/poly1305_portable.c"
#undef mlkem_poly1305_init
#undef mlkem_poly1305_blocks_portable
#undef mlkem_poly1305_final
#undef mlkem_poly1305_powers26

#include "mlkem.h"
#include "test_util.h"

/* The library's (poly1305.h was read above under the copy's names). */
void mlkem_poly1305_init(mlkem_poly1305 *st, const uint8_t key[32]);
void mlkem_poly1305_blocks_portable(mlkem_poly1305 *st, const uint8_t *m,
                                    size_t nblocks);
void mlkem_poly1305_final(mlkem_poly1305 *st, uint8_t tag[16],
                          const uint8_t *last, size_t len);
void mlkem_poly1305_powers26(mlkem_poly1305 *st);

#define RUNS 20000ul
#define MAX_MSG (16 * 70 + 15)

/* Tag of m with the emulated code (emulated = 1) or the library's, the
 * full blocks in calls of at most step blocks. */
static void tag_of(int emulated, uint8_t tag[16], const uint8_t *m, size_t len,
                   const uint8_t key[32], size_t step) {
  mlkem_poly1305 st;
  size_t full = len / 16, done = 0;
  if (emulated)
    poly1305_emulated_init(&st, key);
  else
    mlkem_poly1305_init(&st, key);
  while (done < full) {
    size_t n = full - done < step ? full - done : step;
    if (emulated)
      poly1305_emulated_blocks(&st, m + 16 * done, n);
    else
      mlkem_poly1305_blocks_portable(&st, m + 16 * done, n);
    done += n;
  }
  if (emulated)
    poly1305_emulated_final(&st, tag, m + 16 * full, len % 16);
  else
    mlkem_poly1305_final(&st, tag, m + 16 * full, len % 16);
}

int main(void) {
  /* RFC 8439 Section 2.5.2. */
  static const char key_hex[] =
      "85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b";
  static const char msg_txt[] = "Cryptographic Forum Research Group";
  static const char tag_hex[] = "a8061dc1305136c6c22b8baf0c0127a9";
  uint8_t key[32], want[16], got[16], m[MAX_MSG];
  mlkem_poly1305 a, b;
  test_fast_rng rng;
  unsigned long r, runs = test_trials(RUNS), bad = 0;
  size_t i;
#if defined(__SIZEOF_INT128__)
  printf("emulated 128-bit arithmetic (the compiler also has __int128)\n");
#endif
  CHECK(test_hex_decode(key, 32, key_hex, 64) == 32);
  CHECK(test_hex_decode(want, 16, tag_hex, 32) == 16);
  tag_of(1, got, (const uint8_t *)msg_txt, strlen(msg_txt), key, 1);
  CHECK_MEM(got, want, 16, "RFC 8439 2.5.2, emulated 128-bit arithmetic");

  test_fast_rng_init(&rng, "test_poly1305_u128");
  for (r = 0; r < runs; r++) {
    size_t len = (size_t)(test_fast_rng_next(&rng) % sizeof m);
    size_t step = 1 + (size_t)(test_fast_rng_next(&rng) % 9);
    for (i = 0; i < 32; i++) key[i] = (uint8_t)test_fast_rng_next(&rng);
    for (i = 0; i < len; i++) m[i] = (uint8_t)test_fast_rng_next(&rng);
    if (r % 4 == 0) {
      memset(key, 0xff, 16);
      memset(m, 0xff, len);
    }
    tag_of(1, got, m, len, key, step);
    tag_of(0, want, m, len, key, 1 + len / 16);
    if (memcmp(got, want, 16) != 0 && bad++ < 5)
      CHECKF(0, "emulated tag of %zu bytes differs (run %lu)", len, r);
    /* r^1 .. r^4 in radix 2^26. */
    if (r % 16 == 0) {
      poly1305_emulated_init(&a, key);
      mlkem_poly1305_init(&b, key);
      poly1305_emulated_powers26(&a);
      mlkem_poly1305_powers26(&b);
      if (memcmp(a.pow26, b.pow26, sizeof a.pow26) != 0 && bad++ < 5)
        CHECKF(0, "emulated powers of r differ (run %lu)", r);
    }
  }
  CHECKF(bad == 0, "%lu of %lu emulated results differ", bad, runs);
  printf(
      "emulated vs native 128-bit Poly1305: %lu random messages, %lu differ\n",
      runs, bad);
  return test_summary("test_poly1305_u128");
}
