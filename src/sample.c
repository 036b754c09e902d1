/*
 * sample.c - SampleNTT for the whole matrix (FIPS 203 Algorithm 7) and the
 * PRF-driven CBD noise (Algorithm 8), with the operation's other
 * independent hashes, as one list of sponge jobs (sha3/sponge_lanes.c).
 *
 * A matrix entry consumes its SHAKE128 output block by block as the
 * scheduler produces it (a sink): the rejection step keeps candidates until
 * it has 256, usually within three blocks, and the job ends there. Nothing
 * is buffered and no entry needs a second pass. The bytes are public
 * (derived from rho), so the data-dependent length is no leak.
 */
#include "sample.h"

#include <string.h>

#include "ct.h"
#include "symmetric.h"

#define MAX_MATRIX (MLKEM_K_MAX * MLKEM_K_MAX)
#define MAX_NOISE (2 * MLKEM_K_MAX + 1)
#define MAX_PRF_BYTES (64 * 3)
#define MAX_JOBS (MAX_MATRIX + MAX_NOISE + 4)

/* The sink of one matrix entry: SampleNTT's loop (FIPS 203 Algorithm 7,
 * steps 4-15) on each new block; done at 256 coefficients. */
typedef struct {
  const mlkem_backend *be;
  mlkem_poly *out;
  unsigned ctr;
} rej_sink;

static int rej_sink_block(void *arg, const uint8_t *block, size_t len) {
  rej_sink *r = arg;
  r->be->rej_uniform(r->out, &r->ctr, block, (unsigned)len);
  return r->ctr >= MLKEM_N;
}

void mlkem_sample(const mlkem_backend *be, const mlkem_sample_plan *plan) {
  uint8_t xof_in[MAX_MATRIX][MLKEM_SYMBYTES + 2];
  rej_sink sinks[MAX_MATRIX];
  uint8_t prf_in[MAX_NOISE][MLKEM_SYMBYTES + 1];
  uint8_t prf_out[MAX_NOISE][MAX_PRF_BYTES];
  mlkem_sponge_job jobs[MAX_JOBS];
  unsigned njobs = 0, nmat = plan->matrix != NULL ? plan->k * plan->k : 0;
  unsigned e, row, col;

  /* Longest first: the extra hashes (H(ek), J: 9 permutations or so), then
   * the matrix entries (3), then the noise (1 or 2). */
  for (e = 0; e < plan->nextra; e++) jobs[njobs++] = plan->extra[e];
  for (e = 0, row = 0, col = 0; e < nmat; e++) {
    memcpy(xof_in[e], plan->rho, MLKEM_SYMBYTES);
    xof_in[e][MLKEM_SYMBYTES] = (uint8_t)(plan->transposed ? row : col);
    xof_in[e][MLKEM_SYMBYTES + 1] = (uint8_t)(plan->transposed ? col : row);
    sinks[e].be = be;
    sinks[e].out = &plan->matrix[e];
    sinks[e].ctr = 0;
    jobs[njobs] = mlkem_job_xof(xof_in[e], NULL, MLKEM_REJ_UNIFORM_BUFBYTES);
    jobs[njobs].sink = rej_sink_block;
    jobs[njobs++].sink_arg = &sinks[e];
    if (++col == plan->k) { /* e = row k + col, without a division */
      col = 0;
      row++;
    }
  }
  for (e = 0; e < plan->nnoise; e++) {
    memcpy(prf_in[e], plan->noise_seed, MLKEM_SYMBYTES);
    prf_in[e][MLKEM_SYMBYTES] = plan->noise[e].nonce;
    jobs[njobs++] = mlkem_job_prf(prf_in[e], prf_out[e], plan->noise[e].eta);
  }

  mlkem_hash_run(be, jobs, njobs);

  for (e = 0; e < plan->nnoise; e++)
    be->cbd(plan->noise[e].out, prf_out[e], plan->noise[e].eta);

  mlkem_zeroize(prf_in, sizeof prf_in);
  mlkem_zeroize(prf_out, sizeof prf_out);
}
