/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* fuzz-sources: (none: the library and fuzz_common.h) */
/*
 * fuzz_decaps.c - libFuzzer target: ML-KEM.Decaps on an arbitrary
 * ciphertext and an arbitrary decapsulation key.
 *
 * Input: set byte || ct || dk (fuzz_common.h). Invariants:
 *  - decaps fails (MLKEM_ERR_INVALID_DK) exactly when the independent
 *    restatement of the section 7.3 hash check fails, and check_dk agrees;
 *  - on error the shared secret is all zeros;
 *  - decaps is deterministic: a second call gives the same result;
 *  - on success the shared secret is that of Algorithm 18 restated here
 *    from the hazmat K-PKE and SHA-3: m' = Decrypt(dk_PKE, c),
 *    (K', r') = G(m' || h), c' = Encrypt(ek, m', r'), and K' if c' = c,
 *    else J(z || c).
 *
 * Random bytes almost never pass the hash check, so half of the inputs
 * (set byte >= 128) get a correct H(ek) written into their dk first: then
 * decapsulation runs with arbitrary dk_PKE, ek and z.
 */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static uint8_t ct[FUZZ_MAX_CT], dk[FUZZ_MAX_DK], ct2[FUZZ_MAX_CT];
  static uint8_t zc[32 + FUZZ_MAX_CT];
  uint8_t ss1[MLKEM_SS_BYTES], ss2[MLKEM_SS_BYTES], want[MLKEM_SS_BYTES];
  uint8_t mh[64], kr[64];
  int fix = size > 0 && data[0] >= 128;
  const mlkem_kem *kem = fuzz_kem(&data, &size);
  const size_t dkpke = 384u * kem->rank;
  const uint8_t *ek, *h, *z;
  fuzz_kpke kpke = fuzz_kpke_of(kem);
  int valid, r1, r2;

  fuzz_take(ct, kem->ct_bytes, &data, &size);
  fuzz_take(dk, kem->dk_bytes, &data, &size);
  ek = dk + dkpke;
  h = ek + kem->ek_bytes;
  z = h + 32;
  if (fix) mlkem_sha3_256(dk + dkpke + kem->ek_bytes, ek, kem->ek_bytes);
  valid = fuzz_dk_hash_ok(kem, dk);

  memset(ss1, FUZZ_FILL, sizeof ss1);
  memset(ss2, FUZZ_FILL, sizeof ss2);
  r1 = kem->decaps(ss1, ct, dk);
  r2 = kem->decaps(ss2, ct, dk);
  FUZZ_REQUIRE(r1 == (valid ? MLKEM_OK : MLKEM_ERR_INVALID_DK),
               "decaps fails exactly when the hash check fails");
  FUZZ_REQUIRE(kem->check_dk(dk) == r1, "check_dk agrees with decaps");
  FUZZ_REQUIRE(r2 == r1 && memcmp(ss1, ss2, sizeof ss1) == 0,
               "decaps is deterministic");
  if (!valid) {
    FUZZ_REQUIRE(fuzz_all(ss1, sizeof ss1, 0), "ss zeroed on error");
    return 0;
  }

  /* Algorithm 18, restated. */
  FUZZ_REQUIRE(kpke.decrypt(mh, dk, ct) == MLKEM_OK, "K-PKE.Decrypt");
  memcpy(mh + 32, h, 32);
  mlkem_sha3_512(kr, mh, sizeof mh);
  FUZZ_REQUIRE(kpke.encrypt(ct2, ek, mh, kr + 32) == MLKEM_OK, "K-PKE.Encrypt");
  if (memcmp(ct2, ct, kem->ct_bytes) == 0) {
    memcpy(want, kr, sizeof want);
  } else {
    memcpy(zc, z, 32);
    memcpy(zc + 32, ct, kem->ct_bytes);
    mlkem_shake256(want, sizeof want, zc, 32 + kem->ct_bytes);
  }
  FUZZ_REQUIRE(memcmp(ss1, want, sizeof want) == 0,
               "ss is K' for a consistent ciphertext, J(z || c) otherwise");
  return 0;
}
