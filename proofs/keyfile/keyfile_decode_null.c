/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * mlkem_keyfile_decode_in (keyfile.c) for a NULL key: its contract's other case
 * (the key: keyfile_decode.c), proven apart with the key pointer known to be
 * NULL: where it may be NULL or not, the quantifier of the contract over the
 * key's members costs the solver far more (minutes against seconds).
 * @enforce mlkem_keyfile_decode_in
 * @source src/platform/ct.c
 */
#include "keyfile_types.h"

#include "keyfile/keyfile.c"

void harness(void) {
  const uint8_t *in;
  size_t len;
  mlkem_keyfile_error *err;
  any_types();
  (void)mlkem_keyfile_decode_in(table, NULL, in, len, NULL, err);
}
