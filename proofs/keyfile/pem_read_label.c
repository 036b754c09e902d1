/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The label of a BEGIN or END line (pem.c, read_label), for every input:
 * no access outside the input or the 64-byte label, and a label read
 * without error is a NUL-terminated string within its buffer.
 * @enforce read_label
 * @loops
 * @unwind strlen.0:12 memcmp.0:12
 */
#include "keyfile/pem.c"

void harness(void) {
  const uint8_t *in;
  size_t n, *i;
  char *label;
  (void)read_label(in, n, i, label);
}
