/*
 * sponge_lanes.c - many independent sponge computations (FIPS 202
 * Section 4) scheduled over the lanes of a multi-way permutation.
 *
 * Every call of the W-way permutation (W = 4 or 8) is one step for all W
 * lanes. Before a step, each lane that is still absorbing XORs in its next
 * block (the last one padded, Section 5.1); after the step, each lane that
 * has absorbed everything copies out the next block of its output. A lane
 * whose job has all its output starts the next job on the list, from a
 * zeroed lane state, at the following step. So lanes never wait for each
 * other, and independent hashes of an operation (H(ek), J(z || c), the
 * matrix, the noise) share permutations instead of running one after
 * another. Whether to use 1, 4 or 8 lanes is chosen per list from the
 * permutations' costs.
 */
#include <string.h>

#include "bytes.h"
#include "ct.h"
#include "sha3/sha3.h"

#define MAX_RATE 168
#define MAX_WIDTH 8

const mlkem_keccak_lanes mlkem_keccak_lanes_portable = {
  mlkem_keccakf1600_x4_portable, NULL,
  /* Measured (rdtsc ticks, gcc -O3, x86-64): one permutation about 780;
   * the four-way form is four of them. */
  780, 3120, 0,
};

typedef struct {
  const mlkem_sponge_job *job; /* NULL: idle */
  size_t absorbed;             /* input bytes absorbed */
  size_t produced;             /* output bytes written */
  int squeezing;               /* the padded last block has been absorbed */
} lane_state;

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

/* Lane l of a W-way state: lane word i at s[W i + l]. */
static inline void start(lane_state *ls, uint64_t *s, unsigned w,
                         unsigned l, const mlkem_sponge_job *job) {
  unsigned i;
  for (i = 0; i < 25; i++) s[w * i + l] = 0;
  ls->job = job;
  ls->absorbed = 0;
  ls->produced = 0;
  ls->squeezing = 0;
}

static inline void absorb_step(lane_state *ls, uint64_t *s, unsigned w,
                               unsigned l, uint8_t block[MAX_RATE]) {
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
  for (i = 0; i < words; i++) s[w * i + l] ^= mlkem_load64_le(src + 8 * i);
}

/* Copies out the next output block; returns 1 when the job is complete. */
static inline int squeeze_step(lane_state *ls, const uint64_t *s, unsigned w,
                               unsigned l, uint8_t block[MAX_RATE]) {
  const mlkem_sponge_job *job = ls->job;
  const unsigned words = job->rate / 8;
  size_t n;
  uint8_t *out;
  unsigned i;
  if (job->sink != NULL) {
    for (i = 0; i < words; i++) mlkem_store64_le(block + 8 * i, s[w * i + l]);
    return job->sink(job->sink_arg, block, job->rate);
  }
  n = job->outlen - ls->produced;
  out = job->out + ls->produced;
  if (n > job->rate) n = job->rate;
  for (i = 0; i < n / 8; i++) mlkem_store64_le(out + 8 * i, s[w * i + l]);
  if (n % 8 != 0) {
    mlkem_store64_le(block, s[w * i + l]);
    memcpy(out + 8 * i, block, n % 8);
  }
  ls->produced += n;
  return ls->produced == job->outlen;
}

/* Inlined into run_lanes4 and run_lanes8 below, so that the lane stride w
 * is a constant in each copy. */
static inline void run_lanes(const mlkem_sponge_job *jobs, unsigned njobs,
                             const mlkem_keccak_lanes *lanes, unsigned w) {
  uint64_t s[25 * MAX_WIDTH];
  uint8_t block[MAX_RATE];
  lane_state ls[MAX_WIDTH];
  unsigned next = 0, active = 0, l, i;

  for (l = 0; l < w; l++) {
    ls[l].job = NULL;
    if (next < njobs) {
      start(&ls[l], s, w, l, &jobs[next++]);
      active++;
    } else {
      for (i = 0; i < 25; i++) s[w * i + l] = 0;
    }
  }
  while (active > 0) {
    for (l = 0; l < w; l++)
      if (ls[l].job != NULL && !ls[l].squeezing)
        absorb_step(&ls[l], s, w, l, block);
    if (w == 8)
      lanes->x8(s);
    else
      lanes->x4(s);
    for (l = 0; l < w; l++) {
      if (ls[l].job == NULL || !ls[l].squeezing) continue;
      if (squeeze_step(&ls[l], s, w, l, block)) {
        if (next < njobs) {
          start(&ls[l], s, w, l, &jobs[next++]);
        } else {
          ls[l].job = NULL;
          active--;
        }
      }
    }
  }
  /* The lanes held secret inputs (noise seeds) and outputs. */
  mlkem_zeroize(s, sizeof s);
  mlkem_zeroize(block, sizeof block);
}

