/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * MultiplyNTTs summed over a vector (backend/portable/ntt.c,
 * mlkem_portable_basemul_acc) against MLKEM_OP_BASEMUL_ACC's contract
 * (backend/backend.h): for k = 1 .. 4 and every range of whole parts, no
 * read outside the k polynomials of a and b, only r written, no signed
 * product overflowing (each is of two int16, or of an int16 and a value
 * below q), every output coefficient of the range below q. Every loop
 * carries a loop contract (the parts', the final pass's: the outputs so
 * far below q, a quantifier over the constant [0, 256)). The bounds the
 * contract requires of a and b are quantified over the symbolic k and
 * range, which CBMC's SAT back-end does not assume (it warns): the proof
 * holds without them, for every int16 input.
 * @enforce mlkem_portable_basemul_acc
 * @replace mlkem_fqmul mlkem_zeroize
 * @loops
 * @solver sat
 * @flags --object-bits 9
 */
#include "backend/portable/ntt.c"

void harness(void) {
  mlkem_poly r, a[MLKEM_K_MAX], b[MLKEM_K_MAX];
  unsigned k, from, to;
  mlkem_portable_basemul_acc(&r, a, b, k, from, to);
}
