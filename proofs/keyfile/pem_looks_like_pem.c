/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Whether a key file is PEM (pem.c, mlkem_pem_looks_like_pem), tried in
 * constant time at every position of every input: every 8- and 4-byte
 * load lies within the input.
 * @enforce mlkem_pem_looks_like_pem
 * @loops
 */
#include "keyfile/pem.c"

void harness(void) {
  const uint8_t *in;
  size_t n;
  (void)mlkem_pem_looks_like_pem(in, n);
}
