/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * expand_with.h - the harness of expand_with128.c and expand_with256.c:
 * the FIPS 197 key expansion of a key of KEY_BYTES bytes (their @define).
 */
#ifndef MLKEM_PROOFS_EXPAND_WITH_H
#define MLKEM_PROOFS_EXPAND_WITH_H

#include <stdlib.h>

#include "aes/aes_portable.c"

void harness(void) {
  uint8_t(*rk)[16];
  const uint8_t *k = malloc(KEY_BYTES);
  __CPROVER_assume(k != NULL);
  mlkem_aes_expand_with(rk, k, KEY_BYTES, sub_word);
}

#endif
