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
  size_t total = job->len0 + job->len1, n = total - absorbed, i;
  int last = n < job->rate;
  if (!last) n = job->rate;
  for (i = 0; i < n; i++) {
    size_t at = absorbed + i;
    block[i] = at < job->len0 ? job->in0[at] : job->in1[at - job->len0];
  }
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
      if (ls->job == NULL || ls->squeezing) continue;
      ls->squeezing = next_block(block, ls->job, ls->absorbed);
      ls->absorbed += ls->squeezing ? 0 : ls->job->rate;
      for (i = 0; i < ls->job->rate / 8; i++)
        s[4 * i + l] ^= mlkem_load64_le(block + 8 * i);
    }
    mlkem_keccakf1600_x4(s);
    for (l = 0; l < 4; l++) {
      lane_state *ls = &lanes[l];
      size_t n;
      if (ls->job == NULL || !ls->squeezing) continue;
      n = ls->job->outlen - ls->produced;
      if (n > ls->job->rate) n = ls->job->rate;
      for (i = 0; i < (n + 7) / 8; i++)
        mlkem_store64_le(block + 8 * i, s[4 * i + l]);
      memcpy(ls->job->out + ls->produced, block, n);
      ls->produced += n;
      if (ls->produced == ls->job->outlen) {
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
