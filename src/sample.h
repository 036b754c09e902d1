/*
 * sample.h - the matrix A-hat and the noise vectors of K-PKE, sampled four
 * SHAKE instances at a time.
 */
#ifndef MLKEM_SAMPLE_H
#define MLKEM_SAMPLE_H

#include "backend/api.h"

/* Fills a[i * k + j] with SampleNTT(rho || j || i) (FIPS 203 Algorithm 13
 * steps 3-7), or with SampleNTT(rho || i || j) when transposed is non-zero
 * (Algorithm 14 uses A-hat transposed). Output in the backend's NTT layout. */
void mlkem_gen_matrix(const mlkem_backend *be, mlkem_poly *a, unsigned k,
                      const uint8_t rho[MLKEM_SYMBYTES], int transposed);

/* One noise polynomial to sample: SamplePolyCBD_eta(PRF_eta(seed, nonce)). */
typedef struct {
  mlkem_poly *out;
  uint8_t nonce;
  uint8_t eta;
} mlkem_noise_job;

/* Runs count jobs, all with the same 32-byte seed (sigma in KeyGen, r in
 * Encrypt), four PRF evaluations at a time. Wipes its buffers. */
void mlkem_sample_noise(const mlkem_backend *be, const mlkem_noise_job *jobs,
                        unsigned count, const uint8_t seed[MLKEM_SYMBYTES]);

#endif
