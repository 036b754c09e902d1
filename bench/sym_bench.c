/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * sym_bench.c - the mlkem_sym_bench program: the cost of the Kyber-90s
 * primitives (src/aes/, src/sha2/) per implementation usable on this CPU,
 * in rdtsc ticks (x86-64; the virtual counter on AArch64; nanoseconds
 * elsewhere), on the shapes Kyber-90s uses: SHA-256 of 32, 64 and 1184
 * bytes (H of a seed, of a message, of an ML-KEM-768-sized key), SHA-512
 * of 64 bytes (G), AES-256 key expansion, and AES-256-CTR of 1, 4 and 9
 * streams of 504 bytes under one key (9 x 504: about one Kyber-768
 * matrix).
 *
 * Method: each sample times REPS calls and is divided by REPS (so the
 * counter's own cost, about 20-40 ticks, is spread); a pass takes the
 * median of SAMPLES samples of every case in turn; the figure reported is
 * the lowest of the passes' medians (the quietest pass), with the highest
 * for the spread. The clock and the pinning are mlkem_bench's (bench.c).
 *
 * Usage: mlkem_sym_bench [--passes P]
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aes/aes.h"
#include "programs.h"
#include "sha2/sha2.h"

#define REPS 8
#define SAMPLES 101
#define MAX_CASES 64
#define STREAM_BYTES 504

typedef struct {
  char name[64];
  void (*run)(const void *impl, size_t arg);
  const void *impl;
  size_t arg;
  uint64_t best, worst;
} bench_case;

static bench_case cases[MAX_CASES];
static size_t ncases;

static uint8_t msg[2048], digest[64];
static uint8_t key_bytes[32];
static uint8_t stream_buf[16][STREAM_BYTES];
static uint8_t nonces[16][12];

static void add_case(const char *impl_name, const char *what,
                     void (*run)(const void *, size_t), const void *impl,
                     size_t arg) {
  bench_case *c;
  if (ncases == MAX_CASES) return;
  c = &cases[ncases++];
  snprintf(c->name, sizeof c->name, "%-18s %s", impl_name, what);
  c->run = run;
  c->impl = impl;
  c->arg = arg;
  c->best = UINT64_MAX;
  c->worst = 0;
}

static void run_sha256(const void *impl, size_t len) {
  mlkem_sha256_ctx ctx;
  mlkem_sha256_init_impl(&ctx, (const mlkem_sha2_impl *)impl);
  mlkem_sha256_update(&ctx, msg, len);
  mlkem_sha256_final(&ctx, digest);
}

static void run_sha512(const void *impl, size_t len) {
  mlkem_sha512_ctx ctx;
  mlkem_sha512_init_impl(&ctx, (const mlkem_sha2_impl *)impl);
  mlkem_sha512_update(&ctx, msg, len);
  mlkem_sha512_final(&ctx, digest);
}

static mlkem_aes_key bench_key;

static void run_expand(const void *impl, size_t unused) {
  (void)unused;
  mlkem_aes_expand_impl(&bench_key, key_bytes, 32,
                        (const mlkem_aes_impl *)impl);
}

static void run_ctr(const void *impl, size_t n) {
  uint8_t *outs[16];
  size_t s;
  for (s = 0; s < n; s++) outs[s] = stream_buf[s];
  if (bench_key.impl != impl)
    mlkem_aes_expand_impl(&bench_key, key_bytes, 32,
                          (const mlkem_aes_impl *)impl);
  mlkem_aesctr_streams(&bench_key, (const uint8_t(*)[12])nonces, n, 0, outs,
                       STREAM_BYTES);
}

static int cmp_u64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return (x > y) - (x < y);
}

static void measure(bench_case *c) {
  uint64_t v[SAMPLES];
  size_t i, r;
  for (i = 0; i < SAMPLES; i++) {
    uint64_t t0 = mlkem_bench_ticks();
    for (r = 0; r < REPS; r++) c->run(c->impl, c->arg);
    v[i] = (mlkem_bench_ticks() - t0) / REPS;
  }
  qsort(v, SAMPLES, sizeof v[0], cmp_u64);
  if (v[SAMPLES / 2] < c->best) c->best = v[SAMPLES / 2];
  if (v[SAMPLES / 2] > c->worst) c->worst = v[SAMPLES / 2];
}

/* A scratch harness may add its own cases (e.g. another library's) by
 * defining SYM_BENCH_EXTRA_CASES before including this file. */
#ifndef SYM_BENCH_EXTRA_CASES
#define SYM_BENCH_EXTRA_CASES()
#endif

int main(int argc, char **argv) {
  const mlkem_sha2_impl *sha[8];
  const mlkem_aes_impl *aes[8];
  size_t nsha = mlkem_sha2_impls(sha, 8), naes = mlkem_aes_impls(aes, 8);
  unsigned passes = 7, p;
  size_t i;
  if (argc == 3 && strcmp(argv[1], "--passes") == 0)
    passes = (unsigned)strtoul(argv[2], NULL, 10);
  for (i = 0; i < sizeof msg; i++) msg[i] = (uint8_t)(i * 31 + 7);
  for (i = 0; i < 32; i++) key_bytes[i] = (uint8_t)(i * 17 + 1);
  for (i = 0; i < 16; i++) memset(nonces[i], (int)i, 12);
  mlkem_bench_pin();

  for (i = 0; i < nsha; i++) {
    add_case(sha[i]->name, "SHA-256 32 B", run_sha256, sha[i], 32);
    add_case(sha[i]->name, "SHA-256 64 B", run_sha256, sha[i], 64);
    add_case(sha[i]->name, "SHA-256 1184 B", run_sha256, sha[i], 1184);
    add_case(sha[i]->name, "SHA-512 64 B", run_sha512, sha[i], 64);
  }
  for (i = 0; i < naes; i++) {
    add_case(aes[i]->name, "AES-256 key expansion", run_expand, aes[i], 0);
    add_case(aes[i]->name, "AES-256-CTR 1 x 504 B", run_ctr, aes[i], 1);
    add_case(aes[i]->name, "AES-256-CTR 4 x 504 B", run_ctr, aes[i], 4);
    add_case(aes[i]->name, "AES-256-CTR 9 x 504 B", run_ctr, aes[i], 9);
  }
  SYM_BENCH_EXTRA_CASES();

  for (p = 0; p < passes; p++)
    for (i = 0; i < ncases; i++) measure(&cases[i]);

  printf(
      "Kyber-90s primitives: lowest / highest of %u pass medians, "
      "%s per call (%d samples of %d calls a pass)\n",
      passes, mlkem_bench_tick_unit(), SAMPLES, REPS);
  for (i = 0; i < ncases; i++)
    printf("  %-46s %9llu  %9llu\n", cases[i].name,
           (unsigned long long)cases[i].best,
           (unsigned long long)cases[i].worst);
  mlkem_aes_key_wipe(&bench_key);
  return 0;
}
