/*
 * sponge_lanes.c - many independent sponge computations (FIPS 202
 * Section 4) scheduled over the four lanes of the four-way permutation.
 *
 * Every call of mlkem_keccakf1600_x4 is one step for all four lanes. Before
 * a step, each lane that is still absorbing XORs in its next block (the
 * last one padded, Section 5.1); after the step, each lane that has
 * absorbed everything copies out the next block of its output. A lane whose
 * job has all its output starts the next job on the list, from a zeroed
 * lane state, at the following step. So lanes never wait for each other,
 * and independent hashes of an operation (H(ek), J(z || c), the matrix, the
 * noise) share permutations instead of running one after another.
 */
#include <string.h>

#include "bytes.h"
#include "ct.h"
#include "sha3/sha3.h"

#define MAX_RATE 168

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

static void start(lane_state *l, uint64_t s[100], unsigned lane,
                  const mlkem_sponge_job *job) {
  unsigned i;
  for (i = 0; i < 25; i++) s[4 * i + lane] = 0;
  l->job = job;
  l->absorbed = 0;
  l->produced = 0;
  l->squeezing = 0;
}

static void run_parallel(const mlkem_sponge_job *jobs, unsigned njobs) {
  uint64_t s[100];
  uint8_t block[MAX_RATE];
  lane_state lanes[4];
  unsigned next = 0, active = 0, l, i;

  for (l = 0; l < 4; l++) {
    lanes[l].job = NULL;
    if (next < njobs) {
      start(&lanes[l], s, l, &jobs[next++]);
      active++;
    } else {
      for (i = 0; i < 25; i++) s[4 * i + l] = 0;
    }
  }
  while (active > 0) {
    for (l = 0; l < 4; l++) {
      lane_state *ls = &lanes[l];
      const mlkem_sponge_job *job = ls->job;
      const uint8_t *src = block;
      if (job == NULL || ls->squeezing) continue;
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
      for (i = 0; i < job->rate / 8; i++)
        s[4 * i + l] ^= mlkem_load64_le(src + 8 * i);
    }
    mlkem_keccakf1600_x4(s);
    for (l = 0; l < 4; l++) {
      lane_state *ls = &lanes[l];
      const mlkem_sponge_job *job = ls->job;
      uint8_t *out;
      size_t n;
      if (job == NULL || !ls->squeezing) continue;
      n = job->outlen - ls->produced;
      if (n > job->rate) n = job->rate;
      out = job->out + ls->produced;
      for (i = 0; i < n / 8; i++) mlkem_store64_le(out + 8 * i, s[4 * i + l]);
      if (n % 8 != 0) {
        mlkem_store64_le(block, s[4 * i + l]);
        memcpy(out + 8 * i, block, n % 8);
      }
      ls->produced += n;
      if (ls->produced == job->outlen) {
        if (next < njobs) {
          start(ls, s, l, &jobs[next++]);
        } else {
          ls->job = NULL;
          active--;
        }
      }
    }
  }
  /* The lanes held secret inputs (noise seeds) and outputs. */
  mlkem_zeroize(s, sizeof s);
  mlkem_zeroize(block, sizeof block);
}

static void run_sequential(const mlkem_sponge_job *jobs, unsigned njobs) {
  mlkem_keccak_ctx ctx;
  unsigned j;
  for (j = 0; j < njobs; j++) {
    mlkem_keccak_init(&ctx, jobs[j].rate, jobs[j].ds);
    mlkem_keccak_absorb(&ctx, jobs[j].in0, jobs[j].len0);
    mlkem_keccak_absorb(&ctx, jobs[j].in1, jobs[j].len1);
    mlkem_keccak_finalize(&ctx);
    mlkem_keccak_squeeze(&ctx, jobs[j].out, jobs[j].outlen);
  }
  mlkem_zeroize(&ctx, sizeof ctx);
}

void mlkem_sponge_run(const mlkem_sponge_job *jobs, unsigned njobs,
                      int parallel) {
  if (parallel)
    run_parallel(jobs, njobs);
  else
    run_sequential(jobs, njobs);
}
