/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * sponge_queue.h - the sponge scheduler's list of jobs and its lanes:
 * which jobs have not started, which wait for an earlier one, which
 * streams its input; what each lane holds. Part of the scheduler of
 * sha3.h's mlkem_sponge_run (sponge_lanes.c: the run loop; sponge_absorb.h:
 * absorbing and squeezing; sponge_plan.h: the cost model and the planner).
 *
 * Internal to the scheduler. Its parts are static functions in headers so
 * that the run loop, compiled once per stride, inlines them: the
 * scheduler's own work is a few thousand ticks per operation
 * (docs/SCHEDULE.md), and calls across files would add to it.
 *
 * Lanes and jobs are tracked as bit masks (bit l: slot l; bit j: job j), so
 * each loop visits only the lanes or jobs it acts on. The masks hold job
 * progress, which is public: the scheduler never branches on the data it
 * hashes.
 */
#ifndef MLKEM_SPONGE_QUEUE_H
#define MLKEM_SPONGE_QUEUE_H

#include <stddef.h>
#include <stdint.h>

#include "sha3/sha3.h"

#if defined(__GNUC__) || defined(__clang__)
#define MLKEM_SPONGE_INLINE inline __attribute__((always_inline))
#define MLKEM_SPONGE_NOINLINE __attribute__((noinline))
/* Unrolled loops over a block's words: with the stride constant, each
 * word is then a load and a store at fixed offsets. */
#define MLKEM_SPONGE_UNROLL _Pragma("GCC unroll 8")
#else
#define MLKEM_SPONGE_UNROLL
#define MLKEM_SPONGE_INLINE inline
#define MLKEM_SPONGE_NOINLINE
#endif

/* The widest layout (sha3.h: strides 4 and 8). Eight where a backend
 * has it (AVX-512) and wherever the tests may ask for it; a freestanding
 * build without AVX-512 (the Cortex-M4's) has only stride-4 tables, so the
 * scheduler's state and its stride-8 copy are left out there: 800 bytes
 * of stack and about 13 KB of code (docs/BENCHMARKS.md, "Cortex-M4"). */
#if defined(MLKEM_FREESTANDING) && !defined(MLKEM_HAVE_AVX512)
#define MLKEM_SPONGE_MAX_STRIDE 4
#else
#define MLKEM_SPONGE_MAX_STRIDE 8
#endif

/* A lane: the job it runs and how far it got. */
typedef struct {
  const mlkem_sponge_job *job; /* NULL: idle */
  size_t absorbed;             /* input bytes absorbed */
  uint32_t produced;           /* output bytes written or handed to the
                                  sink (outlen is 32-bit) */
  /* The planner's estimates (sponge_plan.h), kept only where a step
   * chooses its width: */
  uint16_t end; /* the step it should complete in */
  uint8_t dep;  /* the permutations of its longest line of dependents */
} sponge_lane;  /* 24 bytes on 64-bit targets: the stack bound is tight */

/* The list: which jobs have not started (pending), which of those wait
 * for a job that is not complete (waiting), which jobs some job waits for
 * (awaited), and the job that streams its input (sha3.h), or -1. */
typedef struct {
  const mlkem_sponge_job *jobs;
  uint32_t pending, waiting, awaited;
  int stream;
} sponge_queue;

/* The lowest set bit of m (m not 0). */
static MLKEM_SPONGE_INLINE unsigned lowest_bit(unsigned m) {
#if defined(__GNUC__) || defined(__clang__)
  return (unsigned)__builtin_ctz(m);
#else
  unsigned l = 0;
  while (!((m >> l) & 1)) l++;
  return l;
#endif
}

/* The number of lanes in m (m < 2^8): bits summed in pairs, then in
 * nibbles. Without -mpopcnt, __builtin_popcount is a library call. */
static MLKEM_SPONGE_INLINE unsigned lanes_in(unsigned m) {
  m = m - ((m >> 1) & 0x55u);
  m = (m & 0x33u) + ((m >> 2) & 0x33u);
  return (m + (m >> 4)) & 0x0Fu;
}

/* A new list: every job pending; a job with a dependency waits. */
static MLKEM_SPONGE_INLINE void queue_init(sponge_queue *q,
                                           const mlkem_sponge_job *jobs,
                                           unsigned njobs) {
  unsigned j;
  q->jobs = jobs;
  q->stream = -1;
  q->pending = (uint32_t)(((uint64_t)1 << njobs) - 1);
  q->waiting = 0;
  q->awaited = 0;
  for (j = 0; j < njobs; j++) {
    if (jobs[j].after >= 0) {
      q->waiting |= (uint32_t)1 << j;
      q->awaited |= (uint32_t)1 << (unsigned)jobs[j].after;
    }
    if (jobs[j].avail != NULL) q->stream = (int)j;
  }
}

/* Whether the input of the job's next block, after `absorbed` bytes, has
 * been written (always, unless the job streams its input). */
static MLKEM_SPONGE_INLINE int queue_input_ready(const mlkem_sponge_job *job,
                                                 size_t absorbed) {
  size_t total = (size_t)job->len0 + job->len1, left = total - absorbed;
  if (job->avail == NULL) return 1;
  return *job->avail >= absorbed + (left < job->rate ? left : job->rate);
}

/* Whether some job has not started and depends on no incomplete job. */
static MLKEM_SPONGE_INLINE int queue_can_start(const sponge_queue *q) {
  return (q->pending & ~q->waiting) != 0;
}

/* Takes the first job of the list that may start now: returns its index,
 * or -1. The streaming job starts once its first block is written. Out of
 * line (sponge_queue.c), as gcc left it before: inlined, it added about
 * 650 and 380 bytes to the two copies of the run loop. */
int mlkem_sponge_queue_take(sponge_queue *q);

/* Job j is complete: the jobs waiting for it may start. Called only for
 * a job that some job waits for (awaited: G and H(ek) in encapsulation, G
 * in decapsulation), and out of line (sponge_queue.c), so that the step
 * loop does not scan the waiting jobs after every other job. */
void mlkem_sponge_queue_complete(sponge_queue *q, unsigned j);

/* Whether some job of the list waits for the one lane l runs: until that
 * job completes, every job that waits for it is still waiting. */
static MLKEM_SPONGE_INLINE int queue_lane_awaited(const sponge_queue *q,
                                                  const sponge_lane *ls,
                                                  unsigned l) {
  return (int)((q->awaited >> (unsigned)(ls[l].job - q->jobs)) & 1);
}

/* The lane starts job j; it is cleared before the job's first block
 * (sponge_absorb.h). */
static MLKEM_SPONGE_INLINE void lane_start(sponge_lane *ls,
                                           const sponge_queue *q, unsigned j) {
  ls->job = &q->jobs[j];
  ls->absorbed = 0;
  ls->produced = 0;
}

#endif /* MLKEM_SPONGE_QUEUE_H */
