/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * sponge_plan.h - the sponge scheduler's cost model and planner.
 *
 * The planner decides, from the lanes' state, the list and the backend's
 * permutations and costs (sha3.h: mlkem_keccak_lanes), what the next step
 * does; the run loop (sponge_lanes.c) carries it out. Its decisions
 * (docs/SCHEDULE.md has the measurements behind each):
 *  - plan_fill: which idle lanes may take a job. All of them, except that
 *    with both four- and eight-way permutations the upper four stay idle
 *    unless eight lanes come out cheaper (plan_go_wide): while a chain of
 *    dependent jobs, not the work, bounds the list, four lanes finish as
 *    soon at a lower cost per step;
 *  - plan_pack: whether the lanes holding jobs fit in slots 0-3 and must
 *    move there, so that a four-way permutation covers them;
 *  - plan_step: which lanes permute and how (plan_width: the cheapest of
 *    the one-way permutation per lane, the four-way and the eight-way one
 *    that covers them), and which lane holding a job sits the step out: a
 *    streaming lane whose next block is not written yet, or, with four
 *    lanes and a one-way permutation that costs more than half a four-way
 *    one, a lane whose job none waits for beside one that some job waits
 *    for (mlkem_sponge_plan_defer).
 * Each is a function of its arguments alone, with no effect but its result
 * (plan_fill also refreshes the estimates' memo of the longest chain among
 * the jobs not started; estimates_pending_chain), so it can be tested
 * alone on a hand-built state (tests/test_sponge_plan.c).
 *
 * The cost model: a job's permutations come from its lengths (perms_of).
 * For plan_go_wide, the estimates are kept while the list runs (only
 * where the width is chosen): the permutations left in all jobs, each
 * job's chain (its permutations and those of its longest line of
 * dependent jobs) and each lane's end step. They are estimates: a job may
 * need one permutation more (a matrix entry that needs a fourth block);
 * nothing but the choice of width reads them.
 *
 * Part of the scheduler (sponge_queue.h says why these are static
 * functions in headers).
 */
#ifndef MLKEM_SPONGE_PLAN_H
#define MLKEM_SPONGE_PLAN_H

#include <assert.h>
#include <stddef.h>
#include <stdint.h>

#include "sha3/sha3.h"
#include "sha3/sponge_queue.h"

/* ---- the cost model ---------------------------------------------------- */

/* floor(z / d) for z < 2^27 and the small d of the estimates below (the
 * rates in 8-byte words, at most 21; the lane counts, at most 8), without
 * a division instruction (code that handles secrets has none:
 * scripts/check_no_division.sh; gcc -Os would emit one for a division by
 * most constants) and without a branch on d. With M = ceil(2^32 / d) =
 * (2^32 + e) / d, 0 <= e < d, (z M) >> 32 is floor(z / d) + floor(frac +
 * z e / (d 2^32)), and z e < 2^27 d <= 2^32 for d <= 32 keeps the second
 * term below 1 / d, so the result is exact. Larger z is capped (these are
 * estimates). */
#define DIV_SMALL_MAX 32
/* clang-format off */
static const uint32_t div_small_m[DIV_SMALL_MAX + 1] = {
  0, 0, 0x80000000u, 0x55555556u, 0x40000000u,
  0x33333334u, 0x2AAAAAABu, 0x24924925u, 0x20000000u, 0x1C71C71Du,
  0x1999999Au, 0x1745D175u, 0x15555556u, 0x13B13B14u, 0x12492493u,
  0x11111112u, 0x10000000u, 0x0F0F0F10u, 0x0E38E38Fu, 0x0D79435Fu,
  0x0CCCCCCDu, 0x0C30C30Du, 0x0BA2E8BBu, 0x0B21642Du, 0x0AAAAAABu,
  0x0A3D70A4u, 0x09D89D8Au, 0x097B425Fu, 0x0924924Au, 0x08D3DCB1u,
  0x08888889u, 0x08421085u, 0x08000000u,
};
/* clang-format on */

