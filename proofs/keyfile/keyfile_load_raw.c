/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * A raw key of a given kind (keyfile.c, load_raw): an ek, a seed or an
 * expanded key (a type without an expanded form refuses one; raw bytes
 * never hold both). For every input of every length and content, every
 * key type of any sizes within the key's arrays and every kind (any value
 * of mlkem_keyfile_type: the enumeration range check excludes others): no
 * access outside the input, the key or the error, only *key and *err written,
 * an error code or success returned.
 *
 * Replaced: the loading of the parts (load_seed, load_expanded,
 * load_public) by their contracts (keyfile_load_*.c); the error reporter
 * by the stub of proofs/include/keyfile_types.h.
 * @enforce load_raw
 * @replace load_seed load_expanded load_public
 * @source src/platform/ct.c
 */
#include "keyfile_types.h"

#include "keyfile/keyfile.c"

void harness(void) {
  mlkem_keyfile_key *key;
  const uint8_t *in;
  size_t len;
  mlkem_keyfile_error *err;
  int type;
  __CPROVER_assume(type >= MLKEM_KEYFILE_PUBLIC && type <= MLKEM_KEYFILE_BOTH);
  any_types();
  (void)load_raw(key, either(&choice, &seed_only), (mlkem_keyfile_type)type, in,
                 len, err);
}
