/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Taking the next job (sha3/sponge_queue.c, mlkem_sponge_queue_take), in
 * every state of the queue: only jobs of the list read; the job returned
 * is pending and depends on no incomplete job, and leaves the pending set
 * alone (so no job is taken twice and none is lost), the first of the
 * list that may start; -1 only when no job but the streaming one, whose
 * first block is not written, may start.
 * @enforce mlkem_sponge_queue_take
 */
#include "queue_harness.h"
#include "sha3/sponge_queue.c"

void harness(void) {
  sponge_queue q;
  any_queue(&q);
  (void)mlkem_sponge_queue_take(&q);
}
