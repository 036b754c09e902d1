/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_sponge_plan.c - the sponge scheduler's cost model and planner
 * (src/sha3/sponge_plan.h) alone, on hand-built states of lanes and lists,
 * with no permutation run.
 *
 * Each rule of the planner has a case on each side of it, built from the
 * rule's own statement (docs/SCHEDULE.md) with figures worked out in the
 * comments, so that removing or inverting the rule fails a case:
 *  - the width of a step: the cheapest permutation that covers the lanes,
 *    four-way only for lanes in slots 0-3 (a lone lane one-way on AVX2,
 *    four-way on AVX-512);
 *  - packing: four or fewer lanes, one above slot 3, move down;
 *  - four lanes or eight: eight only when the work, not the longest chain,
 *    bounds the list; the chains of running jobs count, and a streaming
 *    job's tail;
 *  - a lane sitting a step out: with a one-way permutation that costs more
 *    than half a four-way one, a lane whose job none waits for, with at
 *    most one block left, beside a lane whose job some job waits for,
 *    when the jobs not started leave a lane of their last step free;
 *    otherwise not, and a streaming lane whose input is not written sits
 *    out on its own.
 * The cost model: permutations per job against FIPS 202's block counts
 * computed with real division, chains and the exact division by small
 * constants.
 */
#include <stdio.h>
#include <string.h>

#include "sha3/sha3.h"
#include "sha3/sponge_plan.h"
#include "fips203/symmetric.h"
#include "test_util.h"

/* Tables of permutations with the backends' costs (backend.c of avx2 and
 * avx512; sponge_lanes.c; keccakf1600_x2_neon_sha3.c). The planner only
 * tests whether a permutation exists, never calls it. */
static void never_x4(uint64_t *s) {
  (void)s;
  CHECK_MSG(0, "the planner called a permutation");
}
static void never_x1(uint64_t *s, size_t stride) {
  (void)s;
  (void)stride;
  CHECK_MSG(0, "the planner called a permutation");
}
static const mlkem_keccak_lanes t_portable = {4, NULL, NULL, 780, 0, 0, NULL};
static const mlkem_keccak_lanes t_avx2 = {4,    never_x4, NULL,    650,
                                          1230, 0,        never_x1};
static const mlkem_keccak_lanes t_avx512 = {8,   never_x4, never_x4, 780,
                                            640, 950,      NULL};
static const mlkem_keccak_lanes t_neon_sha3 = {4,    never_x4, NULL, 3734,
                                               4569, 0,        NULL};

/* ---- the cost model ----------------------------------------------------- */

/* Permutations of a sponge over len input bytes with outlen output bytes
 * (FIPS 202 Algorithm 8): floor(len / r) + 1 absorbing blocks (pad10*1
 * always adds one), the first output block from the last of them, then
 * one per further block: ceil(outlen / r) - 1. */
static size_t fips202_perms(size_t len, size_t outlen, size_t r) {
  return len / r + 1 + (outlen + r - 1) / r - 1;
}

static void test_cost_model(void) {
  static const unsigned rates[4] = {MLKEM_SHA3_256_RATE, MLKEM_SHA3_512_RATE,
                                    MLKEM_SHAKE128_RATE, MLKEM_SHAKE256_RATE};
  static uint8_t buf[4096];
  unsigned d, r, bad = 0;
  size_t z, len, out;
  test_rng rng;

  /* div_small: exact for every z < 2^16 and every d, and at random z up
   * to its bound 2^27. */
  for (d = 2; d <= DIV_SMALL_MAX; d++)
    for (z = 0; z < ((size_t)1 << 16); z++) bad += div_small(z, d) != z / d;
  test_rng_init(&rng, "sponge_plan div_small");
  for (d = 0; d < 200000; d++) {
    unsigned dd = 2 + test_rng_u32(&rng) % (DIV_SMALL_MAX - 1);
    z = test_rng_u32(&rng) & (((size_t)1 << 27) - 1);
    bad += div_small(z, dd) != z / dd;
  }
  CHECKF(bad == 0, "div_small: %u wrong quotients", bad);

  /* perms_of against FIPS 202's counts, every rate, lengths across block
   * boundaries, input split between in0 and in1. */
  bad = 0;
  for (r = 0; r < 4; r++)
    for (len = 0; len < 700; len += 1 + len / 50)
      for (out = 1; out < 700; out += 1 + out / 40) {
        mlkem_sponge_job job =
            mlkem_job_make(rates[r], MLKEM_DS_SHAKE, buf, len / 3, buf,
                           len - len / 3, buf, out);
        bad += perms_of(&job) != fips202_perms(len, out, rates[r]);
      }
  CHECKF(bad == 0, "perms_of: %u wrong counts", bad);
  /* ML-KEM-768's jobs (docs/SCHEDULE.md): H(ek) over 1184 bytes 9, J over
   * 32 + 1088 bytes 9, G 1, a matrix entry (504 bytes) 3, PRF for eta = 2
   * 1 and for eta = 3 2. */
  {
    mlkem_sponge_job h = mlkem_job_h(buf, 1184, buf);
    mlkem_sponge_job j = mlkem_job_j(buf, 32, buf, 1088, buf);
    mlkem_sponge_job g = mlkem_job_g(buf, 64, buf);
    mlkem_sponge_job x = mlkem_job_xof(buf, buf, 504);
    mlkem_sponge_job p2 = mlkem_job_prf(buf, 0, buf, 2);
    mlkem_sponge_job p3 = mlkem_job_prf(buf, 0, buf, 3);
    CHECK(perms_of(&h) == 9 && perms_of(&j) == 9 && perms_of(&g) == 1);
    CHECK(perms_of(&x) == 3 && perms_of(&p2) == 1 && perms_of(&p3) == 2);
  }
}

