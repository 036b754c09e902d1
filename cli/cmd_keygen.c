/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * cmd_keygen.c - mlkem keygen: a new private key (and optionally its
 * public key) from a fresh seed (64 bytes; X-Wing's 32).
 */
#include <stdio.h>

#include "cli.h"
#include "platform/ct.h"
#include "random.h"

static const char usage[] =
    "usage: mlkem keygen [-a ALG] -o FILE [--format seed|expanded|both]\n"
    "                    [--outform pem|der|raw] [--pubout FILE] [--force]\n"
    "\n"
    "Generates a private key and writes it to FILE ('-' for standard output)\n"
    "with mode 0600. An existing FILE is not replaced unless --force is\n"
    "given.\n"
    "\n"
    "  -a, --algorithm ALG  ML-KEM-512, ML-KEM-768 (default), ML-KEM-1024;\n"
    "                       X-Wing; or round-3 Kyber512, Kyber768, Kyber1024,\n"
    "                       Kyber512-90s, Kyber768-90s, Kyber1024-90s\n"
    "  -o, --out FILE       the private key\n"
    "  --format FORM        what the PKCS#8 privateKey holds: seed (default;\n"
    "                       64 bytes, as BoringSSL, Go and pyca write),\n"
    "                       expanded (the FIPS 203 dk) or both (as OpenSSL\n"
    "                       writes). X-Wing: seed only (32 bytes). Kyber:\n"
    "                       expanded (default: the round-3 sk) or seed\n"
    "  --outform ENC        pem (default), der, or raw (the bare seed or dk);\n"
    "                       Kyber: raw only (no standard OID exists)\n"
    "  --pubout FILE        also write the public key (SubjectPublicKeyInfo,\n"
    "                       same encoding)\n"
    "  --force              replace FILE if it exists (the key in it is "
    "lost)\n";

int cmd_keygen(int argc, char **argv) {
  const char *alg = NULL, *out = NULL, *format = NULL, *outform = NULL,
             *pubout = NULL;
  int force = 0;
  const cli_option opts[] = {
      {"--algorithm", "-a", &alg, NULL}, {"--out", "-o", &out, NULL},
      {"--format", NULL, &format, NULL}, {"--outform", NULL, &outform, NULL},
      {"--pubout", NULL, &pubout, NULL}, {"--force", NULL, NULL, &force},
  };
  static mlkem_keyfile_key key;
  static uint8_t priv[MLKEM_KEYFILE_MAX_PEM], pub[MLKEM_KEYFILE_MAX_PEM];
  uint8_t seed[MLKEM_KEYFILE_MAX_SEED_BYTES];
  const mlkem_keyfile_alg *kalg;
  fio_output outs[2];
  const char *paths[2];
  const uint8_t *data[2];
  size_t lens[2];
  int flags[2];
  cli_file files[2];
  int rc, form, enc;
  mlkem_keyfile_error err;

  rc = cli_parse("keygen", argc, argv, opts, sizeof opts / sizeof opts[0]);
  if (rc < 0) {
    fputs(usage, stdout);
    return CLI_OK;
  }
  if (rc != CLI_OK) return rc;
  kalg = cli_alg("keygen", alg, mlkem_keyfile_alg_by_name("ML-KEM-768"));
  if (kalg == NULL) return CLI_USAGE;
  if ((form = cli_choice("keygen", "--format", format, cli_form_names,
                         (int)(cli_scheme_of(kalg)->default_form -
                               MLKEM_KEYFILE_SEED))) < 0 ||
      (enc = cli_outform("keygen", outform, kalg)) < 0)
    return CLI_USAGE;
  form += MLKEM_KEYFILE_SEED;
  if (cli_check_form("keygen", kalg, form, enc) != CLI_OK) return CLI_USAGE;
  if (out == NULL) {
    cli_usage_error("keygen",
                    "no output: give -o FILE ('-' for standard output)");
    return CLI_USAGE;
  }
  files[0] = (cli_file){out, "-o", 1};
  files[1] = (cli_file){pubout, "--pubout", 1};
  if (cli_check_files("keygen", files, 2) != CLI_OK) return CLI_USAGE;
  if (cli_check_new_key("keygen", out, force) != CLI_OK) return CLI_FAIL;
  flags[0] = cli_key_output_flags(force);
  flags[1] = FIO_PUBLIC;

  if (cli_random(seed, kalg->seed_bytes) != 0) {
    cli_error("keygen", "the operating system's random source failed");
    return CLI_FAIL;
  }
  rc = mlkem_keyfile_from_raw(&key, kalg, MLKEM_KEYFILE_SEED, seed,
                              kalg->seed_bytes, &err);
  mlkem_zeroize(seed, sizeof seed);
  if (rc != MLKEM_KEYFILE_OK) {
    cli_error("keygen", "%s", err.msg);
    return CLI_FAIL;
  }
  rc = cli_encode_key("keygen", &key, form, enc, priv, &lens[0]);
  if (rc == CLI_OK && pubout != NULL)
    rc = cli_encode_key("keygen", &key, MLKEM_KEYFILE_PUBLIC, enc, pub,
                        &lens[1]);
  if (rc == CLI_OK) {
    paths[0] = out;
    paths[1] = pubout;
    data[0] = priv;
    data[1] = pub;
    rc = cli_write_outputs("keygen", outs, pubout != NULL ? 2 : 1, paths, data,
                           lens, flags);
  }
  mlkem_keyfile_wipe(&key);
  mlkem_zeroize(priv, sizeof priv);
  return rc;
}
