/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The portable implementation's key expansion (aes/aes_portable.c,
 * expand) for AES-128 and AES-256 and every key: the Nr + 1 round keys
 * bitsliced into key->u.bs[0..Nr], within its 15 entries, and nothing of
 * the key but the round keys written; the FIPS 197 expansion replaced by
 * its contract (proven by expand_with.c). The loop over the round keys is
 * unwound (at most 15).
 * @enforce expand
 * @replace mlkem_aes_expand_with mlkem_zeroize
 * @unwind expand.0:16
 */
#include <stdlib.h>

#include "aes/aes_portable.c"

void harness(void) {
  mlkem_aes_key *key;
  const uint8_t *k = malloc(MLKEM_AES256_KEYBYTES);
  __CPROVER_assume(k != NULL);
  expand(key, k);
}
