/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * programs.h - the demo (examples/demo.c) and the benchmark (bench.c) as
 * functions, in the internal library mlkem_programs: the programs
 * mlkem_demo and mlkem_bench are one-line mains around them, and the
 * command-line tool runs them as `mlkem demo` and `mlkem bench`.
 */
#ifndef MLKEM_BENCH_PROGRAMS_H
#define MLKEM_BENCH_PROGRAMS_H

#include <stdint.h>
#include <stdio.h>

/* The two-party exchange for every set; 0 if every exchange agreed. */
int mlkem_demo_run(void);

/* The benchmark: argv as its usage line in bench.c describes (argv[0] is
 * the name to show in messages). Returns the exit status. */
int mlkem_bench_run(int argc, const char *const *argv);

/* The programs' messages, in the tool's form (prog: argv[0], which the
 * tool gives as "mlkem bench"): "PROG: message" on standard error.
 * mlkem_bench_usage adds "(see 'PROG --help')" and returns 2, the exit
 * status of a usage error. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 2, 3)))
#endif
void mlkem_bench_error(const char *prog, const char *fmt, ...);
#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 2, 3)))
#endif
int mlkem_bench_usage(const char *prog, const char *fmt, ...);

/* An output file of a benchmark, opened before it measures anything
 * (NULL after the message if it cannot be), and closed after it is
 * written: 0, or -1 after the message; then "WHAT written to PATH". */
FILE *mlkem_bench_open(const char *prog, const char *path);
int mlkem_bench_close(const char *prog, FILE *f, const char *path,
                      const char *what);

/* A whole unsigned decimal number s into *out: 0, or -1 (s is not one, or
 * is above max). */
int mlkem_bench_number(const char *s, unsigned long max, unsigned long *out);

/* The benchmark's clock (rdtsc on x86-64, the virtual counter on AArch64,
 * nanoseconds elsewhere), its unit's name, its pinning to one CPU
 * ($MLKEM_BENCH_CPU, or the current one), a nanosecond clock and an
 * ascending sort, for the other benchmarks (the developers' programs
 * mlkem_components and mlkem_sym_bench, which time internal functions,
 * link this library too). */
uint64_t mlkem_bench_ticks(void);
uint64_t mlkem_bench_now_ns(void); /* CLOCK_MONOTONIC */
void mlkem_bench_sort(uint64_t *v, size_t n);
const char *mlkem_bench_tick_unit(void);
void mlkem_bench_pin(void);

/* The CSV that make bench and make bench-components write: the header
 * line, and one line for an operation of a row ("set": a parameter set,
 * or the group of a component) with its ticks (median, 25th and 75th
 * percentiles, the median of the quietest pass) and median ns. */
void mlkem_bench_csv_header(FILE *f);
void mlkem_bench_csv_row(FILE *f, const char *set, const char *op,
                         const uint64_t ticks[4], uint64_t ns_median);

#endif
