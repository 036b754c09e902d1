/*
 * sample.h - the matrix A-hat and the noise polynomials of K-PKE, sampled
 * together with any other independent hashes of the same operation.
 */
#ifndef MLKEM_SAMPLE_H
#define MLKEM_SAMPLE_H

#include "backend/api.h"
#include "sha3/sha3.h"

/* One noise polynomial: SamplePolyCBD_eta(PRF_eta(seed, nonce)). */
typedef struct {
  mlkem_poly *out;
  uint8_t nonce;
  uint8_t eta;
} mlkem_noise_job;

/* What to sample in one batch; any part may be absent (NULL / 0). All of
 * it must be independent: the sponge computations run side by side. */
typedef struct {
  /* A-hat: matrix[i * k + j] = SampleNTT(rho || j || i) (FIPS 203
   * Algorithm 13 steps 3-7), or SampleNTT(rho || i || j) when transposed
   * (Algorithm 14 uses A-hat transposed). Backend NTT layout. */
  mlkem_poly *matrix;
  unsigned k;
  const uint8_t *rho;
  int transposed;
  /* Noise from PRF_eta(noise_seed, nonce) (FIPS 203 equation 4.3). */
  const mlkem_noise_job *noise;
  unsigned nnoise;
  const uint8_t *noise_seed;
  /* Other one-shot hashes to run in the same lanes (e.g. H(ek), J(z||c)). */
  const mlkem_sponge_job *extra;
  unsigned nextra;
} mlkem_sample_plan;

/* Runs the plan. Wipes its buffers (the noise is secret). */
void mlkem_sample(const mlkem_backend *be, const mlkem_sample_plan *plan);

#endif
