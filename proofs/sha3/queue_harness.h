/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * queue_harness.h - a queue of the scheduler in any state its contracts
 * allow (sha3/sponge_queue.h: SPONGE_QUEUE_OK): a list of 1 to 32 jobs
 * with any contents, any pending, waiting and awaited jobs of the list,
 * any streaming job with its count of input bytes written.
 */
#ifndef MLKEM_PROOFS_QUEUE_HARNESS_H
#define MLKEM_PROOFS_QUEUE_HARNESS_H

#include <stdlib.h>

#include "sha3/sponge_queue.h"

static size_t any_avail;

/* The bytes of a job, as a plain number: an allocation of njobs * sizeof
 * (mlkem_sponge_job) would make CBMC model the object as an array of jobs,
 * each a 512-bit element that every read of a field selects whole (and the
 * solver's array constraints compare whole), where n * QUEUE_JOB_BYTES
 * makes it an array of bytes. The same object either way (its size, its
 * contents unconstrained, every access checked against its bounds); the
 * formula is many times smaller (queue_init: 9 CPU-seconds instead of
 * 178; docs/PROOFS.md, Time). */
enum { QUEUE_JOB_BYTES = sizeof(mlkem_sponge_job) };

/* A list of 1 to 32 jobs (*njobs) with any contents, an object of its
 * own. */
static mlkem_sponge_job *any_jobs(unsigned *njobs) {
  unsigned n;
  mlkem_sponge_job *jobs;
  __CPROVER_assume(1 <= n && n <= MLKEM_SPONGE_MAX_JOBS);
  jobs = malloc(n * QUEUE_JOB_BYTES);
  __CPROVER_assume(jobs != NULL);
  *njobs = n;
  return jobs;
}

static void any_queue(sponge_queue *q) {
  unsigned njobs;
  mlkem_sponge_job *jobs = any_jobs(&njobs);
  q->jobs = jobs;
  if (q->stream >= 0 && q->stream < (int)njobs)
    jobs[q->stream].avail = &any_avail;
}

/* Lanes that may hold any job of the list (the contracts require it of
 * the busy ones): each points at a job of index below 32. */
unsigned nondet_unsigned(void);
static void any_lanes(const sponge_queue *q, sponge_lane *ls) {
  unsigned l;
  for (l = 0; l < MLKEM_SPONGE_MAX_STRIDE; l++) {
    unsigned j = nondet_unsigned();
    __CPROVER_assume(j < MLKEM_SPONGE_MAX_JOBS);
    ls[l].job = &q->jobs[j];
  }
}

#endif
