/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * sponge_lanes.c - many sponge computations (FIPS 202 Section 4) scheduled
 * over the lanes of multi-way permutations.
 *
 * The states of up to W computations (W = the backend's stride, 4 or 8)
 * are kept interleaved. One step permutes every busy lane: before it, each
 * lane that is still absorbing XORs in its next block (the last one
 * padded, Section 5.1); after it, each lane that has absorbed everything
 * copies out the next block of its output, or hands it, in place, to its
 * job's sink. A lane whose job has all its
 * output takes the first job of the list that has not started and whose
 * dependency (if any) is complete at the next step; the lane is cleared
 * before its first block.
 * So lanes never wait for each other, and the independent hashes of an
 * operation (H(ek), J(z || c), G, the matrix, the noise) share
 * permutations instead of running one after another.
 *
 * Each step uses the cheapest permutation that covers the busy lanes,
 * from the backend's costs: the eight-way one while more than four are
 * busy, the four-way one for two to four (the busy lanes are first moved
 * into slots 0-3), the one-way one per lane where that is cheaper (a lone
 * lane on AVX2, every lane on the portable backend).
 */
#include <assert.h>
#include <string.h>

#include "bytes.h"
#include "ct.h"
#include "sha3/sha3.h"

#define BLOCK_BYTES 200 /* a parked lane: 25 words */
#define MLKEM_SPONGE_ALIGN _Alignas(64)
#define MAX_STRIDE 8

#if defined(__GNUC__) || defined(__clang__)
#define MLKEM_SPONGE_INLINE inline __attribute__((always_inline))
#define MLKEM_SPONGE_NOINLINE __attribute__((noinline))
/* Unrolled loops over a block's words: with the stride constant, each
 * word is then a load and a store at fixed offsets. */
#define MLKEM_SPONGE_UNROLL _Pragma("GCC unroll 8")
#else
#define MLKEM_SPONGE_UNROLL
#define MLKEM_SPONGE_INLINE inline
#define MLKEM_SPONGE_NOINLINE
#endif

const mlkem_keccak_lanes mlkem_keccak_lanes_portable = {
    /* One-way permutations only; measured (rdtsc ticks, gcc -O3, x86-64)
     * about 780 each. */
    4, NULL, NULL, 780, 0, 0, NULL,
};

typedef struct {
  const mlkem_sponge_job *job; /* NULL: idle */
  size_t absorbed;             /* input bytes absorbed */
  uint32_t produced;           /* output bytes written or handed to the
                                  sink (outlen is 32-bit) */
  uint16_t end;                /* the step it should complete in (estimate) */
  uint8_t dep;                 /* the permutations of its longest line of
                                  dependents */
} lane_state; /* 24 bytes on 64-bit targets: the stack bound is tight */

/* The list of jobs: which have not started, and which of those wait for
 * a job that is not complete (bit j for job j). For the choice of width:
 * the permutations left in all jobs, and for each job its permutations
 * and its chain, the permutations of the job and of its longest line of
 * dependent jobs. */
typedef struct {
  const mlkem_sponge_job *jobs;
  unsigned njobs;
  uint32_t pending, waiting, awaited; /* awaited: jobs some job waits for */
  size_t work;
  uint8_t perms[MLKEM_SPONGE_MAX_JOBS]; /* saturated at 255 */
  uint8_t chain[MLKEM_SPONGE_MAX_JOBS]; /* saturated at 255 */
  uint32_t chain_of;      /* the pending set pending_chain was taken at */
  unsigned pending_chain; /* longest chain of the jobs not started */
  int stream;             /* the job that streams its input, or -1 */
  unsigned now;           /* steps run */
} job_queue;

/* floor(z / d) for z < 2^27 and the small d of the estimates below (the
 * rates in 8-byte words, at most 21; the lane counts, at most 8), without
 * a division instruction (code that handles secrets has none:
 * scripts/check_no_division.sh; gcc -Os would emit one for a division by
 * most constants) and without a branch on d. With M = ceil(2^32 / d) =
 * (2^32 + e) / d, 0 <= e < d, (z M) >> 32 is floor(z / d) + floor(frac +
 * z e / (d 2^32)), and z e < 2^27 d <= 2^32 for d <= 32 keeps the second
 * term below 1 / d, so the result is exact. Larger z is capped (these are
 * estimates). */
#define DIV_SMALL_MAX 32
/* clang-format off */
static const uint32_t div_small_m[DIV_SMALL_MAX + 1] = {
  0, 0, 0x80000000u, 0x55555556u, 0x40000000u,
  0x33333334u, 0x2AAAAAABu, 0x24924925u, 0x20000000u, 0x1C71C71Du,
  0x1999999Au, 0x1745D175u, 0x15555556u, 0x13B13B14u, 0x12492493u,
  0x11111112u, 0x10000000u, 0x0F0F0F10u, 0x0E38E38Fu, 0x0D79435Fu,
  0x0CCCCCCDu, 0x0C30C30Du, 0x0BA2E8BBu, 0x0B21642Du, 0x0AAAAAABu,
  0x0A3D70A4u, 0x09D89D8Au, 0x097B425Fu, 0x0924924Au, 0x08D3DCB1u,
  0x08888889u, 0x08421085u, 0x08000000u,
};
/* clang-format on */

static size_t div_small(size_t z, unsigned d) {
  assert(d >= 2 && d <= DIV_SMALL_MAX);
  if (d > DIV_SMALL_MAX) d = 0; /* a caller's error: 0 */
  if (z >= ((size_t)1 << 27)) z = ((size_t)1 << 27) - 1;
  return (size_t)(((uint64_t)z * div_small_m[d]) >> 32);
}

/* floor(x / rate); the rate is a multiple of 8 (sha3.h). */
static size_t blocks_of(size_t x, unsigned rate) {
  if (x < rate) return 0; /* most inputs and outputs of ML-KEM's jobs */
  return div_small(x >> 3, rate / 8);
}

/* The permutations a job runs: one per input block (the last one padded,
 * FIPS 202 Section 5.1), then one per further output block. A sink's
 * outlen is the expected length. */
static size_t perms_of(const mlkem_sponge_job *job) {
  size_t out = job->outlen > 0 ? job->outlen - 1 : 0;
  return blocks_of((size_t)job->len0 + job->len1, job->rate) + 1 +
         blocks_of(out, job->rate);
}

static uint8_t sat8(size_t x) {
  return x > 0xFF ? 0xFF : (uint8_t)x;
}
static uint16_t sat16(size_t x) {
  return x > 0xFFFF ? 0xFFFF : (uint16_t)x;
}

/* The masks of a new list and, with estimates (the choice of width: both
 * permutations offered), its totals and chains; a job's dependency is
 * always earlier in the list, so one backward pass gives every chain. */
static void plan(job_queue *q, int estimates) {
  unsigned j;
  q->work = 0;
  q->stream = -1;
  q->chain_of = 0; /* pending_chain is that of no job (not yet taken) */
  q->pending_chain = 0;
  q->now = 0;
  q->pending = (uint32_t)(((uint64_t)1 << q->njobs) - 1);
  q->waiting = 0;
  q->awaited = 0;
  for (j = 0; j < q->njobs; j++) {
    if (q->jobs[j].after >= 0) {
      q->waiting |= (uint32_t)1 << j;
      q->awaited |= (uint32_t)1 << (unsigned)q->jobs[j].after;
    }
    if (q->jobs[j].avail != NULL) q->stream = (int)j;
  }
  if (!estimates) return;
  for (j = 0; j < q->njobs; j++) q->chain[j] = 0;
  for (j = q->njobs; j-- > 0;) {
    size_t p = perms_of(&q->jobs[j]);
    int after = q->jobs[j].after;
    q->perms[j] = sat8(p);
    q->work += p;
    q->chain[j] = sat8(q->chain[j] + p); /* its dependents' longest, + p */
    if (after >= 0 && q->chain[after] < q->chain[j])
      q->chain[after] = q->chain[j];
  }
}

/* The lowest set bit of m (m not 0). The masks it is used on (lanes,
 * jobs) hold job progress, which is public. */
static unsigned lowest_bit(unsigned m) {
#if defined(__GNUC__) || defined(__clang__)
  return (unsigned)__builtin_ctz(m);
#else
  unsigned l = 0;
  while (!((m >> l) & 1)) l++;
  return l;
#endif
}

/* Whether the input of the job's next block, after `absorbed` bytes, has
 * been written (always, unless the job streams its input). */
static int input_ready(const mlkem_sponge_job *job, size_t absorbed) {
  size_t total = (size_t)job->len0 + job->len1, left = total - absorbed;
  if (job->avail == NULL) return 1;
  return *job->avail >= absorbed + (left < job->rate ? left : job->rate);
}

/* The first job of the list that may start now, or -1. */
static int take_job(job_queue *q) {
  uint32_t can = q->pending & ~q->waiting;
  unsigned j;
  /* The streaming job starts once its first block is written. */
  if (q->stream >= 0 && ((can >> q->stream) & 1) &&
      !input_ready(&q->jobs[q->stream], 0))
    can &= ~((uint32_t)1 << q->stream);
  if (can == 0) return -1;
  j = lowest_bit(can);
  q->pending &= ~((uint32_t)1 << j);
  return (int)j;
}

/* Job j is complete: the jobs waiting for it may start. Called only for
 * a job that some job waits for (the awaited mask: G and H(ek) in
 * encapsulation, G in decapsulation), and out of line, so that the step
 * loop does not scan the waiting jobs after every other job. */
static MLKEM_SPONGE_NOINLINE void complete(job_queue *q, unsigned j) {
  uint32_t m;
  unsigned k;
  for (m = q->waiting; m != 0; m &= m - 1) {
    k = lowest_bit(m);
    if (q->jobs[k].after == (int)j) q->waiting &= ~((uint32_t)1 << k);
  }
}

/* The n < 8 bytes at p as a little-endian word. */
static uint64_t load_partial(const uint8_t *p, size_t n) {
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
static MLKEM_SPONGE_INLINE void absorb_block(uint64_t *s, size_t w,
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
 * The whole words go through absorb_block. */
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
  absorb_block(s, w, p0, n0 / 8);
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
  absorb_block(s, w, p1, n1 / 8);
  s += w * (n1 / 8);
  p1 += n1 & ~(size_t)7;
  if (n1 % 8 != 0) *s ^= load_partial(p1, n1 % 8);
}

/* Absorbs the lane's next input block (s: the lane's first word, w: the
 * stride); returns 1 if it was the last, so that the lane squeezes from
 * now on. Before the first block of a job the lane is cleared, unless it
 * is still all zero (clean: no job and no permutation has touched it
 * since the state was zeroed); every block is then XORed in. The last
 * block is padded (pad10*1 after the domain bits, FIPS 202 Sections 5.1
 * and B.2): the domain byte right after the input, and the top bit of the
 * block's last byte. */
static MLKEM_SPONGE_INLINE int absorb_step(lane_state *ls, uint64_t *s,
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
     * and J): straight to absorb_block. absorb_bytes would come to the
     * same call, after working out its pieces: about 270 instructions
     * more per ML-KEM-768 decaps list (callgrind). */
    const size_t len0 = job->len0;
    if (at + take <= len0)
      absorb_block(s, w, job->in0 + at, take / 8);
    else if (at >= len0)
      absorb_block(s, w, job->in1 + (at - len0), take / 8);
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
static MLKEM_SPONGE_INLINE int squeeze_step(lane_state *ls, const uint64_t *s,
                                            size_t w) {
  const mlkem_sponge_job *job = ls->job;
  size_t n;
  if (job->sink != NULL) {
    ls->produced += job->rate; /* read by defer_lane only */
    return job->sink(job->sink_arg, s, w, job->rate);
  }
  n = job->outlen - ls->produced;
  if (n > job->rate) n = job->rate;
  mlkem_lane_bytes(job->out + ls->produced, s, w, n);
  ls->produced += (uint32_t)n;
  return ls->produced == job->outlen;
}

/* Lane l starts job j of the list; the lane is cleared before its first
 * block (absorb_step). */
static void start(lane_state *ls, const job_queue *q, unsigned j,
                  int estimates) {
  unsigned perms;
  ls->job = &q->jobs[j];
  ls->absorbed = 0;
  ls->produced = 0;
  if (!estimates) return;
  perms = q->perms[j];
  ls->end = sat16(q->now + perms);
  ls->dep = (uint8_t)(q->chain[j] > perms ? q->chain[j] - perms : 0);
}

/* The number of lanes in m (m < 2^8): bits summed in pairs, then in
 * nibbles. Without -mpopcnt, __builtin_popcount is a library call. */
static unsigned lanes_in(unsigned m) {
  m = m - ((m >> 1) & 0x55u);
  m = (m & 0x33u) + ((m >> 2) & 0x33u);
  return (m + (m >> 4)) & 0x0Fu;
}

/* ceil(work / lanes) */
static size_t steps(size_t work, unsigned lanes) {
  return div_small(work + lanes - 1, lanes);
}

/* Whether to fill all eight lanes rather than four: the time left is
 * about the longest of the longest chain, the work spread over the lanes
 * and, if a job streams its input, the other jobs spread over the lanes
 * it leaves them (it holds one even while it waits) plus its tail (the
 * blocks it can absorb only once they are complete; sha3.h); times the
 * cost of one step (docs/SCHEDULE.md). Eight lanes pay when
 * the work, not a chain, bounds the rest of the list. */
static int go_wide(job_queue *q, const lane_state *ls, unsigned held,
                   const mlkem_keccak_lanes *lanes) {
  size_t chain, stream = 0, c, t4, t8, left;
  uint32_t m;
  unsigned l, j;
  /* The jobs not started: their longest chain changes only when one
   * starts. */
  if (q->chain_of != q->pending) {
    q->chain_of = q->pending;
    q->pending_chain = 0;
    for (m = q->pending; m != 0; m &= m - 1) {
      j = lowest_bit(m);
      if (q->chain[j] > q->pending_chain) q->pending_chain = q->chain[j];
    }
  }
  chain = q->pending_chain;
  if (q->stream >= 0 && ((q->pending >> q->stream) & 1))
    stream = q->chain[q->stream];
  for (; held != 0; held &= held - 1) {
    l = lowest_bit(held);
    left = ls[l].end > q->now ? ls[l].end - q->now : 0;
    c = ls[l].dep + left;
    if (c > chain) chain = c;
    if (ls[l].job->avail != NULL) stream = left;
  }
  t4 = (q->work + 3) >> 2; /* steps(q->work, 4) */
  t8 = (q->work + 7) >> 3;
  if (stream > 0 && stream <= q->work) {
    /* The blocks it absorbs only after the others are complete: its
     * tail while its input is incomplete, else (at least) its last. */
    const mlkem_sponge_job *sj = &q->jobs[q->stream];
    size_t tail = 1;
    if (*sj->avail < (size_t)sj->len0 + sj->len1 && sj->tail > 1)
      tail = sj->tail < stream ? sj->tail : stream;
    c = q->work - stream; /* the other jobs' work */
    if (t4 < steps(c, 3) + tail) t4 = steps(c, 3) + tail;
    if (t8 < steps(c, 7) + tail) t8 = steps(c, 7) + tail;
  }
  if (t4 < chain) t4 = chain;
  if (t8 < chain) t8 = chain;
  return t8 * lanes->cost_x8 < t4 * lanes->cost_x4;
}

/* Whether one of two busy lanes should sit this step out, with four lanes
 * and a one-way permutation cheaper than the four-way one but more than
 * half of it (AVX2, NEON with SHA-3): then one busy lane runs one-way,
 * two run four-way, so a second lane doubles the step's cost. That pays
 * when the lanes are a job that others wait for (a) and a job that no job
 * waits for (b) that squeezes and should need one more block at most: a
 * matrix entry beside G in encapsulation, when an entry needed a fourth
 * block. b's block is then permuted beside the jobs that wait, which
 * start once a is complete, if theirs leave a lane of their last step
 * free. busy has exactly two lanes (the caller tests it: most steps have
 * more or fewer). Returns b's slot, or -1. Only the step's own lanes and
 * the list are looked at (no estimates are kept with four lanes: they
 * cost more than this case saves), and out of line: the step loop stays
 * as it was for the lists where this never applies. */
static MLKEM_SPONGE_NOINLINE int defer_lane(const job_queue *q,
                                            const lane_state *ls, unsigned busy,
                                            unsigned squeezing) {
  unsigned a, b, awaited = 0;
  uint32_t m;
  size_t work = 0;
  const mlkem_sponge_job *jb;
  a = lowest_bit(busy);
  b = lowest_bit(busy & (busy - 1));
  for (m = q->waiting; m != 0; m &= m - 1) {
    int after = q->jobs[lowest_bit(m)].after;
    if (after == (int)(ls[a].job - q->jobs)) awaited |= 1u << a;
    if (after == (int)(ls[b].job - q->jobs)) awaited |= 1u << b;
  }
  if (awaited == (1u << b))
    b = a;
  else if (awaited != (1u << a))
    return -1;
  jb = ls[b].job;
  if (!((squeezing >> b) & 1) || ls[b].produced + jb->rate < jb->outlen)
    return -1;
  for (m = q->pending; m != 0; m &= m - 1)
    work += perms_of(&q->jobs[lowest_bit(m)]);
  return (work & 3) != 0 ? (int)b : -1;
}

/* One permutation of every busy lane (bit l of busy: slot l), by the
 * cheapest means the backend offers; returns the slots it permuted (idle
 * ones too, with the multi-way permutations). */
static MLKEM_SPONGE_INLINE unsigned permute(uint64_t *s,
                                            const mlkem_keccak_lanes *lanes,
                                            unsigned busy) {
  void (*one)(uint64_t *, size_t);
  const unsigned cost = lanes_in(busy) * lanes->cost_x1;
  unsigned m;
  if (lanes->x4 != NULL && (busy & ~0xFu) == 0 && lanes->cost_x4 < cost) {
    lanes->x4(s);
    return 0xFu;
  }
  if (lanes->x8 != NULL && lanes->cost_x8 < cost) {
    lanes->x8(s);
    return 0xFFu;
  }
  one = lanes->x1 != NULL ? lanes->x1 : mlkem_keccakf1600_strided;
  for (m = busy; m != 0; m &= m - 1) one(s + lowest_bit(m), lanes->stride);
  return busy;
}

/* With four or fewer lanes holding jobs (mask *held), moves those in
 * slots 4-7 into free slots below 4, so that the four-way permutation
 * covers them; the masks follow the lanes. */
static MLKEM_SPONGE_INLINE void compact(lane_state *ls, uint64_t *s,
                                        unsigned stride, unsigned *held,
                                        unsigned *squeezing, unsigned *clean) {
  unsigned from, to, i;
  while ((*held & ~0xFu) != 0) {
    from = lowest_bit(*held & ~0xFu);
    to = lowest_bit(~*held & 0xFu);
    for (i = 0; i < 25; i++) s[stride * i + to] = s[stride * i + from];
    ls[to] = ls[from];
    ls[from].job = NULL;
    *clean &= ~(1u << to);
    *held = (*held & ~(1u << from)) | 1u << to;
    if ((*squeezing >> from) & 1)
      *squeezing = (*squeezing & ~(1u << from)) | 1u << to;
  }
}

/* The scheduler, for a stride known at compile time (run_stride4,
 * run_stride8 below): every lane word is then at a constant offset, and
 * the compiler unrolls the loops over a block's words. The lanes are
 * tracked as bit masks (held: a job; squeezing: all input absorbed), so
 * each loop visits only the lanes it acts on. */
static MLKEM_SPONGE_INLINE void run(const mlkem_sponge_job *jobs,
                                    unsigned njobs,
                                    const mlkem_keccak_lanes *lanes,
                                    const unsigned stride) {
  MLKEM_SPONGE_ALIGN uint64_t s[25 * MAX_STRIDE];
  uint8_t block[BLOCK_BYTES];
  lane_state ls[MAX_STRIDE];
  job_queue q;
  unsigned l, i, m, held = 0, squeezing = 0;
  const unsigned all = (1u << stride) - 1;
  unsigned clean = all; /* lanes still all zero (absorb_step) */
  /* Whether each step chooses its width (both permutations offered); only
   * then are the estimates kept. Whether a lane may sit a step out so that
   * another runs one-way (defer_lane). */
  const int choose = stride > 4 && lanes->x4 != NULL && lanes->x8 != NULL;
  const int defer = stride == 4 && lanes->x4 != NULL &&
                    lanes->cost_x1 < lanes->cost_x4 &&
                    lanes->cost_x4 < 2 * lanes->cost_x1;
  int j;

  q.jobs = jobs;
  q.njobs = njobs;
  plan(&q, choose);
  memset(s, 0, 25 * stride * sizeof s[0]); /* the lanes in use */
  for (l = 0; l < stride; l++) ls[l].job = NULL;

  for (;;) {
    unsigned busy, width = all;
    int parked = -1;
    /* Idle lanes take the jobs that may start now: all of them, or with
     * eight-way and four-way permutations only the first four while the
     * list is bound by its chains (go_wide), unless the upper four are
     * still busy. With no job free to start there is nothing to choose. */
    if (choose && (held & 0xF0u) == 0 && (q.pending & ~q.waiting) != 0 &&
        !go_wide(&q, ls, held, lanes))
      width = 0xFu;
    for (m = width & ~held; m != 0; m &= m - 1) {
      if ((j = take_job(&q)) < 0) break;
      l = lowest_bit(m);
      start(&ls[l], &q, (unsigned)j, choose);
      held |= 1u << l;
    }
    if (held == 0) break;
    if (stride > 4 && (held & ~0xFu) != 0 && lanes_in(held) <= 4)
      compact(ls, s, stride, &held, &squeezing, &clean);
    /* Absorbing lanes take their next block; a streaming lane whose next
     * block is not written yet sits this step out, its state parked. */
    busy = held;
    for (m = held & ~squeezing; m != 0; m &= m - 1) {
      l = lowest_bit(m);
      if (!input_ready(ls[l].job, ls[l].absorbed)) {
        parked = (int)l;
        busy &= ~(1u << l);
        continue;
      }
      if (absorb_step(&ls[l], s + l, stride, (clean >> l) & 1))
        squeezing |= 1u << l;
      clean &= ~(1u << l);
    }
    /* Only the streaming job is left and its input will not come: a
     * caller's error (sha3.h); stop rather than spin. */
    if (busy == 0) break;
    /* (The two-lane test here, not in the call: most steps fail it.) */
    if (defer && parked < 0 && lanes_in(busy) == 2 &&
        (parked = defer_lane(&q, ls, busy, squeezing)) >= 0)
      busy &= ~(1u << (unsigned)parked);
    if (parked >= 0)
      for (i = 0; i < 25; i++)
        mlkem_store64_le(block + 8 * i, s[stride * i + (unsigned)parked]);
    clean &= ~permute(s, lanes, busy);
    if (parked >= 0)
      for (i = 0; i < 25; i++)
        s[stride * i + (unsigned)parked] = mlkem_load64_le(block + 8 * i);
    if (choose) {
      /* One step less for every job, except the parked one's. */
      q.now++;
      if (parked >= 0) ls[parked].end++;
      m = lanes_in(busy);
      q.work = q.work > m ? q.work - m : 0;
    }
    /* Lanes that have absorbed everything copy out (not a parked one). */
    for (m = squeezing & busy; m != 0; m &= m - 1) {
      l = lowest_bit(m);
      if (squeeze_step(&ls[l], s + l, stride)) {
        j = (int)(ls[l].job - jobs);
        if ((q.awaited >> j) & 1) complete(&q, (unsigned)j); /* most: none */
        ls[l].job = NULL;
        held &= ~(1u << l);
        squeezing &= ~(1u << l);
      }
    }
  }
  /* The lanes held secret inputs (noise seeds) and outputs. */
  mlkem_zeroize(s, 25 * stride * sizeof s[0]);
  mlkem_zeroize(block, sizeof block);
  /* The permutations' last states (hash outputs, some secret) remain in
   * their spill slots below this frame. */
  mlkem_scrub_stack();
}

static MLKEM_SPONGE_NOINLINE void run_stride4(const mlkem_sponge_job *jobs,
                                              unsigned njobs,
                                              const mlkem_keccak_lanes *lanes) {
  run(jobs, njobs, lanes, 4);
}

static MLKEM_SPONGE_NOINLINE void run_stride8(const mlkem_sponge_job *jobs,
                                              unsigned njobs,
                                              const mlkem_keccak_lanes *lanes) {
  run(jobs, njobs, lanes, 8);
}

void mlkem_sponge_run(const mlkem_sponge_job *jobs, unsigned njobs,
                      const mlkem_keccak_lanes *lanes) {
  /* A caller's error (sha3.h); the lists of kem.c and kpke.c are checked
   * against the limit at compile time. */
  assert(njobs <= MLKEM_SPONGE_MAX_JOBS);
  assert(lanes->stride == 4 || lanes->stride == 8);
  if (njobs > MLKEM_SPONGE_MAX_JOBS) return;
  if (lanes->stride == 8)
    run_stride8(jobs, njobs, lanes);
  else if (lanes->stride == 4)
    run_stride4(jobs, njobs, lanes);
  /* Any other stride is a caller's error (sha3.h: 4 or 8); nothing runs. */
}
