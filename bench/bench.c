/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * bench.c - median cost of keygen, encaps and decaps for every parameter
 * set (ML-KEM's, then the round-3 Kyber variants of mlkem_kyber.h), in
 * rdtsc ticks (x86-64; the virtual counter on AArch64; a nanosecond clock
 * elsewhere) and nanoseconds.
 *
 * Method: pin to one CPU where the OS allows it, warm up, then time each of
 * at least 1,000 single calls per operation and report the median (and the
 * 25th/75th percentiles for the JSON). The calls are made in passes that
 * cycle through every set and operation, so that a burst of load from
 * elsewhere (other processes, other tenants of a virtual machine) falls on
 * all of them alike; besides the median of all calls, the median of the
 * quietest pass is reported. encaps and decaps run with their FIPS 203
 * input checks, as they always do.
 *
 * Usage: bench [--iterations N] [--passes P] [--json FILE] [--set NAME,...]
 * (--set: only the named sets, a comma-separated list of descriptor
 * names, e.g. ML-KEM-768,Kyber768-90s.)
 *
 * The program is mlkem_bench_run (programs.h), so that mlkem_bench
 * (bench_main.c) and `mlkem bench` (cli/) run the same code.
 */
#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE
#endif
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#if defined(__linux__)
#include <sched.h>
#endif
#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#endif

#include "mlkem.h"
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
 * and encapsulation to a prepared key (mlkem.h: checked and hashed once;
 * not for the round-3 sets, which have none). */
enum { OP_KEYGEN, OP_ENCAPS, OP_DECAPS, OP_ENCAPS_PREPARED, OP_COUNT };
enum { OP_SUMMED = 3 };
static const char *const op_names[OP_COUNT] = {"keygen", "encaps", "decaps",
                                               "encaps_prepared"};

typedef struct {
  const mlkem_kem *kem;
  stats tick[OP_COUNT];
  stats ns[OP_COUNT];
  uint64_t best_pass_tick[OP_COUNT]; /* lowest per-pass median */
  uint64_t *t_samples[OP_COUNT];
  uint64_t *ns_samples[OP_COUNT];
} set_result;

/* Whether the set has the operation (no prepared keys in round 3). */
static int has_op(const set_result *r, int op) {
  return op != OP_ENCAPS_PREPARED || r->kem->prepare_ek != NULL;
}

/* The most sets measured in one run: ML-KEM's three and round 3's six. */
#define MAX_SETS 9

/* Fails loudly: a benchmark of a failing call would measure nothing. */
static void must(int rc, const char *what) {
  if (rc != 0) {
    fprintf(stderr, "bench: %s failed: %s\n", what, mlkem_strerror(rc));
    exit(1);
  }
}

typedef struct {
  uint8_t ek[MLKEM1024_EK_BYTES], dk[MLKEM1024_DK_BYTES];
  uint8_t prep[MLKEM1024_PREPARED_EK_BYTES];
  uint8_t ct[MLKEM1024_CT_BYTES], ss[MLKEM_SS_BYTES];
} buffers;

static void run_op(const mlkem_kem *kem, int op, buffers *b) {
  static const uint8_t seed[MLKEM_SEED_BYTES] = {1, 2, 3};
  static const uint8_t m[MLKEM_MSG_BYTES] = {4, 5, 6};
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
    default:
      must(kem->decaps(b->ss, b->ct, b->dk), "decaps");
      break;
  }
}

static void *xmalloc(size_t n) {
  void *p = malloc(n);
  if (p == NULL) {
    fprintf(stderr, "bench: out of memory\n");
    exit(1);
  }
  return p;
}

/* Times `per_pass` calls of every operation of every set, `passes` times
 * over. Each set keeps its own key pair and ciphertext. */
