/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The last step of SHA-512 and SHA-384 (sha2/sha2.c, finish with 128-byte
 * blocks, as their finals call it) for every count: the bytes held copied
 * within the two-block tail, the padding (pad, proven by sha2_pad.c) and the
 * one or two blocks handed to the compression (blocks512) within it, only the
 * chaining value written. The callback, the padding and the wipe are
 * replaced by their contracts.
 * @enforce finish
 * @replace blocks256 blocks512
 * @replace mlkem_zeroize pad
 * @source src/sha2/sha2_portable.c
 */
#include "sha2_finish.h"

void harness(void) {
  finish_harness(7);
}
