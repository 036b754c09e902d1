/*
 * symmetric.h - the standard's symmetric functions (FIPS 203 section 4.1)
 * as sponge jobs for the scheduler, so that every hash of an operation runs
 * on the backend's fastest permutation, alone or beside the hashes it is
 * independent of.
 *
 *   H(s)      = SHA3-256(s)                     (32 bytes)
 *   G(s)      = SHA3-512(s)                     (64 bytes)
 *   J(s)      = SHAKE256(s), 32 bytes
 *   PRF(s, b) = SHAKE256(s || b), 64 eta bytes
 *   XOF       = SHAKE128
 */
#ifndef MLKEM_SYMMETRIC_H
#define MLKEM_SYMMETRIC_H

#include <stddef.h>
#include <stdint.h>

#include "backend/api.h"
#include "sha3/sha3.h"

mlkem_sponge_job mlkem_job_h(const uint8_t *in, size_t len, uint8_t out[32]);
mlkem_sponge_job mlkem_job_g(const uint8_t *in, size_t len, uint8_t out[64]);
/* J over in0 || in1 (z || c without copying c). */
mlkem_sponge_job mlkem_job_j(const uint8_t *in0, size_t len0,
                             const uint8_t *in1, size_t len1,
                             uint8_t out[32]);
/* PRF_eta(seed, nonce) (FIPS 203 equation 4.3), nonce below 16. The seed
 * is read when the job starts, so it may be the output of the job the new
 * one runs after. */
mlkem_sponge_job mlkem_job_prf(const uint8_t seed[32], unsigned nonce,
                               uint8_t *out, unsigned eta);
mlkem_sponge_job mlkem_job_xof(const uint8_t in[34], uint8_t *out,
                               size_t outlen);

/* A list of jobs being assembled in a caller's array of cap entries. */
typedef struct {
  mlkem_sponge_job *job;
  unsigned n, cap;
} mlkem_job_list;

/* Appends a job; returns its index in the list (for another job's
 * `after`). The list sizes are fixed per parameter set, so overflow is a
 * programming error: it is caught in debug builds, and a full list drops
 * the job (its output then stays unwritten). */
int mlkem_jobs_add(mlkem_job_list *list, mlkem_sponge_job job);

/* Runs the jobs on the backend's permutations (sha3.h). */
void mlkem_hash_run(const mlkem_backend *be, const mlkem_sponge_job *jobs,
                    unsigned njobs);

#endif
