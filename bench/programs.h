/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * programs.h - the demo (examples/demo.c) and the benchmark (bench.c) as
 * functions, in the internal library mlkem_programs: the programs
 * mlkem_demo and mlkem_bench are one-line mains around them, and the
 * command-line tool runs them as `mlkem demo` and `mlkem bench`.
 */
#ifndef MLKEM_BENCH_PROGRAMS_H
#define MLKEM_BENCH_PROGRAMS_H

/* The two-party exchange for every set; 0 if every exchange agreed. */
int mlkem_demo_run(void);

/* The benchmark: argv as its usage line in bench.c describes (argv[0] is
 * the name to show in messages). Returns the exit status. */
int mlkem_bench_run(int argc, const char *const *argv);

/* The benchmark's clock (rdtsc on x86-64, the virtual counter on AArch64,
 * nanoseconds elsewhere), its unit's name, and its pinning to one CPU
 * ($MLKEM_BENCH_CPU, or the current one), for the other benchmarks. */
#include <stdint.h>
uint64_t mlkem_bench_ticks(void);
const char *mlkem_bench_tick_unit(void);
void mlkem_bench_pin(void);

#endif
