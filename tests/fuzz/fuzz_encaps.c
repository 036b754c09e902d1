/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* fuzz-sources: (none: the library and fuzz_common.h) */
/*
 * fuzz_encaps.c - libFuzzer target: ML-KEM.Encaps on an arbitrary
 * encapsulation key.
 *
 * Input: set byte || ek || m (fuzz_common.h). Invariants:
 *  - encaps_derand and encaps fail (MLKEM_ERR_INVALID_EK) exactly when the
 *    independent restatement of the section 7.2 modulus check fails, and
 *    check_ek agrees;
 *  - on error the ciphertext and the shared secret are all zeros;
 *  - prepare_ek fails the same way (its output all zeros), and on success
 *    holds ek || H(ek), and encaps_prepared_derand on it gives exactly
 *    encaps_derand's result;
 *  - encaps_derand is deterministic: a second call gives the same result;
 *  - on success the result is that of Algorithm 17 restated here from the
 *    hazmat K-PKE and SHA-3: (K, r) = G(m || H(ek)), c = Encrypt(ek, m, r).
 */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static uint8_t ek[FUZZ_MAX_EK], ct1[FUZZ_MAX_CT];
  static uint8_t prep[FUZZ_MAX_EK + 32], ct4[FUZZ_MAX_CT];
  uint8_t m[MLKEM_MSG_BYTES], h[32];
  uint8_t ss1[MLKEM_SS_BYTES], ss4[MLKEM_SS_BYTES];
  const mlkem_kem *kem = fuzz_kem(&data, &size);
  int valid, want_rc;

  fuzz_take(ek, kem->ek_bytes, &data, &size);
  fuzz_take(m, sizeof m, &data, &size);
  valid = fuzz_ek_modulus_ok(kem, ek);
  want_rc = valid ? MLKEM_OK : MLKEM_ERR_INVALID_EK;

  /* encaps_derand (twice) and encaps. */
  fuzz_encaps_runs(kem, kem->encaps_derand, kem->encaps, ek, m, want_rc, ct1,
                   ss1);
  FUZZ_REQUIRE(kem->check_ek(ek) == want_rc, "check_ek agrees with encaps");
  memset(prep, FUZZ_FILL, kem->prepared_ek_bytes);
  FUZZ_REQUIRE(kem->prepare_ek(prep, ek) == want_rc,
               "prepare_ek fails exactly when the modulus check fails");
  if (!valid) {
    FUZZ_REQUIRE(fuzz_all(prep, kem->prepared_ek_bytes, 0),
                 "prepare_ek's output zeroed on error");
    return 0;
  }

  /* Algorithm 17, restated. */
  mlkem_sha3_256(h, ek, kem->ek_bytes);
  fuzz_require_alg17(kem, ek, h, m, ct1, ss1);
  FUZZ_REQUIRE(memcmp(prep, ek, kem->ek_bytes) == 0 &&
                   memcmp(prep + kem->ek_bytes, h, 32) == 0,
               "prepare_ek writes ek || H(ek)");
  FUZZ_REQUIRE(kem->encaps_prepared_derand(ct4, ss4, prep, m) == MLKEM_OK &&
                   memcmp(ct4, ct1, kem->ct_bytes) == 0 &&
                   memcmp(ss4, ss1, sizeof ss4) == 0,
               "encaps_prepared_derand = encaps_derand");
  return 0;
}
