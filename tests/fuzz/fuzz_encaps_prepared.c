/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* fuzz-sources: (none: the library and fuzz_common.h) */
/*
 * fuzz_encaps_prepared.c - libFuzzer target: encapsulation to a prepared
 * key that may have been altered after prepare_ek (stored or sent, then
 * changed), i.e. to arbitrary ek || h.
 *
 * Input: set byte || prep (ek || h, ek_bytes + 32) || m (fuzz_common.h).
 * Invariants:
 *  - encaps_prepared_derand and encaps_prepared fail (MLKEM_ERR_INVALID_EK)
 *    exactly when the independent restatement of the section 7.2 modulus
 *    check fails on the ek part, with ct and ss all zeros;
 *  - encaps_prepared_derand is deterministic;
 *  - on success the result is Algorithm 17 restated with the h given (a
 *    prepared key is not authenticated: h is used as H(ek), whatever it
 *    is): (K, r) = G(m || h), c = K-PKE.Encrypt(ek, m, r);
 *  - when h is H(ek), that is exactly encaps_derand's result on ek.
 */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static uint8_t prep[FUZZ_MAX_EK + 32], ct1[FUZZ_MAX_CT], ct2[FUZZ_MAX_CT];
  uint8_t m[MLKEM_MSG_BYTES], h[32];
  uint8_t ss1[MLKEM_SS_BYTES], ss2[MLKEM_SS_BYTES];
  const mlkem_kem *kem = fuzz_kem(&data, &size);
  int valid;

  fuzz_take(prep, kem->prepared_ek_bytes, &data, &size);
  fuzz_take(m, sizeof m, &data, &size);
  valid = fuzz_ek_modulus_ok(kem, prep);

  /* encaps_prepared_derand (twice) and encaps_prepared. */
  fuzz_encaps_runs(kem, kem->encaps_prepared_derand, kem->encaps_prepared, prep,
                   m, valid ? MLKEM_OK : MLKEM_ERR_INVALID_EK, ct1, ss1);
  if (!valid) return 0;

  /* Algorithm 17, restated with the h of the prepared key. */
  fuzz_require_alg17(kem, prep, prep + kem->ek_bytes, m, ct1, ss1);

  /* With h = H(ek), the prepared key is the one prepare_ek writes. */
  mlkem_sha3_256(h, prep, kem->ek_bytes);
  if (memcmp(h, prep + kem->ek_bytes, 32) == 0) {
    FUZZ_REQUIRE(kem->encaps_derand(ct2, ss2, prep, m) == MLKEM_OK &&
                     memcmp(ct2, ct1, kem->ct_bytes) == 0 &&
                     memcmp(ss2, ss1, sizeof ss2) == 0,
                 "encaps_prepared_derand = encaps_derand for ek || H(ek)");
  }
  return 0;
}
