/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The scheduler's new list (sha3/sponge_queue.h, queue_init), for every
 * list of 1 to 32 jobs (MLKEM_SPONGE_MAX_JOBS) whose dependencies are
 * earlier jobs: every job of the list pending exactly once and no bit
 * beyond it, a job waits exactly when it has a dependency, that
 * dependency is awaited, the streaming job is one of the list. The loop
 * over the jobs is unwound to its bound (32; an unwinding assertion).
 * @enforce queue_init
 * @unwind queue_init.0:33
 */
#include "queue_harness.h"

void harness(void) {
  sponge_queue q;
  unsigned njobs;
  mlkem_sponge_job *jobs = any_jobs(&njobs);
  queue_init(&q, jobs, njobs);
}
