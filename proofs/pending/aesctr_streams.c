/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * AES-CTR over many streams (aes/aes.c, mlkem_aesctr_streams, with flush)
 * for both the portable implementation (width 8, no run) and one of any
 * width 1 to 8 with a run, every key, nonce and first counter: every
 * block handed to ctr_group within its stream's len bytes of output or
 * the group's tail blocks, a partial last block's len % 16 bytes copied
 * within the output, runs within the output: nothing written outside the
 * n outputs' len bytes and the group, nothing read outside the nonces.
 * ctr_group is replaced by its contract (ctr_group.c), the run by a stub
 * with a stated contract (the hardware runs are outside CBMC).
 *
 * A bounded proof: up to 2 streams of up to 63 bytes (3 whole blocks and
 * a partial one), its loops unwound to those bounds (an unwinding
 * assertion fails if they are not enough), with every width 1 to 8, so
 * that groups are flushed within a stream, across streams and at the end.
 * mlkem_scrub_stack_wide (below the frame, outside CBMC's memory model)
 * has no body here. The contract is the harness's (streams, below: aes.c
 * states none, as a write set of n outputs has no form in CBMC's).
 * @enforce streams
 * @replace ctr_group proof_run mlkem_zeroize mlkem_scrub_stack_wide
 * @source src/aes/aes_portable.c
 * @unwind mlkem_aesctr_streams.0:3 mlkem_aesctr_streams.1:3
 * @unwind flush.0:9
 */
#include <stdlib.h>

#include "aes/aes.c"
#include "harness.h"

/* A run as the hardware implementations' (aes.h): the nblocks blocks of
 * one stream from block ctr, written to dst. */
static void proof_run(const mlkem_aes_key *key, const uint8_t *nonce,
                      uint32_t ctr, uint8_t *dst, size_t nblocks)
    __contract__(
      requires(readable(key, sizeof *key) &&
               readable(nonce, MLKEM_AESCTR_NONCEBYTES) &&
               writable(dst, 16 * nblocks))
      assigns(bytes(dst, 16 * nblocks))
    );

/* Every width up to the portable one's, with a run. */
static mlkem_aes_impl proof_impl = {"proof", 8, NULL, NULL, proof_run};

extern const mlkem_aes_impl mlkem_aes_portable;

/* mlkem_aesctr_streams for up to two streams: only their len bytes
 * written. */
static void streams(const mlkem_aes_key *key,
                    const uint8_t (*nonces)[MLKEM_AESCTR_NONCEBYTES], size_t n,
                    uint32_t ctr, uint8_t *const *outs, size_t len)
    __contract__(
      requires(readable(key, sizeof *key) &&
               (key->rounds == MLKEM_AES128_ROUNDS ||
                key->rounds == MLKEM_AES256_ROUNDS) &&
               n <= 2 && len <= 47 &&
               readable(nonces, n * MLKEM_AESCTR_NONCEBYTES) &&
               readable(outs, n * sizeof *outs) &&
               (n < 1 || writable(outs[0], len)) &&
               (n < 2 || writable(outs[1], len)))
      assigns(n > 0 : bytes(outs[0], len); n > 1 : bytes(outs[1], len))
    ) {
  mlkem_aesctr_streams(key, nonces, n, ctr, outs, len);
}

void harness(void) {
  mlkem_aes_key *key = malloc(sizeof *key);
  size_t n, len, width;
  uint32_t ctr;
  uint8_t **outs;
  const uint8_t(*nonces)[MLKEM_AESCTR_NONCEBYTES];
  __CPROVER_assume(key != NULL);
  __CPROVER_assume(key->rounds == MLKEM_AES128_ROUNDS ||
                   key->rounds == MLKEM_AES256_ROUNDS);
  __CPROVER_assume(1 <= width && width <= 3);
  proof_impl.width = width;
  proof_impl.ctr_group = mlkem_aes_portable.ctr_group;
  key->impl = either(&mlkem_aes_portable, &proof_impl);
  __CPROVER_assume(n <= 2 && len <= 47);
  nonces = malloc(n * MLKEM_AESCTR_NONCEBYTES);
  outs = malloc(n * sizeof *outs);
  __CPROVER_assume(nonces != NULL && outs != NULL);
  if (n > 0) outs[0] = malloc(len);
  if (n > 1) outs[1] = malloc(len);
  __CPROVER_assume(n < 1 || outs[0] != NULL);
  __CPROVER_assume(n < 2 || outs[1] != NULL);
  streams(key, nonces, n, ctr, outs, len);
}
