/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The buffering of SHA-256 (sha2/sha2.c, absorb with 64-byte blocks, as
 * mlkem_sha256_update calls it) for every number of bytes held and every
 * input length and content: the bytes taken into the buffer within its 64
 * bytes, whole blocks of in handed to the compression (blocks256, replaced
 * by its contract) within in, only the chaining value and the buffer
 * written.
 * @enforce absorb
 * @replace blocks256 blocks512
 * @source src/sha2/sha2_portable.c
 */
#include "sha2_absorb.h"

void harness(void) {
  absorb_harness(6);
}
