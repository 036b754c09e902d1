/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Reading a raw key of a named type (keyfile.c, mlkem_keyfile_from_raw_in,
 * with load_raw): for every input of every length and content, every key
 * type of any sizes within the key's arrays, every named type (one of the
 * table's, or another pointer) and every kind asked for (any value of
 * mlkem_keyfile_type), and every result of the cryptographic checks: no
 * access outside the input, the key or the error, only *key and *err
 * written, and on every error the whole key zero.
 *
 * Replaced: the cryptography and the error reporter by the stubs of
 * proofs/include/keyfile_types.h (their contract is stated there). The
 * table's lookup is unwound to its exact bound (2 types and the end).
 * @enforce mlkem_keyfile_from_raw_in
 * @unwind entry_of.0:3
 * @source src/platform/ct.c
 * @flags --object-bits 9
 */
#include "keyfile/keyfile.c"

#include "keyfile_types.h"

void harness(void) {
  mlkem_keyfile_key *key;
  const uint8_t *in;
  size_t len;
  mlkem_keyfile_error *err;
  mlkem_keyfile_alg other;
  mlkem_keyfile_type type;
  any_types();
  (void)mlkem_keyfile_from_raw_in(table, key,
                                  pick(&choice.alg, &seed_only.alg, &other),
                                  type, in, len, err);
}
