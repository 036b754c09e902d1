/* symmetric.c - H, G, J, PRF and XOF as sponge jobs (see symmetric.h). */
#include "symmetric.h"

#include <assert.h>

static mlkem_sponge_job make(unsigned rate, uint8_t ds, const uint8_t *in0,
                             size_t len0, const uint8_t *in1, size_t len1,
                             uint8_t *out, size_t outlen) {
  mlkem_sponge_job j;
  j.rate = (uint16_t)rate;
  j.ds = ds;
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

mlkem_sponge_job mlkem_job_h(const uint8_t *in, size_t len, uint8_t out[32]) {
  return make(MLKEM_SHA3_256_RATE, MLKEM_DS_SHA3, in, len, NULL, 0, out, 32);
}

mlkem_sponge_job mlkem_job_g(const uint8_t *in, size_t len, uint8_t out[64]) {
  return make(MLKEM_SHA3_512_RATE, MLKEM_DS_SHA3, in, len, NULL, 0, out, 64);
}

mlkem_sponge_job mlkem_job_j(const uint8_t *in0, size_t len0,
                             const uint8_t *in1, size_t len1,
                             uint8_t out[32]) {
  return make(MLKEM_SHAKE256_RATE, MLKEM_DS_SHAKE, in0, len0, in1, len1, out,
              32);
}

/* The nonce bytes N of PRF(s, N): ML-KEM uses N < 2k + 1 <= 9. */
static const uint8_t nonces[16] = {0, 1, 2,  3,  4,  5,  6,  7,
                                   8, 9, 10, 11, 12, 13, 14, 15};

mlkem_sponge_job mlkem_job_prf(const uint8_t seed[32], unsigned nonce,
                               uint8_t *out, unsigned eta) {
  return make(MLKEM_SHAKE256_RATE, MLKEM_DS_SHAKE, seed, 32,
              &nonces[nonce & 15], 1, out, 64u * eta);
}

mlkem_sponge_job mlkem_job_xof(const uint8_t in[34], uint8_t *out,
                               size_t outlen) {
  return make(MLKEM_SHAKE128_RATE, MLKEM_DS_SHAKE, in, 34, NULL, 0, out,
              outlen);
}

int mlkem_jobs_add(mlkem_job_list *list, mlkem_sponge_job job) {
  assert(list->n < list->cap);
  if (list->n >= list->cap) return -1;
  list->job[list->n] = job;
  return (int)list->n++;
}

void mlkem_hash_run(const mlkem_backend *be, const mlkem_sponge_job *jobs,
                    unsigned njobs) {
  mlkem_sponge_run(jobs, njobs, be->keccak);
}
