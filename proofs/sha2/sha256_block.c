/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * One block of the portable SHA-256 compression (sha2/sha2_portable.c,
 * sha256_block) for every chaining value and every block: it reads only
 * the 64 bytes of the block and writes only the eight words of the chaining
 * value and the sixteen of the message schedule (a ring whose every index
 * is masked). Its loops (16 loads, 64 rounds in unrolled sixteens) are
 * unwound to their exact bounds.
 * @enforce sha256_block
 * @source src/sha2/sha2_constants.c
 * @unwind sha256_block.0:17 sha256_block.1-8:1 sha256_block.9:3
 * @unwind sha256_block.10-18:1 sha256_block.19:3 sha256_block.20:1
 * @unwind sha256_block.21:4
 */
#include <stdlib.h>

#include "sha2/sha2_portable.c"

void harness(void) {
  uint32_t *h, *w;
  uint8_t *in = malloc(64);
  __CPROVER_assume(in != NULL);
  sha256_block(h, w, in);
}
