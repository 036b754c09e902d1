/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * bench.c - median cost of keygen, encaps and decaps for every parameter
 * set (ML-KEM's, then the round-3 Kyber variants of mlkem_kyber.h); of X25519
 * (mlkem_hazmat.h: the shared secret by the ladder, the public key by the fixed
 * base); of X-Wing and of the TLS key shares of X25519MLKEM768
 * (mlkem_hybrid.h); in rdtsc ticks (x86-64; the virtual counter on AArch64; a
 * nanosecond clock elsewhere) and nanoseconds.
 *
 * Method: pin to one CPU where the OS allows it, warm up, then time each of
 * at least 1,000 single calls per operation and report the median (and the
 * 25th/75th percentiles for the JSON). The calls are made in passes that
 * cycle through every set and operation, so that a burst of load from
 * elsewhere (other processes, other tenants of a virtual machine) falls on
 * all of them alike; besides the median of all calls, the median of the
 * quietest pass is reported. encaps and decaps run with their FIPS 203
 * input checks, as they always do. The ML-KEM sets also time the expanded
 * keys (mlkem.h: expand_dk, decaps_expanded, expand_ek, encaps_expanded),
 * in the same passes, beside decaps and encaps. --csv writes one line per
 * row and operation (the columns of mlkem_bench_csv_header).
 *
 * Usage: bench [--iterations N] [--passes P] [--json FILE] [--csv FILE]
 *              [--set NAME,...]
 *        bench --threads N [--seconds S] [--set NAME,...]
 * (--threads: throughput on N threads, 0 for every usable CPU; below)
 * (--set: only the named rows, a comma-separated list of parameter sets as
 * mlkem_kem_by_name takes them, e.g. ML-KEM-768,Kyber768-90s, and X25519,
 * X-Wing, X25519MLKEM768)
 *
 * The program is mlkem_bench_run (programs.h), so that mlkem_bench
 * (bench_main.c) and `mlkem bench` (cli/) run the same code.
 */
#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#if defined(__linux__)
#include <sched.h>
#endif
#if defined(__unix__) || defined(__APPLE__)
#include <pthread.h>
#include <unistd.h>
#define BENCH_THREADS 1
#else
#define BENCH_THREADS 0
#endif
#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#endif

#include "mlkem.h"
#include "mlkem_hazmat.h"
#include "mlkem_hybrid.h"
#include "mlkem_kyber.h"
#include "programs.h"

static uint64_t ticks(void) {
#if defined(__x86_64__) || defined(__i386__)
  return __rdtsc();
#elif defined(__aarch64__)
  uint64_t v;
  __asm__ __volatile__("isb; mrs %0, cntvct_el0" : "=r"(v));
  return v;
#else
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
#endif
}

static const char *tick_unit(void) {
#if defined(__x86_64__) || defined(__i386__)
  return "rdtsc ticks";
#elif defined(__aarch64__)
  return "cntvct ticks";
#else
  return "ns (no cycle counter)";
#endif
}

static uint64_t now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static int cmp_u64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return (x > y) - (x < y);
}

typedef struct {
  uint64_t median, p25, p75;
} stats;

static stats summarize(uint64_t *v, size_t n) {
  stats s;
  qsort(v, n, sizeof *v, cmp_u64);
  s.median = v[n / 2];
  s.p25 = v[n / 4];
  s.p75 = v[(3 * n) / 4];
  return s;
}

/* The three operations of the standard (their sum is the usual figure),
 * encapsulation to a prepared key (mlkem.h: checked and hashed once), and
 * the expanded keys: their expansion and the operations on them (not for
 * the round-3 sets, which have neither). Each operation runs after the
 * one before it in this order, whose outputs it may use. */
enum {
  OP_KEYGEN,
  OP_ENCAPS,
  OP_DECAPS,
  OP_ENCAPS_PREPARED,
  OP_EXPAND_DK,
  OP_DECAPS_EXPANDED,
  OP_EXPAND_EK,
  OP_ENCAPS_EXPANDED,
  OP_COUNT
};
enum { OP_SUMMED = 3 };
static const char *const op_names[OP_COUNT] = {
    "keygen",    "encaps",          "decaps",    "encaps_prepared",
    "expand_dk", "decaps_expanded", "expand_ek", "encaps_expanded"};

typedef struct buffers buffers;

/* The rows besides the ML-KEM sets, timed in the same passes: each has up
 * to three functions, run in order on its own buffers (one may use what
 * the one before wrote). */
typedef struct {
  const char *name;  /* as --set names it */
  const char *title; /* the line above its table */
  int nops;
  const char *op_names[3];
  void (*setup)(buffers *b);
  void (*run)(int op, buffers *b);
} other_row;

/* A row: a parameter set (kem), or another (other). */
typedef struct {
  const mlkem_kem *kem;
  const other_row *other;
  int nops;
  stats tick[OP_COUNT];
  stats ns[OP_COUNT];
  uint64_t best_pass_tick[OP_COUNT]; /* lowest per-pass median */
  uint64_t *t_samples[OP_COUNT];
  uint64_t *ns_samples[OP_COUNT];
} set_result;

/* Whether the row has the operation (no prepared or expanded keys in
 * round 3). */
static int has_op(const set_result *r, int op) {
  if (op >= r->nops) return 0;
  if (r->kem == NULL || op < OP_ENCAPS_PREPARED) return 1;
  return op == OP_ENCAPS_PREPARED ? r->kem->prepare_ek != NULL
                                  : r->kem->expand_dk != NULL;
}