static inline size_t div_small(size_t z, unsigned d) {
  assert(d >= 2 && d <= DIV_SMALL_MAX);
  if (d > DIV_SMALL_MAX) d = 0; /* a caller's error: 0 */
  if (z >= ((size_t)1 << 27)) z = ((size_t)1 << 27) - 1;
  return (size_t)(((uint64_t)z * div_small_m[d]) >> 32);
}

/* floor(x / rate); the rate is a multiple of 8 (sha3.h). */
static inline size_t blocks_of(size_t x, unsigned rate) {
  if (x < rate) return 0; /* most inputs and outputs of ML-KEM's jobs */
  return div_small(x >> 3, rate / 8);
}

/* The permutations a job runs: one per input block (the last one padded,
 * @spec{FIPS202, sec. 5.1}), then one per further output block. A sink's
 * outlen is the expected length. */
/* clang-format off */
#ifdef CBMC
/* A job's rate as sha3.h has it (a multiple of 8 below 200), and at
 * least two words: div_small divides by the rate in words (2 to 32). */
#define SPONGE_RATE_OK(r) ((r) % 8 == 0 && 16 <= (r) && (r) < 200)
#endif
/* clang-format on */
static inline size_t perms_of(const mlkem_sponge_job *job)
    __contract__(
    requires(readable(job, sizeof *job) && SPONGE_RATE_OK(job->rate))
    /* (each blocks_of at most 2^27 - 1: div_small caps its argument) */
    ensures(1 <= return_value && return_value < ((size_t)1 << 28))
  ) {
  size_t out = job->outlen > 0 ? job->outlen - 1 : 0;
  return blocks_of((size_t)job->len0 + job->len1, job->rate) + 1 +
         blocks_of(out, job->rate);
}

/* ceil(work / lanes) */
static inline size_t steps_for(size_t work, unsigned lanes) {
  return div_small(work + lanes - 1, lanes);
}

static inline uint8_t sat8(size_t x) {
  return x > 0xFF ? 0xFF : (uint8_t)x;
}
static inline uint16_t sat16(size_t x) {
  return x > 0xFFFF ? 0xFFFF : (uint16_t)x;
}

/* What the choice of width estimates: the permutations left in all jobs;
 * for each job its permutations and its chain, the permutations of the
 * job and of its longest line of dependent jobs; the steps run. (Each
 * lane's end step and the chain of its dependents are in sponge_lane.)
 * The work fits in 32 bits: at most 32 jobs of at most 2^27 - 1
 * permutations each (perms_of caps its estimate: div_small). 32 bits
 * rather than a size_t keep the eight-lane run loop's stack frame the
 * size it was (it grows in steps of 64 bytes, the state's alignment). */
typedef struct {
  uint32_t work;
  uint32_t chain_of;      /* the pending set pending_chain was taken at */
  unsigned pending_chain; /* longest chain of the jobs not started */
  unsigned now;           /* steps run */
  uint8_t perms[MLKEM_SPONGE_MAX_JOBS]; /* saturated at 255 */
  uint8_t chain[MLKEM_SPONGE_MAX_JOBS]; /* saturated at 255 */
} sponge_estimates;

/* The estimates of a new list: the counters, and with chains (where the
 * width is chosen, the only reader) each job's figures. A job's
 * dependency is always earlier in the list, so one backward pass gives
 * every chain. */
static MLKEM_SPONGE_INLINE void estimates_init(sponge_estimates *e,
                                               const mlkem_sponge_job *jobs,
                                               unsigned njobs, int chains) {
  unsigned j;
  e->work = 0;
  e->chain_of = 0; /* pending_chain is that of no job (not yet taken) */
  e->pending_chain = 0;
  e->now = 0;
  if (!chains) return;
  for (j = 0; j < njobs; j++) e->chain[j] = 0;
  for (j = njobs; j-- > 0;) {
    size_t p = perms_of(&jobs[j]);
    int after = jobs[j].after;
    e->perms[j] = sat8(p);
    e->work += (uint32_t)p;
    e->chain[j] = sat8(e->chain[j] + p); /* its dependents' longest, + p */
    if (after >= 0 && e->chain[after] < e->chain[j])
      e->chain[after] = e->chain[j];
  }
}

/* The lane has started job j: the step it should complete in, and the
 * chain of the jobs that depend on it. */
