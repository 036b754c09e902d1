/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * sample.h - the matrix A-hat of K-PKE (@spec{FIPS203, Alg. 7}, SampleNTT,
 * for every entry) as sponge jobs, to run beside the operation's other
 * hashes (symmetric.h).
 */
#ifndef MLKEM_SAMPLE_H
#define MLKEM_SAMPLE_H

#include "backend/backend.h"
#include "fips203/symmetric.h"

/* One matrix entry being sampled: its XOF input rho || j || i and the
 * state of its rejection loop (ctr: the coefficients out holds, in the
 * standard order, 256 once complete). Owned by the caller until the jobs
 * have run. If progress is set (mlkem_matrix_jobs leaves it NULL), it is
 * called with progress_arg and the entry, from inside the scheduler, after
 * each block the entry consumes (the last one completes it). */
typedef struct mlkem_matrix_entry {
  const mlkem_backend *be;
  mlkem_poly *out;
  void (*progress)(void *arg, const struct mlkem_matrix_entry *e);
  void *progress_arg;
  unsigned ctr, row;
  uint8_t in[MLKEM_SYMBYTES + 2];
} mlkem_matrix_entry;

/* Appends the k * k jobs of A-hat: a[i * k + j] = SampleNTT(rho || j || i)
 * (@spec{FIPS203, Alg. 13, l. 3-7}), or SampleNTT(rho || i || j) when
 * transposed (@spec{FIPS203, Alg. 14, l. 4-8}), in the backend's NTT layout.
 * entries has k * k elements. rho is public (part of ek). */
void mlkem_matrix_jobs(mlkem_job_list *list, const mlkem_backend *be,
                       mlkem_matrix_entry *entries, mlkem_poly *a, unsigned k,
                       const uint8_t rho[MLKEM_SYMBYTES], int transposed);

/* The same for row `row` only, so that a caller may list other jobs
 * between the rows, or sample one row at a time: entries and a have k
 * elements, the row's (a[j] the entry of column j). */
void mlkem_matrix_row_jobs(mlkem_job_list *list, const mlkem_backend *be,
                           mlkem_matrix_entry *entries, mlkem_poly *a,
                           unsigned k, const uint8_t rho[MLKEM_SYMBYTES],
                           int transposed, unsigned row);

/* SampleNTT(in) (@spec{FIPS203, Alg. 7}) alone, on one sponge and the
 * one-way permutation (sha3.h), for the small-stack configuration
 * (kpke_schedule.c): the same rejection step on the same blocks, without
 * the scheduler's lanes. in = rho || j || i is public. */
void mlkem_sample_ntt(const mlkem_backend *be, mlkem_poly *out,
                      const uint8_t in[MLKEM_SYMBYTES + 2]);

#endif
