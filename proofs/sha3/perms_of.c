/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The cost model's permutations of a job (sha3/sponge_plan.h, perms_of),
 * for every job length and rate of sha3.h: div_small's divisor within its
 * table (2 to 32), no overflow, at least one and below 2^28.
 * @enforce perms_of
 */
#include "sha3/sponge_plan.h"

void harness(void) {
  mlkem_sponge_job job;
  (void)perms_of(&job);
}