/* Encapsulation's list for ML-KEM-768 (kem.c): H(ek) (9), G after H (1),
 * the 9 matrix entries (3 each), the 7 noise PRFs after G (1 each). */
enum { ENC_JOBS = 18 };
static uint8_t scratch[2048];
static void encaps_list(mlkem_sponge_job jobs[ENC_JOBS]) {
  unsigned j;
  jobs[0] = mlkem_job_h(scratch, 1184, scratch);
  jobs[1] = mlkem_job_g(scratch, 64, scratch);
  jobs[1].after = 0;
  for (j = 0; j < 9; j++) jobs[2 + j] = mlkem_job_xof(scratch, scratch, 504);
  for (j = 0; j < 7; j++) {
    jobs[11 + j] = mlkem_job_prf(scratch, j, scratch, 2);
    jobs[11 + j].after = 1;
  }
}

static void test_estimates(void) {
  mlkem_sponge_job jobs[ENC_JOBS];
  sponge_estimates e;
  sponge_lane lane;
  unsigned j;
  encaps_list(jobs);
  estimates_init(&e, jobs, ENC_JOBS, 1);
  /* Work: 9 + 1 + 27 + 7 = 44. Chains: H's is H, G and a PRF (11), G's
   * is 2, an entry's its own 3, a PRF's 1. */
  CHECK(e.work == 44 && e.now == 0);
  CHECK(e.chain[0] == 11 && e.chain[1] == 2 && e.perms[0] == 9);
  for (j = 2; j < 11; j++) CHECK(e.chain[j] == 3 && e.perms[j] == 3);
  for (j = 11; j < ENC_JOBS; j++) CHECK(e.chain[j] == 1);
  /* The longest chain of the jobs not started: all (11), without H (3),
   * only the PRFs (1); recomputed when the set changes. */
  CHECK(estimates_pending_chain(&e, 0x3FFFFu) == 11);
  CHECK(estimates_pending_chain(&e, 0x3FFFEu) == 3);
  CHECK(estimates_pending_chain(&e, 0x3F800u) == 1);
  /* A lane starting H at step 2 should end at step 11, and G and a PRF
   * (2) depend on it. */
  e.now = 2;
  estimates_start(&e, &lane, 0);
  CHECK(lane.end == 11 && lane.dep == 2);
  /* After a step of three lanes, one sitting out: one step later, three
   * permutations less, and the lane that sat out ends a step later. */
  {
    sponge_lane ls[4];
    sponge_step st = {0x7u, 4, 3};
    ls[3].end = 5;
    estimates_step(&e, ls, &st);
    CHECK(e.now == 3 && e.work == 41 && ls[3].end == 6);
    e.work = 2;
    estimates_step(&e, ls, &st);
    CHECK(e.work == 0); /* saturates (estimates may fall short) */
  }
  /* The largest estimate: 32 jobs of the longest lengths at the smallest
   * rate, 16 bytes, each capped at 2^26 - 1 input and 2^26 - 1 further
   * output blocks: 32 (2^27 - 1) permutations, which the 32 bits of work
   * hold. */
  {
    mlkem_sponge_job big[MLKEM_SPONGE_MAX_JOBS];
    for (j = 0; j < MLKEM_SPONGE_MAX_JOBS; j++) {
      big[j] = mlkem_job_make(16, MLKEM_DS_SHAKE, scratch, 0, scratch, 0,
                              scratch, 0);
      big[j].len0 = big[j].len1 = big[j].outlen = 0xFFFFFFFFu;
    }
    estimates_init(&e, big, MLKEM_SPONGE_MAX_JOBS, 1);
    CHECK(perms_of(&big[0]) == ((size_t)1 << 27) - 1);
    CHECK(e.work == 32 * (((uint32_t)1 << 27) - 1));
  }
  /* Without chains (no choice of width), only the counters. */
  memset(&e, 0xFF, sizeof e);
  estimates_init(&e, jobs, ENC_JOBS, 0);
  CHECK(e.work == 0 && e.now == 0 && e.chain[0] == 0xFF);
}

