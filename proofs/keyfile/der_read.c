/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Reading one DER element (der.c, mlkem_der_read): on success the
 * contents and the rest of the input are parts of it; on error the reader
 * is unchanged and the contents empty.
 * @enforce mlkem_der_read
 * @replace parse_header
 */
#include "keyfile/der.c"

void harness(void) {
  mlkem_der_reader *r, *content;
  uint8_t tag;
  (void)mlkem_der_read(r, tag, content);
}
