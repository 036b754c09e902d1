/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The bitsliced cipher (aes/aes_portable.c, encrypt, FIPS 197 sec. 5.1)
 * for AES-128 and AES-256 and every state and round key: the round keys
 * rk[0..Nr] read within the key's 15, only the two sets' state written.
 * Its loop over the rounds is unwound (at most 14), the round steps
 * (sub_bytes, shift_rows, mix_columns, add_round_key) inlined.
 * @enforce encrypt
 * @unwind encrypt.0:15
 */
#include <stdlib.h>

#include "aes/aes_portable.c"

void harness(void) {
  uint64_t(*q)[SETS];
  const mlkem_aes_key *key = malloc(sizeof *key);
  unsigned rounds;
  __CPROVER_assume(key != NULL);
  encrypt(q, key->u.bs, rounds);
}