/* ---- the planner -------------------------------------------------------- */

static void test_rules_and_width(void) {
  sponge_rules r;
  r = plan_rules(&t_portable, 4);
  CHECK(!r.choose && !r.defer);
  r = plan_rules(&t_avx2, 4);
  CHECK(!r.choose && r.defer); /* 650 < 1230 < 1300 */
  r = plan_rules(&t_neon_sha3, 4);
  CHECK(!r.choose && r.defer); /* 3734 < 4569 < 7468 */
  r = plan_rules(&t_avx512, 8);
  CHECK(r.choose && !r.defer);
  {
    mlkem_keccak_lanes t = t_avx2;
    t.cost_x1 = 600; /* a four-way step above two one-way ones */
    r = plan_rules(&t, 4);
    CHECK(!r.defer);
    t.cost_x1 = 1230; /* one-way not cheaper */
    r = plan_rules(&t, 4);
    CHECK(!r.defer);
    t = t_avx512;
    t.x8 = NULL; /* four-way only: nothing to choose */
    r = plan_rules(&t, 8);
    CHECK(!r.choose);
  }

  /* The cheapest permutation that covers the lanes. AVX2: one lane
   * one-way (650 < 1230), two four-way (1300 > 1230). */
  CHECK(plan_width(0x1u, &t_avx2) == 1);
  CHECK(plan_width(0x4u, &t_avx2) == 1);
  CHECK(plan_width(0x5u, &t_avx2) == 4);
  CHECK(plan_width(0xFu, &t_avx2) == 4);
  /* With a one-way permutation at 600, two lanes run one-way (1200). */
  {
    mlkem_keccak_lanes t = t_avx2;
    t.cost_x1 = 600;
    CHECK(plan_width(0x3u, &t) == 1);
    CHECK(plan_width(0x7u, &t) == 4);
  }
  /* Portable: one-way always. */
  CHECK(plan_width(0xFu, &t_portable) == 1);
  /* AVX-512: a lone lane four-way (640 < 780), up to four lanes four-way
   * if they are in slots 0-3, more eight-way; a lane above slot 3 needs
   * the eight-way permutation (or, alone, one-way: 780 < 950), which is
   * why lanes are packed first. */
  CHECK(plan_width(0x1u, &t_avx512) == 4);
  CHECK(plan_width(0xFu, &t_avx512) == 4);
  CHECK(plan_width(0x1Fu, &t_avx512) == 8);
  CHECK(plan_width(0x17u, &t_avx512) == 8);
  CHECK(plan_width(0x20u, &t_avx512) == 1);
  /* NEON with SHA-3: one lane one-way, two four-way. */
  CHECK(plan_width(0x1u, &t_neon_sha3) == 1);
  CHECK(plan_width(0x3u, &t_neon_sha3) == 4);

  /* Packing: with eight slots, four or fewer lanes, one of them above 3. */
  CHECK(plan_pack(0x21u, 8));
  CHECK(plan_pack(0xF0u, 8));
  CHECK(!plan_pack(0x1Fu, 8)); /* five lanes */
  CHECK(!plan_pack(0x0Fu, 8)); /* already down */
  CHECK(!plan_pack(0x0Fu, 4));
}

/* A list of n one-block jobs, for plan_fill: the estimates are set by
 * hand, so only the jobs' streaming fields matter. */
typedef struct {
  mlkem_sponge_job jobs[MLKEM_SPONGE_MAX_JOBS];
  sponge_queue q;
  sponge_estimates e;
  sponge_lane ls[MLKEM_SPONGE_MAX_STRIDE];
} fill_state;

