/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * One block of the portable SHA-512 compression (sha2/sha2_portable.c,
 * sha512_block) for every chaining value and every block: it reads only
 * the 128 bytes of the block and writes only the eight words of the chaining
 * value and the sixteen of the message schedule (a ring whose every index
 * is masked). Its loops (16 loads, 80 rounds in unrolled sixteens) are
 * unwound to their exact bounds.
 * @enforce sha512_block
 * @source src/sha2/sha2_constants.c
 * @unwind sha512_block.0:17 sha512_block.1-8:1 sha512_block.9:3
 * @unwind sha512_block.10-18:1 sha512_block.19:3 sha512_block.20:1
 * @unwind sha512_block.21:5
 */
#include <stdlib.h>

#include "sha2/sha2_portable.c"

void harness(void) {
  uint64_t *h, *w;
  uint8_t *in = malloc(128);
  __CPROVER_assume(in != NULL);
  sha512_block(h, w, in);
}