static void bench_all(set_result *res, size_t nres, size_t per_pass,
                      size_t passes) {
  static buffers buf[MAX_SETS];
  uint64_t *pass_t = xmalloc(per_pass * sizeof *pass_t);
  size_t i, p, c;
  int op;

  for (i = 0; i < nres; i++) {
    for (op = 0; op < OP_COUNT; op++) {
      if (!has_op(&res[i], op)) continue;
      res[i].t_samples[op] = xmalloc(per_pass * passes * sizeof(uint64_t));
      res[i].ns_samples[op] = xmalloc(per_pass * passes * sizeof(uint64_t));
      res[i].best_pass_tick[op] = UINT64_MAX;
      if (op == OP_ENCAPS_PREPARED) /* ek is there: keygen ran first */
        must(res[i].kem->prepare_ek(buf[i].prep, buf[i].ek), "prepare_ek");
      for (c = 0; c < per_pass / 4 + 10; c++)
        run_op(res[i].kem, op, &buf[i]); /* warm-up */
    }
  }
  for (p = 0; p < passes; p++) {
    for (i = 0; i < nres; i++) {
      for (op = 0; op < OP_COUNT; op++) {
        uint64_t *t, *ns;
        stats s;
        if (!has_op(&res[i], op)) continue;
        t = res[i].t_samples[op] + p * per_pass;
        ns = res[i].ns_samples[op] + p * per_pass;
        for (c = 0; c < per_pass; c++) {
          uint64_t n0 = now_ns(), t0 = ticks();
          run_op(res[i].kem, op, &buf[i]);
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
    for (op = 0; op < OP_COUNT; op++) {
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
    fprintf(stderr, "bench: could not pin to CPU %d; continuing unpinned\n",
            cpu);
#endif
}

/* For the other benchmarks of the tree (sym_bench.c): the same counter,
 * its unit and the pinning. */
uint64_t mlkem_bench_ticks(void) {
  return ticks();
}
const char *mlkem_bench_tick_unit(void) {
  return tick_unit();
}
void mlkem_bench_pin(void) {
  pin_to_one_cpu();
}

static void write_json(FILE *f, const set_result *res, size_t nres,
                       size_t iters, size_t passes) {
  size_t i;
  int op;
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
  for (i = 0; i < nres; i++) {
    for (op = 0; op < OP_COUNT; op++) {
      if (!has_op(&res[i], op)) continue;
      fprintf(
          f,
          "    {\"set\": \"%s\", \"op\": \"%s\", \"ticks_median\": %llu, "
          "\"ticks_p25\": %llu, \"ticks_p75\": %llu, "
          "\"ticks_best_pass_median\": %llu, \"ns_median\": %llu}%s\n",
          res[i].kem->name, op_names[op],
          (unsigned long long)res[i].tick[op].median,
          (unsigned long long)res[i].tick[op].p25,
          (unsigned long long)res[i].tick[op].p75,
          (unsigned long long)res[i].best_pass_tick[op],
          (unsigned long long)res[i].ns[op].median,
          (i + 1 == nres && (op + 1 == OP_COUNT || !has_op(&res[i], op + 1)))
              ? ""
              : ",");
    }
  }
  fprintf(f, "  ]\n}\n");
}

/* Whether kem is named in the comma-separated list (names as
 * mlkem_kem_by_name takes them); with kem NULL, whether every name of the
 * list is a set of all[] (an unknown one is reported). */
static int select_sets(const char *list, const mlkem_kem *const *all,
                       size_t nall, const mlkem_kem *kem) {
  char name[32];
  const char *p = list;
  while (*p != '\0') {
    size_t len = strcspn(p, ",");
    const mlkem_kem *k = NULL;
    size_t i;
    if (len < sizeof name) {
      memcpy(name, p, len);
      name[len] = '\0';
      k = mlkem_kem_by_name(name);
    }
    for (i = 0; k != NULL && i < nall && all[i] != k; i++) {
    }
    if (k == NULL || i == nall) {
      if (kem == NULL)
        fprintf(stderr, "bench: unknown parameter set %.*s\n", (int)len, p);
      if (kem == NULL) return 0;
    } else if (k == kem) {
      return 1;
    }
    p += len;
    if (*p == ',') p++;
  }
  return kem == NULL;
}

int mlkem_bench_run(int argc, const char *const *argv) {
  size_t iters = 2000, passes = 10, nres = 0, i;
  const char *json = NULL, *only = NULL;
  set_result res[MAX_SETS];
  const mlkem_kem *all[MAX_SETS];
  size_t nall = 0;
  int a, op;

  for (a = 1; a < argc; a++) {
    if (strcmp(argv[a], "--iterations") == 0 && a + 1 < argc) {
      iters = (size_t)strtoul(argv[++a], NULL, 10);
    } else if (strcmp(argv[a], "--passes") == 0 && a + 1 < argc) {
      passes = (size_t)strtoul(argv[++a], NULL, 10);
    } else if (strcmp(argv[a], "--json") == 0 && a + 1 < argc) {
      json = argv[++a];
    } else if (strcmp(argv[a], "--set") == 0 && a + 1 < argc) {
      only = argv[++a];
    } else {
      fprintf(stderr,
              "usage: %s [--iterations N] [--passes P] [--json FILE] "
              "[--set NAME,...]\n",
              argv[0]);
      return 2;
    }
  }
  if (iters < 1000 || passes < 1 || iters % passes != 0 ||
      iters / passes < 50) {
    fprintf(stderr,
            "bench: at least 1000 iterations, in passes of at least "
            "50 that divide them\n");
    return 2;
  }
  for (i = 0; mlkem_kems[i] != NULL; i++) all[nall++] = mlkem_kems[i];
  for (i = 0; mlkem_kyber_kems[i] != NULL && nall < MAX_SETS; i++)
    all[nall++] = mlkem_kyber_kems[i];
  if (only != NULL && !select_sets(only, all, nall, NULL)) return 2;
  if (strcmp(mlkem_backend_name(), "unavailable") == 0) {
    printf(
        "backend %s is not available here (not built in, or not "
        "supported by this CPU): skipped\n",
        getenv("MLKEM_BACKEND"));
    return 0;
  }
  pin_to_one_cpu();
  for (i = 0; i < nall; i++) {
    if (only != NULL && !select_sets(only, all, nall, all[i])) continue;
    res[nres++].kem = all[i];
  }
  bench_all(res, nres, iters / passes, passes);

  printf(
      "mlkem %s, backend %s: median of %zu calls per operation in %zu "
      "passes (%s; ns)\n",
      mlkem_version(), mlkem_backend_name(), iters, passes, tick_unit());
  printf(
      "| set | backend | keygen | encaps | decaps | sum | encaps, "
      "prepared ek |\n");
  printf("| --- | --- | ---: | ---: | ---: | ---: | ---: |\n");
  for (i = 0; i < nres; i++) {
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
  for (i = 0; i < nres; i++) {
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
  if (json != NULL) {
    FILE *f = fopen(json, "w");
    if (f == NULL) {
      perror(json);
      return 1;
    }
    write_json(f, res, nres, iters, passes);
    fclose(f);
    printf("JSON written to %s\n", json);
  }
  return 0;
}
