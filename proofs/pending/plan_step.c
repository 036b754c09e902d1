/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * One step of the planner (sha3/sponge_plan.h, plan_step, with
 * plan_width), for every queue, every set of busy lanes holding jobs of
 * its list, every parked lane, every table of permutations and costs:
 * every busy lane is permuted but the one that sits the step out (the
 * parked one or the one mlkem_sponge_plan_defer names), by a permutation
 * the backend has, four-way only if the lanes are in slots 0-3.
 * @enforce plan_step
 * @replace mlkem_sponge_plan_defer
 */
#include "../sha3/queue_harness.h"
#include "sha3/sponge_plan.h"

void harness(void) {
  sponge_queue q;
  sponge_lane ls[MLKEM_SPONGE_MAX_STRIDE];
  sponge_rules rules;
  mlkem_keccak_lanes lanes;
  unsigned busy, squeezing;
  int parked;
  any_queue(&q);
  any_lanes(&q, ls);
  (void)plan_step(&rules, &q, ls, busy, squeezing, parked, &lanes);
}
