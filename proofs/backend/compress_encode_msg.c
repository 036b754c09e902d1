/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ByteEncode_1(Compress_1) (backend/portable/serialize.c,
 * mlkem_portable_compress_encode_msg) against
 * MLKEM_OP_COMPRESS_ENCODE_MSG's contract (backend/backend.h): exactly the
 * 32 bytes of the message written. The loops over the coefficients and
 * over pack's groups carry loop contracts; the loops within a group are
 * unwound.
 * @enforce mlkem_portable_compress_encode_msg
 * @replace mlkem_freeze mlkem_zeroize
 * @loops
 * @unwind pack.0-1:17
 * @solver sat
 * @check conversion
 */
#include "backend/portable/serialize.c"

void harness(void) {
  uint8_t out[32];
  mlkem_poly a;
  mlkem_portable_compress_encode_msg(out, &a);
}
