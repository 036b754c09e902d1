/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The tag of the next DER element (der.c, mlkem_der_peek_tag).
 * @enforce mlkem_der_peek_tag
 */
#include "keyfile/der.c"

void harness(void) {
  mlkem_der_reader *r;
  (void)mlkem_der_peek_tag(r);
}
