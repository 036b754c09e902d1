/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* sponge_queue.c - the out-of-line part of the sponge scheduler's list of
 * jobs (sponge_queue.h). */
#include "sha3/sponge_queue.h"

int mlkem_sponge_queue_take(sponge_queue *q) {
  uint32_t can = q->pending & ~q->waiting;
  unsigned j;
  if (q->stream >= 0 && ((can >> q->stream) & 1) &&
      !queue_input_ready(&q->jobs[q->stream], 0))
    can &= ~((uint32_t)1 << q->stream);
  if (can == 0) return -1;
  j = lowest_bit(can);
  q->pending &= ~((uint32_t)1 << j);
  return (int)j;
}

void mlkem_sponge_queue_complete(sponge_queue *q, unsigned j) {
  uint32_t m;
  unsigned k;
  for (m = q->waiting; m != 0; m &= m - 1) {
    k = lowest_bit(m);
    if (q->jobs[k].after == (int)j) q->waiting &= ~((uint32_t)1 << k);
  }
}
