/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * AES key expansion (aes/aes_portable.c, mlkem_aes_expand_with, FIPS 197
 * sec. 5.2) for AES-128 and AES-256, every key, with the bitsliced
 * SubWord: every word w[i - 1], w[i - Nk] read within the 60 words, the
 * 4 (Nr + 1) round-key words stored within rk's 15 x 16 bytes, only the
 * key_bytes of k read. Its loops (Nk loads, the recurrence, the stores)
 * are unwound to their bounds (8, 60, 60).
 * @enforce mlkem_aes_expand_with
 * @replace mlkem_zeroize
 * @unwind mlkem_aes_expand_with.0:9 mlkem_aes_expand_with.1:61
 * @unwind mlkem_aes_expand_with.2:61
 */
#include <stdlib.h>

#include "aes/aes_portable.c"
#include "harness.h"

void harness(void) {
  uint8_t(*rk)[16];
  size_t key_bytes =
      nondet_int() == 0 ? MLKEM_AES128_KEYBYTES : MLKEM_AES256_KEYBYTES;
  const uint8_t *k = malloc(key_bytes);
  __CPROVER_assume(k != NULL);
  mlkem_aes_expand_with(rk, k, key_bytes, sub_word);
}
