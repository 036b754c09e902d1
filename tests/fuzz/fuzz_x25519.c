/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * fuzz_x25519.c - libFuzzer target: X25519 on arbitrary scalars and
 * points, every implementation against the portable one.
 *
 * Input: scalar (32 bytes) || u (32 bytes), zeros where the input is
 * shorter. Invariants: each implementation the CPU runs (x25519/x25519.h)
 * gives the portable result byte for byte, for the ladder on u and for
 * the fixed base; mlkem_x25519 gives that result and fails with
 * MLKEM_ERR_X25519_ZERO exactly when it is all zeros; mlkem_x25519_base
 * gives the fixed base's result and 0.
 */
#include "fuzz_common.h"
#include "mlkem_hazmat.h"
#include "x25519/x25519.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const mlkem_x25519_impl *const impls[] = {
    &mlkem_x25519_portable,
#ifdef MLKEM_HAVE_X25519_IFMA
    &mlkem_x25519_ifma,
#endif
#ifdef MLKEM_HAVE_X25519_MULX
    &mlkem_x25519_mulx,
#endif
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  uint8_t k[32] = {0}, u[32] = {0}, want[32], want_base[32], got[32], got2[32];
  unsigned acc = 0, i;
  int r;
  fuzz_take(k, 32, &data, &size);
  fuzz_take(u, 32, &data, &size);
  mlkem_x25519_portable.scalarmult(want, k, u);
  mlkem_x25519_portable.scalarmult_base(want_base, k);
  for (i = 0; i < sizeof impls / sizeof impls[0]; i++) {
    if (!mlkem_x25519_impl_supported(impls[i])) continue;
    impls[i]->scalarmult(got, k, u);
    FUZZ_REQUIRE(memcmp(got, want, 32) == 0, "X25519 agrees with portable");
    impls[i]->scalarmult_base(got, k);
    FUZZ_REQUIRE(memcmp(got, want_base, 32) == 0,
                 "the fixed base agrees with portable");
    impls[i]->keypair_dh(got, got2, k, u);
    FUZZ_REQUIRE(memcmp(got, want_base, 32) == 0 && memcmp(got2, want, 32) == 0,
                 "keypair_dh agrees with portable's ladder and comb");
  }
  for (i = 0; i < 32; i++) acc |= want[i];
  r = mlkem_x25519(got, k, u);
  FUZZ_REQUIRE(r == (acc == 0 ? MLKEM_ERR_X25519_ZERO : MLKEM_OK),
               "mlkem_x25519 refuses exactly the all-zero result");
  FUZZ_REQUIRE(memcmp(got, want, 32) == 0, "mlkem_x25519's output");
  FUZZ_REQUIRE(
      mlkem_x25519_base(got, k) == MLKEM_OK && memcmp(got, want_base, 32) == 0,
      "mlkem_x25519_base's output");
  return 0;
}
