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
  static uint8_t ek[FUZZ_MAX_EK], ct1[FUZZ_MAX_CT], ct2[FUZZ_MAX_CT];
  static uint8_t ct3[FUZZ_MAX_CT], want_ct[FUZZ_MAX_CT];
  static uint8_t prep[FUZZ_MAX_EK + 32], ct4[FUZZ_MAX_CT];
  uint8_t m[MLKEM_MSG_BYTES], mh[64], kr[64];
  uint8_t ss1[MLKEM_SS_BYTES], ss2[MLKEM_SS_BYTES], ss3[MLKEM_SS_BYTES];
  uint8_t ss4[MLKEM_SS_BYTES];
  const mlkem_kem *kem = fuzz_kem(&data, &size);
  fuzz_kpke kpke = fuzz_kpke_of(kem);
  int valid, want_rc, r1, r2, r3;

  fuzz_take(ek, kem->ek_bytes, &data, &size);
  fuzz_take(m, sizeof m, &data, &size);
  valid = fuzz_ek_modulus_ok(kem, ek);
  want_rc = valid ? MLKEM_OK : MLKEM_ERR_INVALID_EK;

  memset(ct1, FUZZ_FILL, kem->ct_bytes);
  memset(ct2, FUZZ_FILL, kem->ct_bytes);
  memset(ct3, FUZZ_FILL, kem->ct_bytes);
  memset(ss1, FUZZ_FILL, sizeof ss1);
  memset(ss2, FUZZ_FILL, sizeof ss2);
  memset(ss3, FUZZ_FILL, sizeof ss3);
  r1 = kem->encaps_derand(ct1, ss1, ek, m);
  r2 = kem->encaps_derand(ct2, ss2, ek, m);
  r3 = kem->encaps(ct3, ss3, ek);
  FUZZ_REQUIRE(r1 == want_rc,
               "encaps_derand fails exactly when the modulus check fails");
  FUZZ_REQUIRE(r3 == want_rc,
               "encaps fails exactly when the modulus check fails");
  FUZZ_REQUIRE(kem->check_ek(ek) == want_rc, "check_ek agrees with encaps");
  memset(prep, FUZZ_FILL, kem->prepared_ek_bytes);
  FUZZ_REQUIRE(kem->prepare_ek(prep, ek) == want_rc,
               "prepare_ek fails exactly when the modulus check fails");
  if (!valid)
    FUZZ_REQUIRE(fuzz_all(prep, kem->prepared_ek_bytes, 0),
                 "prepare_ek's output zeroed on error");
  FUZZ_REQUIRE(r2 == r1 && memcmp(ct1, ct2, kem->ct_bytes) == 0 &&
                   memcmp(ss1, ss2, sizeof ss1) == 0,
               "encaps_derand is deterministic");
  if (!valid) {
    FUZZ_REQUIRE(
        fuzz_all(ct1, kem->ct_bytes, 0) && fuzz_all(ss1, sizeof ss1, 0) &&
            fuzz_all(ct3, kem->ct_bytes, 0) && fuzz_all(ss3, sizeof ss3, 0),
        "ct and ss zeroed on error");
    return 0;
  }

  /* Algorithm 17, restated. */
  memcpy(mh, m, 32);
  mlkem_sha3_256(mh + 32, ek, kem->ek_bytes);
  mlkem_sha3_512(kr, mh, sizeof mh);
  FUZZ_REQUIRE(kpke.encrypt(want_ct, ek, m, kr + 32) == MLKEM_OK,
               "K-PKE.Encrypt");
  FUZZ_REQUIRE(memcmp(ct1, want_ct, kem->ct_bytes) == 0,
               "ct = K-PKE.Encrypt(ek, m, r)");
  FUZZ_REQUIRE(memcmp(ss1, kr, sizeof ss1) == 0, "ss = K of G(m || H(ek))");
  FUZZ_REQUIRE(memcmp(prep, ek, kem->ek_bytes) == 0 &&
                   memcmp(prep + kem->ek_bytes, mh + 32, 32) == 0,
               "prepare_ek writes ek || H(ek)");
  FUZZ_REQUIRE(kem->encaps_prepared_derand(ct4, ss4, prep, m) == MLKEM_OK &&
                   memcmp(ct4, ct1, kem->ct_bytes) == 0 &&
                   memcmp(ss4, ss1, sizeof ss4) == 0,
               "encaps_prepared_derand = encaps_derand");
  return 0;
}
