/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ByteEncode_d(Compress_d) (backend/portable/serialize.c,
 * mlkem_portable_compress_encode) against MLKEM_OP_COMPRESS_ENCODE's
 * contract (backend/backend.h): for d in {4, 5, 10, 11} and every input,
 * exactly the 32 d bytes of out written, no shift or conversion out of
 * range. The loops over the coefficients and over pack's groups carry
 * loop contracts; the loops within a group are unwound (at most 16).
 * @enforce mlkem_portable_compress_encode
 * @replace mlkem_freeze mlkem_zeroize
 * @loops
 * @unwind pack.0-1:17
 * @solver sat
 * @check conversion
 */
#include "backend/portable/serialize.c"

void harness(void) {
  uint8_t out[32 * 11];
  mlkem_poly a;
  unsigned d;
  mlkem_portable_compress_encode(out, &a, d);
}
