/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * minimal.c - the smallest complete use of the library: ML-KEM-768 key
 * generation, encapsulation and decapsulation, with every result checked.
 *
 * Build against an installed library:
 *   cc minimal.c $(pkg-config --cflags --libs mlkem) -o minimal
 */
#include <stdio.h>
#include <string.h>

#include <mlkem.h>

int main(void) {
  uint8_t ek[MLKEM768_EK_BYTES], dk[MLKEM768_DK_BYTES];
  uint8_t ct[MLKEM768_CT_BYTES];
  uint8_t ss_sender[MLKEM_SS_BYTES], ss_receiver[MLKEM_SS_BYTES];
  int rc;

  if ((rc = mlkem768_keygen(ek, dk)) != 0 ||
      (rc = mlkem768_encaps(ct, ss_sender, ek)) != 0 ||
      (rc = mlkem768_decaps(ss_receiver, ct, dk)) != 0) {
    fprintf(stderr, "mlkem: %s\n", mlkem_strerror(rc));
    return 1;
  }
  if (memcmp(ss_sender, ss_receiver, MLKEM_SS_BYTES) != 0) {
    fprintf(stderr, "shared secrets differ\n");
    return 1;
  }
  printf("ML-KEM-768 exchange OK (mlkem %s, %s backend)\n", mlkem_version(),
         mlkem_backend_name());
  return 0;
}
