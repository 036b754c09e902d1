/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The format detection of the key-file reader (keyfile.c,
 * mlkem_keyfile_decode_in, behind mlkem_keyfile_decode): the contract every
 * reader carries, MLKEM_KEYFILE_READ_CONTRACT. For every input of every
 * length and content (and a NULL input), every error pointer, every table
 * of two key types and any raw type named: only *key and *err written, and
 * on every error all of *key zero. (A NULL key: keyfile_decode_null.c.)
 *
 * Replaced: the work (decode_any: PEM, raw bytes of a key's size, DER)
 * by its contract (keyfile_decode_any.c); the end of the reader
 * (finish_read) and the wipe (mlkem_keyfile_wipe) by their contracts
 * (keyfile_finish_read.c, keyfile_wipe.c); the error reporter by the stub
 * of proofs/include/keyfile_types.h.
 * @enforce mlkem_keyfile_decode_in
 * @replace decode_any finish_read mlkem_keyfile_wipe
 * @source src/platform/ct.c
 */
#include "keyfile_types.h"

#include "keyfile/keyfile.c"

void harness(void) {
  mlkem_keyfile_key key;
  const uint8_t *in;
  size_t len;
  mlkem_keyfile_error *err;
  mlkem_keyfile_alg other;
  any_types();
  (void)mlkem_keyfile_decode_in(
      table, &key, in, len,
      nondet_int() == 0 ? NULL : pick(&choice.alg, &seed_only.alg, &other),
      err);
}
