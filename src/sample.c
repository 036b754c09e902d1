/*
 * sample.c - SampleNTT for the whole matrix (FIPS 203 Algorithm 7) and the
 * PRF-driven CBD noise (Algorithm 8), with the operation's other
 * independent hashes, as one list of sponge jobs (sha3/sponge_lanes.c).
 *
 * Each matrix entry first takes three SHAKE128 blocks (504 bytes), enough
 * for 256 coefficients except with probability below 2^-25 (ρ is public, so
 * the rare continuation may branch); an entry that needs more is finished
 * from a fresh SHAKE128 that skips the bytes already used.
 */
#include "sample.h"

#include <string.h>

#include "ct.h"
#include "symmetric.h"

#define XOF_BLOCKS (MLKEM_REJ_UNIFORM_BUFBYTES / MLKEM_SHAKE128_RATE)
#define MAX_MATRIX (MLKEM_K_MAX * MLKEM_K_MAX)
#define MAX_NOISE (2 * MLKEM_K_MAX + 1)
#define MAX_PRF_BYTES (64 * 3)
#define MAX_JOBS (MAX_MATRIX + MAX_NOISE + 4)

/* The rare continuation of SampleNTT past the first three blocks. */
static void sample_ntt_finish(const mlkem_backend *be, mlkem_poly *out,
                              unsigned *ctr,
                              const uint8_t in[MLKEM_SYMBYTES + 2]) {
  mlkem_keccak_ctx ctx;
  uint8_t buf[MLKEM_SHAKE128_RATE];
  unsigned b;
  mlkem_shake128_init(&ctx);
  mlkem_keccak_absorb(&ctx, in, MLKEM_SYMBYTES + 2);
  mlkem_keccak_finalize(&ctx);
  for (b = 0; b < XOF_BLOCKS; b++) mlkem_keccak_squeezeblocks(&ctx, buf, 1);
  while (*ctr < MLKEM_N) {
    mlkem_keccak_squeezeblocks(&ctx, buf, 1);
    be->rej_uniform(out, ctr, buf, MLKEM_SHAKE128_RATE);
  }
}

void mlkem_sample(const mlkem_backend *be, const mlkem_sample_plan *plan) {
  uint8_t xof_in[MAX_MATRIX][MLKEM_SYMBYTES + 2];
  uint8_t xof_out[MAX_MATRIX][MLKEM_REJ_UNIFORM_BUFBYTES];
  uint8_t prf_in[MAX_NOISE][MLKEM_SYMBYTES + 1];
  uint8_t prf_out[MAX_NOISE][MAX_PRF_BYTES];
  mlkem_sponge_job jobs[MAX_JOBS];
  unsigned njobs = 0, nmat = plan->matrix != NULL ? plan->k * plan->k : 0;
  unsigned e, i;

  /* Longest first: the extra hashes (H(ek), J: 9 permutations or so), then
   * the matrix entries (3), then the noise (1 or 2). */
  for (e = 0; e < plan->nextra; e++) jobs[njobs++] = plan->extra[e];
  for (e = 0; e < nmat; e++) {
    unsigned row = e / plan->k, col = e % plan->k;
    memcpy(xof_in[e], plan->rho, MLKEM_SYMBYTES);
    xof_in[e][MLKEM_SYMBYTES] = (uint8_t)(plan->transposed ? row : col);
    xof_in[e][MLKEM_SYMBYTES + 1] = (uint8_t)(plan->transposed ? col : row);
    jobs[njobs++] =
        mlkem_job_xof(xof_in[e], xof_out[e], MLKEM_REJ_UNIFORM_BUFBYTES);
  }
  for (e = 0; e < plan->nnoise; e++) {
    memcpy(prf_in[e], plan->noise_seed, MLKEM_SYMBYTES);
    prf_in[e][MLKEM_SYMBYTES] = plan->noise[e].nonce;
    jobs[njobs++] = mlkem_job_prf(prf_in[e], prf_out[e], plan->noise[e].eta);
  }

  mlkem_hash_run(be, jobs, njobs);

  for (e = 0; e < nmat; e++) {
    unsigned ctr = 0;
    be->rej_uniform(&plan->matrix[e], &ctr, xof_out[e],
                    MLKEM_REJ_UNIFORM_BUFBYTES);
    if (ctr < MLKEM_N) sample_ntt_finish(be, &plan->matrix[e], &ctr, xof_in[e]);
  }
  for (i = 0; i < plan->nnoise; i++)
    be->cbd(plan->noise[i].out, prf_out[i], plan->noise[i].eta);

  mlkem_zeroize(prf_in, sizeof prf_in);
  mlkem_zeroize(prf_out, sizeof prf_out);
}
