/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Reading a raw key of a named type (keyfile.c, mlkem_keyfile_from_raw_in,
 * behind mlkem_keyfile_from_raw): the contract every reader
 * carries, MLKEM_KEYFILE_READ_CONTRACT. For every input of every length
 * and content (and a NULL input), every key and error pointer (NULL or
 * not), every key type of any sizes within the key's arrays, every named
 * type (one of the table's, or another pointer) and every kind asked for
 * (any value of mlkem_keyfile_type: the enumeration range check
 * excludes others): only *key and *err written, and on
 * every error all of *key zero.
 *
 * Replaced: the work (read_raw: the type's lookup, the kind's check,
 * load_raw) by its contract (keyfile_read_raw.c); the end of the
 * reader (finish_read: the wipe on error) by its contract
 * (keyfile_finish_read.c); mlkem_zeroize by its contract
 * (proofs/platform/zeroize.c); the error reporter by the stub of
 * proofs/include/keyfile_types.h.
 * @enforce mlkem_keyfile_from_raw_in
 * @replace read_raw finish_read
 * @replace mlkem_keyfile_wipe
 * @source src/platform/ct.c
 */
#include "keyfile_types.h"

#include "keyfile/keyfile.c"

/* A key (a NULL key: keyfile_null_key.c). */
void harness(void) {
  mlkem_keyfile_key key;
  const uint8_t *in;
  size_t len;
  mlkem_keyfile_error *err;
  mlkem_keyfile_alg other;
  int type;
  __CPROVER_assume(type >= MLKEM_KEYFILE_PUBLIC && type <= MLKEM_KEYFILE_BOTH);
  any_types();
  (void)mlkem_keyfile_from_raw_in(table, &key,
                                  pick(&choice.alg, &seed_only.alg, &other),
                                  (mlkem_keyfile_type)type, in, len, err);
}
