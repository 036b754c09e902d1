/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_selftest.c - mlkem_selftest passes on the backend in use, and fails
 * with MLKEM_ERR_SELFTEST when any expected value is wrong (each field of
 * each vector corrupted in turn), so its comparisons are not vacuous.
 */
#include <stdio.h>
#include <string.h>

#include "mlkem.h"
#include "api/selftest.h"
#include "test_util.h"

int main(void) {
  mlkem_selftest_kat bad[3];
  unsigned v, field, cases = 0;
  test_backend_banner();
  CHECK(mlkem_selftest() == MLKEM_OK);
  for (v = 0; v < 3; v++) {
    for (field = 0; field < 6; field++) {
      memcpy(bad, mlkem_selftest_kats, sizeof bad);
      switch (field) {
        case 0:
          bad[v].seed[5] ^= 1;
          break;
        case 1:
          bad[v].m[31] ^= 0x80;
          break;
        case 2:
          bad[v].ek_digest[0] ^= 1;
          break;
        case 3:
          bad[v].dk_digest[17] ^= 4;
          break;
        case 4:
          bad[v].ct_digest[31] ^= 1;
          break;
        default:
          bad[v].ss[9] ^= 2;
          break;
      }
      CHECKF(mlkem_selftest_run(bad, 3) == MLKEM_ERR_SELFTEST,
             "corrupted field %u of vector %u not detected", field, v);
      cases++;
    }
  }
  CHECK(strcmp(mlkem_strerror(MLKEM_ERR_SELFTEST), "unknown error") != 0);
  printf("self-test passes on backend %s; %u corrupted vectors all detected\n",
         mlkem_backend_name(), cases);
  return test_summary("test_selftest");
}
