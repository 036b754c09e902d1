/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * mlkem_keyfile_wipe (keyfile.c) for a NULL key: its contract's other case (the
 * key: keyfile_wipe.c), proven apart with the key pointer known to be NULL:
 * where it may be NULL or not, the quantifier of the contract over the
 * key's members costs the solver far more (minutes against seconds).
 * @enforce mlkem_keyfile_wipe
 * @source src/platform/ct.c
 */
#include "keyfile_types.h"

#include "keyfile/keyfile.c"

void harness(void) {
  mlkem_keyfile_wipe(NULL);
}
