/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * sponge_absorb.h - the sponge scheduler's data movement for one lane of
 * the interleaved state: absorbing a job's next block (byte-exact, or a
 * whole block by a fixed sequence of loads and XORs), padding its last
 * (@spec{FIPS202, sec. 4} and 5.1), and squeezing each output block to the
 * job's sink or buffer. A lane is given by its first word s and the
 * stride w: word i at s[w * i] (sha3.h). Part of the scheduler
 * (sponge_queue.h says why these are static functions in headers).
 */
#ifndef MLKEM_SPONGE_ABSORB_H
#define MLKEM_SPONGE_ABSORB_H

#include <stddef.h>
#include <stdint.h>

#include "platform/bytes.h"
#include "sha3/sha3.h"
#include "sha3/sponge_queue.h"

/* The n < 8 bytes at p as a little-endian word. */
static inline uint64_t load_partial(const uint8_t *p, size_t n) {
  uint64_t w = 0;
  unsigned sh = 0;
  if (n & 4) {
    w = mlkem_load32_le(p);
    p += 4;
    sh = 32;
  }
  if (n & 2) {
    w |= (uint64_t)(p[0] | (unsigned)p[1] << 8) << sh;
    p += 2;
    sh += 16;
  }
  if (n & 1) w |= (uint64_t)p[0] << sh;
  return w;
}

/* XORs the n words at p into the lane (s: its first word, w: the stride).
 * For the counts ML-KEM's jobs use most, the rates of FIPS 202's SHA-3 and
 * SHAKE functions in words (9, 17, 21) and a 32-byte seed (4), each word
 * is a load and an XOR into memory at a constant offset, without a loop's
 * exit tests; any other n takes the loop. */
#define XOR_WORD(k) s[w * (k)] ^= mlkem_load64_le(p + 8 * (k))
#define XOR_WORDS_9() \
  XOR_WORD(0);        \
  XOR_WORD(1);        \
  XOR_WORD(2);        \
  XOR_WORD(3);        \
  XOR_WORD(4);        \
  XOR_WORD(5);        \
  XOR_WORD(6);        \
  XOR_WORD(7);        \
  XOR_WORD(8)
#define XOR_WORDS_17() \
  XOR_WORDS_9();       \
  XOR_WORD(9);         \
  XOR_WORD(10);        \
  XOR_WORD(11);        \
  XOR_WORD(12);        \
  XOR_WORD(13);        \
  XOR_WORD(14);        \
  XOR_WORD(15);        \
  XOR_WORD(16)
static MLKEM_SPONGE_INLINE void absorb_words(uint64_t *s, size_t w,
                                             const uint8_t *p, size_t n) {
  size_t i;
  switch (n) {
    case 4:
      XOR_WORD(0);
      XOR_WORD(1);
      XOR_WORD(2);
      XOR_WORD(3);
      return;
    case 9:
      XOR_WORDS_9();
      return;
    case 17:
      XOR_WORDS_17();
      return;
    case 21:
      XOR_WORDS_17();
      XOR_WORD(17);
      XOR_WORD(18);
      XOR_WORD(19);
      XOR_WORD(20);
      return;
    default:
      for (i = 0; i < n; i++) XOR_WORD(i);
  }
}
#undef XOR_WORDS_17
#undef XOR_WORDS_9
#undef XOR_WORD

/* XORs the take bytes of in0 || in1 from byte at on into the lane (s: its
 * first word, w: the stride), from its first word on: the whole words of
 * in0, the word that holds the end of in0 and the start of in1 (if in0's
 * part does not end on a word), the whole words of in1 and its last,
 * partial word. in1's words may start anywhere: the loads are unaligned.
 * The whole words go through absorb_words. */
