/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ByteEncode_12 (backend/portable/serialize.c, mlkem_portable_encode12)
 * against MLKEM_OP_ENCODE12's contract (backend/backend.h): for every
 * range of whole parts and every int16 input, only the range's 3 (to -
 * from) / 2 bytes written, each 12-bit value written below q. The loops
 * have constant bounds (at most 256 coefficients, groups of 4) and are
 * unwound to them.
 * @enforce mlkem_portable_encode12
 * @replace mlkem_freeze mlkem_zeroize
 * @unwind mlkem_portable_encode12.0:257 pack.0-2:65
 * @solver z3
 * @check conversion
 */
#include "backend/portable/serialize.c"

void harness(void) {
  uint8_t out[MLKEM_POLYBYTES];
  mlkem_poly a;
  unsigned from, to;
  mlkem_portable_encode12(out, &a, from, to);
}
