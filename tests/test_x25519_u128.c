/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_x25519_u128.c - the portable X25519 compiled with the emulated
 * 128-bit arithmetic of x25519/u128.h (the form compilers without
 * unsigned __int128 get), here on a compiler that has it: the RFC 7748
 * and Wycheproof answers, and the library's portable implementation
 * (native 128-bit products) byte for byte on 5,000 random inputs.
 */
#include <stdio.h>
#include <string.h>

#define MLKEM_X25519_U128_EMULATED 1
/* This copy gets its own name beside the library's. */
#define mlkem_x25519_portable mlkem_x25519_emulated
#include "x25519/impl_portable.c"
#undef mlkem_x25519_portable

#include "mlkem.h"
#include "test_util.h"
#include "x25519_vectors.h"

extern const mlkem_x25519_impl mlkem_x25519_portable;

#define RANDOM_RUNS 5000ul

static int emulated_x25519(uint8_t out[32], const uint8_t k[32],
                           const uint8_t u[32]) {
  mlkem_x25519_emulated.scalarmult(out, k, u);
  return test_all_bytes(out, 32, 0) ? MLKEM_ERR_X25519_ZERO : MLKEM_OK;
}

static int emulated_base(uint8_t out[32], const uint8_t k[32]) {
  mlkem_x25519_emulated.scalarmult_base(out, k);
  return MLKEM_OK;
}

int main(void) {
  test_fast_rng rng;
  uint8_t k[32], u[32], a[32], b[32];
  unsigned long r, bad = 0;
  unsigned i;
#if defined(__SIZEOF_INT128__)
  printf("emulated 128-bit arithmetic (the compiler also has __int128)\n");
#endif
  x25519_check_rfc7748("emulated", emulated_x25519, emulated_base, 1000);
  x25519_check_wycheproof("emulated", emulated_x25519);
  test_fast_rng_init(&rng, "test_x25519_u128");
  for (r = 0; r < RANDOM_RUNS; r++) {
    for (i = 0; i < 4; i++) {
      uint64_t w = test_fast_rng_next(&rng), v = test_fast_rng_next(&rng);
      memcpy(k + 8 * i, &w, 8);
      memcpy(u + 8 * i, &v, 8);
    }
    mlkem_x25519_emulated.scalarmult(a, k, u);
    mlkem_x25519_portable.scalarmult(b, k, u);
    bad += memcmp(a, b, 32) != 0;
    mlkem_x25519_emulated.scalarmult_base(a, k);
    mlkem_x25519_portable.scalarmult_base(b, k);
    bad += memcmp(a, b, 32) != 0;
  }
  CHECKF(bad == 0, "%lu of %lu results differ from the native portable one",
         bad, 2 * RANDOM_RUNS);
  printf("emulated vs native: %lu random X25519 and fixed-base results, %lu "
         "differ\n",
         2 * RANDOM_RUNS, bad);
  return test_summary("test_x25519_u128");
}
