/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_sponge.c - the sponge scheduler (src/sha3/sponge_*: lists of jobs
 * over the backend's permutations) against one-shot hashing
 * (sha3_oneshot.h): random lists on every permutation this build and CPU
 * have, with sinks, streamed inputs and jobs that wait for others; the
 * steps it takes for ML-KEM-768's lists on each backend's costs (the
 * fewest steps at the lowest cost, worked out here); and a lane sitting
 * a step out. Its planner alone is test_sponge_plan.c's, its schedules of
 * the ML-KEM operations test_sponge_trace.c's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/backend.h"
#include "fips203/symmetric.h"
#include "platform/bytes.h"
#include "platform/cpu.h"
#include "sha3/sha3.h"
#ifdef MLKEM_HAVE_NEON
#include "sha3/keccak_neon.h"
#endif
#include "sha3_oneshot.h"
#include "test_util.h"

/* ---- scheduled sponge jobs against one-shot hashing --------------------- */

/* A sink that collects a job's output (for the sink path of the
 * scheduler): takes blocks until it has `want` bytes. */
typedef struct {
  uint8_t *buf;
  size_t have, want;
} collect_sink;

static int collect(void *arg, const uint64_t *lane, size_t stride, size_t len) {
  collect_sink *c = arg;
  size_t n = c->want - c->have < len ? c->want - c->have : len;
  mlkem_lane_bytes(c->buf + c->have, lane, stride, n);
  c->have += n;
  return c->have == c->want;
}

/* A sink that appends its job's output to a shared stream once the job
 * is complete, and publishes the new length. */
typedef struct {
  collect_sink part; /* collects the job's output into buf */
  uint8_t *stream;
  size_t *avail;
  uint8_t buf[200];
} stream_sink;

static int stream_append(void *arg, const uint64_t *lane, size_t stride,
                         size_t len) {
  stream_sink *c = arg;
  if (!collect(&c->part, lane, stride, len)) return 0;
  memcpy(c->stream + *c->avail, c->buf, c->part.want);
  *c->avail += c->part.want;
  return 1;
}

/* The scheduler with every permutation this build and CPU offer, each
 * forced by a table that offers only it (or makes the others dear), and
 * with the backends' own tables: lists of 1 to 32 jobs (the most a list
 * may hold) mixing all four functions, inputs split between in0 and in1
 * at random points, output lengths crossing blocks, output both written
 * directly and handed to a sink, and jobs that depend on an earlier job
 * and absorb its output. */
#define HUGE_COST 1000000u
static void test_sponge_schedule(void) {
  enum {
    MAXJ = MLKEM_SPONGE_MAX_JOBS,
    MAXIN = 700,
    MAXOUT = 600,
    MAXCFG = 11,
    DEP = 40
  };
  static uint8_t in[MAXJ][MAXIN], want[MAXJ][MAXOUT], got[MAXJ][MAXOUT + 1];
  static uint8_t joined[MAXIN + DEP];
  static const unsigned rates[4] = {MLKEM_SHA3_256_RATE, MLKEM_SHA3_512_RATE,
                                    MLKEM_SHAKE128_RATE, MLKEM_SHAKE256_RATE};
  struct {
    const char *name;
    mlkem_keccak_lanes lanes;
  } cfg[MAXCFG];
  collect_sink sinks[MAXJ];
  mlkem_sponge_job jobs[MAXJ];
  test_rng rng;
  unsigned trial, n, j, c, ncfg = 0, checked = 0, dependent = 0;

  cfg[ncfg].name = "one-way (portable table)";
  cfg[ncfg++].lanes = mlkem_keccak_lanes_portable;
  cfg[ncfg].name = "one-way, eight-way layout";
  cfg[ncfg].lanes = mlkem_keccak_lanes_portable;
  cfg[ncfg++].lanes.stride = 8;
#ifdef MLKEM_HAVE_AVX2
  if (mlkem_cpu_has_avx2()) {
    const mlkem_keccak_lanes avx2 = *mlkem_backend_avx2.keccak;
    cfg[ncfg].name = "avx2 table";
    cfg[ncfg++].lanes = avx2;
    cfg[ncfg].name = "avx2 four-way only";
    cfg[ncfg].lanes = avx2;
    cfg[ncfg++].lanes.cost_x1 = HUGE_COST;
    cfg[ncfg].name = "avx2 one-way (BMI) only";
    cfg[ncfg].lanes = avx2;
    cfg[ncfg++].lanes.x4 = NULL;
  }
#endif
#ifdef MLKEM_HAVE_AVX512
  if (mlkem_cpu_has_avx512()) {
    const mlkem_keccak_lanes avx512 = *mlkem_backend_avx512.keccak;
    cfg[ncfg].name = "avx512 table";
    cfg[ncfg++].lanes = avx512;
    cfg[ncfg].name = "avx512 eight-way only";
    cfg[ncfg].lanes = avx512;
    cfg[ncfg].lanes.x4 = NULL;
    cfg[ncfg++].lanes.cost_x1 = HUGE_COST;
    cfg[ncfg].name = "avx512 four-way only (busy lanes moved down)";
    cfg[ncfg].lanes = avx512;
    cfg[ncfg].lanes.x8 = NULL;
    cfg[ncfg++].lanes.cost_x1 = HUGE_COST;
    cfg[ncfg].name = "avx512 four- and one-way";
    cfg[ncfg].lanes = avx512;
    cfg[ncfg].lanes.x8 = NULL;
    cfg[ncfg++].lanes.cost_x1 = 200;
  }
#endif
#ifdef MLKEM_HAVE_NEON
  if (mlkem_cpu_has_sha3()) {
    cfg[ncfg].name = "neon-sha3 table";
    cfg[ncfg++].lanes = mlkem_keccak_lanes_neon_sha3;
    cfg[ncfg].name = "neon-sha3 four-way only";
    cfg[ncfg].lanes = mlkem_keccak_lanes_neon_sha3;
    cfg[ncfg++].lanes.cost_x1 = HUGE_COST;
  }
#endif

  test_rng_init(&rng, "sponge_schedule");
  for (trial = 0; trial < 400; trial++) {
    int use_sinks = trial % 2;
    n = 1 + trial % MAXJ;
    for (j = 0; j < n; j++) {
      enum alg a = (enum alg)(test_rng_u32(&rng) % 4);
      size_t inlen = test_rng_u32(&rng) % MAXIN;
      size_t split = inlen == 0 ? 0 : test_rng_u32(&rng) % (inlen + 1);
      size_t outlen = a == SHA3_256   ? 32
                      : a == SHA3_512 ? 64
                                      : DEP + test_rng_u32(&rng) % MAXOUT;
      if (outlen > MAXOUT) outlen = MAXOUT;
      test_rng_bytes(&rng, in[j], inlen);
      jobs[j].rate = (uint8_t)rates[a];
      jobs[j].ds = a <= SHA3_512 ? MLKEM_DS_SHA3 : MLKEM_DS_SHAKE;
      jobs[j].out = use_sinks ? NULL : got[j];
      jobs[j].outlen = (uint32_t)outlen;
      jobs[j].sink = use_sinks ? collect : NULL;
      jobs[j].sink_arg = use_sinks ? &sinks[j] : NULL;
      jobs[j].after = -1;
      jobs[j].avail = NULL;
      jobs[j].tail = 0;
      if (j > 0 && test_rng_u32(&rng) % 3 == 0) {
        /* Depends on an earlier job: absorbs in || its first 32 bytes. */
        unsigned dep = test_rng_u32(&rng) % j;
        memcpy(joined, in[j], inlen);
        memcpy(joined + inlen, want[dep], 32);
        oneshot(a, want[j], outlen, joined, inlen + 32);
        jobs[j].in0 = in[j];
        jobs[j].len0 = (uint32_t)inlen;
        jobs[j].in1 = got[dep];
        jobs[j].len1 = 32;
        jobs[j].after = (int8_t)dep;
        dependent++;
      } else {
        oneshot(a, want[j], outlen, in[j], inlen);
        jobs[j].in0 = in[j];
        jobs[j].len0 = (uint32_t)split;
        jobs[j].in1 = in[j] + split;
        jobs[j].len1 = (uint32_t)(inlen - split);
      }
    }
    for (c = 0; c < ncfg; c++) {
      memset(got, 0xEE, sizeof got);
      for (j = 0; j < n; j++) {
        sinks[j].buf = got[j];
        sinks[j].have = 0;
        sinks[j].want = jobs[j].outlen;
      }
      mlkem_sponge_run(jobs, n, &cfg[c].lanes);
      for (j = 0; j < n; j++) {
        CHECKF(memcmp(got[j], want[j], jobs[j].outlen) == 0,
               "sponge schedule (%s, %s) differs from one-shot hashing, "
               "trial %u job %u",
               cfg[c].name, use_sinks ? "sink" : "direct", trial, j);
        CHECK(got[j][jobs[j].outlen] == 0xEE);
        checked++;
      }
    }
  }
  CHECK(dependent > 100);

  /* Streaming input: job 0 hashes a buffer that the sinks of the other
   * jobs fill while the list runs (each appends its output when
   * complete, in whatever order the jobs complete), as key generation's
   * H(ek) absorbs ek row by row. The digest must be that of the final
   * buffer, hashed in one go afterwards: a block absorbed before it was
   * written would show. */
  for (trial = 0; trial < 60; trial++) {
    static uint8_t stream[MAXJ * 200];
    static uint8_t sin[MAXJ][40];
    static stream_sink ss[MAXJ];
    size_t avail = 0, total = 0;
    uint8_t digest[32], expect[32], part[200];
    n = 2 + trial % (MAXJ - 1);
    for (j = 1; j < n; j++) {
      size_t outlen = 1 + test_rng_u32(&rng) % 200;
      test_rng_bytes(&rng, sin[j], sizeof sin[j]);
      ss[j].stream = stream;
      ss[j].avail = &avail;
      ss[j].part.buf = ss[j].buf;
      ss[j].part.want = outlen;
      ss[j].part.have = 0;
      total += outlen;
    }
    jobs[0] = mlkem_job_h(stream, total, digest);
    jobs[0].avail = &avail;
    jobs[0].tail = (uint8_t)(trial % 6); /* an estimate: any value works */
    for (j = 1; j < n; j++) {
      jobs[j] = mlkem_job_xof(sin[j], NULL, ss[j].part.want);
      jobs[j].len0 = sizeof sin[j];
      jobs[j].sink = stream_append;
      jobs[j].sink_arg = &ss[j];
    }
    for (c = 0; c < ncfg; c++) {
      avail = 0;
      memset(digest, 0, sizeof digest);
      for (j = 1; j < n; j++) ss[j].part.have = 0;
      memset(stream, 0, sizeof stream);
      mlkem_sponge_run(jobs, n, &cfg[c].lanes);
      oneshot(SHA3_256, expect, 32, stream, total);
      CHECKF(memcmp(digest, expect, 32) == 0 && avail == total,
             "streaming job (%s), trial %u", cfg[c].name, trial);
      /* Each part is somewhere in the stream, as its own SHAKE128. */
      for (j = 1; j < n; j++) {
        size_t off;
        int found = 0;
        oneshot(SHAKE128, part, ss[j].part.want, sin[j], sizeof sin[j]);
        for (off = 0; off + ss[j].part.want <= total && !found; off++)
          found = memcmp(stream + off, part, ss[j].part.want) == 0;
        CHECK(found);
      }
      checked++;
    }
  }
  printf(
      "sponge schedule: %u jobs (%u of them dependent on an earlier "
      "one) checked against one-shot hashing in %u configurations of "
      "permutations; direct output and sinks\n",
      checked, dependent, ncfg);
}

/* ---- step counts ----------------------------------------------------------
 */

/* Permutations that count their calls: the four- and eight-way ones as
 * four or eight one-way calls on the layout of the table in use. */
static unsigned calls_x1, calls_x4, calls_x8;
static size_t calls_stride;

static void count_x1(uint64_t *s, size_t stride) {
  calls_x1++;
  mlkem_keccakf1600_strided(s, stride);
}

static void count_x4(uint64_t *s) {
  unsigned j;
  calls_x4++;
  for (j = 0; j < 4; j++) mlkem_keccakf1600_strided(s + j, calls_stride);
}

static void count_x8(uint64_t *s) {
  unsigned j;
  calls_x8++;
  for (j = 0; j < 8; j++) mlkem_keccakf1600_strided(s + j, calls_stride);
}

/* A backend's table with the counting permutations in its place: its
 * stride, costs and widths, so the scheduler decides as it does with the
 * backend, on any CPU. */
static mlkem_keccak_lanes counting(unsigned stride, unsigned cost_x1,
                                   unsigned cost_x4, unsigned cost_x8) {
  mlkem_keccak_lanes t;
  t.stride = stride;
  t.x1 = count_x1;
  t.x4 = cost_x4 != 0 ? count_x4 : NULL;
  t.x8 = cost_x8 != 0 ? count_x8 : NULL;
  t.cost_x1 = cost_x1;
  t.cost_x4 = cost_x4;
  t.cost_x8 = cost_x8;
  calls_stride = stride;
  return t;
}

/* Runs the list on the table and checks each job's output against
 * one-shot hashing of in0 || in1 (a job that depends on another reads its
 * output, which is final by then) and the steps taken. */
static void run_counted(const char *what, const mlkem_sponge_job *jobs,
                        unsigned njobs, const mlkem_keccak_lanes *t,
                        unsigned x1, unsigned x4, unsigned x8) {
  static uint8_t in[2048], want[1024];
  unsigned j, ok = 0;
  calls_x1 = calls_x4 = calls_x8 = 0;
  mlkem_sponge_run(jobs, njobs, t);
  CHECKF(calls_x1 == x1 && calls_x4 == x4 && calls_x8 == x8,
         "%s: %u one-way, %u four-way and %u eight-way steps, expected %u, "
         "%u and %u",
         what, calls_x1, calls_x4, calls_x8, x1, x4, x8);
  for (j = 0; j < njobs; j++) {
    const mlkem_sponge_job *jb = &jobs[j];
    enum alg a = jb->rate == MLKEM_SHA3_512_RATE   ? SHA3_512
                 : jb->rate == MLKEM_SHAKE128_RATE ? SHAKE128
                 : jb->ds == MLKEM_DS_SHA3         ? SHA3_256
                                                   : SHAKE256;
    if (jb->len0 > 0) memcpy(in, jb->in0, jb->len0);
    if (jb->len1 > 0) memcpy(in + jb->len0, jb->in1, jb->len1);
    oneshot(a, want, jb->outlen, in, (size_t)jb->len0 + jb->len1);
    ok += memcmp(jb->out, want, jb->outlen) == 0;
  }
  CHECKF(ok == njobs, "%s: %u of %u outputs as one-shot hashing", what, ok,
         njobs);
}

/* The lists of ML-KEM-768's operations (kem.c, kpke.c), with matrix
 * entries of three blocks (504 bytes; an entry that needs a fourth is
 * test_sponge_defer's case) and outputs written directly:
 *  - decaps: H(ek) 9, J(z || c) 9, G 1, the 9 entries 3 each, the 7
 *    noise PRFs after G 1 each: 53 permutations, longest chain 9;
 *  - encaps: H(ek), G(m || H(ek)) after it, the entries, the PRFs after
 *    G: 44 permutations, longest chain 11 (H, G, a PRF);
 *  - encaps to a prepared key: G, the entries, the PRFs: 35, chain 3.
 * Returns the number of jobs. */
enum list_shape { DECAPS, ENCAPS, PREPARED };
static unsigned mlkem768_list(mlkem_sponge_job *jobs, enum list_shape shape) {
  static uint8_t ek[1184], ct[1088], z[32], m[32], gin[64], seeds[9][34];
  static uint8_t h[32], kbar[32], g[64], a[9][504], prf[7][128];
  unsigned n = 0, j;
  int g_job;
  test_rng rng;
  test_rng_init(&rng, "sponge_steps");
  test_rng_bytes(&rng, ek, sizeof ek);
  test_rng_bytes(&rng, ct, sizeof ct);
  test_rng_bytes(&rng, z, sizeof z);
  test_rng_bytes(&rng, m, sizeof m);
  test_rng_bytes(&rng, gin, sizeof gin);
  for (j = 0; j < 9; j++) test_rng_bytes(&rng, seeds[j], sizeof seeds[j]);
  if (shape == DECAPS) {
    jobs[n++] = mlkem_job_h(ek, sizeof ek, h);
    jobs[n++] = mlkem_job_j(z, sizeof z, ct, sizeof ct, kbar);
    jobs[n] = mlkem_job_g(gin, sizeof gin, g);
  } else if (shape == ENCAPS) {
    jobs[n++] = mlkem_job_h(ek, sizeof ek, h);
    jobs[n] = mlkem_job_make(MLKEM_SHA3_512_RATE, MLKEM_DS_SHA3, m, sizeof m, h,
                             sizeof h, g, sizeof g);
    jobs[n].after = 0;
  } else {
    jobs[n] = mlkem_job_g(gin, sizeof gin, g);
  }
  g_job = (int)n++;
  for (j = 0; j < 9; j++)
    jobs[n++] = mlkem_job_xof(seeds[j], a[j], sizeof a[j]);
  for (j = 0; j < 7; j++) {
    jobs[n] = mlkem_job_prf(g + 32, j, prf[j], 2);
    jobs[n++].after = (int8_t)g_job;
  }
  return n;
}

/* Each operation's list on each table, with the steps it should take:
 * the fewest the list allows, at the lowest cost the table's widths allow
 * (worked out below; docs/SCHEDULE.md lists the same counts):
 *  - decaps, eight lanes (AVX-512's costs): 9 steps, the two 9-block
 *    chains; 53 permutations in 9 steps need at least 5 eight-way ones
 *    (5 x 8 + 4 x 4 = 56, 4 x 8 + 5 x 4 = 52): 4 four-way + 5 eight-way,
 *    7,310 at 640 and 950 (10 steps would cost at least 7,640). Four
 *    lanes (AVX2's): 14 steps at least (53 / 4), 13 of them full, the
 *    last lone lane one-way;
 *  - encaps, eight lanes: the chain's 11 steps, H beside three entries
 *    for 9 (exactly the 27 entry permutations), G alone, then the 7 PRFs
 *    in one eight-way step (12 four-way steps would cost more). Four
 *    lanes: the same 9 steps, G alone one-way (650 < 1,230), then the
 *    PRFs in two four-way steps;
 *  - prepared, eight lanes: lanes take jobs in list order, so the ninth
 *    entry starts only once the first seven are complete (beside G, then
 *    beside the eighth entry): 6 steps, the first 3 on eight lanes, the
 *    11 permutations left on four. Four lanes: 35 / 4, 9 four-way steps
 *    (the last with three lanes);
 *  - one-way only (portable): one call per permutation, 53, 44, 35. */
static void test_sponge_steps(void) {
  static const struct {
    const char *what;
    enum list_shape shape;
    unsigned stride, cost_x1, cost_x4, cost_x8; /* a backend's table */
    unsigned x1, x4, x8;                        /* the steps expected */
  } runs[] = {
      {"decaps, eight lanes", DECAPS, 8, 780, 640, 950, 0, 4, 5},
      {"encaps, eight lanes", ENCAPS, 8, 780, 640, 950, 0, 10, 1},
      {"prepared encaps, eight lanes", PREPARED, 8, 780, 640, 950, 0, 3, 3},
      {"decaps, four lanes", DECAPS, 4, 650, 1230, 0, 1, 13, 0},
      {"encaps, four lanes", ENCAPS, 4, 650, 1230, 0, 1, 11, 0},
      {"prepared encaps, four lanes", PREPARED, 4, 650, 1230, 0, 0, 9, 0},
      {"decaps, one-way", DECAPS, 4, 780, 0, 0, 53, 0, 0},
      {"encaps, one-way", ENCAPS, 4, 780, 0, 0, 44, 0, 0},
      {"prepared encaps, one-way", PREPARED, 4, 780, 0, 0, 35, 0, 0},
  };
  mlkem_sponge_job jobs[MLKEM_SPONGE_MAX_JOBS];
  unsigned i, n;
  for (i = 0; i < sizeof runs / sizeof runs[0]; i++) {
    mlkem_keccak_lanes t = counting(runs[i].stride, runs[i].cost_x1,
                                    runs[i].cost_x4, runs[i].cost_x8);
    n = mlkem768_list(jobs, runs[i].shape);
    run_counted(runs[i].what, jobs, n, &t, runs[i].x1, runs[i].x4, runs[i].x8);
  }
  printf(
      "step counts: ML-KEM-768's decaps, encaps and prepared-key lists on "
      "eight lanes, four lanes and one-way, outputs unchanged\n");
}

/* ---- a lane sitting a step out ------------------------------------------ */

/* Encapsulation's list on four lanes with a one-way step cheaper than a
 * four-way one but more than half of it (AVX2's costs): H (9 blocks),
 * G after it, nine SHAKE128 jobs (eight of three blocks, the last of
 * four), and seven one-block jobs after G. The matrix lanes carry 28
 * permutations beside H's 9, so one of them still needs its last block
 * when G runs. It sits that step out (G runs one-way) and runs beside the
 * seven: 11 four-way steps and one one-way step, where permuting it with
 * G takes 12 four-way steps. With the one-way step dear (no deferral)
 * the list takes the 12. Every output is checked against one-shot
 * hashing either way. */
static void test_sponge_defer(void) {
  enum { NJOBS = 18, EK = 1184 };
  static uint8_t ek[EK], seeds[9][34], h[32], g[64], gin[64];
  /* gin's first half is G's own input; its second half receives H for
   * the one-shot check. */
  static uint8_t out[NJOBS][4 * MLKEM_SHAKE128_RATE];
  static uint8_t want[4 * MLKEM_SHAKE128_RATE];
  mlkem_sponge_job jobs[NJOBS];
  mlkem_keccak_lanes lanes = counting(4, 650, 1230, 0);
  test_rng rng;
  unsigned j, run;
  test_rng_init(&rng, "sponge_defer");
  test_rng_bytes(&rng, ek, sizeof ek);
  test_rng_bytes(&rng, gin, 32);
  for (j = 0; j < 9; j++) test_rng_bytes(&rng, seeds[j], sizeof seeds[j]);
  for (run = 0; run < 2; run++) {
    unsigned expect_x1 = run == 0 ? 1 : 0, expect_x4 = run == 0 ? 11 : 12;
    if (run == 1) lanes.cost_x1 = 1230; /* not cheaper: no deferral */
    memset(out, 0, sizeof out);
    jobs[0] = mlkem_job_h(ek, EK, h);
    jobs[1] = mlkem_job_make(MLKEM_SHA3_512_RATE, MLKEM_DS_SHA3, gin, 32, h, 32,
                             g, 64); /* G(gin || H) */
    jobs[1].after = 0;
    for (j = 0; j < 9; j++)
      jobs[2 + j] = mlkem_job_xof(seeds[j], out[2 + j],
                                  (j == 8 ? 4 : 3) * MLKEM_SHAKE128_RATE);
    for (j = 0; j < 7; j++) {
      jobs[11 + j] = mlkem_job_prf(g, j, out[11 + j], 2);
      jobs[11 + j].after = 1;
    }
    calls_x1 = calls_x4 = calls_x8 = 0;
    mlkem_sponge_run(jobs, NJOBS, &lanes);
    CHECKF(calls_x1 == expect_x1 && calls_x4 == expect_x4,
           "deferral (run %u): %u one-way and %u four-way steps, expected "
           "%u and %u",
           run, calls_x1, calls_x4, expect_x1, expect_x4);
    oneshot(SHA3_256, want, 32, ek, EK);
    CHECK_MEM(h, want, 32, "deferral: H");
    memcpy(gin + 32, h, 32);
    oneshot(SHA3_512, want, 64, gin, 64);
    CHECK_MEM(g, want, 64, "deferral: G");
    for (j = 0; j < 9; j++) {
      size_t len = (j == 8 ? 4 : 3) * MLKEM_SHAKE128_RATE;
      oneshot(SHAKE128, want, len, seeds[j], 34);
      CHECK_MEM(out[2 + j], want, len, "deferral: SHAKE128 job");
    }
    for (j = 0; j < 7; j++) {
      uint8_t prf_in[33];
      memcpy(prf_in, g, 32);
      prf_in[32] = (uint8_t)j;
      oneshot(SHAKE256, want, 128, prf_in, 33);
      CHECK_MEM(out[11 + j], want, 128, "deferral: PRF job");
    }
  }
  printf(
      "deferral: a lane sits out G's step (1 one-way + 11 four-way "
      "steps instead of 12 four-way), outputs unchanged\n");
}

int main(void) {
  test_sponge_steps();
  test_sponge_defer();
  test_sponge_schedule();
  return test_summary("test_sponge");
}
