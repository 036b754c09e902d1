/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * backend/portable/arith.h, the canonical representative (mlkem_freeze) of
 * every int16: in [0, q), congruent to it.
 * @enforce mlkem_freeze
 * @replace mlkem_barrett_reduce mlkem_cond_add_q
 */
#include "backend/portable/arith.h"

void harness(void) {
  int16_t a, b;
  (void)mlkem_freeze(a);
}
