/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * SubWord of the key expansion (aes/aes_portable.c, sub_word: the
 * bitsliced S-box on the four bytes of a word) for every word: nothing
 * written but its locals (its bit planes within q[8][SETS]).
 * @enforce sub_word
 * @replace mlkem_zeroize
 */
#include "aes/aes_portable.c"

void harness(void) {
  uint32_t x;
  (void)sub_word(x);
}
