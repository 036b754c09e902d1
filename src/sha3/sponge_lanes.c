/*
 * sponge_lanes.c - many sponge computations (FIPS 202 Section 4) scheduled
 * over the lanes of multi-way permutations.
 *
 * The states of up to W computations (W = the backend's stride, 4 or 8)
 * are kept interleaved. One step permutes every busy lane: before it, each
 * lane that is still absorbing XORs in its next block (the last one
 * padded, Section 5.1); after it, each lane that has absorbed everything
 * copies out the next block of its output. A lane whose job has all its
 * output takes the first job of the list that has not started and whose
 * dependency (if any) is complete, from a zeroed state, at the next step.
 * So lanes never wait for each other, and the independent hashes of an
 * operation (H(ek), J(z || c), G, the matrix, the noise) share
 * permutations instead of running one after another.
 *
 * Each step uses the cheapest permutation that covers the busy lanes,
 * from the backend's costs: the eight-way one while more than four are
 * busy, the four-way one for two to four (the busy lanes are first moved
 * into slots 0-3), the one-way one per lane where that is cheaper (a lone
 * lane on AVX2, every lane on the portable backend).
 */
#include <string.h>

#include "bytes.h"
#include "ct.h"
#include "sha3/sha3.h"

#define MAX_RATE 168
#define BLOCK_BYTES 200 /* a rate block, or a parked lane of 25 words */
#define MAX_STRIDE 8

const mlkem_keccak_lanes mlkem_keccak_lanes_portable = {
  /* One-way permutations only; measured (rdtsc ticks, gcc -O3, x86-64)
   * about 780 each. */
  4, NULL, NULL, 780, 0, 0,
};

typedef struct {
  const mlkem_sponge_job *job; /* NULL: idle */
  size_t absorbed;             /* input bytes absorbed */
  size_t produced;             /* output bytes written */
  int squeezing;               /* the padded last block has been absorbed */
} lane_state;

/* The list of jobs: which have started and which are complete (bit j for
 * job j), and the first that has not started. */
typedef struct {
  const mlkem_sponge_job *jobs;
  unsigned njobs, first;
  uint64_t started, done;
} job_queue;

/* Whether the input of the job's next block, after `absorbed` bytes, has
 * been written (always, unless the job streams its input). */
static int input_ready(const mlkem_sponge_job *job, size_t absorbed) {
  size_t total = (size_t)job->len0 + job->len1, left = total - absorbed;
  if (job->avail == NULL) return 1;
  return *job->avail >= absorbed + (left < job->rate ? left : job->rate);
}

/* The first job that may start now, or -1. */
static int take_job(job_queue *q) {
  unsigned j;
  for (j = q->first; j < q->njobs; j++) {
    int after = q->jobs[j].after;
    if ((q->started >> j) & 1) continue;
    if (after >= 0 && !((q->done >> after) & 1)) continue;
    if (!input_ready(&q->jobs[j], 0)) continue;
    q->started |= (uint64_t)1 << j;
    while (q->first < q->njobs && ((q->started >> q->first) & 1)) q->first++;
    return (int)j;
  }
  return -1;
}

/* Block number `absorbed / rate` of in0 || in1, padded if it is the last. */
static int next_block(uint8_t block[MAX_RATE], const mlkem_sponge_job *job,
                      size_t absorbed) {
  size_t total = job->len0 + job->len1, n = total - absorbed, from0 = 0;
  int last = n < job->rate;
  if (!last) n = job->rate;
  if (absorbed < job->len0) {
    from0 = job->len0 - absorbed < n ? job->len0 - absorbed : n;
    memcpy(block, job->in0 + absorbed, from0);
  }
  if (n > from0)
    memcpy(block + from0, job->in1 + (absorbed + from0 - job->len0),
           n - from0);
  if (last) {
    memset(block + n, 0, job->rate - n);
    block[n] ^= job->ds;
    block[job->rate - 1] ^= 0x80;
  }
  return last;
}

/* XORs the lane's next input block into its state (s: the lane's first
 * word, w: the stride). */
static void absorb_step(lane_state *ls, uint64_t *s, unsigned w,
                        uint8_t block[MAX_RATE]) {
  const mlkem_sponge_job *job = ls->job;
  const uint8_t *src = block;
  const unsigned words = job->rate / 8;
  unsigned i;
  /* A whole block inside in0 or inside in1 is XORed from where it is;
   * otherwise (the padded last block, or one straddling the two) it is
   * assembled first. */
  if (ls->absorbed + job->rate <= job->len0) {
    src = job->in0 + ls->absorbed;
  } else if (ls->absorbed >= job->len0 &&
             ls->absorbed + job->rate <= job->len0 + job->len1) {
    src = job->in1 + (ls->absorbed - job->len0);
  } else {
    ls->squeezing = next_block(block, job, ls->absorbed);
  }
  if (!ls->squeezing) ls->absorbed += job->rate;
  for (i = 0; i < words; i++) s[w * i] ^= mlkem_load64_le(src + 8 * i);
}

