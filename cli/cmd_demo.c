/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * cmd_demo.c - mlkem demo and mlkem bench: the programs of `make demo`
 * and `make bench` (bench/programs.h), run from the tool.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "programs.h"

static const char demo_usage[] =
    "usage: mlkem demo\n"
    "\n"
    "Runs a complete ML-KEM exchange for every parameter set (the program of\n"
    "'make demo'): a key pair, encapsulation, decapsulation, the two shared\n"
    "secrets compared, and the time per operation.\n";

static const char bench_usage[] =
    "usage: mlkem bench [-a ALG] [--iterations N] [--passes P] [--json FILE]\n"
    "                   [--csv FILE]\n"
    "       mlkem bench --threads N [-a SET] [--seconds S]\n"
    "\n"
    "Times keygen, encaps and decaps, and the expanded keys (the benchmark\n"
    "of 'make bench'): the median of single calls, in ticks and\n"
    "nanoseconds, for one algorithm or all. With --threads, the throughput\n"
    "of N threads each running its own loop (0: one per usable CPU), beside\n"
    "one thread, for the ML-KEM sets.\n"
    "\n"
    "  -a, --algorithm ALG  only this one: an ML-KEM set, X-Wing or a round-3\n"
    "                       Kyber variant (default: all of them, and the\n"
    "                       X25519 and X25519MLKEM768 rows)\n"
    "  --iterations N       calls per operation: at least 1000 (default\n"
    "                       2000), a multiple of P\n"
    "  --passes P           in P passes (default 10) of at least 50 calls\n"
    "                       each (N/P at least 50)\n"
    "  --json FILE          also write the results as JSON\n"
    "  --csv FILE           also write the results as CSV\n"
    "  --threads N          throughput on N threads\n"
    "  --seconds S          per operation and thread count (default 0.9)\n";

int cmd_demo(int argc, char **argv) {
  int rc = cli_parse("demo", argc, argv, NULL, 0);
  if (rc < 0) {
    fputs(demo_usage, stdout);
    return CLI_OK;
  }
  if (rc != CLI_OK) return rc;
  return mlkem_demo_run() == 0 ? CLI_OK : CLI_FAIL;
}

int cmd_bench(int argc, char **argv) {
  const char *alg = NULL, *iters = NULL, *passes = NULL, *json = NULL;
  const char *csv = NULL, *threads = NULL, *seconds = NULL;
  const cli_option opts[] = {
      {"--algorithm", "-a", &alg, NULL},    {"--set", NULL, &alg, NULL},
      {"--iterations", NULL, &iters, NULL}, {"--passes", NULL, &passes, NULL},
      {"--json", NULL, &json, NULL},        {"--csv", NULL, &csv, NULL},
      {"--threads", NULL, &threads, NULL},  {"--seconds", NULL, &seconds, NULL},
  };
  /* The benchmark parses its own arguments; hand them over in its words:
   * its name, up to seven options with values, NULL. */
  const char *names[7] = {"--iterations", "--passes",  "--json", "--csv",
                          "--threads",    "--seconds", NULL};
  const char *values[7];
  const char *args[18];
  int n = 0, rc, i;
  const mlkem_keyfile_alg *kalg;
  cli_file files[2];

  rc = cli_parse("bench", argc, argv, opts, sizeof opts / sizeof opts[0]);
  if (rc < 0) {
    fputs(bench_usage, stdout);
    return CLI_OK;
  }
  if (rc != CLI_OK) return rc;
  files[0] = (cli_file){json, "--json", 1};
  files[1] = (cli_file){csv, "--csv", 1};
  if (cli_check_files("bench", files, 2) != CLI_OK) return CLI_USAGE;
  values[0] = iters;
  values[1] = passes;
  values[2] = json;
  values[3] = csv;
  values[4] = threads;
  values[5] = seconds;
  /* The programs' messages then start "mlkem bench:" as the tool's. */
  args[n++] = "mlkem bench";
  if (alg != NULL) {
    /* The benchmark's rows are named as the key types. */
    if ((kalg = cli_alg("bench", alg, NULL)) == NULL) return CLI_USAGE;
    names[6] = "--set";
    values[6] = kalg->name;
  }
  for (i = 0; i < 7; i++) {
    if (names[i] == NULL || values[i] == NULL) continue;
    args[n++] = names[i];
    args[n++] = values[i];
  }
  args[n] = NULL;
  return mlkem_bench_run(n, args);
}
