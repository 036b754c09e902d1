/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Decompress_d(ByteDecode_d) (backend/portable/serialize.c,
 * mlkem_portable_decode_decompress) against
 * MLKEM_OP_DECODE_DECOMPRESS's contract (backend/backend.h): for d in {4,
 * 5, 10, 11} and every input, only the 32 d input bytes read, every output
 * in [0, q). Loops of constant bounds, unwound.
 * @enforce mlkem_portable_decode_decompress
 * @unwind decode_decompress_d.0:257 unpack.0-2:65
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