static void run_lanes4(const mlkem_sponge_job *jobs, unsigned njobs,
                       const mlkem_keccak_lanes *lanes) {
  run_lanes(jobs, njobs, lanes, 4);
}

static void run_lanes8(const mlkem_sponge_job *jobs, unsigned njobs,
                       const mlkem_keccak_lanes *lanes) {
  run_lanes(jobs, njobs, lanes, 8);
}

static void run_sequential(const mlkem_sponge_job *jobs, unsigned njobs) {
  mlkem_keccak_ctx ctx;
  uint8_t block[MAX_RATE];
  unsigned j;
  for (j = 0; j < njobs; j++) {
    mlkem_keccak_init(&ctx, jobs[j].rate, jobs[j].ds);
    mlkem_keccak_absorb(&ctx, jobs[j].in0, jobs[j].len0);
    mlkem_keccak_absorb(&ctx, jobs[j].in1, jobs[j].len1);
    mlkem_keccak_finalize(&ctx);
    if (jobs[j].sink == NULL) {
      mlkem_keccak_squeeze(&ctx, jobs[j].out, jobs[j].outlen);
      continue;
    }
    do {
      mlkem_keccak_squeezeblocks(&ctx, block, 1);
    } while (!jobs[j].sink(jobs[j].sink_arg, block, jobs[j].rate));
  }
  mlkem_zeroize(&ctx, sizeof ctx);
  mlkem_zeroize(block, sizeof block);
}

void mlkem_sponge_run_width(const mlkem_sponge_job *jobs, unsigned njobs,
                            const mlkem_keccak_lanes *lanes, unsigned width) {
  if (width == 1 || njobs == 0)
    run_sequential(jobs, njobs);
  else if (width == 8)
    run_lanes8(jobs, njobs, lanes);
  else
    run_lanes4(jobs, njobs, lanes);
  /* The permutations' last states (hash outputs, some secret) remain in
   * their spill slots below this frame. */
  mlkem_scrub_stack();
}

/* Permutations a job needs: absorbing len bytes plus padding, then one
 * more for every further output block. */
static unsigned long job_perms(const mlkem_sponge_job *j) {
  size_t len = j->len0 + j->len1;
  return (unsigned long)(len / j->rate + 1 +
                         (j->outlen == 0 ? 0 : (j->outlen - 1) / j->rate));
}

/* Estimated cost in lanes of width w: at least the longest job, at least
 * the total divided among the lanes. */
static unsigned long lane_cost(unsigned long total, unsigned long longest,
                               unsigned w, unsigned cost) {
  unsigned long steps = (total + w - 1) >> (w == 8 ? 3 : 2); /* w: 4 or 8 */
  return (steps > longest ? steps : longest) * cost;
}

void mlkem_sponge_schedule(const mlkem_sponge_job *jobs, unsigned njobs,
                           const mlkem_keccak_lanes *lanes) {
  unsigned long total = 0, longest = 0, best, c;
  unsigned j, width = 1;
  for (j = 0; j < njobs; j++) {
    unsigned long p = job_perms(&jobs[j]);
    total += p;
    if (p > longest) longest = p;
  }
  best = total * lanes->cost_x1;
  if (lanes->x4 != NULL &&
      (c = lane_cost(total, longest, 4, lanes->cost_x4)) < best) {
    best = c;
    width = 4;
  }
  if (lanes->x8 != NULL &&
      (c = lane_cost(total, longest, 8, lanes->cost_x8)) < best) {
    best = c;
    width = 8;
  }
  mlkem_sponge_run_width(jobs, njobs, lanes, width);
}
