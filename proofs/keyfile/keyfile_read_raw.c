/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The work of mlkem_keyfile_from_raw_in (keyfile.c, read_raw): the named
 * type looked up in the table, the kind checked, the key loaded. For every
 * input of every length and content, every table of two key types of any
 * sizes within the key's arrays, every named type (one of the table's, or
 * another pointer) and every kind (any value of mlkem_keyfile_type: the
 * enumeration range check excludes others): no access outside the input,
 * the key, the error or the table, only *key and *err written, an error
 * code or success returned.
 *
 * Replaced: load_raw by its contract (keyfile_load_raw.c); the error
 * reporter by the stub of proofs/include/keyfile_types.h. The table's
 * lookup is unwound to its exact bound (2 types and the end).
 * @enforce read_raw
 * @replace load_raw
 * @unwind entry_of.0:3
 * @source src/platform/ct.c
 */
#include "keyfile_types.h"

#include "keyfile/keyfile.c"

void harness(void) {
  mlkem_keyfile_key *key;
  const uint8_t *in;
  size_t len;
  mlkem_keyfile_error *err;
  mlkem_keyfile_alg other;
  int type;
  __CPROVER_assume(type >= MLKEM_KEYFILE_PUBLIC && type <= MLKEM_KEYFILE_BOTH);
  any_types();
  (void)read_raw(table, key, pick(&choice.alg, &seed_only.alg, &other),
                 (mlkem_keyfile_type)type, in, len, err);
}
