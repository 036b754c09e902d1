/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_x25519_u128.c - the portable X25519 compiled with the emulated
 * 128-bit arithmetic of x25519/u128.h (the form compilers without
 * unsigned __int128 get), here on a compiler that has it: the RFC 7748
 * and Wycheproof answers, and the library's portable implementation
 * (native 128-bit products) byte for byte on 5,000 random inputs (500
 * under MLKEM_TEST_QUICK: test_trials). This copy also inverts by
 * Fermat's little theorem, the library's by safegcd.
 */
#include <stdio.h>
#include <string.h>

#define MLKEM_X25519_U128_EMULATED 1
/* and inverts by Fermat's little theorem, as the builds without 128-bit
 * integers do, so the comparison below also checks the safegcd inversion
 * of the library's copy (x25519/invert.c) against Fermat's. */
#define MLKEM_X25519_NO_SAFEGCD 1
/* This copy gets its own names beside the library's. */
#define mlkem_x25519_portable mlkem_x25519_emulated
#define X25519_PORTABLE_NAME "portable (emulated 128-bit)"
#include "x25519/impl_portable.c"
#undef mlkem_x25519_portable

#include "mlkem.h"
#include "test_util.h"
#include "x25519_vectors.h"

extern const mlkem_x25519_impl mlkem_x25519_portable;

#define RANDOM_RUNS 5000ul

int main(void) {
#if defined(__SIZEOF_INT128__)
  printf("emulated 128-bit arithmetic (the compiler also has __int128)\n");
#endif
  x25519_check_impl(&mlkem_x25519_emulated);
  x25519_compare_random(&mlkem_x25519_emulated, &mlkem_x25519_portable,
                        test_trials(RANDOM_RUNS), "test_x25519_u128");
  return test_summary("test_x25519_u128");
}
