/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * backend/portable/arith.h, Barrett reduction (mlkem_barrett_reduce): the
 * centered representative, congruent to the input, for every int16.
 * @enforce mlkem_barrett_reduce
 */
#include "backend/portable/arith.h"

void harness(void) {
  int16_t a, b;
  (void)mlkem_barrett_reduce(a);
}
