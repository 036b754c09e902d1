/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The width of a step (sha3/sponge_plan.h, plan_width), for every set of
 * lanes and every table of permutations and costs: a permutation the
 * backend has (1: the one-way one of each lane, always there), four-way
 * only if every lane is in slots 0-3, which it covers.
 * @enforce plan_width
 */
#include "sha3/sponge_plan.h"

void harness(void) {
  mlkem_keccak_lanes lanes;
  unsigned mask;
  (void)plan_width(mask, &lanes);
}
