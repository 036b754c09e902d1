/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * sponge_lanes.c - many sponge computations (@spec{FIPS202, sec. 4}) scheduled
 * over the lanes of multi-way permutations: the scheduler's run loop
 * (sha3.h: mlkem_sponge_run).
 *
 * The states of up to W computations (W = the backend's stride, 4 or 8)
 * are kept interleaved. Each step of the loop
 *  - takes jobs: each idle lane the planner opens takes the first job of
 *    the list that has not started and whose dependency (if any) is
 *    complete (sponge_queue.h), and the lanes are packed into slots 0-3
 *    when the planner says they fit;
 *  - absorbs: each lane that is still absorbing XORs in its next block,
 *    the last one padded (sponge_absorb.h);
 *  - plans: which lanes permute, at which width, which lane sits out
 *    (sponge_plan.h);
 *  - permutes;
 *  - squeezes: each lane that has absorbed everything hands its next
 *    output block, in place, to its job's sink, or copies it out; a job
 *    that has all its output frees its lane (and the jobs waiting for it).
 * So lanes never wait for each other, and the independent hashes of an
 * operation (H(ek), J(z || c), G, the matrix, the noise) share
 * permutations instead of running one after another.
 */
#include <assert.h>
#include <string.h>

#include "platform/bytes.h"
#include "platform/ct.h"
#include "sha3/sha3.h"
#include "sha3/sponge_absorb.h"
#include "sha3/sponge_plan.h"
#include "sha3/sponge_queue.h"

#define BLOCK_BYTES 200 /* a lane set aside: 25 words */
#define MLKEM_SPONGE_ALIGN _Alignas(64)

const mlkem_keccak_lanes mlkem_keccak_lanes_portable = {
    /* One-way permutations only; measured (rdtsc ticks, gcc -O3, x86-64)
     * about 780 each. */
    4, NULL, NULL, 780, 0, 0, NULL,
};

/* The lanes as bit masks (bit l: slot l), so that each stage visits only
 * the lanes it acts on: held, a job; squeezing, all its input absorbed;
 * clean, all zero since the state was zeroed (sponge_absorb.h). */
typedef struct {
  unsigned held, squeezing, clean;
} lane_masks;

/* Moves the lanes held in slots 4-7 into free slots below 4 (plan_pack);
 * the masks follow the lanes. */
static MLKEM_SPONGE_INLINE void compact(sponge_lane *ls, uint64_t *s,
                                        unsigned stride, lane_masks *lm) {
  unsigned from, to, i;
  while ((lm->held & ~0xFu) != 0) {
    from = lowest_bit(lm->held & ~0xFu);
    to = lowest_bit(~lm->held & 0xFu);
    for (i = 0; i < 25; i++) s[stride * i + to] = s[stride * i + from];
    ls[to] = ls[from];
    ls[from].job = NULL;
    lm->clean &= ~(1u << to);
    lm->held = (lm->held & ~(1u << from)) | 1u << to;
    if ((lm->squeezing >> from) & 1)
      lm->squeezing = (lm->squeezing & ~(1u << from)) | 1u << to;
  }
}

/* Take jobs: each idle lane the planner opens, in slot order, takes the
 * next job that may start; then the lanes are packed if the planner says
 * so. */
static MLKEM_SPONGE_INLINE void take_jobs(sponge_queue *q, sponge_estimates *e,
                                          sponge_lane *ls, uint64_t *s,
                                          unsigned stride, lane_masks *lm,
                                          const sponge_rules *rules,
                                          const mlkem_keccak_lanes *lanes) {
  unsigned l, m;
  int j;
  m = plan_fill(rules, e, q, ls, lm->held, lanes, (1u << stride) - 1);
  for (m &= ~lm->held; m != 0; m &= m - 1) {
    if ((j = mlkem_sponge_queue_take(q)) < 0) break;
    l = lowest_bit(m);
    lane_start(&ls[l], q, (unsigned)j);
    if (rules->choose) estimates_start(e, &ls[l], (unsigned)j);
    lm->held |= 1u << l;
  }
  if (plan_pack(lm->held, stride)) compact(ls, s, stride, lm);
}

/* Absorb: each absorbing lane takes its next block. A streaming lane whose
 * next block is not written yet sits this step out (*parked: its slot).
 * Returns the lanes to permute. */
static MLKEM_SPONGE_INLINE unsigned absorb_lanes(sponge_lane *ls, uint64_t *s,
                                                 unsigned stride,
                                                 lane_masks *lm, int *parked) {
  unsigned l, m, busy = lm->held;
  for (m = lm->held & ~lm->squeezing; m != 0; m &= m - 1) {
    l = lowest_bit(m);
    if (!queue_input_ready(ls[l].job, ls[l].absorbed)) {
      *parked = (int)l;
      busy &= ~(1u << l);
      continue;
    }
    if (lane_absorb(&ls[l], s + l, stride, (lm->clean >> l) & 1))
      lm->squeezing |= 1u << l;
    lm->clean &= ~(1u << l);
  }
  return busy;
}

/* A lane that sits a step out (slot out): its state is kept in block
 * while the others are permuted (a multi-way permutation permutes every
 * slot), then put back. Out of line: few steps have one. */
static MLKEM_SPONGE_NOINLINE void set_aside(const uint64_t *s, unsigned stride,
                                            uint8_t block[BLOCK_BYTES],
                                            unsigned out) {
  unsigned i;
  for (i = 0; i < 25; i++) mlkem_store64_le(block + 8 * i, s[stride * i + out]);
}
static MLKEM_SPONGE_NOINLINE void put_back(uint64_t *s, unsigned stride,
                                           const uint8_t block[BLOCK_BYTES],
                                           unsigned out) {
  unsigned i;
  for (i = 0; i < 25; i++) s[stride * i + out] = mlkem_load64_le(block + 8 * i);
}

/* Permute: the step's permutation, with its lane that sits out (if any)
 * set aside. Returns the slots permuted (idle ones too, with the
 * multi-way permutations). The lane is set aside inside each branch, so
 * that the branch on the width follows straight from the planner's choice
 * of it (plan_width, inlined): set aside before the branch, the eight-lane
 * copy tested the width a second time, about 30 instructions more per list
 * (callgrind, ML-KEM-768 on the AVX-512 table). */
static MLKEM_SPONGE_INLINE unsigned permute(uint64_t *s,
                                            uint8_t block[BLOCK_BYTES],
                                            unsigned stride,
                                            const mlkem_keccak_lanes *lanes,
                                            const sponge_step *st) {
  void (*one)(uint64_t *, size_t);
  unsigned m;
  if (st->width == 4) {
    if (st->out >= 0) set_aside(s, stride, block, (unsigned)st->out);
    lanes->x4(s);
    if (st->out >= 0) put_back(s, stride, block, (unsigned)st->out);
    return 0xFu;
  }
  if (st->width == 8) {
    if (st->out >= 0) set_aside(s, stride, block, (unsigned)st->out);
    lanes->x8(s);
    if (st->out >= 0) put_back(s, stride, block, (unsigned)st->out);
    return 0xFFu;
  }
  if (st->out >= 0) set_aside(s, stride, block, (unsigned)st->out);
  one = lanes->x1 != NULL ? lanes->x1 : mlkem_keccakf1600_strided;
  for (m = st->lanes; m != 0; m &= m - 1) one(s + lowest_bit(m), lanes->stride);
  if (st->out >= 0) put_back(s, stride, block, (unsigned)st->out);
  return st->lanes;
}

/* Squeeze: each lane permuted that has absorbed everything hands on its
 * next output block; a job with all its output frees its lane, and the
 * jobs waiting for it (if any: most jobs have none) may start. */
static MLKEM_SPONGE_INLINE void squeeze_lanes(sponge_lane *ls,
                                              const uint64_t *s,
                                              unsigned stride, sponge_queue *q,
                                              const sponge_step *st,
                                              lane_masks *lm) {
  unsigned l, m, j;
  for (m = lm->squeezing & st->lanes; m != 0; m &= m - 1) {
    l = lowest_bit(m);
    if (lane_squeeze(&ls[l], s + l, stride)) {
      j = (unsigned)(ls[l].job - q->jobs);
      if ((q->awaited >> j) & 1) mlkem_sponge_queue_complete(q, j);
      ls[l].job = NULL;
      lm->held &= ~(1u << l);
      lm->squeezing &= ~(1u << l);
    }
  }
}

/* The scheduler, for a stride known at compile time (run_stride4,
 * run_stride8 below: one source, two copies): every lane word is then at
 * a constant offset, the compiler unrolls the loops over a block's words,
 * and with stride 4 the choice of width and its estimates compile away. */
static MLKEM_SPONGE_INLINE void run(const mlkem_sponge_job *jobs,
                                    unsigned njobs,
                                    const mlkem_keccak_lanes *lanes,
                                    const unsigned stride) {
  MLKEM_SPONGE_ALIGN uint64_t s[25 * MLKEM_SPONGE_MAX_STRIDE];
  uint8_t block[BLOCK_BYTES];
  sponge_lane ls[MLKEM_SPONGE_MAX_STRIDE];
  sponge_queue q;
  sponge_estimates e;
  const sponge_rules rules = plan_rules(lanes, stride);
  lane_masks lm;
  unsigned l;

  queue_init(&q, jobs, njobs);
  estimates_init(&e, jobs, njobs, rules.choose);
  memset(s, 0, 25 * stride * sizeof s[0]); /* the lanes in use */
  for (l = 0; l < stride; l++) ls[l].job = NULL;
  lm.held = 0;
  lm.squeezing = 0;
  lm.clean = (1u << stride) - 1;

  for (;;) {
    sponge_step st;
    unsigned busy;
    int parked = -1;
    take_jobs(&q, &e, ls, s, stride, &lm, &rules, lanes);
    if (lm.held == 0) break;
    busy = absorb_lanes(ls, s, stride, &lm, &parked);
    /* Only the streaming job is left and its input will not come: a
     * caller's error (sha3.h); stop rather than spin. */
    if (busy == 0) break;
    st = plan_step(&rules, &q, ls, busy, lm.squeezing, parked, lanes);
    lm.clean &= ~permute(s, block, stride, lanes, &st);
    if (rules.choose) estimates_step(&e, ls, &st);
    squeeze_lanes(ls, s, stride, &q, &st, &lm);
  }
  /* The lanes held secret inputs (noise seeds) and outputs. */
  mlkem_zeroize(s, 25 * stride * sizeof s[0]);
  mlkem_zeroize(block, sizeof block);
  /* The permutations' last states (hash outputs, some secret) remain in
   * their spill slots below this frame. */
  mlkem_scrub_stack();
}

static MLKEM_SPONGE_NOINLINE void run_stride4(const mlkem_sponge_job *jobs,
                                              unsigned njobs,
                                              const mlkem_keccak_lanes *lanes) {
  run(jobs, njobs, lanes, 4);
}

static MLKEM_SPONGE_NOINLINE void run_stride8(const mlkem_sponge_job *jobs,
                                              unsigned njobs,
                                              const mlkem_keccak_lanes *lanes) {
  run(jobs, njobs, lanes, 8);
}

void mlkem_sponge_run(const mlkem_sponge_job *jobs, unsigned njobs,
                      const mlkem_keccak_lanes *lanes) {
  /* A caller's error (sha3.h); the lists of kem.c and kpke.c are checked
   * against the limit at compile time. */
  assert(njobs <= MLKEM_SPONGE_MAX_JOBS);
  assert(lanes->stride == 4 || lanes->stride == 8);
  if (njobs > MLKEM_SPONGE_MAX_JOBS) return;
  if (lanes->stride == 8)
    run_stride8(jobs, njobs, lanes);
  else if (lanes->stride == 4)
    run_stride4(jobs, njobs, lanes);
  /* Any other stride is a caller's error (sha3.h: 4 or 8); nothing runs. */
}
