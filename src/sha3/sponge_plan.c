/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* sponge_plan.c - the out-of-line rule of the sponge scheduler's planner
 * (sponge_plan.h): a lane sitting a step out so that another runs
 * one-way. */
#include "sha3/sponge_plan.h"

int mlkem_sponge_plan_defer(const sponge_queue *q, const sponge_lane *ls,
                            unsigned busy, unsigned squeezing) {
  unsigned a = lowest_bit(busy), b = lowest_bit(busy & (busy - 1));
  const int wa = queue_lane_awaited(q, ls, a),
            wb = queue_lane_awaited(q, ls, b);
  uint32_t m;
  size_t work = 0;
  const mlkem_sponge_job *jb;
  if (wa == wb) return -1; /* both awaited, or neither */
  if (wb) b = a;
  jb = ls[b].job;
  if (!((squeezing >> b) & 1) || ls[b].produced + jb->rate < jb->outlen)
    return -1;
  for (m = q->pending; m != 0; m &= m - 1)
    work += perms_of(&q->jobs[lowest_bit(m)]);
  return (work & 3) != 0 ? (int)b : -1;
}
