/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * MultiplyNTTs summed over a vector (backend/portable/ntt.c,
 * mlkem_portable_basemul_acc) against MLKEM_OP_BASEMUL_ACC's contract
 * (backend/backend.h): for k = 1 .. 4 and every range of whole parts, no
 * read outside the k polynomials of a and b, only r written, no signed
 * product overflowing (each is of two int16, or of an int16 and a value
 * below q), every output coefficient of the range below q. The loops have
 * constant bounds (4 parts, k <= 4 polynomials, 32 pairs) and are unwound.
 * @enforce mlkem_portable_basemul_acc
 * @replace mlkem_fqmul mlkem_zeroize
 * @unwind mlkem_portable_basemul_acc.0-1:33 mlkem_portable_basemul_acc.2:5
 * @unwind mlkem_portable_basemul_acc.3:33 mlkem_portable_basemul_acc.4:5
 * @solver z3
 */
#include "backend/portable/ntt.c"

void harness(void) {
  mlkem_poly r, a[MLKEM_K_MAX], b[MLKEM_K_MAX];
  unsigned k, from, to;
  mlkem_portable_basemul_acc(&r, a, b, k, from, to);
}
