/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * cmd_encaps.c - mlkem encaps: a ciphertext and a shared secret for a
 * public key.
 */
#include <stdio.h>

#include "cli.h"
#include "platform/ct.h"

static const char usage[] =
    "usage: mlkem encaps -i PUBFILE --ct FILE --secret FILE [--hex] [-a ALG]\n"
    "\n"
    "Encapsulates against the public key in PUBFILE (PEM, DER or raw; a\n"
    "private key is accepted too and its public key used): writes the\n"
    "ciphertext to send and the 32-byte shared secret (mode 0600). Both are\n"
    "written, or neither.\n"
    "\n"
    "  -i, --in PUBFILE     the public key ('-' for standard input)\n"
    "  --ct FILE            the ciphertext ('-' for standard output)\n"
    "  --secret FILE        the shared secret ('-' for standard output)\n"
    "  --hex                write both as a line of hex instead of raw bytes\n"
    "  -a, --algorithm ALG  the algorithm of a raw round-3 Kyber key (which\n"
    "                       says nothing); otherwise the key must be of it\n";

int cmd_encaps(int argc, char **argv) {
  const char *alg = NULL, *in = NULL, *ct_path = NULL, *ss_path = NULL;
  int hex = 0;
  const cli_option opts[] = {
      {"--algorithm", "-a", &alg, NULL}, {"--in", "-i", &in, NULL},
      {"--ct", NULL, &ct_path, NULL},    {"--secret", NULL, &ss_path, NULL},
      {"--hex", NULL, NULL, &hex},
  };
  static mlkem_keyfile_key key;
  uint8_t ct[CLI_MAX_CT_BYTES], ss[MLKEM_SS_BYTES];
  char ct_hex[2 * CLI_MAX_CT_BYTES + 1], ss_hex[2 * MLKEM_SS_BYTES + 1];
  const mlkem_keyfile_alg *kalg = NULL;
  const cli_scheme *scheme;
  size_t ct_bytes;
  fio_output outs[2];
  const char *paths[2];
  const uint8_t *data[2];
  size_t lens[2];
  int flags[2] = {FIO_PUBLIC, FIO_SECRET};
  cli_file files[3];
  int rc;

  rc = cli_parse("encaps", argc, argv, opts, sizeof opts / sizeof opts[0]);
  if (rc < 0) {
    fputs(usage, stdout);
    return CLI_OK;
  }
  if (rc != CLI_OK) return rc;
  if (alg != NULL && (kalg = cli_alg("encaps", alg, NULL)) == NULL)
    return CLI_USAGE;
  if (in == NULL || ct_path == NULL || ss_path == NULL) {
    cli_usage_error("encaps", "give -i PUBFILE, --ct FILE and --secret FILE");
    return CLI_USAGE;
  }
  files[0] = (cli_file){in, "-i", 0};
  files[1] = (cli_file){ct_path, "--ct", 1};
  files[2] = (cli_file){ss_path, "--secret", 1};
  if (cli_check_files("encaps", files, 3) != CLI_OK) return CLI_USAGE;
  if (cli_load_key("encaps", in, kalg, &key) != CLI_OK) return CLI_FAIL;
  scheme = cli_scheme_of(key.alg);
  ct_bytes = scheme->ct_bytes(&key);
  rc = scheme->encaps(ct, ss, &key);
  if (rc != 0) {
    cli_error("encaps", "encapsulation failed: %s", mlkem_strerror(rc));
    mlkem_keyfile_wipe(&key);
    return CLI_FAIL;
  }
  paths[0] = ct_path;
  paths[1] = ss_path;
  if (hex) {
    cli_hex(ct, ct_bytes, ct_hex);
    cli_hex(ss, sizeof ss, ss_hex);
    data[0] = (const uint8_t *)ct_hex;
    data[1] = (const uint8_t *)ss_hex;
    lens[0] = 2 * ct_bytes + 1;
    lens[1] = 2 * sizeof ss + 1;
  } else {
    data[0] = ct;
    data[1] = ss;
    lens[0] = ct_bytes;
    lens[1] = sizeof ss;
  }
  rc = cli_write_outputs("encaps", outs, 2, paths, data, lens, flags);
  mlkem_keyfile_wipe(&key);
  mlkem_zeroize(ss, sizeof ss);
  mlkem_zeroize(ss_hex, sizeof ss_hex);
  return rc;
}
