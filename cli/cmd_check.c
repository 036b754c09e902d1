/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * cmd_check.c - mlkem check: validates a key file and says what it is.
 */
#include <stdio.h>

#include "cli.h"

static const char usage[] =
    "usage: mlkem check -i FILE [-a SET]\n"
    "\n"
    "Reads a key file (PEM, DER or raw; '-' for standard input), runs every\n"
    "check on it and says what it is. Exit status 0 if it is a valid ML-KEM\n"
    "key, 1 if not (with the reason). The checks: strict DER; the ML-KEM\n"
    "OID with absent parameters; exact lengths; the FIPS 203 7.2 modulus\n"
    "check of ek; the 7.3 hash check of an expanded key; for a key with both\n"
    "seed and expanded key, that the seed regenerates the expanded key.\n"
    "\n"
    "  -i, --in FILE        the key\n"
    "  -a, --algorithm SET  the set of a raw 64-byte seed; otherwise the key\n"
    "                       must be of this set\n";

static const char *what_passed(const mlkem_keyfile_key *key) {
  if (key->type == MLKEM_KEYFILE_PUBLIC)
    return "ek passes the FIPS 203 7.2 modulus check";
  switch (key->type) {
    case MLKEM_KEYFILE_SEED:
      return "the seed expands to the key pair";
    case MLKEM_KEYFILE_BOTH:
      return "the seed regenerates the expanded key";
    default:
      return "dk passes the FIPS 203 7.3 hash check and its ek the 7.2 "
             "modulus check";
  }
}

int cmd_check(int argc, char **argv) {
  const char *alg = NULL, *in = NULL;
  const cli_option opts[] = {
      {"--algorithm", "-a", &alg, NULL},
      {"--in", "-i", &in, NULL},
  };
  static mlkem_keyfile_key key;
  const mlkem_kem *set = NULL;
  char desc[128];
  int rc;

  rc = cli_parse("check", argc, argv, opts, sizeof opts / sizeof opts[0]);
  if (rc < 0) {
    fputs(usage, stdout);
    return CLI_OK;
  }
  if (rc != CLI_OK) return rc;
  if (alg != NULL && (set = cli_kem("check", alg, NULL)) == NULL)
    return CLI_USAGE;
  if (in == NULL) {
    cli_usage_error("check", "give -i FILE");
    return CLI_USAGE;
  }
  if (cli_load_key("check", in, set, &key) != CLI_OK) return CLI_FAIL;
  cli_describe_key(&key, desc, sizeof desc);
  printf("%s: %s: OK (%s)\n", cli_display_name(in), desc, what_passed(&key));
  mlkem_keyfile_wipe(&key);
  return CLI_OK;
}