static void fill_init(fill_state *f, unsigned njobs, size_t work,
                      unsigned chain) {
  unsigned j;
  for (j = 0; j < njobs; j++)
    f->jobs[j] = mlkem_job_prf(scratch, 0, scratch, 2);
  queue_init(&f->q, f->jobs, njobs);
  estimates_init(&f->e, f->jobs, njobs, 1);
  /* By hand: the work left, and every job's chain (only the longest of
   * the jobs not started matters). */
  f->e.work = work;
  for (j = 0; j < njobs; j++) f->e.chain[j] = (uint8_t)chain;
  for (j = 0; j < MLKEM_SPONGE_MAX_STRIDE; j++) f->ls[j].job = NULL;
}

/* Lane l runs job j with `left` permutations left and a line of
 * dependents of dep. */
static void fill_lane(fill_state *f, unsigned l, unsigned j, unsigned left,
                      unsigned dep) {
  f->ls[l].job = &f->jobs[j];
  f->ls[l].end = (uint16_t)(f->e.now + left);
  f->ls[l].dep = (uint8_t)dep;
  f->q.pending &= ~(1u << j);
}

/* Key generation's shape: 20 jobs, 42 permutations left, chains of 3,
 * and job 0 H(ek) over 1184 bytes, streaming from *avail with a tail of
 * 4 blocks. */
static void fill_stream(fill_state *f, const size_t *avail) {
  fill_init(f, 20, 42, 3);
  f->jobs[0].avail = avail;
  f->jobs[0].len0 = 1184;
  f->jobs[0].len1 = 0;
  f->jobs[0].tail = 4;
  queue_init(&f->q, f->jobs, 20);
}

static unsigned fill(fill_state *f, unsigned held) {
  const sponge_rules r = plan_rules(&t_avx512, 8);
  return plan_fill(&r, &f->e, &f->q, f->ls, held, &t_avx512, 0xFFu);
}

static void test_fill(void) {
  fill_state f;
  size_t avail = 0;
  unsigned j;

  /* Bound by the work: decapsulation's list, 53 permutations, longest
   * chain 9. Four lanes: max(ceil(53 / 4), 9) = 14 steps x 640 = 8,960;
   * eight: max(7, 9) = 9 x 950 = 8,550. Eight. */
  fill_init(&f, 20, 53, 9);
  CHECK(fill(&f, 0) == 0xFFu);
  /* Bound by a chain: encapsulation's, 44 permutations, chain 11 (H, G,
   * PRF). Four: max(11, 11) x 640 = 7,040; eight: 11 x 950. Four. */
  fill_init(&f, 18, 44, 11);
  CHECK(fill(&f, 0) == 0x0Fu);
  /* The chain of a running job counts as much as one not started: 44
   * permutations, the jobs not started with chains of 1, but lane 0 has 9
   * permutations left and 2 behind it (11). Four (counting only the jobs
   * not started: eight, max(6, 1) x 950 = 5,700 against 7,040). With
   * nothing behind it (9): four 11 x 640 = 7,040 against eight 9 x 950 =
   * 8,550, still four; with 53 permutations, 14 x 640 = 8,960 against
   * 8,550: eight. */
  fill_init(&f, 18, 44, 1);
  f.e.now = 3;
  fill_lane(&f, 0, 0, 9, 2);
  CHECK(fill(&f, 0x1u) == 0x0Fu);
  f.ls[0].dep = 0;
  CHECK(fill(&f, 0x1u) == 0x0Fu);
  f.e.work = 53;
  CHECK(fill(&f, 0x1u) == 0xFFu);
  /* Lanes running past their estimate count as ending now. */
  f.e.now = 20;
  f.e.work = 40; /* 10 x 640 = 6,400 against 5 x 950 = 4,750: eight */
  CHECK(fill(&f, 0x1u) == 0xFFu);
  /* Nothing to choose with the upper lanes busy (they keep their jobs, so
   * the idle ones all take one), or with no job free to start. */
  fill_init(&f, 18, 44, 11);
  fill_lane(&f, 5, 0, 9, 2);
  CHECK(fill(&f, 0x20u) == 0xFFu);
  fill_init(&f, 18, 44, 11);
  f.q.waiting = f.q.pending;
  CHECK(fill(&f, 0) == 0xFFu);
  /* Stride 4, or no eight-way permutation: never a choice, though the
   * list is bound by its chain. */
  {
    const sponge_rules r4 = plan_rules(&t_avx2, 4);
    mlkem_keccak_lanes t = t_avx512;
    sponge_rules r8;
    fill_init(&f, 18, 44, 11);
    CHECK(plan_fill(&r4, &f.e, &f.q, f.ls, 0, &t_avx2, 0xFu) == 0xFu);
    t.x8 = NULL;
    r8 = plan_rules(&t, 8);
    CHECK(plan_fill(&r8, &f.e, &f.q, f.ls, 0, &t, 0xFFu) == 0xFFu);
  }

  /* A streaming job (key generation's H(ek)) in lane 0, 9 blocks left,
   * whose last 4 blocks come only once the other jobs are complete; 42
   * permutations left, the others' chains 3. By work and chain alone:
   * four max(11, 9) x 640 = 7,040, eight max(6, 9) x 950 = 8,550. But the
   * other 33 permutations go on the lanes it leaves them, and its tail
   * follows: four ceil(33 / 3) + 4 = 15 x 640 = 9,600, eight ceil(33 / 7)
   * + 4 = 9 x 950 = 8,550. Eight. */
  fill_stream(&f, &avail);
  fill_lane(&f, 0, 0, 9, 0);
  CHECK(fill(&f, 0x1u) == 0xFFu);
  /* With its input complete only its last block counts: four 12 x 640 =
   * 7,680, eight 9 x 950. Four. */
  avail = 1184;
  CHECK(fill(&f, 0x1u) == 0x0Fu);
  /* Declared tail 1 (unknown): the same as a complete input. */
  avail = 0;
  f.jobs[0].tail = 1;
  CHECK(fill(&f, 0x1u) == 0x0Fu);
  /* A declared tail of 0 (unknown) counts as 1: 8 permutations left, 2 of
   * them the streaming job's, the others' chains 1. Four: max(2, ceil(6 /
   * 3) + 1) = 3 x 640 = 1,920; eight: max(1, ceil(6 / 7) + 1, 2) = 2 x
   * 950 = 1,900. Eight (with a tail of 0, four: 2 x 640). */
  fill_stream(&f, &avail);
  f.jobs[0].tail = 0;
  f.e.work = 8;
  for (j = 1; j < 20; j++) f.e.chain[j] = 1;
  fill_lane(&f, 0, 0, 2, 0);
  CHECK(fill(&f, 0x1u) == 0xFFu);
  /* The streaming job not started yet: its chain (9) stands for what it
   * has left. */
  fill_stream(&f, &avail);
  f.e.chain[0] = 9;
  CHECK(fill(&f, 0) == 0xFFu);
}

