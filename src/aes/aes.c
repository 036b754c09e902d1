/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * aes.c - AES-256-CTR over an implementation's runs and groups of blocks
 * (aes.h): a stream of at least half the implementation's width of whole
 * blocks goes to its run; the rest (short streams, partial last blocks)
 * is one flat list of (stream, block) pairs handed over `width` at a time,
 * so that a pipelined implementation is kept full across stream
 * boundaries.
 */
#include "aes/aes.h"

#include <string.h>

#include "platform/ct.h"

/* The widest group of any implementation (VAES with AVX-512: 32 blocks). */
#define MAX_WIDTH 32

void mlkem_aes256_expand_impl(mlkem_aes256_key *key, const uint8_t k[32],
                              const mlkem_aes_impl *impl) {
  key->impl = impl;
  impl->expand(key, k);
  /* As below: the round keys in registers while they are made. */
  mlkem_scrub_stack_wide();
}

void mlkem_aes256_expand(mlkem_aes256_key *key, const uint8_t k[32]) {
  mlkem_aes256_expand_impl(key, k, mlkem_aes_impl_get());
}

void mlkem_aes256_key_wipe(mlkem_aes256_key *key) {
  mlkem_zeroize(key, sizeof *key);
}

/* The blocks of one group: where each goes. A stream's last block, when
 * partial (len not a multiple of 16), is written to tail[i] and its first
 * len % 16 bytes copied to partial[i]; every other block goes straight to
 * its place in the output. */
typedef struct {
  const uint8_t *nonce[MAX_WIDTH];
  uint32_t ctr[MAX_WIDTH];
  uint8_t *dst[MAX_WIDTH];
  uint8_t *partial[MAX_WIDTH];
  uint8_t tail[MAX_WIDTH][16];
  size_t fill, ntail; /* blocks in the group; of them, partial ones */
} group;

static void flush(const mlkem_aes256_key *key, group *g, size_t tail_len) {
  key->impl->ctr_group(key, g->nonce, g->ctr, g->dst, g->fill);
  if (g->ntail != 0) {
    size_t i;
    for (i = 0; i < g->fill; i++)
      if (g->dst[i] == g->tail[i]) {
        memcpy(g->partial[i], g->tail[i], tail_len);
        mlkem_zeroize(g->tail[i], 16);
      }
    g->ntail = 0;
  }
  g->fill = 0;
}

void mlkem_aes256ctr_streams(const mlkem_aes256_key *key,
                             const uint8_t (*nonces)[MLKEM_AESCTR_NONCEBYTES],
                             size_t n, uint32_t ctr, uint8_t *const *outs,
                             size_t len) {
  const size_t whole = len >> 4, tail_len = len & 15;
  const size_t width = key->impl->width;
  group g;
  size_t s, b;
  g.fill = 0;
  g.ntail = 0;
  for (s = 0; s < n; s++) {
    const uint8_t *nonce = nonces[s];
    uint8_t *out = outs[s];
    /* A stream of at least half a pipeline of whole blocks goes through
     * the implementation's run, if it has one; shorter ones share
     * groups. */
    b = 0;
    if (key->impl->ctr_run != NULL && 2 * whole >= width) {
      key->impl->ctr_run(key, nonce, ctr, out, whole);
      b = whole;
    }
    for (; b < whole; b++) {
      g.nonce[g.fill] = nonce;
      g.ctr[g.fill] = ctr + (uint32_t)b;
      g.dst[g.fill] = out + 16 * b;
      if (++g.fill == width) flush(key, &g, tail_len);
    }
    if (tail_len != 0) {
      g.nonce[g.fill] = nonce;
      g.ctr[g.fill] = ctr + (uint32_t)whole;
      g.dst[g.fill] = g.tail[g.fill];
      g.partial[g.fill] = out + 16 * whole;
      g.ntail++;
      if (++g.fill == width) flush(key, &g, tail_len);
    }
  }
  if (g.fill != 0) flush(key, &g, tail_len);
  /* The implementations hold round keys and keystream in vector registers,
   * which the compiler may spill to their frames, below this one: gcc did
   * for VAES-256 and VAES-512 (a round key and blocks, found by
   * tests/test_zeroize.c after Kyber-90s operations). */
  mlkem_scrub_stack_wide();
}

void mlkem_aes256ctr(uint8_t *out, size_t len, const uint8_t key[32],
                     const uint8_t nonce[MLKEM_AESCTR_NONCEBYTES]) {
  mlkem_aes256_key ks;
  uint8_t nonces[1][MLKEM_AESCTR_NONCEBYTES];
  memcpy(nonces[0], nonce, MLKEM_AESCTR_NONCEBYTES);
  mlkem_aes256_expand(&ks, key);
  mlkem_aes256ctr_streams(
      &ks, (const uint8_t(*)[MLKEM_AESCTR_NONCEBYTES])nonces, 1, 0, &out, len);
  mlkem_aes256_key_wipe(&ks);
}
