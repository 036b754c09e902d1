/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * SHA-2's padding (sha2/sha2.c, pad) for both block sizes and every number
 * of bytes held: the 0x80, the zeros and the 8- or 16-byte length written
 * within the one or two blocks of the tail, and one or two blocks
 * returned.
 * @enforce pad
 */
#include "sha2/sha2.c"

void harness(void) {
  uint8_t *buf;
  size_t block, used, lenbytes;
  uint64_t nbytes;
  (void)pad(buf, block, used, lenbytes, nbytes);
}