static MLKEM_SPONGE_INLINE void estimates_start(const sponge_estimates *e,
                                                sponge_lane *ls, unsigned j) {
  unsigned perms = e->perms[j];
  ls->end = sat16(e->now + perms);
  ls->dep = (uint8_t)(e->chain[j] > perms ? e->chain[j] - perms : 0);
}

/* The longest chain of the jobs not started (pending). It changes only
 * when one starts, so it is recomputed only after that. */
static MLKEM_SPONGE_INLINE unsigned estimates_pending_chain(sponge_estimates *e,
                                                            uint32_t pending) {
  uint32_t m;
  unsigned j;
  if (e->chain_of != pending) {
    e->chain_of = pending;
    e->pending_chain = 0;
    for (m = pending; m != 0; m &= m - 1) {
      j = lowest_bit(m);
      if (e->chain[j] > e->pending_chain) e->pending_chain = e->chain[j];
    }
  }
  return e->pending_chain;
}

/* ---- the planner ------------------------------------------------------- */

/* Which choices a table of permutations leaves the planner, fixed for a
 * list: whether each step chooses between four and eight lanes (both
 * permutations offered, stride 8; only then are the estimates kept), and
 * whether a lane may sit a step out so that another runs one-way (four
 * lanes, a one-way permutation cheaper than the four-way one but more
 * than half of it: mlkem_sponge_plan_defer). */
typedef struct {
  int choose;
  int defer;
} sponge_rules;

static MLKEM_SPONGE_INLINE sponge_rules
plan_rules(const mlkem_keccak_lanes *lanes, unsigned stride) {
  sponge_rules r;
  r.choose = stride > 4 && lanes->x4 != NULL && lanes->x8 != NULL;
  r.defer = stride == 4 && lanes->x4 != NULL &&
            lanes->cost_x1 < lanes->cost_x4 &&
            lanes->cost_x4 < 2 * lanes->cost_x1;
  return r;
}

/* One step: the lanes to permute (bit l: slot l), by one-way permutations
 * of each (width 1) or one four- or eight-way permutation (width 4, 8:
 * slots 0-3 or 0-7, idle ones too); and a lane that holds a job but sits
 * this step out, its state set aside meanwhile (out), or -1. */
typedef struct {
  unsigned lanes;
  unsigned width;
  int out;
} sponge_step;

/* Whether to fill all eight lanes rather than four: the time left is
 * about the longest of the longest chain, the work spread over the lanes
 * and, if a job streams its input, the other jobs spread over the lanes
 * it leaves them (it holds one even while it waits) plus its tail (the
 * blocks it can absorb only once they are complete; sha3.h); times the
 * cost of one step (docs/SCHEDULE.md). Eight lanes pay when the work, not
 * a chain, bounds the rest of the list. pending_chain: the longest chain
 * of the jobs not started; held: the lanes that hold a job. */
static MLKEM_SPONGE_INLINE int plan_go_wide(
    const sponge_estimates *e, const sponge_queue *q, const sponge_lane *ls,
    unsigned held, unsigned pending_chain, const mlkem_keccak_lanes *lanes) {
  const size_t work = e->work;
  size_t chain = pending_chain, stream = 0, c, t4, t8, left;
  unsigned l;
  if (q->stream >= 0 && ((q->pending >> q->stream) & 1))
    stream = e->chain[q->stream];
  for (; held != 0; held &= held - 1) {
    l = lowest_bit(held);
    left = ls[l].end > e->now ? ls[l].end - e->now : 0;
    c = ls[l].dep + left;
    if (c > chain) chain = c;
    if (ls[l].job->avail != NULL) stream = left;
  }
  t4 = (work + 3) >> 2; /* steps_for(work, 4) */
  t8 = (work + 7) >> 3;
  if (stream > 0 && stream <= work) {
    /* The blocks it absorbs only after the others are complete: its
     * tail while its input is incomplete, else (at least) its last. */
    const mlkem_sponge_job *sj = &q->jobs[q->stream];
    size_t tail = 1;
    if (*sj->avail < (size_t)sj->len0 + sj->len1 && sj->tail > 1)
      tail = sj->tail < stream ? sj->tail : stream;
    c = work - stream; /* the other jobs' work */
    if (t4 < steps_for(c, 3) + tail) t4 = steps_for(c, 3) + tail;
    if (t8 < steps_for(c, 7) + tail) t8 = steps_for(c, 7) + tail;
  }
  if (t4 < chain) t4 = chain;
  if (t8 < chain) t8 = chain;
  return t8 * lanes->cost_x8 < t4 * lanes->cost_x4;
}