static MLKEM_SPONGE_INLINE void absorb_bytes(uint64_t *s, size_t w,
                                             const mlkem_sponge_job *job,
                                             size_t at, size_t take) {
  const size_t len0 = job->len0;
  size_t n0 = at < len0 ? len0 - at : 0, n1, c;
  const uint8_t *p0 = job->in0, *p1;
  unsigned r;
  if (n0 > take) n0 = take;
  n1 = take - n0;
  r = (unsigned)(n0 % 8);
  if (n0 > 0) p0 += at; /* (in0 may be NULL when empty) */
  absorb_words(s, w, p0, n0 / 8);
  s += w * (n0 / 8);
  if (n0 >= 8) p0 += n0 - r;
  if (n1 == 0) {
    if (r != 0) *s ^= load_partial(p0, r);
    return;
  }
  p1 = job->in1 + (at + n0 - len0);
  if (r != 0) {
    c = 8 - r < n1 ? 8 - r : n1;
    *s ^= load_partial(p0, r) | load_partial(p1, c) << (8 * r);
    s += w;
    p1 += c;
    n1 -= c;
  }
  absorb_words(s, w, p1, n1 / 8);
  s += w * (n1 / 8);
  p1 += n1 & ~(size_t)7;
  if (n1 % 8 != 0) *s ^= load_partial(p1, n1 % 8);
}

/* Absorbs the lane's next input block (s: the lane's first word, w: the
 * stride); returns 1 if it was the last, so that the lane squeezes from
 * now on. Before the first block of a job the lane is cleared, unless it
 * is still all zero (clean: no job and no permutation has touched it
 * since the state was zeroed); every block is then XORed in. The last
 * block is padded (pad10*1 after the domain bits, @spec{FIPS202, sec. 5.1}
 * and B.2): the domain byte right after the input, and the top bit of the
 * block's last byte. */
static MLKEM_SPONGE_INLINE int lane_absorb(sponge_lane *ls, uint64_t *s,
                                           size_t w, unsigned clean) {
  const mlkem_sponge_job *job = ls->job;
  const size_t total = (size_t)job->len0 + job->len1, at = ls->absorbed;
  const size_t take = total - at < job->rate ? total - at : job->rate;
  size_t i;
  if (at == 0 && !clean) {
    MLKEM_SPONGE_UNROLL
    for (i = 0; i < 25; i++) s[w * i] = 0;
  }
  if (take == job->rate) {
    /* A whole block, read from in0 or from in1 alone (most blocks of H(ek)
     * and J): straight to absorb_words. absorb_bytes would come to the
     * same call, after working out its pieces: about 270 instructions
     * more per ML-KEM-768 decaps list (callgrind). */
    const size_t len0 = job->len0;
    if (at + take <= len0)
      absorb_words(s, w, job->in0 + at, take / 8);
    else if (at >= len0)
      absorb_words(s, w, job->in1 + (at - len0), take / 8);
    else
      absorb_bytes(s, w, job, at, take);
    ls->absorbed += take;
    return 0;
  }
  absorb_bytes(s, w, job, at, take);
  s[w * (take / 8)] ^= (uint64_t)job->ds << (8 * (take % 8));
  s[w * (job->rate / 8 - 1)] ^= (uint64_t)0x80 << 56;
  return 1;
}

/* Hands the next output block to the sink, which reads it in place, or
 * copies it out; returns 1 when the job is complete. */
static MLKEM_SPONGE_INLINE int lane_squeeze(sponge_lane *ls, const uint64_t *s,
                                            size_t w) {
  const mlkem_sponge_job *job = ls->job;
  size_t n;
  if (job->sink != NULL) {
    /* Read only by the planner (sponge_plan.h: a lane sitting out). */
    ls->produced += job->rate;
    return job->sink(job->sink_arg, s, w, job->rate);
  }
  n = job->outlen - ls->produced;
  if (n > job->rate) n = job->rate;
  mlkem_lane_bytes(job->out + ls->produced, s, w, n);
  ls->produced += (uint32_t)n;
  return ls->produced == job->outlen;
}

#endif /* MLKEM_SPONGE_ABSORB_H */
