/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * cmd_check.c - mlkem check: validates a key file and says what it is.
 */
#include <stdio.h>

#include "cli.h"

static const char usage[] =
    "usage: mlkem check -i FILE [-a ALG]\n"
    "\n"
    "Reads a key file (PEM, DER or raw; '-' for standard input), runs every\n"
    "check on it and says what it is. Exit status 0 if it is a valid key, 1\n"
    "if not (with the reason). The checks: strict DER; the ML-KEM or X-Wing\n"
    "OID with absent parameters; exact lengths; the FIPS 203 7.2 modulus\n"
    "check of ek (of X-Wing's ML-KEM part); the 7.3 hash check of an\n"
    "expanded key; for a key with both seed and expanded key, that the seed\n"
    "regenerates the expanded key. Round-3 Kyber keys (raw only) get the\n"
    "same FIPS 203 checks when named with -a.\n"
    "\n"
    "  -i, --in FILE        the key\n"
    "  -a, --algorithm ALG  the algorithm of a raw seed or of a raw round-3\n"
    "                       Kyber key; otherwise the key must be of it\n";

static const char *what_passed(const mlkem_keyfile_key *key) {
  switch (key->type) {
    case MLKEM_KEYFILE_PUBLIC:
      return cli_scheme_of(key->alg)->public_ok;
    case MLKEM_KEYFILE_SEED:
      return "the seed expands to the key pair";
    case MLKEM_KEYFILE_BOTH:
      return "the seed regenerates the expanded key";
    default:
      return cli_scheme_of(key->alg)->expanded_ok;
  }
}

int cmd_check(int argc, char **argv) {
  const char *alg = NULL, *in = NULL;
  const cli_option opts[] = {
      {"--algorithm", "-a", &alg, NULL},
      {"--in", "-i", &in, NULL},
  };
  static mlkem_keyfile_key key;
  const mlkem_keyfile_alg *kalg = NULL;
  char desc[128];
  int rc;

  rc = cli_parse("check", argc, argv, opts, sizeof opts / sizeof opts[0]);
  if (rc < 0) {
    fputs(usage, stdout);
    return CLI_OK;
  }
  if (rc != CLI_OK) return rc;
  if (alg != NULL && (kalg = cli_alg("check", alg, NULL)) == NULL)
    return CLI_USAGE;
  if (in == NULL) {
    cli_usage_error("check", "give -i FILE");
    return CLI_USAGE;
  }
  if (cli_load_key("check", in, kalg, &key) != CLI_OK) return CLI_FAIL;
  cli_describe_key(&key, desc, sizeof desc);
  printf("%s: %s: OK (%s)\n", cli_display_name(in), desc, what_passed(&key));
  mlkem_keyfile_wipe(&key);
  return CLI_OK;
}
