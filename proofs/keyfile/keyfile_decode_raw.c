/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Raw bytes read by their length (keyfile.c, decode_raw, with raw_kind and
 * load_raw): any raw key of the type the caller names, otherwise an ek or
 * a dk of a type recognised by its size (a seed refused: it does not say
 * its type). For every input of every length and content, every table of
 * two key types of any sizes within the key's arrays, and any raw type
 * named (one of the table's, or none): no access outside the input, the
 * key, the error or the table, only *key and *err written, an error code
 * or success returned.
 *
 * Replaced: the loading of the parts (load_seed, load_expanded,
 * load_public) by their contracts (keyfile_load_*.c); the message of a
 * wrong length (raw_sizes) by its contract, not proven: it writes only
 * within its buffer; the error reporter by the stub of
 * proofs/include/keyfile_types.h. The table's loops are unwound to their
 * exact bound (2 types and the end).
 * @enforce decode_raw
 * @replace load_seed load_expanded load_public raw_sizes
 * @unwind decode_raw.0:3 decode_raw.1:3
 * @source src/platform/ct.c
 */
#include "keyfile_types.h"

#include "keyfile/keyfile.c"

void harness(void) {
  mlkem_keyfile_key *key;
  const uint8_t *in;
  size_t len;
  mlkem_keyfile_error *err;
  any_types();
  (void)decode_raw(table, key, in, len,
                   nondet_int() == 0 ? NULL : either(&choice, &seed_only), err);
}
