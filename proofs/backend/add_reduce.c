/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The portable r = Barrett(r + a) over a range of parts
 * (backend/portable/ntt.c, mlkem_portable_add_reduce) against its contract
 * (backend/backend.h): |r| < q and |a| < 8q give a 16-bit sum without
 * loss, and a result below q on every coefficient of the range, for every
 * range of whole parts.
 * @enforce mlkem_portable_add_reduce
 * @replace mlkem_barrett_reduce
 * @loops
 * @solver z3
 * @check conversion
 */
#include "backend/portable/ntt.c"

void harness(void) {
  mlkem_poly r, a;
  unsigned from, to;
  mlkem_portable_add_reduce(&r, &a, from, to);
}
