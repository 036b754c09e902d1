/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* fuzz-sources: (none: the library and fuzz_common.h) */
/*
 * fuzz_decaps_expanded.c - libFuzzer target: the expanded decapsulation
 * key (mlkem.h) on an arbitrary ciphertext and an arbitrary decapsulation
 * key.
 *
 * Input: set byte || ct || dk (fuzz_common.h), as fuzz_decaps. Invariants:
 *  - expand_dk fails (MLKEM_ERR_INVALID_DK, its output all zeros) exactly
 *    when the independent restatements of the section 7.3 hash check or
 *    of the section 7.2 modulus check of the ek inside dk fail;
 *  - otherwise decaps_expanded gives decaps' result on dk, byte for byte
 *    (fuzz_decaps checks that against Algorithm 18 restated), also on a
 *    copy of the expanded key at an odd address, and twice the same.
 *
 * Random bytes almost never pass the checks, so half of the inputs (set
 * byte >= 128) get every 12-bit value of their ek reduced mod q and a
 * correct H(ek) written into their dk first: then the expansion accepts
 * arbitrary dk_PKE (whose values may be q or more), ek and z.
 */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Every 12-bit value of the k polynomials at p, reduced mod q. */
static void reduce_ek(const mlkem_kem *kem, uint8_t *p) {
  size_t i;
  for (i = 0; i < 128u * kem->rank; i++, p += 3) {
    unsigned a = (unsigned)p[0] | (unsigned)(p[1] & 0x0F) << 8;
    unsigned b = (unsigned)p[1] >> 4 | (unsigned)p[2] << 4;
    a %= FUZZ_Q;
    b %= FUZZ_Q;
    p[0] = (uint8_t)a;
    p[1] = (uint8_t)(a >> 8 | b << 4);
    p[2] = (uint8_t)(b >> 4);
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static uint8_t ct[FUZZ_MAX_CT], dk[FUZZ_MAX_DK];
  static uint8_t xdk[MLKEM1024_EXPANDED_DK_BYTES];
  static uint8_t moved[MLKEM1024_EXPANDED_DK_BYTES + 1];
  uint8_t ss1[MLKEM_SS_BYTES], ss2[MLKEM_SS_BYTES], want[MLKEM_SS_BYTES];
  int fix = size > 0 && data[0] >= 128;
  const mlkem_kem *kem = fuzz_kem(&data, &size);
  const size_t dkpke = 384u * kem->rank;
  uint8_t *ek;
  int valid, r;

  fuzz_take(ct, kem->ct_bytes, &data, &size);
  fuzz_take(dk, kem->dk_bytes, &data, &size);
  ek = dk + dkpke;
  if (fix) {
    reduce_ek(kem, ek);
    mlkem_sha3_256(ek + kem->ek_bytes, ek, kem->ek_bytes);
  }
  valid = fuzz_dk_hash_ok(kem, dk) && fuzz_ek_modulus_ok(kem, ek);

  memset(xdk, FUZZ_FILL, sizeof xdk);
  r = kem->expand_dk(xdk, dk);
  FUZZ_REQUIRE(r == (valid ? MLKEM_OK : MLKEM_ERR_INVALID_DK),
               "expand_dk fails exactly when a check of section 7 fails");
  if (!valid) {
    FUZZ_REQUIRE(fuzz_all(xdk, kem->expanded_dk_bytes, 0),
                 "expand_dk's output zeroed on error");
    return 0;
  }
  FUZZ_REQUIRE(kem->decaps(want, ct, dk) == MLKEM_OK, "decaps accepts dk");
  memset(ss1, FUZZ_FILL, sizeof ss1);
  FUZZ_REQUIRE(kem->decaps_expanded(ss1, ct, xdk) == MLKEM_OK,
               "decaps_expanded returns 0");
  FUZZ_REQUIRE(memcmp(ss1, want, sizeof want) == 0,
               "decaps_expanded gives decaps' shared secret");
  memcpy(moved + 1, xdk, kem->expanded_dk_bytes);
  FUZZ_REQUIRE(kem->decaps_expanded(ss2, ct, moved + 1) == MLKEM_OK &&
                   memcmp(ss1, ss2, sizeof ss1) == 0,
               "decaps_expanded is deterministic and needs no alignment");
  return 0;
}
