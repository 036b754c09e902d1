/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The portable CTR group (aes/aes_portable.c, ctr_group) for both key
 * sizes, every count of blocks 1 to 8 (its width) and every nonce and
 * counter: against MLKEM_AES_CTR_GROUP_CONTRACT (aes.h), which
 * mlkem_aesctr_streams relies on: the 12 bytes of each nonce[i] and the
 * counters read, block i written to the 16 bytes at dst[i] for i < count
 * only (the unused lanes of the two four-block sets go to a spare block),
 * nothing else written. The cipher is replaced by its contract (encrypt.c);
 * the loops over the eight blocks and the two sets are unwound.
 * @enforce ctr_group
 * @replace encrypt mlkem_zeroize
 * @unwind ctr_group.0:9 ctr_group.1:9 ctr_group.2:3 ctr_group.3:5
 * @unwind ctr_group.4:9 ctr_group.5:3 harness.0:9
 */
#include <stdlib.h>

#include "aes/aes_portable.c"

/* A block of its own for each of the eight lanes, nonces likewise. */
void harness(void) {
  const mlkem_aes_key *key = malloc(sizeof *key);
  const uint8_t *nonce[8];
  uint32_t ctr[8];
  uint8_t *dst[8];
  size_t count, i;
  __CPROVER_assume(key != NULL);
  for (i = 0; i < 8; i++) {
    nonce[i] = malloc(MLKEM_AESCTR_NONCEBYTES);
    dst[i] = malloc(MLKEM_AES_BLOCKBYTES);
  }
  ctr_group(key, nonce, ctr, dst, count);
}
