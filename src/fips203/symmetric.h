/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * symmetric.h - the standard's symmetric functions (@spec{FIPS203, sec. 4.1})
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

#include <assert.h>
#include <stddef.h>
#include <stdint.h>

#include "backend/backend.h"
#include "sha3/sha3.h"

/* The constructors and mlkem_jobs_add are inline: built where it is
 * appended, a job is written once, field by field, into the caller's list.
 * A job returned by a function of another file and copied by value is
 * reloaded by wide loads that stall on store forwarding
 * (docs/ARCHITECTURE.md, "Decisions"). */
static inline mlkem_sponge_job mlkem_job_make(unsigned rate, uint8_t ds,
                                              const uint8_t *in0, size_t len0,
                                              const uint8_t *in1, size_t len1,
                                              uint8_t *out, size_t outlen) {
  mlkem_sponge_job j;
  j.rate = (uint8_t)rate;
  j.ds = ds;
  j.tail = 0;
  j.in0 = in0;
  j.len0 = (uint32_t)len0;
  j.in1 = in1;
  j.len1 = (uint32_t)len1;
  j.out = out;
  j.outlen = (uint32_t)outlen;
  j.sink = NULL;
  j.sink_arg = NULL;
  j.avail = NULL;
  j.after = -1;
  return j;
}

static inline mlkem_sponge_job mlkem_job_h(const uint8_t *in, size_t len,
                                           uint8_t out[32]) {
  return mlkem_job_make(MLKEM_SHA3_256_RATE, MLKEM_DS_SHA3, in, len, NULL, 0,
                        out, 32);
}

static inline mlkem_sponge_job mlkem_job_g(const uint8_t *in, size_t len,
                                           uint8_t out[64]) {
  return mlkem_job_make(MLKEM_SHA3_512_RATE, MLKEM_DS_SHA3, in, len, NULL, 0,
                        out, 64);
}

/* J over in0 || in1 (z || c without copying c). */
static inline mlkem_sponge_job mlkem_job_j(const uint8_t *in0, size_t len0,
                                           const uint8_t *in1, size_t len1,
                                           uint8_t out[32]) {
  return mlkem_job_make(MLKEM_SHAKE256_RATE, MLKEM_DS_SHAKE, in0, len0, in1,
                        len1, out, 32);
}

/* The nonce bytes N of PRF(s, N): 0 .. 15 (ML-KEM uses N < 2k + 1 <= 9). */
extern const uint8_t mlkem_prf_nonces[16];

/* PRF_eta(seed, nonce) (@spec{FIPS203, eq. 4.3}), nonce below 16. The seed
 * is read when the job starts, so it may be the output of the job the new
 * one runs after. */
static inline mlkem_sponge_job mlkem_job_prf(const uint8_t seed[32],
                                             unsigned nonce, uint8_t *out,
                                             unsigned eta) {
  return mlkem_job_make(MLKEM_SHAKE256_RATE, MLKEM_DS_SHAKE, seed, 32,
                        &mlkem_prf_nonces[nonce & 15], 1, out, 64u * eta);
}

static inline mlkem_sponge_job mlkem_job_xof(const uint8_t in[34], uint8_t *out,
                                             size_t outlen) {
  return mlkem_job_make(MLKEM_SHAKE128_RATE, MLKEM_DS_SHAKE, in, 34, NULL, 0,
                        out, outlen);
}

/* A list of jobs being assembled in a caller's array of cap entries. */
typedef struct {
  mlkem_sponge_job *job;
  unsigned n, cap;
} mlkem_job_list;

/* Appends a job; returns its index in the list (for another job's
 * `after`). The list sizes are fixed per parameter set, so overflow is a
 * programming error: it is caught in debug builds, and a full list drops
 * the job (its output then stays unwritten). */
static inline int mlkem_jobs_add(mlkem_job_list *list, mlkem_sponge_job job) {
  assert(list->n < list->cap);
  if (list->n >= list->cap) return -1;
  list->job[list->n] = job;
  return (int)list->n++;
}

/* Runs the jobs on the backend's permutations (sha3.h). */
void mlkem_hash_run(const mlkem_backend *be, const mlkem_sponge_job *jobs,
                    unsigned njobs);

#endif
