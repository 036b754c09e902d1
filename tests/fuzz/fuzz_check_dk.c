/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* fuzz-sources: (none: the library and fuzz_common.h) */
/*
 * fuzz_check_dk.c - libFuzzer target: the section 7.3 hash check on an
 * arbitrary decapsulation key.
 *
 * Input: set byte || dk (fuzz_common.h). Invariants: check_dk returns
 * MLKEM_ERR_INVALID_DK exactly when SHA3-256 of the ek inside dk differs
 * from the H(ek) stored after it (recomputed and compared here), and 0
 * otherwise; and the same key gives the same answer twice.
 *
 * Random bytes almost never pass the hash check, so half of the inputs
 * (set byte >= 128) get a correct H(ek) written into them first: that
 * way both outcomes are exercised and a check that accepted too little
 * would be found.
 */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static uint8_t dk[FUZZ_MAX_DK];
  int fix = size > 0 && data[0] >= 128;
  const mlkem_kem *kem = fuzz_kem(&data, &size);
  const size_t dkpke = 384u * kem->rank;
  int want, r;
  fuzz_take(dk, kem->dk_bytes, &data, &size);
  if (fix)
    mlkem_sha3_256(dk + dkpke + kem->ek_bytes, dk + dkpke, kem->ek_bytes);
  want = fuzz_dk_hash_ok(kem, dk) ? MLKEM_OK : MLKEM_ERR_INVALID_DK;
  if (fix) FUZZ_REQUIRE(want == MLKEM_OK, "fixed-up H(ek) passes");
  r = kem->check_dk(dk);
  FUZZ_REQUIRE(r == want, "check_dk is the hash check");
  FUZZ_REQUIRE(kem->check_dk(dk) == r, "check_dk is deterministic");
  return 0;
}