/* The most rows measured in one run: ML-KEM's three sets, round 3's six,
 * and the others (X25519, X-Wing, X25519MLKEM768). */
#define MAX_ROWS 12

/* The name in messages: argv[0] of mlkem_bench_run. */
static const char *prog = "mlkem_bench";

/* Fails loudly: a benchmark of a failing call would measure nothing. */
static void must(int rc, const char *what) {
  if (rc != 0) {
    mlkem_bench_error(prog, "%s failed: %s", what, mlkem_strerror(rc));
    exit(1);
  }
}

struct buffers {
  uint8_t ek[MLKEM1024_EK_BYTES], dk[MLKEM1024_DK_BYTES];
  uint8_t prep[MLKEM1024_PREPARED_EK_BYTES];
  uint8_t xdk[MLKEM1024_EXPANDED_DK_BYTES], xek[MLKEM1024_EXPANDED_EK_BYTES];
  uint8_t ct[MLKEM1024_CT_BYTES], ss[64];
  uint8_t xpub[MLKEM_X25519_BYTES];
  /* The client state client_share writes, and the copy client_finish
   * consumes (it wipes its state). */
  uint8_t state[X25519MLKEM768_CLIENT_STATE_BYTES];
  uint8_t state_used[X25519MLKEM768_CLIENT_STATE_BYTES];
};

static const uint8_t coins[96] = {7, 8, 9};

/* X25519: mlkem_x25519 on a peer's public key, and mlkem_x25519_base. */
static void x25519_setup(buffers *b) {
  static const uint8_t peer[MLKEM_X25519_BYTES] = {1, 2, 3};
  must(mlkem_x25519_base(b->xpub, peer), "x25519_base");
}
static void x25519_run(int op, buffers *b) {
  if (op == 0)
    must(mlkem_x25519(b->ss, coins, b->xpub), "x25519");
  else
    must(mlkem_x25519_base(b->ss, coins), "x25519_base");
}

/* X-Wing: keygen from a seed, encaps and decaps (which expands sk). */
static void xwing_setup(buffers *b) {
  must(xwing_keygen_derand(b->ek, b->dk, coins), "xwing_keygen");
}
static void xwing_run(int op, buffers *b) {
  if (op == 0)
    must(xwing_keygen_derand(b->ek, b->dk, coins), "xwing_keygen");
  else if (op == 1)
    must(xwing_encaps_derand(b->ct, b->ss, b->ek, coins), "xwing_encaps");
  else
    must(xwing_decaps(b->ss, b->ct, b->dk), "xwing_decaps");
}

/* X25519MLKEM768: the client's share, the server's answer, the client's
 * finish. */
static void tls_setup(buffers *b) {
  must(x25519mlkem768_client_share_derand(b->ek, b->state, coins),
       "client_share");
}
static void tls_run(int op, buffers *b) {
  if (op == 0)
    must(x25519mlkem768_client_share_derand(b->ek, b->state, coins),
         "client_share");
  else if (op == 1)
    must(x25519mlkem768_server_share_derand(b->ct, b->ss, b->ek, coins),
         "server_share");
  else {
    /* client_finish wipes the state it is given: a copy each time (2,432
     * bytes, a few hundred ticks of the finish's 150,000 or so). */
    memcpy(b->state_used, b->state, sizeof b->state);
    must(x25519mlkem768_client_finish(b->ss, b->ct, b->state_used),
         "client_finish");
  }
}

static const other_row other_rows[] = {
    {"X25519",
     "X25519 (mlkem_hazmat.h): shared secret (mlkem_x25519) and public key "
     "(mlkem_x25519_base)",
     2,
     {"x25519", "x25519_base", NULL},
     x25519_setup,
     x25519_run},
    {"X-Wing",
     "X-Wing (mlkem_hybrid.h, draft-connolly-cfrg-xwing-kem): keygen from a "
     "seed, encaps, decaps",
     3,
     {"keygen", "encaps", "decaps"},
     xwing_setup,
     xwing_run},
    {"X25519MLKEM768",
     "X25519MLKEM768 (mlkem_hybrid.h, TLS 1.3 group 0x11EC): the client's "
     "share, the server's share and secret, the client's secret",
     3,
     {"client_share", "server_share", "client_finish"},
     tls_setup,
     tls_run},
};
#define N_OTHER (sizeof other_rows / sizeof other_rows[0])

static void run_op(const set_result *r, int op, buffers *b) {
  static const uint8_t seed[MLKEM_SEED_BYTES] = {1, 2, 3};
  static const uint8_t m[MLKEM_MSG_BYTES] = {4, 5, 6};
  const mlkem_kem *kem = r->kem;
  if (kem == NULL) {
    r->other->run(op, b);
    return;
  }
  switch (op) {
    case OP_KEYGEN:
      must(kem->keygen_derand(b->ek, b->dk, seed), "keygen");
      break;
    case OP_ENCAPS:
      must(kem->encaps_derand(b->ct, b->ss, b->ek, m), "encaps");
      break;
    case OP_ENCAPS_PREPARED:
      must(kem->encaps_prepared_derand(b->ct, b->ss, b->prep, m),
           "encaps_prepared");
      break;
    case OP_EXPAND_DK:
      must(kem->expand_dk(b->xdk, b->dk), "expand_dk");
      break;
    case OP_DECAPS_EXPANDED:
      must(kem->decaps_expanded(b->ss, b->ct, b->xdk), "decaps_expanded");
      break;
    case OP_EXPAND_EK:
      must(kem->expand_ek(b->xek, b->ek), "expand_ek");
      break;
    case OP_ENCAPS_EXPANDED:
      must(kem->encaps_expanded_derand(b->ct, b->ss, b->xek, m),
           "encaps_expanded");
      break;
    default:
      must(kem->decaps(b->ss, b->ct, b->dk), "decaps");
      break;
  }
}

