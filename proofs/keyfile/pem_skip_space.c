/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * White space in PEM (pem.c, skip_space): the index stays within the
 * input and never moves back.
 * @enforce skip_space
 * @loops
 */
#include "keyfile/pem.c"

void harness(void) {
  const uint8_t *in;
  size_t n, i;
  (void)skip_space(in, n, i);
}
