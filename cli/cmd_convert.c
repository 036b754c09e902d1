/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * cmd_convert.c - mlkem convert: a key file in another form or encoding.
 */
#include <stdio.h>

#include "cli.h"
#include "platform/ct.h"

static const char usage[] =
    "usage: mlkem convert -i KEYFILE -o FILE [--format seed|expanded|both]\n"
    "                     [--outform pem|der|raw] [-a ALG] [--force]\n"
    "\n"
    "Reads a private or public key (PEM, DER or raw; '-' for standard input),\n"
    "checks it, and writes it again. Private keys are written with mode 0600,\n"
    "and never over an existing FILE unless --force is given.\n"
    "\n"
    "  -i, --in KEYFILE     the key\n"
    "  -o, --out FILE       the result ('-' for standard output)\n"
    "  --format FORM        private keys: seed, expanded or both (default: "
    "the\n"
    "                       form read; a key read without its seed can only\n"
    "                       be written expanded)\n"
    "  --outform ENC        pem (default), der or raw (Kyber: raw only)\n"
    "  -a, --algorithm ALG  the algorithm of a raw seed or of a raw round-3\n"
    "                       Kyber key; otherwise the key must be of it\n"
    "  --force              replace FILE with a private key if it exists\n";

int cmd_convert(int argc, char **argv) {
  const char *alg = NULL, *in = NULL, *out = NULL, *format = NULL,
             *outform = NULL;
  int force = 0;
  const cli_option opts[] = {
      {"--algorithm", "-a", &alg, NULL},   {"--in", "-i", &in, NULL},
      {"--out", "-o", &out, NULL},         {"--format", NULL, &format, NULL},
      {"--outform", NULL, &outform, NULL}, {"--force", NULL, NULL, &force},
  };
  static mlkem_keyfile_key key;
  static uint8_t buf[MLKEM_KEYFILE_MAX_PEM];
  const mlkem_keyfile_alg *kalg = NULL;
  fio_output outs[1];
  const uint8_t *data[1];
  size_t lens[1];
  int flags[1];
  cli_file files[2];
  int rc, form, enc;

  rc = cli_parse("convert", argc, argv, opts, sizeof opts / sizeof opts[0]);
  if (rc < 0) {
    fputs(usage, stdout);
    return CLI_OK;
  }
  if (rc != CLI_OK) return rc;
  if (alg != NULL && (kalg = cli_alg("convert", alg, NULL)) == NULL)
    return CLI_USAGE;
  if ((form = cli_choice("convert", "--format", format, cli_form_names, -2)) ==
          -1 ||
      (enc = cli_outform("convert", outform, kalg)) < 0)
    return CLI_USAGE;
  if (cli_check_form("convert", kalg,
                     form >= 0 ? form + MLKEM_KEYFILE_SEED : -1, enc) != CLI_OK)
    return CLI_USAGE;
  if (in == NULL || out == NULL) {
    cli_usage_error("convert", "give -i KEYFILE and -o FILE");
    return CLI_USAGE;
  }
  files[0] = (cli_file){in, "-i", 0};
  files[1] = (cli_file){out, "-o", 1};
  if (cli_check_files("convert", files, 2) != CLI_OK) return CLI_USAGE;
  if (cli_load_key("convert", in, kalg, &key) != CLI_OK) return CLI_FAIL;
  if (key.type == MLKEM_KEYFILE_PUBLIC) {
    if (form >= 0) {
      cli_error("convert", "%s: a public key has no --format",
                cli_display_name(in));
      mlkem_keyfile_wipe(&key);
      return CLI_FAIL;
    }
    form = MLKEM_KEYFILE_PUBLIC;
    flags[0] = FIO_PUBLIC;
  } else {
    form = form >= 0 ? form + MLKEM_KEYFILE_SEED : (int)key.type;
    flags[0] = cli_key_output_flags(force);
    if (cli_check_new_key("convert", out, force) != CLI_OK) {
      mlkem_keyfile_wipe(&key);
      return CLI_FAIL;
    }
  }
  rc = cli_encode_key("convert", &key, form, enc, buf, &lens[0]);
  mlkem_keyfile_wipe(&key);
  if (rc == CLI_OK) {
    data[0] = buf;
    rc = cli_write_outputs("convert", outs, 1, &out, data, lens, flags);
  }
  mlkem_zeroize(buf, sizeof buf);
  return rc;
}
