/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * backend/portable/arith.h, the Montgomery multiplication by a constant
 * (mlkem_fqmul): below q in absolute value for every int16 of the other factor.
 * @enforce mlkem_fqmul
 */
#include "backend/portable/arith.h"

void harness(void) {
  int16_t a, b;
  (void)mlkem_fqmul(a, b);
}
