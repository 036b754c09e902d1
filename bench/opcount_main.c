/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * opcount_main.c - the mlkem_opcount program: runs one operation of one
 * set N times on fixed inputs, for counting the instructions an operation
 * executes (scripts/count_insns_aarch64.sh runs it under qemu-aarch64 with
 * a counting plugin for N = 0 and N > 0; the difference divided by N is
 * the count per call, free of start-up and input preparation, which both
 * runs share).
 *
 * Usage: mlkem_opcount OP ML-KEM-512|768|1024 N, OP one of keygen, encaps,
 * decaps, expand_dk, decaps_expanded, expand_ek, encaps_expanded
 * The backend is the one dispatch.c chooses, or MLKEM_BACKEND.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mlkem.h"

int main(int argc, char **argv) {
  static uint8_t ek[MLKEM1024_EK_BYTES], dk[MLKEM1024_DK_BYTES];
  static uint8_t ct[MLKEM1024_CT_BYTES], ss[MLKEM_SS_BYTES];
  static uint8_t xdk[MLKEM1024_EXPANDED_DK_BYTES];
  static uint8_t xek[MLKEM1024_EXPANDED_EK_BYTES];
  uint8_t seed[MLKEM_SEED_BYTES], m[MLKEM_MSG_BYTES];
  const mlkem_kem *kem;
  unsigned long n, i;
  int rc = 0;

  if (argc != 4 || (kem = mlkem_kem_by_name(argv[2])) == NULL) {
    fprintf(stderr,
            "usage: %s keygen|encaps|decaps|expand_dk|decaps_expanded|"
            "expand_ek|encaps_expanded SET N\n",
            argv[0]);
    return 2;
  }
  n = strtoul(argv[3], NULL, 10);
  memset(seed, 0x5A, sizeof seed);
  memset(m, 0xA5, sizeof m);
  /* Inputs for every operation, made in every run (so they cancel). */
  rc |= kem->keygen_derand(ek, dk, seed);
  rc |= kem->encaps_derand(ct, ss, ek, m);
  rc |= kem->expand_dk(xdk, dk);
  rc |= kem->expand_ek(xek, ek);
  for (i = 0; i < n; i++) {
    if (strcmp(argv[1], "keygen") == 0)
      rc |= kem->keygen_derand(ek, dk, seed);
    else if (strcmp(argv[1], "encaps") == 0)
      rc |= kem->encaps_derand(ct, ss, ek, m);
    else if (strcmp(argv[1], "decaps") == 0)
      rc |= kem->decaps(ss, ct, dk);
    else if (strcmp(argv[1], "expand_dk") == 0)
      rc |= kem->expand_dk(xdk, dk);
    else if (strcmp(argv[1], "decaps_expanded") == 0)
      rc |= kem->decaps_expanded(ss, ct, xdk);
    else if (strcmp(argv[1], "expand_ek") == 0)
      rc |= kem->expand_ek(xek, ek);
    else if (strcmp(argv[1], "encaps_expanded") == 0)
      rc |= kem->encaps_expanded_derand(ct, ss, xek, m);
    else
      return 2;
  }
  printf("%s %s x%lu on %s: %s\n", kem->name, argv[1], n, mlkem_backend_name(),
         rc == 0 ? "ok" : "FAILED");
  return rc != 0;
}