/* The idle lanes that may take a job this step (a mask within all, the
 * stride's slots): all of them, unless the step chooses its width, the
 * upper four lanes are idle and a job may start; then only the lower four
 * unless eight lanes pay (plan_go_wide). With the upper lanes busy, or no
 * job free to start, there is nothing to choose. */
static MLKEM_SPONGE_INLINE unsigned plan_fill(
    const sponge_rules *rules, sponge_estimates *e, const sponge_queue *q,
    const sponge_lane *ls, unsigned held, const mlkem_keccak_lanes *lanes,
    unsigned all) {
  if (rules->choose && (held & 0xF0u) == 0 && queue_can_start(q) &&
      !plan_go_wide(e, q, ls, held, estimates_pending_chain(e, q->pending),
                    lanes))
    return 0xFu;
  return all;
}

/* Whether the lanes that hold jobs (held) should move into slots 0-3:
 * four or fewer lanes held and one of them above slot 3, so that the
 * four-way permutation covers them. (With four slots none is above 3: the
 * stride test only lets that copy of the run loop compile the move
 * away.) */
static MLKEM_SPONGE_INLINE int plan_pack(unsigned held, unsigned stride) {
  return stride > 4 && (held & ~0xFu) != 0 && lanes_in(held) <= 4;
}

/* The cheapest way the backend offers to permute the lanes: 4 (the
 * four-way permutation, if they are all in slots 0-3), 8 (the eight-way
 * one), or 1 (the one-way permutation of each). */
static MLKEM_SPONGE_INLINE unsigned plan_width(unsigned lanes_mask,
                                               const mlkem_keccak_lanes *lanes)
    __contract__(
    requires(readable(lanes, sizeof *lanes) &&
             lanes_mask < (1u << MLKEM_SPONGE_MAX_STRIDE))
    /* a permutation the backend has, and one that covers the lanes */
    ensures(return_value == 1 ||
            (return_value == 4 && lanes->x4 != NULL &&
             (lanes_mask & ~0xFu) == 0) ||
            (return_value == 8 && lanes->x8 != NULL))
  ) {
  const unsigned cost = lanes_in(lanes_mask) * lanes->cost_x1;
  if (lanes->x4 != NULL && (lanes_mask & ~0xFu) == 0 && lanes->cost_x4 < cost)
    return 4;
  if (lanes->x8 != NULL && lanes->cost_x8 < cost) return 8;
  return 1;
}

/* Whether one of two busy lanes should sit this step out, with four lanes
 * and a one-way permutation cheaper than the four-way one but more than
 * half of it (AVX2, NEON with SHA-3): then one busy lane runs one-way,
 * two run four-way, so a second lane doubles the step's cost. That pays
 * when the lanes are a job that others wait for (a) and a job that no job
 * waits for (b) that squeezes and should need one more block at most: a
 * matrix entry beside G in encapsulation, when an entry needed a fourth
 * block. b's block is then permuted beside the jobs that wait, which
 * start once a is complete, if theirs leave a lane of their last step
 * free: if the permutations of the jobs not started are not a multiple of
 * four. busy has exactly two lanes (plan_step tests it: most steps have
 * more or fewer). Returns b's slot, or -1. Only the step's own lanes and
 * the list are looked at (no estimates are kept with four lanes: they
 * cost more than this case saves), and out of line (sponge_plan.c): the
 * step loop stays as it was for the lists where this never applies. */
/* clang-format off */
#ifdef CBMC
/* m has exactly two bits set. */
#define SPONGE_TWO_LANES(m)            \
  ((m) != 0 && ((m) & ((m)-1)) != 0 && \
   ((m) & ((m)-1) & ((m) & ((m)-1)) - 1) == 0)
