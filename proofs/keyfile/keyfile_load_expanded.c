/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The key from an expanded key (keyfile.c, load_expanded): its length checked
 * against the type's, then copied into key->dk, and the public key inside it
 * written to key->ek by the type's checks. For every part of every length and
 * content, every key type of any sizes within the key's arrays, and every
 * result of the cryptography: no access outside the part, the key or the error,
 * only *key and *err written, an error code or success returned.
 *
 * Replaced: the cryptography and the error reporter by the stubs of
 * proofs/include/keyfile_types.h (their contract is stated there).
 * @enforce load_expanded
 * @source src/platform/ct.c
 */
#include "keyfile_types.h"

#include "keyfile/keyfile.c"

void harness(void) {
  mlkem_keyfile_key *key;
  mlkem_keyfile_error *err;
  size_t n;
  const uint8_t *p = any_part(&n);
  any_types();
  (void)load_expanded(key, either(&choice, &seed_only), p, n, err);
}
