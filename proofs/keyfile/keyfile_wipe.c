/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The wipe of a key (keyfile.c, mlkem_keyfile_wipe): every member of the
 * key zero after it (MLKEM_KEYFILE_KEY_ZERO: with no padding in the
 * struct, checked at compile time, every byte), nothing else written;
 * NULL is allowed.
 *
 * Replaced: mlkem_zeroize by its contract (proofs/platform/zeroize.c).
 * @enforce mlkem_keyfile_wipe
 * @replace mlkem_zeroize
 * @source src/platform/ct.c
 */
#include "keyfile_types.h"

#include "keyfile/keyfile.c"

/* A key (NULL: keyfile_null_key.c; proven apart, with the key pointer
 * known to be one or the other: where it may be either, the quantifier
 * over the key's bytes costs the solver far more). */
void harness(void) {
  mlkem_keyfile_key key;
  mlkem_keyfile_wipe(&key);
}
