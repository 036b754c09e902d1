/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * sample_aes.c - A-hat and the noise of Kyber round 3's "90s" variant on
 * AES-256-CTR (sample_aes.h).
 *
 * A matrix row is sampled at once: its k streams' first FIRST_BLOCKS
 * blocks in one call, each handed to the backend's rejection step, then
 * MORE_BLOCKS more of every stream still short, until all are complete.
 * Every call continues the streams exactly where they stopped (aes.h), so
 * the result is SampleNTT on the whole keystream. A row at a time keeps
 * the buffer on the stack at k x 480 bytes. The keystream is public
 * (derived from rho), so its data-dependent length is no leak.
 */
#include "kyber/sample_aes.h"

#include <string.h>

#include "platform/bytes.h"

/* 30 blocks, 480 bytes, 320 candidates: enough for 256 coefficients in
 * about three quarters of the entries (each candidate is accepted with
 * probability 3329/4096); the rest take 48 bytes (3 blocks, 32
 * candidates) at a time. Both are multiples of 3 bytes, as the rejection
 * step takes whole 3-byte groups, and of 16. 33 blocks first was faster
 * with VAES and slower with the bitsliced AES (docs/ARCHITECTURE.md). */
#define FIRST_BLOCKS 30
#define MORE_BLOCKS 3

/* The rejection step on len bytes of keystream (a multiple of 3 and of 8)
 * held in words, read as the little-endian words of a SHAKE128 block are
 * (backend.h: lane stride 1), at most a block's 168 bytes per call as the
 * operation's contract asks. */
static void rej_words(const mlkem_backend *be, mlkem_poly *a, unsigned *ctr,
                      uint64_t *words, size_t len) {
  size_t done, n;
#ifndef MLKEM_LITTLE_ENDIAN
  for (done = 0; done < len / 8; done++)
    words[done] = mlkem_load64_le((const uint8_t *)&words[done]);
#endif
  for (done = 0; done < len && *ctr < MLKEM_N; done += n) {
    n = len - done < MLKEM_SHAKE128_RATE ? len - done : MLKEM_SHAKE128_RATE;
    be->rej_uniform(a, ctr, words + done / 8, 1, (unsigned)n);
  }
}

void mlkem_matrix_aes(const mlkem_backend *be, mlkem_poly *a, unsigned k,
                      const uint8_t rho[32], int transposed,
                      mlkem_aes256_key *key) {
  uint64_t buf[MLKEM_K_MAX][FIRST_BLOCKS * 2];
  uint8_t nonces[MLKEM_K_MAX][MLKEM_AESCTR_NONCEBYTES];
  uint8_t short_nonces[MLKEM_K_MAX][MLKEM_AESCTR_NONCEBYTES];
  uint8_t *outs[MLKEM_K_MAX];
  unsigned ctr[MLKEM_K_MAX], which[MLKEM_K_MAX];
  unsigned i, j, n;
  uint32_t block;

  mlkem_aes256_expand(key, rho);
  memset(nonces, 0, sizeof nonces);
  for (j = 0; j < k; j++) outs[j] = (uint8_t *)buf[j];
  for (i = 0; i < k; i++) {
    for (j = 0; j < k; j++) {
      nonces[j][0] = (uint8_t)(transposed ? i : j);
      nonces[j][1] = (uint8_t)(transposed ? j : i);
      ctr[j] = 0;
    }
    mlkem_aes256ctr_streams(key,
                            (const uint8_t(*)[MLKEM_AESCTR_NONCEBYTES])nonces,
                            k, 0, outs, FIRST_BLOCKS * 16);
    for (j = 0; j < k; j++)
      rej_words(be, &a[i * k + j], &ctr[j], buf[j], FIRST_BLOCKS * 16);
    for (block = FIRST_BLOCKS;; block += MORE_BLOCKS) {
      for (n = 0, j = 0; j < k; j++)
        if (ctr[j] < MLKEM_N) {
          memcpy(short_nonces[n], nonces[j], MLKEM_AESCTR_NONCEBYTES);
          which[n++] = j;
        }
      if (n == 0) break;
      mlkem_aes256ctr_streams(
          key, (const uint8_t(*)[MLKEM_AESCTR_NONCEBYTES])short_nonces, n,
          block, outs, MORE_BLOCKS * 16);
      for (j = 0; j < n; j++)
        rej_words(be, &a[i * k + which[j]], &ctr[which[j]], buf[j],
                  MORE_BLOCKS * 16);
    }
  }
}

void mlkem_prf_aes(const mlkem_aes256_key *key, unsigned nonce0, unsigned n,
                   uint8_t *const *outs, size_t len) {
  uint8_t nonces[2 * MLKEM_K_MAX + 1][MLKEM_AESCTR_NONCEBYTES];
  unsigned i;
  memset(nonces, 0, sizeof nonces);
  for (i = 0; i < n; i++) nonces[i][0] = (uint8_t)(nonce0 + i);
  mlkem_aes256ctr_streams(
      key, (const uint8_t(*)[MLKEM_AESCTR_NONCEBYTES])nonces, n, 0, outs, len);
}
