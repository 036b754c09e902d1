/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Decompress_d(ByteDecode_d) (backend/portable/serialize.c,
 * mlkem_portable_decode_decompress) against
 * MLKEM_OP_DECODE_DECOMPRESS's contract (backend/backend.h): for d in {4,
 * 5, 10, 11} and every input, only the 32 d input bytes read, every output
 * in [0, q). The loops over the coefficients and over unpack's groups
 * carry loop contracts (unpack's: every value below 2^d); the loops within
 * a group are unwound (at most 16).
 * @enforce mlkem_portable_decode_decompress
 * @loops
 * @unwind unpack.0-1:17
 * @solver sat
 * @check conversion
 */
#include <stdlib.h>

#include "backend/portable/serialize.c"

void harness(void) {
  mlkem_poly r;
  unsigned d;
  uint8_t *in = malloc(32 * d);
  mlkem_portable_decode_decompress(&r, in, d);
}