/* Every lane of busy holds a job of the list, and every job not started
 * has a rate div_small takes. */
#define SPONGE_LANES_OK(q, ls, busy)                                \
  (readable((ls), MLKEM_SPONGE_MAX_STRIDE * sizeof(sponge_lane)) && \
   (busy) < (1u << MLKEM_SPONGE_MAX_STRIDE) &&                      \
   for_all(l, 0, MLKEM_SPONGE_MAX_STRIDE,                           \
           ((busy) >> l & 1) ==> SPONGE_LANE_OK((q), (ls), l)) &&  \
   for_all(k, 0, MLKEM_SPONGE_MAX_JOBS,                             \
           ((q)->pending >> k & 1) ==> SPONGE_RATE_OK((q)->jobs[k].rate)))
#endif
/* clang-format on */
int mlkem_sponge_plan_defer(const sponge_queue *q, const sponge_lane *ls,
                            unsigned busy, unsigned squeezing)
    __contract__(
    requires(SPONGE_QUEUE_OK(q) && SPONGE_TWO_LANES(busy) &&
             SPONGE_LANES_OK(q, ls, busy))
    /* -1, or one of the two lanes, squeezing, whose job no job awaits */
    ensures(return_value == -1 ||
            (0 <= return_value && return_value < MLKEM_SPONGE_MAX_STRIDE &&
             ((busy & squeezing) >> return_value & 1) &&
             !((q->awaited >> (unsigned)(ls[return_value].job - q->jobs)) &
               1)))
  );

/* The step, once the absorbing lanes have taken their blocks: busy, the
 * lanes to permute (those that hold a job, less parked); parked, a
 * streaming lane whose next block is not written yet, or -1; squeezing,
 * the lanes that have absorbed all their input. */
static MLKEM_SPONGE_INLINE sponge_step
plan_step(const sponge_rules *rules, const sponge_queue *q,
          const sponge_lane *ls, unsigned busy, unsigned squeezing, int parked,
          const mlkem_keccak_lanes *lanes)
    __contract__(
    requires(readable(rules, sizeof *rules) && readable(lanes, sizeof *lanes))
    requires(SPONGE_QUEUE_OK(q) && busy != 0 && SPONGE_LANES_OK(q, ls, busy))
    requires(parked == -1 ||
             (0 <= parked && parked < MLKEM_SPONGE_MAX_STRIDE &&
              !(busy >> parked & 1)))
    /* every lane of busy permuted, but the one that sits out (if any):
     * no job loses or repeats a step */
    ensures(return_value.out == parked ?
            return_value.lanes == busy :
            (parked == -1 && 0 <= return_value.out &&
             return_value.out < MLKEM_SPONGE_MAX_STRIDE &&
             (busy >> return_value.out & 1) &&
             return_value.lanes == (busy & ~(1u << return_value.out))))
    /* by a permutation the backend has that covers them */
    ensures(return_value.width == 1 ||
            (return_value.width == 4 && lanes->x4 != NULL &&
             (return_value.lanes & ~0xFu) == 0) ||
            (return_value.width == 8 && lanes->x8 != NULL))
  ) {
  sponge_step st;
  st.lanes = busy;
  st.out = parked;
  /* (The two-lane test here, out of the call: most steps fail it.) */
  if (rules->defer && parked < 0 && lanes_in(busy) == 2 &&
      (st.out = mlkem_sponge_plan_defer(q, ls, busy, squeezing)) >= 0)
    st.lanes &= ~(1u << (unsigned)st.out);
  st.width = plan_width(st.lanes, lanes);
  return st;
}

/* After a step: one step less for every job, except the one that sat
 * out; the lanes it permuted did as much work. */
static MLKEM_SPONGE_INLINE void estimates_step(sponge_estimates *e,
                                               sponge_lane *ls,
                                               const sponge_step *st) {
  unsigned n = lanes_in(st->lanes);
  e->now++;
  if (st->out >= 0) ls[st->out].end++;
  e->work = e->work > n ? e->work - n : 0;
}

#endif /* MLKEM_SPONGE_PLAN_H */