static void *xmalloc(size_t n) {
  void *p = malloc(n);
  if (p == NULL) {
    mlkem_bench_error(prog, "out of memory");
    exit(1);
  }
  return p;
}

/* Makes an operation's inputs that run_op does not: the prepared ek, from
 * the ek keygen wrote (every operation runs once, in order, before its
 * timing). */
static void make_inputs(const set_result *r, int op, buffers *b) {
  if (r->kem != NULL && op == OP_ENCAPS_PREPARED)
    must(r->kem->prepare_ek(b->prep, b->ek), "prepare_ek");
}

/* Times `per_pass` calls of every operation of every row, `passes` times
 * over. Each row keeps its own keys and ciphertext. */
static void bench_all(set_result *res, size_t nres, size_t per_pass,
                      size_t passes) {
  static buffers buf[MAX_ROWS];
  uint64_t *pass_t = xmalloc(per_pass * sizeof *pass_t);
  size_t i, p, c;
  int op;

  for (i = 0; i < nres; i++) {
    if (res[i].kem == NULL) res[i].other->setup(&buf[i]);
    for (op = 0; op < res[i].nops; op++) {
      if (!has_op(&res[i], op)) continue;
      res[i].t_samples[op] = xmalloc(per_pass * passes * sizeof(uint64_t));
      res[i].ns_samples[op] = xmalloc(per_pass * passes * sizeof(uint64_t));
      res[i].best_pass_tick[op] = UINT64_MAX;
      make_inputs(&res[i], op, &buf[i]);
      for (c = 0; c < per_pass / 4 + 10; c++)
        run_op(&res[i], op, &buf[i]); /* warm-up */
    }
  }
  for (p = 0; p < passes; p++) {
    for (i = 0; i < nres; i++) {
      for (op = 0; op < res[i].nops; op++) {
        uint64_t *t, *ns;
        stats s;
        if (!has_op(&res[i], op)) continue;
        t = res[i].t_samples[op] + p * per_pass;
        ns = res[i].ns_samples[op] + p * per_pass;
        for (c = 0; c < per_pass; c++) {
          uint64_t n0 = now_ns(), t0 = ticks();
          run_op(&res[i], op, &buf[i]);
          t[c] = ticks() - t0;
          ns[c] = now_ns() - n0;
        }
        memcpy(pass_t, t, per_pass * sizeof *pass_t);
        s = summarize(pass_t, per_pass);
        if (s.median < res[i].best_pass_tick[op])
          res[i].best_pass_tick[op] = s.median;
      }
    }
  }
  for (i = 0; i < nres; i++) {
    for (op = 0; op < res[i].nops; op++) {
      if (!has_op(&res[i], op)) continue;
      res[i].tick[op] = summarize(res[i].t_samples[op], per_pass * passes);
      res[i].ns[op] = summarize(res[i].ns_samples[op], per_pass * passes);
      free(res[i].t_samples[op]);
      free(res[i].ns_samples[op]);
    }
  }
  free(pass_t);
}

/* Pins the process to the CPU it is running on (or to $MLKEM_BENCH_CPU),
 * so the timings are not disturbed by migrations. */
static void pin_to_one_cpu(void) {
#if defined(__linux__)
  cpu_set_t set;
  const char *env = getenv("MLKEM_BENCH_CPU");
  int cpu = env != NULL ? atoi(env) : sched_getcpu();
  if (cpu < 0) cpu = 0;
  CPU_ZERO(&set);
  CPU_SET(cpu, &set);
  if (sched_setaffinity(0, sizeof set, &set) != 0)
    mlkem_bench_error(prog, "could not pin to CPU %d; continuing unpinned",
                      cpu);
#endif
}

/* For the other benchmarks of the tree (sym_bench.c, components.c): the
 * same counter, its unit, the pinning, the clock and the sort. */
uint64_t mlkem_bench_ticks(void) {
  return ticks();
}
uint64_t mlkem_bench_now_ns(void) {
  return now_ns();
}
void mlkem_bench_sort(uint64_t *v, size_t n) {
  qsort(v, n, sizeof *v, cmp_u64);
}
const char *mlkem_bench_tick_unit(void) {
  return tick_unit();
}
void mlkem_bench_pin(void) {
  pin_to_one_cpu();
}

/* "NAME: message" on standard error, with the pointer to --help if
 * usage is set. */
static void report(const char *name, int usage, const char *fmt, va_list ap) {
  fprintf(stderr, "%s: ", name);
  vfprintf(stderr, fmt, ap);
  if (usage) fprintf(stderr, " (see '%s --help')", name);
  fputc('\n', stderr);
}

void mlkem_bench_error(const char *name, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  report(name, 0, fmt, ap);
  va_end(ap);
}

int mlkem_bench_usage(const char *name, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  report(name, 1, fmt, ap);
  va_end(ap);
  return 2;
}

