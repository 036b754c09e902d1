/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The end of every key-file reader (keyfile.c, finish_read): on an error
 * the whole key is zero and the error returned; nothing but the key and
 * the error is written.
 * @enforce finish_read
 * @replace mlkem_keyfile_wipe
 * @source src/platform/ct.c
 */
#include "keyfile_types.h"

#include "keyfile/keyfile.c"

void harness(void) {
  mlkem_keyfile_key *key;
  int rc, encoding;
  mlkem_keyfile_error *err;
  __CPROVER_assume(encoding >= MLKEM_KEYFILE_PEM &&
                   encoding <= MLKEM_KEYFILE_RAW);
  (void)finish_read(key, rc, (mlkem_keyfile_encoding)encoding, err);
}
