/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The callback through which update and final reach the SHA-256
 * compression (sha2/sha2.c, blocks256): the implementation's function,
 * within its contract (the portable one's, proven by sha256_blocks.c).
 * @enforce blocks256
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
  __CPROVER_assume(nblocks <= MLKEM_SHA2_PROOF_MAX_BYTES / 64);
  in = malloc(nblocks * 64);
  __CPROVER_assume(in != NULL);
  blocks256(h, in, nblocks, impl);
}
