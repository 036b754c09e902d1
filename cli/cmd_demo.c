/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * cmd_demo.c - mlkem demo and mlkem bench: the programs of `make demo` and
 * `make bench` (bench/programs.h), run from the tool.
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
    "\n"
    "Times keygen, encaps and decaps (the benchmark of 'make bench'): the\n"
    "median of single calls, in ticks and nanoseconds, for one algorithm or\n"
    "all.\n"
    "\n"
    "  -a, --algorithm ALG  only this one: an ML-KEM set, X-Wing or a round-3\n"
    "                       Kyber variant (default: all of them, and the\n"
    "                       X25519 and X25519MLKEM768 rows)\n"
    "  --iterations N       calls per operation (default 2000, at least 1000)\n"
    "  --passes P           in P passes (default 10; N/P at least 50)\n"
    "  --json FILE          also write the results as JSON\n";

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
  const cli_option opts[] = {
      {"--algorithm", "-a", &alg, NULL},    {"--set", NULL, &alg, NULL},
      {"--iterations", NULL, &iters, NULL}, {"--passes", NULL, &passes, NULL},
      {"--json", NULL, &json, NULL},
  };
  const char *args[10]; /* name, four options with values, NULL */
  int n = 0, rc;
  const mlkem_keyfile_alg *kalg;

  rc = cli_parse("bench", argc, argv, opts, sizeof opts / sizeof opts[0]);
  if (rc < 0) {
    fputs(bench_usage, stdout);
    return CLI_OK;
  }
  if (rc != CLI_OK) return rc;
  /* The benchmark parses its own arguments; hand them over in its words. */
  args[n++] = "mlkem bench";
  if (alg != NULL) {
    /* The benchmark's rows are named as the key types. */
    if ((kalg = cli_alg("bench", alg, NULL)) == NULL) return CLI_USAGE;
    args[n++] = "--set";
    args[n++] = kalg->name;
  }
  if (iters != NULL) {
    args[n++] = "--iterations";
    args[n++] = iters;
  }
  if (passes != NULL) {
    args[n++] = "--passes";
    args[n++] = passes;
  }
  if (json != NULL) {
    args[n++] = "--json";
    args[n++] = json;
  }
  args[n] = NULL;
  return mlkem_bench_run(n, args);
}
