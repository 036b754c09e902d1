/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The end of a PEM line (pem.c, end_of_line): the index stays within the
 * input and never moves back.
 * @enforce end_of_line
 */
#include "keyfile/pem.c"

void harness(void) {
  const uint8_t *in;
  size_t n, *i;
  (void)end_of_line(in, n, i);
}
