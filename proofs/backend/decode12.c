/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ByteDecode_12 (backend/portable/serialize.c, mlkem_portable_decode12)
 * against MLKEM_OP_DECODE12's contract (backend/backend.h): every output
 * coefficient in [0, q), and the result non-zero exactly when a 12-bit
 * value of the input is q or more (FIPS 203 Section 7.2's modulus check
 * rests on it). The two loops over the coefficients (unpack's over the
 * groups, decode12's over the values) carry loop contracts whose
 * quantifiers range over the constant [0, 256) (CBMC's SAT back-end
 * expands them); the loops within a group are unwound (at most 16).
 * @enforce mlkem_portable_decode12
 * @replace mlkem_cond_add_q mlkem_zeroize
 * @loops
 * @unwind unpack.0-1:17
 * @solver sat
 * @check conversion
 */
#include "backend/portable/serialize.c"

void harness(void) {
  uint8_t in[MLKEM_POLYBYTES];
  mlkem_poly r;
  (void)mlkem_portable_decode12(&r, in);
}
