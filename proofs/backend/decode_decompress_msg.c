/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Decompress_1(ByteDecode_1) (backend/portable/serialize.c,
 * mlkem_portable_decode_decompress_msg) against
 * MLKEM_OP_DECODE_DECOMPRESS_MSG's contract (backend/backend.h): every
 * coefficient 0 or (q + 1) / 2. Loops of constant bounds, unwound.
 * @enforce mlkem_portable_decode_decompress_msg
 * @replace mlkem_zeroize
 * @unwind mlkem_portable_decode_decompress_msg.0:257 unpack.0-2:65
 * @solver sat
 * @check conversion
 */
#include "backend/portable/serialize.c"

void harness(void) {
  uint8_t in[32];
  mlkem_poly r;
  mlkem_portable_decode_decompress_msg(&r, in);
}
