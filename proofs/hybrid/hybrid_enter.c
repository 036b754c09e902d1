/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * How the hybrid functions enter a call (hybrid/hybrid.c,
 * mlkem_hybrid_enter): for one or two outputs, each NULL or of any
 * length, a missing argument or not, a backend or none
 * (mlkem_x25519_impl_get has no body here: any result): NULL returned
 * exactly when *err is an error (MLKEM_ERR_NULL_ARGUMENT when an argument
 * is missing, MLKEM_ERR_BACKEND), and then every non-NULL output all
 * zero. mlkem_hybrid_leave is replaced by its contract (hybrid_leave.c).
 * @enforce mlkem_hybrid_enter
 * @replace mlkem_hybrid_leave mlkem_x25519_impl_get
 * @solver z3
 */
#include "hybrid_outs.h"

void harness(void) {
  size_t n;
  const mlkem_hybrid_out *outs = any_outs(&n);
  int missing, *err;
  (void)mlkem_hybrid_enter(missing, outs, n, err);
}
