/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * cmd_pubkey.c - mlkem pubkey: the public key of a private key.
 */
#include <stdio.h>

#include "cli.h"

static const char usage[] =
    "usage: mlkem pubkey -i KEYFILE -o FILE [--outform pem|der|raw] [-a ALG]\n"
    "\n"
    "Writes the public key (SubjectPublicKeyInfo, or the raw FIPS 203 ek) of\n"
    "a private key. KEYFILE may be PEM, DER or raw ('-' for standard input);\n"
    "a public key is accepted too and written again.\n"
    "\n"
    "  -i, --in KEYFILE     the private key\n"
    "  -o, --out FILE       the public key ('-' for standard output)\n"
    "  --outform ENC        pem (default), der or raw (Kyber: raw only)\n"
    "  -a, --algorithm ALG  the algorithm of a raw seed or of a raw round-3\n"
    "                       Kyber key; otherwise the key must be of it\n";

int cmd_pubkey(int argc, char **argv) {
  const char *alg = NULL, *in = NULL, *out = NULL, *outform = NULL;
  const cli_option opts[] = {
      {"--algorithm", "-a", &alg, NULL},
      {"--in", "-i", &in, NULL},
      {"--out", "-o", &out, NULL},
      {"--outform", NULL, &outform, NULL},
  };
  static mlkem_keyfile_key key;
  static uint8_t pub[MLKEM_KEYFILE_MAX_PEM];
  const mlkem_keyfile_alg *kalg = NULL;
  fio_output outs[1];
  const uint8_t *data[1];
  size_t lens[1];
  int flags[1] = {FIO_PUBLIC};
  cli_file files[2];
  int rc, enc;

  rc = cli_parse("pubkey", argc, argv, opts, sizeof opts / sizeof opts[0]);
  if (rc < 0) {
    fputs(usage, stdout);
    return CLI_OK;
  }
  if (rc != CLI_OK) return rc;
  if (alg != NULL && (kalg = cli_alg("pubkey", alg, NULL)) == NULL)
    return CLI_USAGE;
  if ((enc = cli_outform("pubkey", outform, kalg)) < 0) return CLI_USAGE;
  if (in == NULL || out == NULL) {
    cli_usage_error("pubkey", "give -i KEYFILE and -o FILE");
    return CLI_USAGE;
  }
  files[0] = (cli_file){in, "-i", 0};
  files[1] = (cli_file){out, "-o", 1};
  if (cli_check_files("pubkey", files, 2) != CLI_OK) return CLI_USAGE;
  if (cli_load_key("pubkey", in, kalg, &key) != CLI_OK) return CLI_FAIL;
  rc = cli_encode_key("pubkey", &key, MLKEM_KEYFILE_PUBLIC, enc, pub, &lens[0]);
  mlkem_keyfile_wipe(&key);
  if (rc != CLI_OK) return rc;
  data[0] = pub;
  return cli_write_outputs("pubkey", outs, 1, &out, data, lens, flags);
}