FILE *mlkem_bench_open(const char *name, const char *path) {
  FILE *f = fopen(path, "w");
  if (f == NULL)
    mlkem_bench_error(name, "cannot write %s: %s", path, strerror(errno));
  return f;
}

int mlkem_bench_close(const char *name, FILE *f, const char *path,
                      const char *what) {
  int bad = ferror(f);
  if (fclose(f) != 0 || bad) {
    mlkem_bench_error(name, "cannot write %s", path);
    return -1;
  }
  printf("%s written to %s\n", what, path);
  return 0;
}

int mlkem_bench_number(const char *s, unsigned long max, unsigned long *out) {
  char *end;
  unsigned long v;
  if (*s < '0' || *s > '9') return -1;
  errno = 0;
  v = strtoul(s, &end, 10);
  if (errno != 0 || *end != '\0' || v > max) return -1;
  *out = v;
  return 0;
}

/* The JSON entries of the ML-KEM rows (kems 1) or of the others. */
static void write_json_rows(FILE *f, const set_result *res, size_t nres,
                            int kems) {
  const char *sep = "";
  size_t i;
  int op;
  for (i = 0; i < nres; i++) {
    if ((res[i].kem != NULL) != kems) continue;
    for (op = 0; op < res[i].nops; op++) {
      if (!has_op(&res[i], op)) continue;
      fprintf(f,
              "%s    {\"set\": \"%s\", \"op\": \"%s\", \"ticks_median\": %llu, "
              "\"ticks_p25\": %llu, \"ticks_p75\": %llu, "
              "\"ticks_best_pass_median\": %llu, \"ns_median\": %llu}",
              sep, kems ? res[i].kem->name : res[i].other->name,
              kems ? op_names[op] : res[i].other->op_names[op],
              (unsigned long long)res[i].tick[op].median,
              (unsigned long long)res[i].tick[op].p25,
              (unsigned long long)res[i].tick[op].p75,
              (unsigned long long)res[i].best_pass_tick[op],
              (unsigned long long)res[i].ns[op].median);
      sep = ",\n";
    }
  }
  if (sep[0] != '\0') fprintf(f, "\n");
}

static void write_json(FILE *f, const set_result *res, size_t nres,
                       size_t iters, size_t passes) {
  fprintf(f, "{\n  \"library\": \"mlkem %s\",\n  \"backend\": \"%s\",\n",
          mlkem_version(), mlkem_backend_name());
  fprintf(f,
          "  \"tick_unit\": \"%s\",\n  \"iterations\": %zu,\n"
          "  \"passes\": %zu,\n",
          tick_unit(), iters, passes);
  fprintf(f, "  \"compiler\": \"%s\",\n  \"results\": [\n",
#if defined(__clang__)
          "clang " __clang_version__
#elif defined(__GNUC__)
          "gcc " __VERSION__
#else
          "unknown"
#endif
  );
  write_json_rows(f, res, nres, 1);
  /* X25519 and the hybrids apart, so that readers of the ML-KEM results
   * see only those. */
  fprintf(f, "  ],\n  \"other\": [\n");
  write_json_rows(f, res, nres, 0);
  fprintf(f, "  ]\n}\n");
}

/* The ML-KEM rows (those before X25519's): the median of all calls and of
 * the quietest pass. */
static void print_kem_tables(const set_result *res, size_t nres) {
  size_t i;
  int op;
  if (nres == 0 || res[0].kem == NULL) return;
  printf(
      "| set | backend | keygen | encaps | decaps | sum | encaps, "
      "prepared ek |\n");
  printf("| --- | --- | ---: | ---: | ---: | ---: | ---: |\n");
  for (i = 0; i < nres && res[i].kem != NULL; i++) {
    uint64_t sum_t = 0, sum_n = 0;
    printf("| %s | %s |", res[i].kem->name, mlkem_backend_name());
    for (op = 0; op < OP_SUMMED; op++) {
      printf(" %llu (%llu ns) |", (unsigned long long)res[i].tick[op].median,
             (unsigned long long)res[i].ns[op].median);
      sum_t += res[i].tick[op].median;
      sum_n += res[i].ns[op].median;
    }
    printf(" %llu (%llu ns) |", (unsigned long long)sum_t,
           (unsigned long long)sum_n);
    if (has_op(&res[i], OP_ENCAPS_PREPARED))
      printf(" %llu (%llu ns) |\n",
             (unsigned long long)res[i].tick[OP_ENCAPS_PREPARED].median,
             (unsigned long long)res[i].ns[OP_ENCAPS_PREPARED].median);
    else
      printf(" - |\n");
  }
  printf("\nMedian of the quietest pass (%s):\n", tick_unit());
  printf(
      "| set | backend | keygen | encaps | decaps | sum | encaps, "
      "prepared ek |\n");
  printf("| --- | --- | ---: | ---: | ---: | ---: | ---: |\n");
  for (i = 0; i < nres && res[i].kem != NULL; i++) {
    uint64_t sum_t = 0;
    printf("| %s | %s |", res[i].kem->name, mlkem_backend_name());
    for (op = 0; op < OP_SUMMED; op++) {
      printf(" %llu |", (unsigned long long)res[i].best_pass_tick[op]);
      sum_t += res[i].best_pass_tick[op];
    }
    printf(" %llu |", (unsigned long long)sum_t);
    if (has_op(&res[i], OP_ENCAPS_PREPARED))
      printf(" %llu |\n",
             (unsigned long long)res[i].best_pass_tick[OP_ENCAPS_PREPARED]);
    else
      printf(" - |\n");
  }
}

