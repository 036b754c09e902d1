/*
 * ct_control.c - controls for make ct: each mode does something that the
 * constant-time check MUST report. If the checker stays silent on one of
 * them, the check is vacuous (not running, secrets not marked, marking
 * lost in the library) and make ct fails.
 *
 *   branch   a branch on a poisoned byte of the test itself
 *   index    a table lookup indexed by a poisoned byte
 *   library  a branch on a byte of dk_PKE that keygen computed from a
 *            poisoned seed (the marking flows through the library)
 *   decaps   a branch on the shared secret decaps computed from a
 *            poisoned dk_PKE and z
 *
 * Usage: ct_control MODE. The exit status is 0 whatever the branch takes;
 * only the checker's report (valgrind --error-exitcode) tells.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "mlkem_hazmat.h"
#include "ct_testing.h"

static volatile unsigned sink;

static const uint8_t table[256] = {1, 2, 3};

int main(int argc, char **argv) {
  static uint8_t seed[MLKEM_SEED_BYTES], m[MLKEM_MSG_BYTES];
  static uint8_t ek[MLKEM768_EK_BYTES], dk[MLKEM768_DK_BYTES];
  static uint8_t ct[MLKEM768_CT_BYTES], ss[MLKEM_SS_BYTES];
  const char *mode = argc > 1 ? argv[1] : "";
  unsigned i;

  for (i = 0; i < sizeof seed; i++) seed[i] = (uint8_t)(17 * i + 5);
  for (i = 0; i < sizeof m; i++) m[i] = (uint8_t)(29 * i + 3);

  if (strcmp(mode, "branch") == 0) {
    MLKEM_CT_POISON(seed, sizeof seed);
    if (seed[3] & 1) sink = 1; /* must be reported */
  } else if (strcmp(mode, "index") == 0) {
    MLKEM_CT_POISON(seed, sizeof seed);
    sink = table[seed[5]]; /* must be reported */
  } else if (strcmp(mode, "library") == 0) {
    MLKEM_CT_POISON(seed, sizeof seed);
    if (mlkem768_keygen_derand(ek, dk, seed) != 0) return 1;
    if (dk[7] & 1) sink = 1; /* must be reported */
  } else if (strcmp(mode, "decaps") == 0) {
    if (mlkem768_keygen_derand(ek, dk, seed) != 0) return 1;
    if (mlkem768_encaps_derand(ct, ss, ek, m) != 0) return 1;
    MLKEM_CT_POISON(dk, MLKEM768_KPKE_DK_BYTES);
    MLKEM_CT_POISON(dk + MLKEM768_DK_BYTES - 32, 32);
    if (mlkem768_decaps(ss, ct, dk) != 0) return 1;
    if (ss[0] & 1) sink = 1; /* must be reported */
  } else {
    fprintf(stderr, "usage: ct_control branch|index|library|decaps\n");
    return 2;
  }
  printf("ct_control %s: done\n", mode);
  return 0;
}
