/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* fuzz-sources: (none: the library and fuzz_common.h) */
/*
 * fuzz_check_ek.c - libFuzzer target: the section 7.2 modulus check on an
 * arbitrary encapsulation key.
 *
 * Input: set byte || ek (fuzz_common.h). Invariants: check_ek returns
 * MLKEM_ERR_INVALID_EK exactly when the independent restatement (every
 * 12-bit value decoded one by one and compared with q) finds a value >= q,
 * and 0 otherwise; and the same key gives the same answer twice.
 */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static uint8_t ek[FUZZ_MAX_EK];
  const mlkem_kem *kem = fuzz_kem(&data, &size);
  int want, r;
  fuzz_take(ek, kem->ek_bytes, &data, &size);
  want = fuzz_ek_modulus_ok(kem, ek) ? MLKEM_OK : MLKEM_ERR_INVALID_EK;
  r = kem->check_ek(ek);
  FUZZ_REQUIRE(r == want, "check_ek is the modulus check");
  FUZZ_REQUIRE(kem->check_ek(ek) == r, "check_ek is deterministic");
  return 0;
}
