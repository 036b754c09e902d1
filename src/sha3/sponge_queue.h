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

#include "platform/cbmc.h"
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

/* clang-format off */
#ifdef CBMC
/* The contracts' terms (platform/cbmc.h; docs/PROOFS.md). The list q
 * runs: the jobs of the object q->jobs points to (the caller's array of
 * njobs jobs; the queue does not keep njobs, so the proofs take it from
 * the object). A mask names jobs of the list only. */
#define SPONGE_LIST_LEN(q) \
  (__CPROVER_OBJECT_SIZE((q)->jobs) / sizeof(mlkem_sponge_job))
#define SPONGE_IN_LIST(q, m) \
  (SPONGE_LIST_LEN(q) >= 32 || ((uint64_t)(m) >> SPONGE_LIST_LEN(q)) == 0)
/* The streaming job's bit (0: none). */
#define SPONGE_STREAM_BIT(q) \
  ((q)->stream >= 0 ? (uint32_t)1 << (unsigned)(q)->stream : 0u)
/* A well-formed queue: its list has at least one job and starts its
 * object; every mask within the list; a job that waits has not started;
 * the streaming job (if any) of the list, with its count readable. */
#define SPONGE_QUEUE_OK(q)                                            \
  (readable((q), sizeof *(q)) &&                                      \
   readable((q)->jobs, sizeof(mlkem_sponge_job)) &&                   \
   __CPROVER_POINTER_OFFSET((q)->jobs) == 0 &&                        \
   SPONGE_IN_LIST((q), (q)->pending | (q)->waiting | (q)->awaited) && \
   ((q)->waiting & ~(q)->pending) == 0 && -1 <= (q)->stream &&        \
   (q)->stream < (int)SPONGE_LIST_LEN(q) &&                           \
   ((q)->stream < 0 ||                                                \
    ((q)->jobs[(q)->stream].avail != NULL &&                          \
     readable((q)->jobs[(q)->stream].avail, sizeof(size_t)))))
/* Lane l holds a job of q's list. */
#define SPONGE_LANE_OK(q, ls, l)                                              \
  ((ls)[l].job != NULL && same_object((ls)[l].job, (q)->jobs) &&              \
   __CPROVER_POINTER_OFFSET((ls)[l].job) >= 0 &&                              \
   __CPROVER_POINTER_OFFSET((ls)[l].job) % sizeof(mlkem_sponge_job) == 0 &&   \
   (size_t)__CPROVER_POINTER_OFFSET((ls)[l].job) / sizeof(mlkem_sponge_job) < \
       SPONGE_LIST_LEN(q))
#endif
/* clang-format on */

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
static MLKEM_SPONGE_INLINE void queue_init(
    sponge_queue *q, const mlkem_sponge_job *jobs,
    unsigned njobs) __contract__(
    requires(writable(q, sizeof *q))
    requires(1 <= njobs && njobs <= MLKEM_SPONGE_MAX_JOBS &&
             readable(jobs, njobs * sizeof *jobs))
    /* a dependency is an earlier job (sha3.h) */
    requires(for_all(k, 0, MLKEM_SPONGE_MAX_JOBS, k < njobs ==>
             (-1 <= jobs[k].after && jobs[k].after < (int)k)))
    assigns(*q)
    /* every job of the list pending, once; none beyond it */
    ensures(q->jobs == jobs &&
            q->pending == (uint32_t)(((uint64_t)1 << njobs) - 1))
    ensures(((q->waiting | q->awaited) & ~q->pending) == 0)
    ensures(-1 <= q->stream && q->stream < (int)njobs &&
            (q->stream < 0 || jobs[q->stream].avail != NULL))
    /* a job waits exactly if it has a dependency, which is awaited */
    ensures(for_all(k, 0, MLKEM_SPONGE_MAX_JOBS, k < njobs ==>
            (((q->waiting >> k) & 1) == (jobs[k].after >= 0) &&
             (jobs[k].after < 0 || ((q->awaited >> jobs[k].after) & 1)))))
  ) {
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
int mlkem_sponge_queue_take(sponge_queue *q) __contract__(
    requires(SPONGE_QUEUE_OK(q))
    assigns(q->pending)
    /* -1: no job may start, but for the streaming one (its input not
     * written yet); nothing taken */
    ensures(return_value == -1 ==>
            (q->pending == old(q->pending) &&
             (q->pending & ~q->waiting & ~SPONGE_STREAM_BIT(q)) == 0))
    /* else job j, free to start, leaves the pending set, alone: taken
     * once, and no other job lost; the first of the list that may start
     * (the streaming one aside) */
    ensures(return_value != -1 ==>
            (0 <= return_value && return_value < 32 &&
             ((old(q->pending) & ~q->waiting) >> return_value & 1) &&
             q->pending == (old(q->pending) &
                            ~((uint32_t)1 << return_value)) &&
             (old(q->pending) & ~q->waiting & ~SPONGE_STREAM_BIT(q) &
              (((uint32_t)1 << return_value) - 1)) == 0))
  );

/* Job j is complete: the jobs waiting for it may start. Called only for
 * a job that some job waits for (awaited: G and H(ek) in encapsulation, G
 * in decapsulation), and out of line (sponge_queue.c), so that the step
 * loop does not scan the waiting jobs after every other job. */
void mlkem_sponge_queue_complete(sponge_queue *q, unsigned j)
    __contract__(
    requires(SPONGE_QUEUE_OK(q) && j < MLKEM_SPONGE_MAX_JOBS)
    assigns(q->waiting)
    /* exactly the jobs that waited for j stop waiting */
    ensures(for_all(k, 0, MLKEM_SPONGE_MAX_JOBS,
            ((q->waiting >> k) & 1) ==
            (((old(q->waiting) >> k) & 1) && q->jobs[k].after != (int)j)))
  );

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
