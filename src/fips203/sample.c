/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * sample.c - SampleNTT for the whole matrix (@spec{FIPS203, Alg. 7}) as
 * sponge jobs.
 *
 * A matrix entry consumes its SHAKE128 output block by block as the
 * scheduler produces it (a sink, reading the block where the permutation
 * left it): the rejection step keeps candidates until
 * it has 256, usually within three blocks, and the job ends there. Nothing
 * is buffered and no entry needs a second pass. The bytes are public
 * (derived from rho), so the data-dependent length is no leak.
 */
#include "fips203/sample.h"

#include <string.h>

#include "sha3/sha3.h"

/* SampleNTT's loop (@spec{FIPS203, Alg. 7, l. 4-15}) on each new block,
 * read in place from the lanes; done at 256 coefficients. */
static int rej_sink_block(void *arg, const uint64_t *lane, size_t stride,
                          size_t len) {
  mlkem_matrix_entry *e = arg;
  e->be->rej_uniform(e->out, &e->ctr, lane, stride, (unsigned)len);
  if (e->progress != NULL) e->progress(e->progress_arg, e);
  return e->ctr >= MLKEM_N;
}

void mlkem_matrix_row_jobs(mlkem_job_list *list, const mlkem_backend *be,
                           mlkem_matrix_entry *entries, mlkem_poly *a,
                           unsigned k, const uint8_t rho[MLKEM_SYMBYTES],
                           int transposed, unsigned row) {
  unsigned col;
  for (col = 0; col < k; col++) {
    mlkem_matrix_entry *e = &entries[col];
    mlkem_sponge_job job;
    memcpy(e->in, rho, MLKEM_SYMBYTES);
    e->in[MLKEM_SYMBYTES] = (uint8_t)(transposed ? row : col);
    e->in[MLKEM_SYMBYTES + 1] = (uint8_t)(transposed ? col : row);
    e->be = be;
    e->out = &a[col];
    e->progress = NULL;
    e->progress_arg = NULL;
    e->ctr = 0;
    e->row = row;
    job = mlkem_job_xof(e->in, NULL, MLKEM_REJ_UNIFORM_BUFBYTES);
    job.sink = rej_sink_block;
    job.sink_arg = e;
    mlkem_jobs_add(list, job);
  }
}

void mlkem_matrix_jobs(mlkem_job_list *list, const mlkem_backend *be,
                       mlkem_matrix_entry *entries, mlkem_poly *a, unsigned k,
                       const uint8_t rho[MLKEM_SYMBYTES], int transposed) {
  unsigned row;
  for (row = 0; row < k; row++)
    mlkem_matrix_row_jobs(list, be, &entries[row * k], &a[row * k], k, rho,
                          transposed, row);
}

void mlkem_sample_ntt(const mlkem_backend *be, mlkem_poly *out,
                      const uint8_t in[MLKEM_SYMBYTES + 2]) {
  mlkem_keccak_ctx ctx;
  unsigned ctr = 0;
  mlkem_shake128_init(&ctx);
  mlkem_keccak_absorb(&ctx, in, MLKEM_SYMBYTES + 2);
  mlkem_keccak_finalize(&ctx);
  /* Each block read where the permutation left it, as rej_sink_block
   * reads the scheduler's. */
  while (ctr < MLKEM_N) {
    mlkem_keccakf1600(ctx.s);
    be->rej_uniform(out, &ctr, ctx.s, 1, MLKEM_SHAKE128_RATE);
  }
}
