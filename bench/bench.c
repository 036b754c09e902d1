/*
 * bench.c - median cost of keygen, encaps and decaps for every parameter
 * set, in rdtsc ticks (x86-64; the virtual counter on AArch64; a
 * nanosecond clock elsewhere) and nanoseconds.
 *
 * Method: pin to one CPU where the OS allows it, warm up, then time each of
 * at least 1,000 single calls and report the median (and the 25th/75th
 * percentiles for the JSON). encaps and decaps run with their FIPS 203
 * input checks, as they always do.
 *
 * Usage: bench [--iterations N] [--json FILE] [--set ML-KEM-768]
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

enum { OP_KEYGEN, OP_ENCAPS, OP_DECAPS, OP_COUNT };
static const char *const op_names[OP_COUNT] = {"keygen", "encaps", "decaps"};

typedef struct {
  const mlkem_kem *kem;
  stats tick[OP_COUNT];
  stats ns[OP_COUNT];
} set_result;

/* Fails loudly: a benchmark of a failing call would measure nothing. */
static void must(int rc, const char *what) {
  if (rc != 0) {
    fprintf(stderr, "bench: %s failed: %s\n", what, mlkem_strerror(rc));
    exit(1);
  }
}

static void run_op(const mlkem_kem *kem, int op, uint8_t *ek, uint8_t *dk,
                   uint8_t *ct, uint8_t *ss) {
  static const uint8_t seed[MLKEM_SEED_BYTES] = {1, 2, 3};
  static const uint8_t m[MLKEM_MSG_BYTES] = {4, 5, 6};
  switch (op) {
    case OP_KEYGEN:
      must(kem->keygen_derand(ek, dk, seed), "keygen");
      break;
    case OP_ENCAPS:
      must(kem->encaps_derand(ct, ss, ek, m), "encaps");
      break;
    default:
      must(kem->decaps(ss, ct, dk), "decaps");
      break;
  }
}

static void bench_set(set_result *r, size_t iters) {
  static uint8_t ek[MLKEM1024_EK_BYTES], dk[MLKEM1024_DK_BYTES];
  static uint8_t ct[MLKEM1024_CT_BYTES], ss[MLKEM_SS_BYTES];
  uint64_t *t = malloc(iters * sizeof *t), *ns = malloc(iters * sizeof *ns);
  int op;
  size_t i;
  if (t == NULL || ns == NULL) exit(1);
  for (op = 0; op < OP_COUNT; op++) {
    for (i = 0; i < iters / 10 + 10; i++)
      run_op(r->kem, op, ek, dk, ct, ss); /* warm-up */
    for (i = 0; i < iters; i++) {
      uint64_t n0 = now_ns(), t0 = ticks();
      run_op(r->kem, op, ek, dk, ct, ss);
      t[i] = ticks() - t0;
      ns[i] = now_ns() - n0;
    }
    r->tick[op] = summarize(t, iters);
    r->ns[op] = summarize(ns, iters);
  }
  free(t);
  free(ns);
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

static void write_json(FILE *f, const set_result *res, size_t nres,
                       size_t iters) {
  size_t i;
  int op;
  fprintf(f, "{\n  \"library\": \"mlkem %s\",\n  \"backend\": \"%s\",\n",
          mlkem_version(), mlkem_backend_name());
  fprintf(f, "  \"tick_unit\": \"%s\",\n  \"iterations\": %zu,\n", tick_unit(),
          iters);
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
      fprintf(f,
              "    {\"set\": \"%s\", \"op\": \"%s\", \"ticks_median\": %llu, "
              "\"ticks_p25\": %llu, \"ticks_p75\": %llu, \"ns_median\": %llu}%s\n",
              res[i].kem->name, op_names[op],
              (unsigned long long)res[i].tick[op].median,
              (unsigned long long)res[i].tick[op].p25,
              (unsigned long long)res[i].tick[op].p75,
              (unsigned long long)res[i].ns[op].median,
              (i + 1 == nres && op + 1 == OP_COUNT) ? "" : ",");
    }
  }
  fprintf(f, "  ]\n}\n");
}

int main(int argc, char **argv) {
  size_t iters = 2000, nres = 0, i;
  const char *json = NULL, *only = NULL;
  set_result res[3];
  int a, op;

  for (a = 1; a < argc; a++) {
    if (strcmp(argv[a], "--iterations") == 0 && a + 1 < argc) {
      iters = (size_t)strtoul(argv[++a], NULL, 10);
    } else if (strcmp(argv[a], "--json") == 0 && a + 1 < argc) {
      json = argv[++a];
    } else if (strcmp(argv[a], "--set") == 0 && a + 1 < argc) {
      only = argv[++a];
    } else {
      fprintf(stderr, "usage: %s [--iterations N] [--json FILE] [--set NAME]\n",
              argv[0]);
      return 2;
    }
  }
  if (iters < 1000) {
    fprintf(stderr, "bench: at least 1000 iterations, for stable medians\n");
    return 2;
  }
  if (only != NULL && mlkem_kem_by_name(only) == NULL) {
    fprintf(stderr, "bench: unknown parameter set %s\n", only);
    return 2;
  }
  pin_to_one_cpu();
  for (i = 0; mlkem_kems[i] != NULL; i++) {
    if (only != NULL && mlkem_kem_by_name(only) != mlkem_kems[i]) continue;
    res[nres].kem = mlkem_kems[i];
    bench_set(&res[nres], iters);
    nres++;
  }

  printf("mlkem %s, backend %s, median of %zu calls (%s; ns)\n",
         mlkem_version(), mlkem_backend_name(), iters, tick_unit());
  printf("| set | backend | keygen | encaps | decaps | sum |\n");
  printf("| --- | --- | ---: | ---: | ---: | ---: |\n");
  for (i = 0; i < nres; i++) {
    uint64_t sum_t = 0, sum_n = 0;
    printf("| %s | %s |", res[i].kem->name, mlkem_backend_name());
    for (op = 0; op < OP_COUNT; op++) {
      printf(" %llu (%llu ns) |", (unsigned long long)res[i].tick[op].median,
             (unsigned long long)res[i].ns[op].median);
      sum_t += res[i].tick[op].median;
      sum_n += res[i].ns[op].median;
    }
    printf(" %llu (%llu ns) |\n", (unsigned long long)sum_t,
           (unsigned long long)sum_n);
  }
  if (json != NULL) {
    FILE *f = fopen(json, "w");
    if (f == NULL) {
      perror(json);
      return 1;
    }
    write_json(f, res, nres, iters);
    fclose(f);
    printf("JSON written to %s\n", json);
  }
  return 0;
}
