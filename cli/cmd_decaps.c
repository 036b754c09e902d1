/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * cmd_decaps.c - mlkem decaps: the shared secret of a ciphertext.
 */
#include <stdio.h>

#include "cli.h"
#include "platform/ct.h"

static const char usage[] =
    "usage: mlkem decaps -i KEYFILE --ct FILE --secret FILE [--hex] [-a ALG]\n"
    "\n"
    "Decapsulates the ciphertext in FILE (raw bytes, or hex as written by\n"
    "'mlkem encaps --hex') with the private key in KEYFILE (PEM, DER or raw)\n"
    "and writes the 32-byte shared secret with mode 0600.\n"
    "\n"
    "A ciphertext that was not made for this key is not an error: the KEM\n"
    "then gives a pseudorandom secret (implicit rejection), so the two sides\n"
    "simply disagree. Use the secret only to key authenticated encryption.\n"
    "\n"
    "  -i, --in KEYFILE     the private key ('-' for standard input)\n"
    "  --ct FILE            the ciphertext ('-' for standard input)\n"
    "  --secret FILE        the shared secret ('-' for standard output)\n"
    "  --hex                write the secret as a line of hex\n"
    "  -a, --algorithm ALG  the algorithm of a raw seed or of a raw round-3\n"
    "                       Kyber key; otherwise the key must be of it\n";

int cmd_decaps(int argc, char **argv) {
  const char *alg = NULL, *in = NULL, *ct_path = NULL, *ss_path = NULL;
  int hex = 0;
  const cli_option opts[] = {
      {"--algorithm", "-a", &alg, NULL}, {"--in", "-i", &in, NULL},
      {"--ct", NULL, &ct_path, NULL},    {"--secret", NULL, &ss_path, NULL},
      {"--hex", NULL, NULL, &hex},
  };
  static mlkem_keyfile_key key;
  uint8_t ct[CLI_MAX_CT_BYTES], ss[MLKEM_SS_BYTES];
  char ss_hex[2 * MLKEM_SS_BYTES + 1];
  const mlkem_keyfile_alg *kalg = NULL;
  const cli_scheme *scheme;
  fio_output outs[1];
  const uint8_t *data[1];
  size_t lens[1];
  int flags[1] = {FIO_SECRET};
  cli_file files[3];
  int rc;
  char what[64];

  rc = cli_parse("decaps", argc, argv, opts, sizeof opts / sizeof opts[0]);
  if (rc < 0) {
    fputs(usage, stdout);
    return CLI_OK;
  }
  if (rc != CLI_OK) return rc;
  if (alg != NULL && (kalg = cli_alg("decaps", alg, NULL)) == NULL)
    return CLI_USAGE;
  if (in == NULL || ct_path == NULL || ss_path == NULL) {
    cli_usage_error("decaps", "give -i KEYFILE, --ct FILE and --secret FILE");
    return CLI_USAGE;
  }
  if (in[0] == '-' && in[1] == '\0' && ct_path[0] == '-' &&
      ct_path[1] == '\0') {
    cli_usage_error("decaps",
                    "the key and the ciphertext cannot both come from "
                    "standard input");
    return CLI_USAGE;
  }
  files[0] = (cli_file){in, "-i", 0};
  files[1] = (cli_file){ct_path, "--ct", 0};
  files[2] = (cli_file){ss_path, "--secret", 1};
  if (cli_check_files("decaps", files, 3) != CLI_OK) return CLI_USAGE;
  if (cli_load_key("decaps", in, kalg, &key) != CLI_OK) return CLI_FAIL;
  if (key.type == MLKEM_KEYFILE_PUBLIC) {
    cli_error("decaps",
              "%s: a public key cannot decapsulate; give the "
              "private key",
              cli_display_name(in));
    mlkem_keyfile_wipe(&key);
    return CLI_FAIL;
  }
  scheme = cli_scheme_of(key.alg);
  snprintf(what, sizeof what, "%s ciphertext", key.alg->name);
  if (cli_load_bytes("decaps", ct_path, what, scheme->ct_bytes(&key), ct) !=
      CLI_OK) {
    mlkem_keyfile_wipe(&key);
    return CLI_FAIL;
  }
  rc = scheme->decaps(ss, ct, &key);
  mlkem_keyfile_wipe(&key);
  if (rc != 0) {
    cli_error("decaps", "decapsulation failed: %s", mlkem_strerror(rc));
    return CLI_FAIL;
  }
  if (hex) {
    cli_hex(ss, sizeof ss, ss_hex);
    data[0] = (const uint8_t *)ss_hex;
    lens[0] = sizeof ss_hex;
  } else {
    data[0] = ss;
    lens[0] = sizeof ss;
  }
  rc = cli_write_outputs("decaps", outs, 1, &ss_path, data, lens, flags);
  mlkem_zeroize(ss, sizeof ss);
  mlkem_zeroize(ss_hex, sizeof ss_hex);
  return rc;
}
