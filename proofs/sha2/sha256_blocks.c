/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The portable SHA-256 compression function (sha2/sha2_portable.c,
 * mlkem_sha256_blocks_portable) for every number of blocks (inputs up to
 * 2^47 bytes) and every content: it reads only the nblocks * 64 bytes of
 * its input and writes only the eight words of the chaining value. The
 * loop over the blocks carries a loop contract, and each block is
 * sha256_block, replaced by its contract (proven by sha256_block.c).
 * @enforce mlkem_sha256_blocks_portable
 * @replace sha256_block mlkem_zeroize
 * @loops
 */
#include <stdlib.h>

#include "sha2/sha2_portable.c"

void harness(void) {
  uint32_t *h;
  size_t nblocks;
  uint8_t *in;
  __CPROVER_assume(nblocks <= MLKEM_SHA2_PROOF_MAX_BYTES / 64);
  in = malloc(nblocks * 64);
  __CPROVER_assume(in != NULL);
  mlkem_sha256_blocks_portable(h, in, nblocks);
}
