/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Decompress_1(ByteDecode_1) (backend/portable/serialize.c,
 * mlkem_portable_decode_decompress_msg) against
 * MLKEM_OP_DECODE_DECOMPRESS_MSG's contract (backend/backend.h): every
 * coefficient 0 or (q + 1) / 2. The loops over the coefficients and over
 * unpack's groups carry loop contracts (unpack's: every value below 2);
 * the loops within a group are unwound.
 * @enforce mlkem_portable_decode_decompress_msg
 * @replace mlkem_zeroize
 * @loops
 * @unwind unpack.0-1:17
 * @solver sat
 * @check conversion
 */
#include "backend/portable/serialize.c"

void harness(void) {
  uint8_t in[32];
  mlkem_poly r;
  mlkem_portable_decode_decompress_msg(&r, in);
}
