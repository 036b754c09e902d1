/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The portable r = a - r (backend/portable/ntt.c, mlkem_portable_sub_from)
 * against its contract (backend/backend.h): from inputs whose differences
 * stay below 2q, every 16-bit difference exact, no conversion losing a
 * value.
 * @enforce mlkem_portable_sub_from
 * @loops
 * @solver z3
 * @check conversion
 */
#include "backend/portable/ntt.c"

void harness(void) {
  mlkem_poly r, a;
  mlkem_portable_sub_from(&r, &a);
}