/* The expanded keys beside the plain operations they stand for (the
 * ML-KEM rows): the median of all calls, then of the quietest pass, and
 * their ratios. */
static void print_expanded_tables(const set_result *res, size_t nres) {
  size_t i;
  int quiet;
  for (quiet = 0; quiet < 2; quiet++) {
    printf("\nExpanded keys, %s (%s):\n",
           quiet ? "median of the quietest pass" : "median of all calls",
           tick_unit());
    printf(
        "| set | backend | decaps | decaps_expanded | ratio | encaps | "
        "encaps_expanded | ratio | encaps_prepared | expand_dk | "
        "expand_ek |\n");
    printf(
        "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: "
        "| ---: |\n");
    for (i = 0; i < nres && res[i].kem != NULL; i++) {
      uint64_t t[OP_COUNT];
      int op;
      if (!has_op(&res[i], OP_DECAPS_EXPANDED)) continue;
      for (op = 0; op < OP_COUNT; op++)
        t[op] = quiet ? res[i].best_pass_tick[op] : res[i].tick[op].median;
      printf(
          "| %s | %s | %llu | %llu | %.2f | %llu | %llu | %.2f | %llu | %llu "
          "| %llu |\n",
          res[i].kem->name, mlkem_backend_name(),
          (unsigned long long)t[OP_DECAPS],
          (unsigned long long)t[OP_DECAPS_EXPANDED],
          (double)t[OP_DECAPS_EXPANDED] / (double)t[OP_DECAPS],
          (unsigned long long)t[OP_ENCAPS],
          (unsigned long long)t[OP_ENCAPS_EXPANDED],
          (double)t[OP_ENCAPS_EXPANDED] / (double)t[OP_ENCAPS],
          (unsigned long long)t[OP_ENCAPS_PREPARED],
          (unsigned long long)t[OP_EXPAND_DK],
          (unsigned long long)t[OP_EXPAND_EK]);
    }
  }
}

/* The CSV of make bench and make bench-components (programs.h). */
void mlkem_bench_csv_header(FILE *f) {
  fprintf(f,
          "library,backend,tick_unit,set,op,ticks_median,ticks_p25,ticks_p75,"
          "ticks_best_pass_median,ns_median\n");
}

void mlkem_bench_csv_row(FILE *f, const char *set, const char *op,
                         const uint64_t ticks[4], uint64_t ns_median) {
  fprintf(f, "mlkem %s,%s,%s,%s,%s,%llu,%llu,%llu,%llu,%llu\n", mlkem_version(),
          mlkem_backend_name(), tick_unit(), set, op,
          (unsigned long long)ticks[0], (unsigned long long)ticks[1],
          (unsigned long long)ticks[2], (unsigned long long)ticks[3],
          (unsigned long long)ns_median);
}

static void write_csv(FILE *f, const set_result *res, size_t nres) {
  size_t i;
  int op;
  mlkem_bench_csv_header(f);
  for (i = 0; i < nres; i++) {
    for (op = 0; op < res[i].nops; op++) {
      uint64_t t[4];
      if (!has_op(&res[i], op)) continue;
      t[0] = res[i].tick[op].median;
      t[1] = res[i].tick[op].p25;
      t[2] = res[i].tick[op].p75;
      t[3] = res[i].best_pass_tick[op];
      mlkem_bench_csv_row(
          f, res[i].kem != NULL ? res[i].kem->name : res[i].other->name,
          res[i].kem != NULL ? op_names[op] : res[i].other->op_names[op], t,
          res[i].ns[op].median);
    }
  }
}

/* Another row: the median of all calls (and ns) and of the quietest
 * pass. */
static void print_other(const set_result *r) {
  int op;
  printf("\n%s, backend %s, %s\n|", r->other->title, mlkem_backend_name(),
         tick_unit());
  for (op = 0; op < r->nops; op++) printf(" | %s", r->other->op_names[op]);
  printf(" |\n| ---");
  for (op = 0; op < r->nops; op++) printf(" | ---:");
  printf(" |\n| median");
  for (op = 0; op < r->nops; op++)
    printf(" | %llu (%llu ns)", (unsigned long long)r->tick[op].median,
           (unsigned long long)r->ns[op].median);
  printf(" |\n| quietest pass");
  for (op = 0; op < r->nops; op++)
    printf(" | %llu", (unsigned long long)r->best_pass_tick[op]);
  printf(" |\n");
}

/* Whether the row named `name` is in the comma-separated list. */
static int listed(const char *list, const char *name) {
  const char *p = list;
  size_t n = strlen(name);
  while (*p != '\0') {
    size_t len = strcspn(p, ",");
    if (len == n && strncmp(p, name, n) == 0) return 1;
    p += len;
    if (*p == ',') p++;
  }
  return 0;
}

/* Whether the set is in the list, by any name mlkem_kem_by_name takes. */
static int set_listed(const char *list, const mlkem_kem *kem) {
  char name[32];
  const char *p = list;
  while (*p != '\0') {
    size_t len = strcspn(p, ",");
    if (len < sizeof name) {
      memcpy(name, p, len);
      name[len] = '\0';
      if (mlkem_kem_by_name(name) == kem) return 1;
    }
    p += len;
    if (*p == ',') p++;
  }
  return 0;
}