/* ---- a lane sitting a step out -------------------------------------- */

/* Encapsulation's list on four lanes when a matrix entry needs a fourth
 * block: G (job 1) runs in slot 0, H complete; the entry (job 10) in slot
 * 2 has squeezed its three blocks (504 bytes expected). The 7 PRFs wait
 * for G: 7 permutations, not a multiple of 4. */
typedef struct {
  mlkem_sponge_job jobs[ENC_JOBS];
  sponge_queue q;
  sponge_lane ls[4];
} defer_state;

static void defer_init(defer_state *d) {
  unsigned l;
  encaps_list(d->jobs);
  queue_init(&d->q, d->jobs, ENC_JOBS);
  d->q.pending = 0x3F800u; /* the PRFs */
  d->q.waiting = 0x3F800u; /* waiting for G */
  for (l = 0; l < 4; l++) d->ls[l].job = NULL;
  d->ls[0].job = &d->jobs[1];
  d->ls[0].absorbed = 64;
  d->ls[0].produced = 0;
  d->ls[2].job = &d->jobs[10];
  d->ls[2].absorbed = 34;
  d->ls[2].produced = 3 * MLKEM_SHAKE128_RATE;
}

static sponge_step step(const defer_state *d, const mlkem_keccak_lanes *t,
                        unsigned busy, unsigned squeezing, int parked) {
  const sponge_rules r = plan_rules(t, t->stride);
  return plan_step(&r, &d->q, d->ls, busy, squeezing, parked, t);
}

