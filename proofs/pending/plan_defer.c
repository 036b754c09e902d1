/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Whether a lane sits a step out (sha3/sponge_plan.c,
 * mlkem_sponge_plan_defer), for every queue and every two busy lanes
 * holding jobs of its list: only jobs of the list read; the lane returned
 * is one of the two, squeezing, and its job awaited by none. The loop over
 * the pending jobs is unwound to its bound (32; an unwinding assertion),
 * perms_of replaced by its contract.
 * @enforce mlkem_sponge_plan_defer
 * @replace perms_of
 * @unwind mlkem_sponge_plan_defer.0:33
 * @flags --object-bits 10
 */
#include "../sha3/queue_harness.h"
#include "sha3/sponge_plan.c"

void harness(void) {
  sponge_queue q;
  sponge_lane ls[MLKEM_SPONGE_MAX_STRIDE];
  unsigned busy, squeezing;
  any_queue(&q);
  any_lanes(&q, ls);
  (void)mlkem_sponge_plan_defer(&q, ls, busy, squeezing);
}
