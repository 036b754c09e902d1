/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* bench_main.c - the mlkem_bench program (make bench): see bench.c. */
#include "programs.h"

int main(int argc, char **argv) {
  return mlkem_bench_run(argc, (const char *const *)argv);
}