static void test_defer(void) {
  defer_state d;
  sponge_step st;

  /* AVX2's costs: the entry sits out, G runs one-way (650 instead of
   * 1,230), and the entry's block later goes beside the PRFs, whose last
   * step has a lane free (7 = 4 + 3). */
  defer_init(&d);
  st = step(&d, &t_avx2, 0x5u, 0x5u, -1);
  CHECK(st.out == 2 && st.lanes == 0x1u && st.width == 1);
  /* The same with the roles in the other slots: the lane whose job none
   * waits for is the lower one. */
  d.ls[1] = d.ls[2];
  d.ls[3] = d.ls[0];
  d.ls[0].job = d.ls[2].job = NULL;
  st = step(&d, &t_avx2, 0xAu, 0xAu, -1);
  CHECK(st.out == 1 && st.lanes == 0x8u && st.width == 1);
  /* NEON with SHA-3 (3,734 / 4,569): the same rule. */
  defer_init(&d);
  st = step(&d, &t_neon_sha3, 0x5u, 0x5u, -1);
  CHECK(st.out == 2 && st.lanes == 0x1u && st.width == 1);

  /* Not when the PRFs fill their steps: 8 permutations. */
  defer_init(&d);
  d.jobs[17].outlen = 192; /* eta = 3: one more block */
  st = step(&d, &t_avx2, 0x5u, 0x5u, -1);
  CHECK(st.out == -1 && st.lanes == 0x5u && st.width == 4);
  /* Not when the entry should need two more blocks: one squeezed of the
   * three expected. (With two squeezed it needs one: it sits out.) */
  defer_init(&d);
  d.ls[2].produced = 2 * MLKEM_SHAKE128_RATE;
  st = step(&d, &t_avx2, 0x5u, 0x5u, -1);
  CHECK(st.out == 2);
  d.ls[2].produced = MLKEM_SHAKE128_RATE;
  st = step(&d, &t_avx2, 0x5u, 0x5u, -1);
  CHECK(st.out == -1 && st.lanes == 0x5u && st.width == 4);
  /* Not when it is still absorbing. */
  defer_init(&d);
  st = step(&d, &t_avx2, 0x5u, 0x1u, -1);
  CHECK(st.out == -1 && st.width == 4);
  /* Not when no job waits for either (G complete: the lane runs a PRF),
   * or some job waits for both. */
  defer_init(&d);
  d.ls[0].job = &d.jobs[11];
  st = step(&d, &t_avx2, 0x5u, 0x5u, -1);
  CHECK(st.out == -1 && st.width == 4);
  defer_init(&d);
  d.q.awaited |= 1u << 10;
  st = step(&d, &t_avx2, 0x5u, 0x5u, -1);
  CHECK(st.out == -1 && st.width == 4);
  /* Not with three lanes busy. */
  defer_init(&d);
  d.ls[1].job = &d.jobs[9];
  st = step(&d, &t_avx2, 0x7u, 0x7u, -1);
  CHECK(st.out == -1 && st.lanes == 0x7u && st.width == 4);
  /* Not where a one-way permutation costs half a four-way one or less
   * (two lanes one-way is then no dearer), nor where it is not cheaper. */
  {
    mlkem_keccak_lanes t = t_avx2;
    defer_init(&d);
    t.cost_x1 = 600;
    st = step(&d, &t, 0x5u, 0x5u, -1);
    CHECK(st.out == -1 && st.lanes == 0x5u && st.width == 1);
    t.cost_x1 = 1230;
    st = step(&d, &t, 0x5u, 0x5u, -1);
    CHECK(st.out == -1 && st.lanes == 0x5u && st.width == 4);
  }
  /* AVX-512 (four-way cheaper than one-way): never. */
  {
    sponge_step s8;
    sponge_rules r = plan_rules(&t_avx512, 8);
    sponge_lane ls8[8];
    defer_init(&d);
    memset(ls8, 0, sizeof ls8);
    ls8[0] = d.ls[0];
    ls8[2] = d.ls[2];
    s8 = plan_step(&r, &d.q, ls8, 0x5u, 0x5u, -1, &t_avx512);
    CHECK(s8.out == -1 && s8.lanes == 0x5u && s8.width == 4);
  }
  /* A streaming lane whose next block is not written sits out, and then
   * nothing else does: the others run as they are. */
  defer_init(&d);
  st = step(&d, &t_avx2, 0x5u, 0x5u, 3);
  CHECK(st.out == 3 && st.lanes == 0x5u && st.width == 4);
  st = step(&d, &t_avx2, 0x1u, 0x1u, 2);
  CHECK(st.out == 2 && st.lanes == 0x1u && st.width == 1);
}

int main(void) {
  test_cost_model();
  test_estimates();
  test_rules_and_width();
  test_fill();
  test_defer();
  printf(
      "sponge planner: cost model, estimates, width, packing, four or "
      "eight lanes, a lane sitting out\n");
  return test_summary("test_sponge_plan");
}