/* Whether every name in the list is a row (an unknown one is reported). */
static int list_known(const char *list) {
  char name[32];
  const char *p = list;
  int ok = 1;
  while (*p != '\0') {
    size_t len = strcspn(p, ","), i;
    int known = 0;
    if (len < sizeof name) {
      memcpy(name, p, len);
      name[len] = '\0';
      known = mlkem_kem_by_name(name) != NULL;
      for (i = 0; i < N_OTHER; i++)
        known |= strcmp(name, other_rows[i].name) == 0;
    }
    if (!known) {
      mlkem_bench_usage(prog, "unknown parameter set %.*s", (int)len, p);
      ok = 0;
    }
    p += len;
    if (*p == ',') p++;
  }
  return ok;
}

/* ---- Throughput (--threads N) ---------------------------------------
 *
 * N threads, each with its own buffers, each running one operation in a
 * loop for a fixed time (one thread and N in turn, nine times, the best
 * of each); operations per second per thread and in total,
 * beside the same with one thread; and per second of the CPU time each
 * thread ran, which is what scales with cores when other processes share
 * them. The library keeps no shared mutable state after the one-time
 * choice of the backend, so the threads share nothing but the CPU's
 * caches and memory. Thread i is pinned to the i-th CPU the process may
 * use (Linux). */
static const int tp_ops[] = {OP_KEYGEN, OP_ENCAPS, OP_DECAPS,
                             OP_ENCAPS_EXPANDED, OP_DECAPS_EXPANDED};
#define TP_NOPS (sizeof tp_ops / sizeof tp_ops[0])
#define TP_MAX_THREADS 64

#if BENCH_THREADS
/* Each thread also times its batches of TP_BATCH calls (up to
 * TP_MAX_BATCHES of them): the median batch is the rate of a thread while
 * it runs, which a preemption of the thread (other processes, the
 * hypervisor) moves less than it moves the count over the wall time. */
#define TP_BATCH 8
#define TP_MAX_BATCHES 8192
typedef struct {
  set_result row;
  int op, cpu;
  uint64_t ns;
  pthread_barrier_t *start;
  buffers *b;
  unsigned long count;
  uint64_t elapsed_ns, cpu_ns, median_batch_ns;
  uint64_t *batch_ns; /* TP_MAX_BATCHES */
} tp_thread;

/* The CPU time the calling thread has run, in ns. */
static uint64_t thread_cpu_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* The CPUs this process may run on, up to max; their number. */
static int tp_cpus(int *cpus, int max) {
  int n = 0;
#if defined(__linux__)
  cpu_set_t set;
  int c;
  if (sched_getaffinity(0, sizeof set, &set) == 0)
    for (c = 0; c < CPU_SETSIZE && n < max; c++)
      if (CPU_ISSET(c, &set)) cpus[n++] = c;
#else
  long online = sysconf(_SC_NPROCESSORS_ONLN);
  for (; n < max && n < online; n++) cpus[n] = -1; /* not pinned */
#endif
  if (n == 0) cpus[n++] = -1;
  return n;
}

static void *tp_worker(void *arg) {
  tp_thread *t = arg;
  uint64_t t0, c0, now;
  size_t nb = 0;
  unsigned i;
#if defined(__linux__)
  if (t->cpu >= 0) {
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(t->cpu, &set);
    (void)pthread_setaffinity_np(pthread_self(), sizeof set, &set);
  }
#endif
  pthread_barrier_wait(t->start);
  t0 = now_ns();
  c0 = thread_cpu_ns();
  now = t0;
  do {
    uint64_t b0 = now;
    for (i = 0; i < TP_BATCH; i++) run_op(&t->row, t->op, t->b);
    now = now_ns();
    if (nb < TP_MAX_BATCHES) t->batch_ns[nb++] = now - b0;
    t->count += TP_BATCH;
  } while (now - t0 < t->ns);
  t->cpu_ns = thread_cpu_ns() - c0;
  t->elapsed_ns = now - t0;
  qsort(t->batch_ns, nb, sizeof t->batch_ns[0], cmp_u64);
  t->median_batch_ns = t->batch_ns[nb / 2];
  return NULL;
}

/* What `threads` threads running op at once did: operations per second
 * of wall time, per thread (the mean) and in total, and per second of CPU
 * time each thread ran (the mean), the share of the wall time the
 * threads ran (below 1 when other processes took the CPUs), and the rate
 * of the median batch (per thread, the mean). */
typedef struct {
  double per_thread, total, per_cpu_second, cpu_share, per_thread_running;
} tp_result;

