/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_pairwise.c - the pairwise consistency test after key generation
 * (build option MLKEM_PAIRWISE_TEST). Built against a copy of the library
 * with the test and a fault switch compiled in (tests/CMakeLists.txt):
 * normally keygen succeeds and gives the same keys as without the test;
 * with the fault switched on (dk corrupted before the check), keygen and
 * keygen_derand fail with MLKEM_ERR_PAIRWISE and zeroed outputs. For the
 * ML-KEM sets and the round-3 variants.
 */
#include <stdio.h>
#include <string.h>

#include "mlkem.h"
#include "mlkem_kyber.h"
#include "test_util.h"

extern int mlkem_fault_pairwise;

int main(void) {
  static uint8_t ek[MLKEM1024_EK_BYTES], dk[MLKEM1024_DK_BYTES];
  static uint8_t ct[MLKEM1024_CT_BYTES];
  uint8_t seed[MLKEM_SEED_BYTES], ss1[MLKEM_SS_BYTES], ss2[MLKEM_SS_BYTES];
  unsigned s;
  test_backend_banner();
  memset(seed, 0x5A, sizeof seed);
  for (s = 0; s < 9; s++) {
    const mlkem_kem *kem = s < 3 ? mlkem_kems[s] : mlkem_kyber_kems[s - 3];
    mlkem_fault_pairwise = 0;
    CHECK(kem->keygen(ek, dk) == MLKEM_OK);
    CHECK(kem->encaps(ct, ss1, ek) == MLKEM_OK);
    CHECK(kem->decaps(ss2, ct, dk) == MLKEM_OK);
    CHECK_MEM(ss2, ss1, sizeof ss1, "exchange after a checked keygen");
    CHECK(kem->keygen_derand(ek, dk, seed) == MLKEM_OK);
    CHECK(kem->check_dk(dk) == MLKEM_OK);

    mlkem_fault_pairwise = 1;
    memset(ek, 0xAA, sizeof ek);
    memset(dk, 0xAA, sizeof dk);
    CHECKF(kem->keygen_derand(ek, dk, seed) == MLKEM_ERR_PAIRWISE,
           "%s: keygen_derand with a faulty dk not refused", kem->name);
    CHECK(test_all_bytes(ek, kem->ek_bytes, 0));
    CHECK(test_all_bytes(dk, kem->dk_bytes, 0));
    memset(ek, 0xAA, sizeof ek);
    CHECKF(kem->keygen(ek, dk) == MLKEM_ERR_PAIRWISE,
           "%s: keygen with a faulty dk not refused", kem->name);
    CHECK(test_all_bytes(ek, kem->ek_bytes, 0));
    CHECK(test_all_bytes(dk, kem->dk_bytes, 0));
  }
  mlkem_fault_pairwise = 0;
  CHECK(strcmp(mlkem_strerror(MLKEM_ERR_PAIRWISE), "unknown error") != 0);
  printf(
      "pairwise consistency test: passes on good keys, refuses a faulty "
      "dk for every set (backend %s)\n",
      mlkem_backend_name());
  return test_summary("test_pairwise");
}
