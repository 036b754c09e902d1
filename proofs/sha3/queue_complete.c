/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * A job complete (sha3/sponge_queue.c, mlkem_sponge_queue_complete), in
 * every state of the queue: only the waiting jobs of the list read, and
 * exactly those that waited for the job stop waiting (none other is
 * released early, none stays blocked). The loop over the waiting jobs is
 * unwound to its bound (32; an unwinding assertion).
 * @enforce mlkem_sponge_queue_complete
 * @unwind mlkem_sponge_queue_complete.0:33
 */
#include "queue_harness.h"
#include "sha3/sponge_queue.c"

void harness(void) {
  sponge_queue q;
  unsigned j;
  any_queue(&q);
  mlkem_sponge_queue_complete(&q, j);
}
