/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ByteEncode_1(Compress_1) (backend/portable/serialize.c,
 * mlkem_portable_compress_encode_msg) against
 * MLKEM_OP_COMPRESS_ENCODE_MSG's contract (backend/backend.h): exactly the
 * 32 bytes of the message written. Loops of constant bounds, unwound.
 * @enforce mlkem_portable_compress_encode_msg
 * @replace mlkem_freeze mlkem_zeroize
 * @unwind compress_encode_d.0:257 pack.0-2:65
 * @solver sat
 * @flags --object-bits 16
 * @check conversion
 */
#include "backend/portable/serialize.c"

void harness(void) {
  uint8_t out[32];
  mlkem_poly a;
  mlkem_portable_compress_encode_msg(out, &a);
}
