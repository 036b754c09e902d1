/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The tag and length of a DER element (der.c, parse_header), for every
 * input of every length: the header and the contents it announces lie
 * within the input, the length is in its shortest form.
 * @enforce parse_header
 * @loops
 */
#include "keyfile/der.c"

void harness(void) {
  mlkem_der_reader *r;
  size_t *hdr, *len;
  (void)parse_header(r, hdr, len);
}
