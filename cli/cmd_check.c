/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * cmd_check.c - mlkem check: validates a key file and says what it is.
 */
#include <stdio.h>

#include "cli.h"
#include "platform/ct.h"

static const char usage[] =
    "usage: mlkem check -i FILE [-a ALG]\n"
    "\n"
    "Reads a key file (PEM, DER or raw; '-' for standard input), runs every\n"
    "check on it and says what it is. Exit status 0 if it is a valid key, 1\n"
    "if not (with the reason). The checks: strict DER; the ML-KEM or X-Wing\n"
    "OID with absent parameters; exact lengths; the FIPS 203 7.2 modulus\n"
    "check of ek (of X-Wing's ML-KEM part); the 7.3 hash check of an\n"
    "expanded key; for a key with both seed and expanded key, that the seed\n"
    "regenerates the expanded key; and for every private key the pairwise\n"
    "consistency test: a secret encapsulated to its public key must come\n"
    "back from decapsulation with its private key (an expanded key can pass\n"
    "the 7.2 and 7.3 checks and still fail it). The line printed names the\n"
    "tests that ran. Round-3 Kyber keys (raw only) get the same checks when\n"
    "named with -a.\n"
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

/* FIPS 203 section 7.1's pairwise consistency test, as the library's
 * keygen runs it in builds with MLKEM_PAIRWISE_TEST: encapsulate to the
 * key's public part, decapsulate with its private part, compare. A key
 * pair whose secret part does not belong to its public part passes the
 * section 7.2 and 7.3 checks (RFC 9935's bad-ML-KEM-512-2) but gives
 * another secret here (implicit rejection). Returns CLI_OK or CLI_FAIL
 * after the message. */
static int pairwise_test(const char *path, const mlkem_keyfile_key *key) {
  const cli_scheme *s = cli_scheme_of(key->alg);
  uint8_t ct[CLI_MAX_CT_BYTES], ss_enc[MLKEM_SS_BYTES], ss_dec[MLKEM_SS_BYTES];
  int rc = s->encaps(ct, ss_enc, key), same = 0;
  if (rc == 0) rc = s->decaps(ss_dec, ct, key);
  if (rc == 0) same = mlkem_ct_memneq(ss_enc, ss_dec, MLKEM_SS_BYTES) == 0;
  mlkem_zeroize(ss_enc, sizeof ss_enc);
  mlkem_zeroize(ss_dec, sizeof ss_dec);
  if (rc != 0) {
    cli_error("check", "%s: pairwise consistency test: %s",
              cli_display_name(path), mlkem_strerror(rc));
    return CLI_FAIL;
  }
  if (!same) {
    cli_error("check",
              "%s: pairwise consistency test failed: a secret encapsulated "
              "to the public key decapsulates to another one with the "
              "private key (the private part does not belong to the public "
              "part)",
              cli_display_name(path));
    return CLI_FAIL;
  }
  return CLI_OK;
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
  if (key.type != MLKEM_KEYFILE_PUBLIC && pairwise_test(in, &key) != CLI_OK) {
    mlkem_keyfile_wipe(&key);
    return CLI_FAIL;
  }
  cli_describe_key(&key, desc, sizeof desc);
  printf("%s: %s: OK (%s%s)\n", cli_display_name(in), desc, what_passed(&key),
         key.type == MLKEM_KEYFILE_PUBLIC ? ""
                                          : "; the pairwise consistency "
                                            "test passed");
  mlkem_keyfile_wipe(&key);
  return CLI_OK;
}
