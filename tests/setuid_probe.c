/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * setuid_probe.c - the small program tests/setuid_test.sh installs
 * set-user-ID root and runs as an unprivileged user.
 *
 * Prints one line: the real and effective user IDs, whether the kernel
 * marked the process AT_SECURE (Linux getauxval; "unknown" elsewhere), the
 * backend the library chose, and whether an ML-KEM-768 exchange (keygen,
 * encaps, decaps) worked and gave both sides the same key. Exits 0 when
 * the exchange worked, 1 when it did not.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/auxv.h>
#endif

#include "mlkem.h"

static const char *at_secure(void) {
#if defined(__linux__) && defined(AT_SECURE)
  return getauxval(AT_SECURE) != 0 ? "1" : "0";
#else
  return "unknown";
#endif
}

int main(void) {
  static uint8_t ek[MLKEM768_EK_BYTES], dk[MLKEM768_DK_BYTES];
  static uint8_t ct[MLKEM768_CT_BYTES];
  uint8_t ss1[MLKEM_SS_BYTES], ss2[MLKEM_SS_BYTES];
  int ok = mlkem768_keygen(ek, dk) == MLKEM_OK &&
           mlkem768_encaps(ct, ss1, ek) == MLKEM_OK &&
           mlkem768_decaps(ss2, ct, dk) == MLKEM_OK &&
           memcmp(ss1, ss2, sizeof ss1) == 0;
  printf("ruid=%ld euid=%ld at_secure=%s backend=%s exchange=%s\n",
         (long)getuid(), (long)geteuid(), at_secure(), mlkem_backend_name(),
         ok ? "ok" : "failed");
  return ok ? 0 : 1;
}
