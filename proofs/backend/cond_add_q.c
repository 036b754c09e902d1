/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * backend/portable/arith.h, the conditional addition of q (mlkem_cond_add_q):
 * [0, q) from [-q, q).
 * @enforce mlkem_cond_add_q
 */
#include "backend/portable/arith.h"

void harness(void) {
  int16_t a, b;
  (void)mlkem_cond_add_q(a);
}
