/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The callback through which update and final reach the SHA-512
 * compression (sha2/sha2.c, blocks512): the implementation's function,
 * within its contract (the portable one's, proven by sha512_blocks.c).
 * @enforce blocks512
 * @replace mlkem_sha256_blocks_portable mlkem_sha512_blocks_portable
 * @source src/sha2/sha2_portable.c
 */
#include <stdlib.h>

#include "sha2/sha2.c"

void harness(void) {
  void *h;
  size_t nblocks;
  /* A value, not only an assumption: CBMC reads the function pointer
   * through the pointer's value set. */
  const mlkem_sha2_impl *impl = &mlkem_sha2_portable;
  uint8_t *in;
  __CPROVER_assume(nblocks <= MLKEM_SHA2_PROOF_MAX_BYTES / 128);
  in = malloc(nblocks * 128);
  __CPROVER_assume(in != NULL);
  blocks512(h, in, nblocks, impl);
}