static void tp_measure(const mlkem_kem *kem, int op, unsigned threads,
                       const int *cpus, int ncpus, double seconds,
                       tp_result *r) {
  static tp_thread t[TP_MAX_THREADS];
  static buffers *b[TP_MAX_THREADS];
  static uint64_t *batches[TP_MAX_THREADS];
  pthread_t tid[TP_MAX_THREADS];
  pthread_barrier_t start;
  unsigned i;
  int o;
  pthread_barrier_init(&start, NULL, threads);
  for (i = 0; i < threads; i++) {
    if (b[i] == NULL) b[i] = xmalloc(sizeof *b[i]);
    if (batches[i] == NULL)
      batches[i] = xmalloc(TP_MAX_BATCHES * sizeof *batches[i]);
    memset(&t[i], 0, sizeof t[i]);
    t[i].batch_ns = batches[i];
    t[i].row.kem = kem;
    t[i].row.nops = OP_COUNT;
    /* The inputs of every operation: each one in order, once. */
    for (o = 0; o < OP_COUNT; o++)
      if (has_op(&t[i].row, o)) {
        make_inputs(&t[i].row, o, b[i]);
        run_op(&t[i].row, o, b[i]);
      }
    t[i].op = op;
    t[i].cpu = cpus[i % (unsigned)ncpus];
    t[i].ns = (uint64_t)(seconds * 1e9);
    t[i].start = &start;
    t[i].b = b[i];
  }
  for (i = 0; i < threads; i++)
    if (pthread_create(&tid[i], NULL, tp_worker, &t[i]) != 0) {
      mlkem_bench_error(prog, "could not start thread %u", i);
      exit(1);
    }
  memset(r, 0, sizeof *r);
  for (i = 0; i < threads; i++) {
    pthread_join(tid[i], NULL);
    r->total += (double)t[i].count * 1e9 / (double)t[i].elapsed_ns;
    r->per_cpu_second += (double)t[i].count * 1e9 / (double)t[i].cpu_ns;
    r->cpu_share += (double)t[i].cpu_ns / (double)t[i].elapsed_ns;
    r->per_thread_running += TP_BATCH * 1e9 / (double)t[i].median_batch_ns;
  }
  r->per_thread = r->total / threads;
  r->per_cpu_second /= threads;
  r->cpu_share /= threads;
  r->per_thread_running /= threads;
  pthread_barrier_destroy(&start);
}

/* One thread and `threads` threads in turn, TP_ROUNDS times, each for a
 * share of `seconds`: the round of each with the most operations per
 * second (the quietest), so that a burst of outside load does not decide
 * the ratio. */
#define TP_ROUNDS 9
static void tp_best(const mlkem_kem *kem, int op, unsigned threads,
                    const int *cpus, int ncpus, double seconds, tp_result *one,
                    tp_result *many) {
  tp_result r;
  unsigned i;
  memset(one, 0, sizeof *one);
  memset(many, 0, sizeof *many);
  for (i = 0; i < TP_ROUNDS; i++) {
    tp_measure(kem, op, 1, cpus, ncpus, seconds / TP_ROUNDS, &r);
    if (r.per_thread > one->per_thread) *one = r;
    if (r.per_thread_running > one->per_thread_running)
      one->per_thread_running = r.per_thread_running;
    tp_measure(kem, op, threads, cpus, ncpus, seconds / TP_ROUNDS, &r);
    if (r.per_thread > many->per_thread) *many = r;
    if (r.per_thread_running > many->per_thread_running)
      many->per_thread_running = r.per_thread_running;
  }
}

static int throughput(const char *only, unsigned threads, double seconds) {
  int cpus[TP_MAX_THREADS];
  int ncpus = tp_cpus(cpus, TP_MAX_THREADS);
  size_t s, o;
  if (threads == 0) threads = (unsigned)ncpus;
  if (threads > TP_MAX_THREADS) threads = TP_MAX_THREADS;
  printf(
      "mlkem %s, backend %s: throughput, operations per second, each thread "
      "running its own loop; one thread and N in turn, %d times for %.2f s "
      "each, the best of each (%d CPUs usable%s)\n",
      mlkem_version(), mlkem_backend_name(), TP_ROUNDS, seconds / TP_ROUNDS,
      ncpus, cpus[0] >= 0 ? ", thread i pinned to the i-th" : "");
  printf(
      "| set | operation | 1 thread | %u thread%s, per thread | %u thread%s, "
      "total | per thread, %u / 1 | per CPU second, %u / 1 | median batch, "
      "%u / 1 | CPU share, 1 / %u |\n",
      threads, threads == 1 ? "" : "s", threads, threads == 1 ? "" : "s",
      threads, threads, threads, threads);
  printf("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n");
  for (s = 0; mlkem_kems[s] != NULL; s++) {
    const mlkem_kem *kem = mlkem_kems[s];
    if (only != NULL && !set_listed(only, kem)) continue;
    for (o = 0; o < TP_NOPS; o++) {
      tp_result one, many;
      tp_best(kem, tp_ops[o], threads, cpus, ncpus, seconds, &one, &many);
      printf(
          "| %s | %s | %.0f | %.0f | %.0f | %.3f | %.3f | %.3f | %.2f / %.2f "
          "|\n",
          kem->name, op_names[tp_ops[o]], one.per_thread, many.per_thread,
          many.total, many.per_thread / one.per_thread,
          many.per_cpu_second / one.per_cpu_second,
          many.per_thread_running / one.per_thread_running, one.cpu_share,
          many.cpu_share);
    }
  }
  printf(
      "(per CPU second: operations per second of the CPU time each thread "
      "ran, which other processes sharing the CPUs do not reduce; median "
      "batch: the rate of each thread's median batch of %d calls, what a "
      "thread does while it runs; CPU share: the CPU time over the wall "
      "time)\n",
      TP_BATCH);
  return 0;
}
#else
static int throughput(const char *only, unsigned threads, double seconds) {
  (void)only;
  (void)threads;
  (void)seconds;
  mlkem_bench_error(prog, "--threads needs POSIX threads");
  return 1;
}
#endif

