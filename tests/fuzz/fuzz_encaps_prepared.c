/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* fuzz-sources: (none: the library and fuzz_common.h) */
/*
 * fuzz_encaps_prepared.c - libFuzzer target: encapsulation to a prepared
 * key that may have been altered after prepare_ek (stored or sent, then
 * changed; issue 23), i.e. to arbitrary ek || h.
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
  static uint8_t ct3[FUZZ_MAX_CT], want_ct[FUZZ_MAX_CT];
  uint8_t m[MLKEM_MSG_BYTES], mh[64], kr[64], h[32];
  uint8_t ss1[MLKEM_SS_BYTES], ss2[MLKEM_SS_BYTES], ss3[MLKEM_SS_BYTES];
  const mlkem_kem *kem = fuzz_kem(&data, &size);
  fuzz_kpke kpke = fuzz_kpke_of(kem);
  int valid, want_rc, r1, r2, r3;

  fuzz_take(prep, kem->prepared_ek_bytes, &data, &size);
  fuzz_take(m, sizeof m, &data, &size);
  valid = fuzz_ek_modulus_ok(kem, prep);
  want_rc = valid ? MLKEM_OK : MLKEM_ERR_INVALID_EK;

  memset(ct1, FUZZ_FILL, kem->ct_bytes);
  memset(ct2, FUZZ_FILL, kem->ct_bytes);
  memset(ct3, FUZZ_FILL, kem->ct_bytes);
  memset(ss1, FUZZ_FILL, sizeof ss1);
  memset(ss2, FUZZ_FILL, sizeof ss2);
  memset(ss3, FUZZ_FILL, sizeof ss3);
  r1 = kem->encaps_prepared_derand(ct1, ss1, prep, m);
  r2 = kem->encaps_prepared_derand(ct2, ss2, prep, m);
  r3 = kem->encaps_prepared(ct3, ss3, prep);
  FUZZ_REQUIRE(r1 == want_rc,
               "encaps_prepared_derand fails exactly when the modulus check "
               "fails");
  FUZZ_REQUIRE(r3 == want_rc,
               "encaps_prepared fails exactly when the modulus check fails");
  FUZZ_REQUIRE(r2 == r1 && memcmp(ct1, ct2, kem->ct_bytes) == 0 &&
                   memcmp(ss1, ss2, sizeof ss1) == 0,
               "encaps_prepared_derand is deterministic");
  if (!valid) {
    FUZZ_REQUIRE(
        fuzz_all(ct1, kem->ct_bytes, 0) && fuzz_all(ss1, sizeof ss1, 0) &&
            fuzz_all(ct3, kem->ct_bytes, 0) && fuzz_all(ss3, sizeof ss3, 0),
        "ct and ss zeroed on error");
    return 0;
  }

  /* Algorithm 17, restated with the h of the prepared key. */
  memcpy(mh, m, 32);
  memcpy(mh + 32, prep + kem->ek_bytes, 32);
  mlkem_sha3_512(kr, mh, sizeof mh);
  FUZZ_REQUIRE(kpke.encrypt(want_ct, prep, m, kr + 32) == MLKEM_OK,
               "K-PKE.Encrypt");
  FUZZ_REQUIRE(memcmp(ct1, want_ct, kem->ct_bytes) == 0,
               "ct = K-PKE.Encrypt(ek, m, r) with (K, r) = G(m || h)");
  FUZZ_REQUIRE(memcmp(ss1, kr, sizeof ss1) == 0, "ss = K of G(m || h)");

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
