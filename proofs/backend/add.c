/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The portable r += a (backend/portable/ntt.c, mlkem_portable_add) against
 * its contract (backend/backend.h): from inputs whose sums stay below 2q,
 * every 16-bit sum exact, no conversion losing a value.
 * @enforce mlkem_portable_add
 * @loops
 * @solver z3
 * @check conversion
 */
#include "backend/portable/ntt.c"

void harness(void) {
  mlkem_poly r, a;
  mlkem_portable_add(&r, &a);
}