static const char bench_usage[] =
    "usage: %s [--iterations N] [--passes P] [--json FILE] [--csv FILE]\n"
    "          [--set NAME,...]\n"
    "       %s --threads N [--seconds S] [--set NAME,...]\n"
    "N at least 1000 (default 2000) in P passes (default 10) of at least 50\n"
    "calls each: P divides N, N / P >= 50. --threads: 0 for every usable\n"
    "CPU; --seconds above 0, at most 60 (default 0.9).\n";

int mlkem_bench_run(int argc, const char *const *argv) {
  size_t iters = 2000, passes = 10, nres = 0, i;
  const char *json = NULL, *csv = NULL, *only = NULL;
  long threads = -1; /* --threads: 0 means every usable CPU */
  double seconds = 0.9;
  set_result res[MAX_ROWS];
  const mlkem_kem *all[MAX_ROWS];
  size_t nall = 0;
  FILE *jf = NULL, *cf = NULL;
  int a, rc = 0;

  prog = argv[0];
  for (a = 1; a < argc; a++) {
    const char *opt = argv[a], *val = a + 1 < argc ? argv[a + 1] : NULL;
    unsigned long n = 0;
    char *end = NULL;
    if (strcmp(opt, "--help") == 0 || strcmp(opt, "-h") == 0) {
      printf(bench_usage, prog, prog);
      return 0;
    }
    if (val == NULL)
      return mlkem_bench_usage(prog, "unknown option or missing value: %s",
                               opt);
    a++;
    if (strcmp(opt, "--json") == 0) {
      json = val;
    } else if (strcmp(opt, "--csv") == 0) {
      csv = val;
    } else if (strcmp(opt, "--set") == 0) {
      only = val;
    } else if (strcmp(opt, "--seconds") == 0) {
      seconds = strtod(val, &end);
      if (end == val || *end != '\0' || !(seconds > 0 && seconds <= 60))
        return mlkem_bench_usage(
            prog, "--seconds: above 0, at most 60 (not %s)", val);
    } else if (strcmp(opt, "--iterations") != 0 &&
               strcmp(opt, "--passes") != 0 && strcmp(opt, "--threads") != 0) {
      return mlkem_bench_usage(prog, "unknown option %s", opt);
    } else if (mlkem_bench_number(val, 100000000ul, &n) != 0) {
      return mlkem_bench_usage(prog, "%s: not a number: %s", opt, val);
    } else if (strcmp(opt, "--iterations") == 0) {
      iters = n;
    } else if (strcmp(opt, "--passes") == 0) {
      passes = n;
    } else {
      threads = (long)n;
    }
  }
  if (only != NULL && !list_known(only)) return 2;
  if (threads >= 0) {
    if (strcmp(mlkem_backend_name(), "unavailable") == 0) {
      printf("backend %s is not available here: skipped\n",
             getenv("MLKEM_BACKEND"));
      return 0;
    }
    return throughput(only, (unsigned)threads, seconds);
  }
  if (iters < 1000 || passes < 1 || iters % passes != 0 || iters / passes < 50)
    return mlkem_bench_usage(prog,
                             "at least 1000 iterations, in passes of at least "
                             "50 that divide them (--iterations %zu, "
                             "--passes %zu)",
                             iters, passes);
  for (i = 0; mlkem_kems[i] != NULL; i++) all[nall++] = mlkem_kems[i];
  for (i = 0; mlkem_kyber_kems[i] != NULL; i++)
    all[nall++] = mlkem_kyber_kems[i];
  if (strcmp(mlkem_backend_name(), "unavailable") == 0) {
    printf(
        "backend %s is not available here (not built in, or not "
        "supported by this CPU): skipped\n",
        getenv("MLKEM_BACKEND"));
    return 0;
  }
  /* The output files are opened first: one that cannot be written is
   * reported before the minutes of measuring, not after. */
  if ((json != NULL && (jf = mlkem_bench_open(prog, json)) == NULL) ||
      (csv != NULL && (cf = mlkem_bench_open(prog, csv)) == NULL)) {
    if (jf != NULL) fclose(jf);
    return 1;
  }
  pin_to_one_cpu();
  for (i = 0; i < nall; i++) {
    if (only != NULL && !set_listed(only, all[i])) continue;
    res[nres].kem = all[i];
    res[nres].other = NULL;
    res[nres++].nops = OP_COUNT;
  }
  for (i = 0; i < N_OTHER; i++) {
    if (only != NULL && !listed(only, other_rows[i].name)) continue;
    res[nres].kem = NULL;
    res[nres].other = &other_rows[i];
    res[nres++].nops = other_rows[i].nops;
  }
  bench_all(res, nres, iters / passes, passes);

  printf(
      "mlkem %s, backend %s: median of %zu calls per operation in %zu "
      "passes (%s; ns)\n",
      mlkem_version(), mlkem_backend_name(), iters, passes, tick_unit());
  print_kem_tables(res, nres);
  print_expanded_tables(res, nres);
  for (i = 0; i < nres; i++)
    if (res[i].kem == NULL) print_other(&res[i]);
  if (jf != NULL) {
    write_json(jf, res, nres, iters, passes);
    if (mlkem_bench_close(prog, jf, json, "JSON") != 0) rc = 1;
  }
  if (cf != NULL) {
    write_csv(cf, res, nres);
    if (mlkem_bench_close(prog, cf, csv, "CSV") != 0) rc = 1;
  }
  return rc;
}
