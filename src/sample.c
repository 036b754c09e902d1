/*
 * sample.c - SampleNTT for the whole matrix, and the PRF-driven CBD noise,
 * batched four at a time through the four-way SHAKE functions. Batching is
 * free for the portable Keccak and lets a SIMD Keccak run four lanes at
 * once.
 */
#include "sample.h"

#include <string.h>

#include "ct.h"
#include "sha3/sha3.h"

#define XOF_BLOCKS (MLKEM_REJ_UNIFORM_BUFBYTES / MLKEM_SHAKE128_RATE)

/* SampleNTT (FIPS 203 Algorithm 7) for four matrix entries at once. The
 * absorbed inputs are rho || column || row, 34 bytes each. Entries past
 * `count` are computed into a scratch polynomial and discarded. */
static void sample_ntt_x4(const mlkem_backend *be, mlkem_poly *const out[4],
                          const uint8_t in[4][MLKEM_SYMBYTES + 2]) {
  mlkem_keccak_x4_ctx ctx;
  uint8_t buf[4][MLKEM_REJ_UNIFORM_BUFBYTES];
  unsigned ctr[4] = {0, 0, 0, 0}, l;

  mlkem_shake128x4_absorb_once(&ctx, in[0], in[1], in[2], in[3],
                               MLKEM_SYMBYTES + 2);
  mlkem_shake128x4_squeezeblocks(&ctx, buf[0], buf[1], buf[2], buf[3],
                                 XOF_BLOCKS);
  for (l = 0; l < 4; l++)
    be->rej_uniform(out[l], &ctr[l], buf[l], MLKEM_REJ_UNIFORM_BUFBYTES);
  /* Rarely (p < 2^-25 per entry) three blocks are not enough. */
  while (ctr[0] < MLKEM_N || ctr[1] < MLKEM_N || ctr[2] < MLKEM_N ||
         ctr[3] < MLKEM_N) {
    mlkem_shake128x4_squeezeblocks(&ctx, buf[0], buf[1], buf[2], buf[3], 1);
    for (l = 0; l < 4; l++)
      be->rej_uniform(out[l], &ctr[l], buf[l], MLKEM_SHAKE128_RATE);
  }
}

/* SampleNTT for a single entry. */
static void sample_ntt_x1(const mlkem_backend *be, mlkem_poly *out,
                          const uint8_t in[MLKEM_SYMBYTES + 2]) {
  mlkem_keccak_ctx ctx;
  uint8_t buf[MLKEM_REJ_UNIFORM_BUFBYTES];
  unsigned ctr = 0;

  mlkem_shake128_init(&ctx);
  mlkem_keccak_absorb(&ctx, in, MLKEM_SYMBYTES + 2);
  mlkem_keccak_finalize(&ctx);
  mlkem_keccak_squeezeblocks(&ctx, buf, XOF_BLOCKS);
  be->rej_uniform(out, &ctr, buf, MLKEM_REJ_UNIFORM_BUFBYTES);
  while (ctr < MLKEM_N) {
    mlkem_keccak_squeezeblocks(&ctx, buf, 1);
    be->rej_uniform(out, &ctr, buf, MLKEM_SHAKE128_RATE);
  }
}

void mlkem_gen_matrix(const mlkem_backend *be, mlkem_poly *a, unsigned k,
                      const uint8_t rho[MLKEM_SYMBYTES], int transposed) {
  uint8_t in[4][MLKEM_SYMBYTES + 2];
  mlkem_poly *out[4];
  mlkem_poly scratch;
  unsigned total = k * k, idx = 0, l;

  for (l = 0; l < 4; l++) memcpy(in[l], rho, MLKEM_SYMBYTES);
  while (idx < total) {
    unsigned n = total - idx < 4 ? total - idx : 4;
    /* A partial batch goes through the four-way SHAKE only when its lanes
     * really run in parallel and it has at least two entries; otherwise
     * one entry at a time. */
    if (n == 1 || (n < 4 && !be->keccak_x4_parallel)) {
      unsigned i = idx / k, j = idx % k;
      in[0][MLKEM_SYMBYTES] = (uint8_t)(transposed ? i : j);
      in[0][MLKEM_SYMBYTES + 1] = (uint8_t)(transposed ? j : i);
      sample_ntt_x1(be, &a[idx], in[0]);
      idx++;
      continue;
    }
    for (l = 0; l < 4; l++) {
      /* Lanes beyond the last entry repeat it into scratch. */
      unsigned e = idx + (l < n ? l : n - 1);
      unsigned i = e / k, j = e % k;
      in[l][MLKEM_SYMBYTES] = (uint8_t)(transposed ? i : j);
      in[l][MLKEM_SYMBYTES + 1] = (uint8_t)(transposed ? j : i);
      out[l] = l < n ? &a[e] : &scratch;
    }
    sample_ntt_x4(be, out, (const uint8_t(*)[MLKEM_SYMBYTES + 2])in);
    idx += n;
  }
}

/* PRF_eta(s, N) = SHAKE256(s || N) truncated to 64 eta bytes (FIPS 203
 * equation 4.3): one SHAKE256 block for eta = 2, two for eta = 3. */
#define PRF_MAX_BLOCKS 2

static unsigned prf_blocks(unsigned eta) {
  return (64 * eta + MLKEM_SHAKE256_RATE - 1) / MLKEM_SHAKE256_RATE;
}

void mlkem_sample_noise(const mlkem_backend *be, const mlkem_noise_job *jobs,
                        unsigned count, const uint8_t seed[MLKEM_SYMBYTES]) {
  uint8_t in[4][MLKEM_SYMBYTES + 1];
  uint8_t buf[4][PRF_MAX_BLOCKS * MLKEM_SHAKE256_RATE];
  mlkem_keccak_x4_ctx ctx;
  unsigned idx = 0, l;

  for (l = 0; l < 4; l++) memcpy(in[l], seed, MLKEM_SYMBYTES);
  /* Batches of four go through the four-way SHAKE256; so do smaller
   * remainders of two or three when its lanes run in parallel (the unused
   * lanes repeat the last job and are discarded). */
  while (count - idx >= 4 ||
         (count - idx >= 2 && be->keccak_x4_parallel)) {
    unsigned n = count - idx < 4 ? count - idx : 4, blocks = 1;
    for (l = 0; l < 4; l++) {
      const mlkem_noise_job *job = &jobs[idx + (l < n ? l : n - 1)];
      in[l][MLKEM_SYMBYTES] = job->nonce;
      if (prf_blocks(job->eta) > blocks) blocks = prf_blocks(job->eta);
    }
    mlkem_shake256x4_absorb_once(&ctx, in[0], in[1], in[2], in[3],
                                 MLKEM_SYMBYTES + 1);
    mlkem_shake256x4_squeezeblocks(&ctx, buf[0], buf[1], buf[2], buf[3],
                                   blocks);
    for (l = 0; l < n; l++)
      be->cbd(jobs[idx + l].out, buf[l], jobs[idx + l].eta);
    idx += n;
  }
  /* The rest one at a time: no lane computes a discarded output. */
  for (; idx < count; idx++) {
    in[0][MLKEM_SYMBYTES] = jobs[idx].nonce;
    mlkem_shake256(buf[0], 64u * jobs[idx].eta, in[0], MLKEM_SYMBYTES + 1);
    be->cbd(jobs[idx].out, buf[0], jobs[idx].eta);
  }
  mlkem_zeroize(in, sizeof in);
  mlkem_zeroize(buf, sizeof buf);
  mlkem_zeroize(&ctx, sizeof ctx);
}