/* Copies out the next output block; returns 1 when the job is complete. */
static int squeeze_step(lane_state *ls, const uint64_t *s, unsigned w,
                        uint8_t block[MAX_RATE]) {
  const mlkem_sponge_job *job = ls->job;
  const unsigned words = job->rate / 8;
  size_t n;
  uint8_t *out;
  unsigned i;
  if (job->sink != NULL) {
    for (i = 0; i < words; i++) mlkem_store64_le(block + 8 * i, s[w * i]);
    return job->sink(job->sink_arg, block, job->rate);
  }
  n = job->outlen - ls->produced;
  out = job->out + ls->produced;
  if (n > job->rate) n = job->rate;
  for (i = 0; i < n / 8; i++) mlkem_store64_le(out + 8 * i, s[w * i]);
  if (n % 8 != 0) {
    mlkem_store64_le(block, s[w * i]);
    memcpy(out + 8 * i, block, n % 8);
  }
  ls->produced += n;
  return ls->produced == job->outlen;
}

/* Lane l starts job j of the list from a zeroed state. */
static void start(lane_state *ls, uint64_t *s, unsigned stride,
                  const job_queue *q, unsigned j) {
  unsigned i;
  for (i = 0; i < 25; i++) s[stride * i] = 0;
  ls->job = &q->jobs[j];
  ls->absorbed = 0;
  ls->produced = 0;
  ls->squeezing = 0;
}

/* One permutation of every busy lane (bit l of busy: slot l), by the
 * cheapest means the backend offers. */
static void permute(uint64_t *s, const mlkem_keccak_lanes *lanes,
                    unsigned busy) {
  unsigned n = 0, top = 0, l, cost;
  for (l = 0; l < MAX_STRIDE; l++)
    if ((busy >> l) & 1) {
      n++;
      top = l + 1;
    }
  cost = n * lanes->cost_x1;
  if (lanes->x4 != NULL && top <= 4 && lanes->cost_x4 < cost) {
    lanes->x4(s);
    return;
  }
  if (lanes->x8 != NULL && lanes->cost_x8 < cost) {
    lanes->x8(s);
    return;
  }
  for (l = 0; l < MAX_STRIDE; l++)
    if ((busy >> l) & 1) mlkem_keccakf1600_strided(s + l, lanes->stride);
}

/* With four or fewer lanes holding jobs, moves those in slots 4-7 into
 * free slots below 4, so that the four-way permutation covers them. */
static void compact(lane_state *ls, uint64_t *s, unsigned stride) {
  unsigned from, to = 0, i;
  for (from = 4; from < stride; from++) {
    if (ls[from].job == NULL) continue;
    while (ls[to].job != NULL) to++;
    for (i = 0; i < 25; i++) s[stride * i + to] = s[stride * i + from];
    ls[to] = ls[from];
    ls[from].job = NULL;
  }
}

void mlkem_sponge_run(const mlkem_sponge_job *jobs, unsigned njobs,
                      const mlkem_keccak_lanes *lanes) {
  uint64_t s[25 * MAX_STRIDE];
  uint8_t block[BLOCK_BYTES];
  lane_state ls[MAX_STRIDE];
  const unsigned stride = lanes->stride;
  job_queue q;
  unsigned l, i;
  int j;

  q.jobs = jobs;
  q.njobs = njobs;
  q.first = 0;
  q.started = 0;
  q.done = 0;
  memset(s, 0, sizeof s);
  for (l = 0; l < stride; l++) ls[l].job = NULL;

  for (;;) {
    unsigned held = 0, busy = 0, n = 0;
    int parked = -1;
    /* Idle lanes take the jobs that may start now. */
    for (l = 0; l < stride; l++) {
      if (ls[l].job != NULL) continue;
      if ((j = take_job(&q)) < 0) break;
      start(&ls[l], s + l, stride, &q, (unsigned)j);
    }
    for (l = 0; l < stride; l++)
      if (ls[l].job != NULL) {
        held |= 1u << l;
        n++;
      }
    if (held == 0) break;
    if (stride > 4 && (held & ~0xFu) != 0 && n <= 4) compact(ls, s, stride);
    /* Absorbing lanes take their next block; a streaming lane whose next
     * block is not written yet sits this step out, its state parked. */
    for (l = 0; l < stride; l++) {
      if (ls[l].job == NULL) continue;
      if (!ls[l].squeezing && !input_ready(ls[l].job, ls[l].absorbed)) {
        parked = (int)l;
        continue;
      }
      if (!ls[l].squeezing) absorb_step(&ls[l], s + l, stride, block);
      busy |= 1u << l;
    }
    /* Only the streaming job is left and its input will not come: a
     * caller's error (sha3.h); stop rather than spin. */
    if (busy == 0) break;
    if (parked >= 0)
      for (i = 0; i < 25; i++)
        mlkem_store64_le(block + 8 * i, s[stride * i + (unsigned)parked]);
    permute(s, lanes, busy);
    if (parked >= 0)
      for (i = 0; i < 25; i++)
        s[stride * i + (unsigned)parked] = mlkem_load64_le(block + 8 * i);
    for (l = 0; l < stride; l++) {
      if (ls[l].job == NULL || !ls[l].squeezing) continue;
      if (squeeze_step(&ls[l], s + l, stride, block)) {
        q.done |= (uint64_t)1 << (ls[l].job - jobs);
        ls[l].job = NULL;
      }
    }
  }
  /* The lanes held secret inputs (noise seeds) and outputs. */
  mlkem_zeroize(s, sizeof s);
  mlkem_zeroize(block, sizeof block);
  /* The permutations' last states (hash outputs, some secret) remain in
   * their spill slots below this frame. */
  mlkem_scrub_stack();
}
