/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * How the hybrid functions end a call (hybrid/hybrid.c,
 * mlkem_hybrid_leave): for one or two outputs, each NULL or of any
 * length: on error every non-NULL output all zero, on success none
 * written; err returned. mlkem_zeroize is its body (a memset, which
 * CBMC models for a symbolic length: its contract's all_zero over a
 * symbolic length would be a quantified assumption, which the SAT
 * back-end drops and z3 answers "unknown" to once a canary is planted);
 * the stack scrub (below the frame, outside CBMC's memory model) by its
 * contract; the loop over the outputs is unwound.
 * @enforce mlkem_hybrid_leave
 * @replace mlkem_scrub_stack_deep
 * @source src/platform/ct.c
 * @unwind mlkem_hybrid_leave.0:3
 */
#include "hybrid_outs.h"

void harness(void) {
  size_t n;
  const mlkem_hybrid_out *outs = any_outs(&n);
  int err;
  (void)mlkem_hybrid_leave(err, outs, n);
}
