/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * cmd_hpke.c - mlkem hpke seal|open: single-shot HPKE (@spec{RFC9180, sec.
 * 6}, mlkem_hpke.h) from standard input to standard output. The message is
 * enc || ciphertext, the layout Go's crypto/hpke Seal and Open use.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "mlkem_hpke.h"
#include "platform/ct.h"

/* The longest plaintext (and so message, plus enc and the tag): the whole
 * input is held in memory, twice. */
#define CLI_HPKE_MAX_PLAINTEXT ((size_t)64 << 20)
#define CLI_HPKE_MAX_MESSAGE \
  (CLI_HPKE_MAX_PLAINTEXT + MLKEM_HPKE_MAX_ENC_BYTES + MLKEM_HPKE_TAG_BYTES)

static const char usage_top[] =
    "usage: mlkem hpke seal -i PUBFILE --kdf KDF --aead AEAD [OPTIONS]\n"
    "       mlkem hpke open -i KEYFILE --kdf KDF --aead AEAD [OPTIONS]\n"
    "\n"
    "Single-shot HPKE (RFC 9180; ML-KEM and X-Wing by draft-ietf-hpke-pq):\n"
    "'seal' encrypts standard input to the public key in PUBFILE and writes\n"
    "the message enc || ciphertext on standard output; 'open' reads such a\n"
    "message on standard input and writes the plaintext. The layout is\n"
    "that of Go's crypto/hpke Seal and Open. See 'mlkem hpke seal --help'.\n";

static const char usage_body[] =
    "\n"
    "  -i, --in FILE        the key: ML-KEM-512/768/1024 or X-Wing, PEM,\n"
    "                       DER or raw ('-' for standard input). seal takes\n"
    "                       a public key (or a private key's public key);\n"
    "                       open a private key with its seed\n"
    "  -a, --algorithm ALG  the KEM of a raw seed (64 bytes ML-KEM, 32\n"
    "                       X-Wing); otherwise the key must be of it\n"
    "  --kdf KDF            HKDF-SHA256, HKDF-SHA384, HKDF-SHA512, SHAKE128,\n"
    "                       SHAKE256, TurboSHAKE128 or TurboSHAKE256\n"
    "  --aead AEAD          AES-128-GCM, AES-256-GCM or ChaCha20-Poly1305\n"
    "  --info HEX           the application's info (default empty)\n"
    "  --aad HEX            associated data (default none)\n"
    "  --psk HEX            PSK mode: the pre-shared key (32 bytes or more\n"
    "  --psk-id HEX         of entropy) and its identifier, both or neither\n"
    "\n"
    "The plaintext is at most 64 MiB; with a one-stage KDF (SHAKE,\n"
    "TurboSHAKE) info, psk and psk-id are at most 65,535 bytes each. A\n"
    "message that does not open (another key, suite, info, aad or PSK;\n"
    "truncated or altered) is an error, and nothing is written.\n";

/* A --info/--aad/--psk/--psk-id value: hex (either case, even length) into
 * a heap buffer (*out, *len; NULL value: empty). Prints a usage error and
 * returns CLI_USAGE otherwise. */
static int hex_option(const char *cmd, const char *opt, const char *value,
                      uint8_t **out, size_t *len) {
  size_t n;
  *out = NULL;
  *len = 0;
  if (value == NULL) return CLI_OK;
  n = strlen(value);
  if (n % 2 != 0) {
    cli_usage_error(cmd, "%s: an odd number of hex digits", opt);
    return CLI_USAGE;
  }
  if (n == 0) return CLI_OK;
  if ((*out = malloc(n / 2)) == NULL) {
    cli_error(cmd, "out of memory");
    return CLI_FAIL;
  }
  if (cli_unhex(value, n / 2, *out) != 0) {
    mlkem_zeroize(*out, n / 2);
    free(*out);
    *out = NULL;
    cli_usage_error(cmd, "%s: not hex", opt);
    return CLI_USAGE;
  }
  *len = n / 2;
  return CLI_OK;
}

static void free_secret(uint8_t *p, size_t len) {
  if (p == NULL) return;
  mlkem_zeroize(p, len);
  free(p);
}

/* The byte strings of the options. */
typedef struct {
  uint8_t *info, *aad, *psk, *psk_id;
  size_t info_len, aad_len, psk_len, psk_id_len;
} hpke_inputs;

static void inputs_free(hpke_inputs *in) {
  free_secret(in->info, in->info_len);
  free_secret(in->aad, in->aad_len);
  free_secret(in->psk, in->psk_len);
  free_secret(in->psk_id, in->psk_id_len);
}

/* Loads the key file and imports it for HPKE: into *pub (seal) or *priv
 * (open). Prints the error and returns CLI_FAIL otherwise. */
static int load_hpke_key(const char *cmd, const char *path,
                         const mlkem_keyfile_alg *kalg, int open, uint16_t *kem,
                         mlkem_hpke_public_key *pub,
                         mlkem_hpke_private_key *priv) {
  static mlkem_keyfile_key key;
  size_t pk_bytes, sk_bytes;
  int rc;
  if (cli_load_key(cmd, path, kalg, &key) != CLI_OK) return CLI_FAIL;
  if (mlkem_hpke_kem_by_name(key.alg->name, kem) != 0 ||
      mlkem_hpke_kem_sizes(*kem, &pk_bytes, &sk_bytes, NULL) != 0) {
    cli_error(cmd, "%s: %s keys have no HPKE KEM", cli_display_name(path),
              key.alg->name);
    mlkem_keyfile_wipe(&key);
    return CLI_FAIL;
  }
  if (!open) {
    rc = mlkem_hpke_public_key_import(pub, *kem, key.ek, pk_bytes);
  } else if (key.type == MLKEM_KEYFILE_PUBLIC) {
    cli_error(cmd, "%s: a public key cannot open; give the private key",
              cli_display_name(path));
    mlkem_keyfile_wipe(&key);
    return CLI_FAIL;
  } else if (key.type == MLKEM_KEYFILE_EXPANDED) {
    /* @spec{HPKE-PQ, sec. 3}: the HPKE private key is the seed. */
    cli_error(cmd,
              "%s: the key has no seed (expanded form only), and HPKE's "
              "private key is the seed",
              cli_display_name(path));
    mlkem_keyfile_wipe(&key);
    return CLI_FAIL;
  } else {
    rc = mlkem_hpke_private_key_import(priv, *kem, key.seed, sk_bytes);
  }
  mlkem_keyfile_wipe(&key);
  if (rc != 0) {
    cli_error(cmd, "%s: %s", cli_display_name(path), mlkem_hpke_strerror(rc));
    return CLI_FAIL;
  }
  return CLI_OK;
}

/* Seals pt under the suite to *pub: the message enc || ct into a new heap
 * buffer. */
static int do_seal(const char *cmd, mlkem_hpke_suite suite,
                   const mlkem_hpke_public_key *pub, const hpke_inputs *in,
                   const mlkem_hpke_psk *psk, const uint8_t *pt, size_t pt_len,
                   uint8_t **msg, size_t *msg_len) {
  size_t enc_bytes;
  int rc;
  if (pt_len > CLI_HPKE_MAX_PLAINTEXT) {
    cli_error(cmd, "standard input is too large (more than %zu bytes)",
              CLI_HPKE_MAX_PLAINTEXT);
    return CLI_FAIL;
  }
  if (mlkem_hpke_kem_sizes(suite.kem, NULL, NULL, &enc_bytes) != 0)
    return CLI_FAIL;
  *msg_len = enc_bytes + pt_len + MLKEM_HPKE_TAG_BYTES;
  if ((*msg = malloc(*msg_len)) == NULL) {
    cli_error(cmd, "out of memory");
    return CLI_FAIL;
  }
  rc = mlkem_hpke_seal(suite, *msg, enc_bytes, *msg + enc_bytes,
                       *msg_len - enc_bytes, pub, in->info, in->info_len,
                       in->aad, in->aad_len, pt, pt_len, psk, NULL);
  if (rc != 0) {
    cli_error(cmd, "cannot seal: %s", mlkem_hpke_strerror(rc));
    free(*msg);
    *msg = NULL;
    return CLI_FAIL;
  }
  return CLI_OK;
}

/* Opens the message enc || ct with *priv: the plaintext into a new heap
 * buffer. */
static int do_open(const char *cmd, mlkem_hpke_suite suite,
                   const mlkem_hpke_private_key *priv, const hpke_inputs *in,
                   const mlkem_hpke_psk *psk, const uint8_t *msg,
                   size_t msg_len, uint8_t **pt, size_t *pt_len) {
  size_t enc_bytes;
  int rc;
  if (mlkem_hpke_kem_sizes(suite.kem, NULL, NULL, &enc_bytes) != 0)
    return CLI_FAIL;
  if (msg_len < enc_bytes + MLKEM_HPKE_TAG_BYTES) {
    cli_error(cmd,
              "the message is truncated: %zu bytes, less than the %zu-byte "
              "%s encapsulation and the %d-byte tag",
              msg_len, enc_bytes, mlkem_hpke_kem_name(suite.kem),
              MLKEM_HPKE_TAG_BYTES);
    return CLI_FAIL;
  }
  *pt_len = msg_len - enc_bytes - MLKEM_HPKE_TAG_BYTES;
  /* One byte more, so that an empty plaintext is a valid buffer too. */
  if ((*pt = malloc(*pt_len + 1)) == NULL) {
    cli_error(cmd, "out of memory");
    return CLI_FAIL;
  }
  rc = mlkem_hpke_open(suite, *pt, *pt_len, priv, msg, enc_bytes, in->info,
                       in->info_len, in->aad, in->aad_len, msg + enc_bytes,
                       msg_len - enc_bytes, psk, NULL);
  if (rc != 0) {
    free_secret(*pt, *pt_len + 1);
    *pt = NULL;
    if (rc == MLKEM_ERR_AEAD_TAG)
      cli_error(cmd,
                "the message does not open: it was not sealed to this key "
                "with this suite, info, aad and PSK, or it was altered");
    else
      cli_error(cmd, "cannot open: %s", mlkem_hpke_strerror(rc));
    return CLI_FAIL;
  }
  return CLI_OK;
}

/* mlkem hpke seal|open after the subcommand: argv[0] is "seal" or "open". */
static int hpke_run(const char *cmd, int open, int argc, char **argv) {
  const char *alg = NULL, *in_path = NULL, *kdf = NULL, *aead = NULL;
  const char *info = NULL, *aad = NULL, *psk = NULL, *psk_id = NULL;
  const cli_option opts[] = {
      {"--algorithm", "-a", &alg, NULL}, {"--in", "-i", &in_path, NULL},
      {"--kdf", NULL, &kdf, NULL},       {"--aead", NULL, &aead, NULL},
      {"--info", NULL, &info, NULL},     {"--aad", NULL, &aad, NULL},
      {"--psk", NULL, &psk, NULL},       {"--psk-id", NULL, &psk_id, NULL},
  };
  static mlkem_hpke_public_key pub;
  static mlkem_hpke_private_key priv;
  const mlkem_keyfile_alg *kalg = NULL;
  mlkem_hpke_suite suite = {0, 0, 0};
  mlkem_hpke_psk psk_in;
  hpke_inputs in;
  uint8_t *input = NULL, *output = NULL;
  size_t input_len = 0, output_len = 0;
  char msg[FIO_ERR_MAX];
  fio_output outs[1];
  const char *out_path = "-";
  int flags[1] = {FIO_SECRET};
  int rc;

  memset(&in, 0, sizeof in);
  rc = cli_parse(cmd, argc, argv, opts, sizeof opts / sizeof opts[0]);
  if (rc < 0) {
    printf(
        "usage: mlkem %s -i %s --kdf KDF --aead AEAD [-a ALG]\n"
        "         [--info HEX] [--aad HEX] [--psk HEX --psk-id HEX]\n"
        "         < %s > %s\n\n%s",
        cmd, open ? "KEYFILE" : "PUBFILE", open ? "MESSAGE" : "PLAINTEXT",
        open ? "PLAINTEXT" : "MESSAGE",
        open ? "Opens the message enc || ciphertext on standard input "
               "and writes the\nplaintext on standard output.\n"
             : "Seals standard input to the public key and writes the "
               "message\nenc || ciphertext on standard output.\n");
    fputs(usage_body, stdout);
    return CLI_OK;
  }
  if (rc != CLI_OK) return rc;
  if (alg != NULL && (kalg = cli_alg(cmd, alg, NULL)) == NULL) return CLI_USAGE;
  if (in_path == NULL || kdf == NULL || aead == NULL) {
    cli_usage_error(cmd, "give -i %s, --kdf KDF and --aead AEAD",
                    open ? "KEYFILE" : "PUBFILE");
    return CLI_USAGE;
  }
  if (strcmp(in_path, "-") == 0) {
    cli_usage_error(cmd,
                    "the key cannot come from standard input, which "
                    "carries the %s",
                    open ? "message" : "plaintext");
    return CLI_USAGE;
  }
  if (mlkem_hpke_kdf_by_name(kdf, &suite.kdf) != 0) {
    cli_usage_error(cmd,
                    "unknown KDF '%s' (use HKDF-SHA256, HKDF-SHA384, "
                    "HKDF-SHA512, SHAKE128, SHAKE256, TurboSHAKE128 or "
                    "TurboSHAKE256)",
                    kdf);
    return CLI_USAGE;
  }
  if (mlkem_hpke_aead_by_name(aead, &suite.aead) != 0 ||
      suite.aead == MLKEM_HPKE_AEAD_EXPORT_ONLY) {
    cli_usage_error(cmd,
                    "%s AEAD '%s' (use AES-128-GCM, AES-256-GCM or "
                    "ChaCha20-Poly1305)",
                    suite.aead == MLKEM_HPKE_AEAD_EXPORT_ONLY
                        ? "no encryption with the"
                        : "unknown",
                    aead);
    return CLI_USAGE;
  }
  if ((psk == NULL) != (psk_id == NULL) || (psk != NULL && psk[0] == '\0') ||
      (psk_id != NULL && psk_id[0] == '\0')) {
    cli_usage_error(cmd, "PSK mode needs both --psk and --psk-id, not empty");
    return CLI_USAGE;
  }
  if ((rc = hex_option(cmd, "--info", info, &in.info, &in.info_len)) !=
          CLI_OK ||
      (rc = hex_option(cmd, "--aad", aad, &in.aad, &in.aad_len)) != CLI_OK ||
      (rc = hex_option(cmd, "--psk", psk, &in.psk, &in.psk_len)) != CLI_OK ||
      (rc = hex_option(cmd, "--psk-id", psk_id, &in.psk_id, &in.psk_id_len)) !=
          CLI_OK) {
    inputs_free(&in);
    return rc;
  }
  psk_in.psk = in.psk;
  psk_in.psk_len = in.psk_len;
  psk_in.psk_id = in.psk_id;
  psk_in.psk_id_len = in.psk_id_len;

  rc = load_hpke_key(cmd, in_path, kalg, open, &suite.kem, &pub, &priv);
  if (rc == CLI_OK && mlkem_hpke_suite_check(suite) != 0) {
    cli_error(cmd, "this build has no %s", mlkem_hpke_aead_name(suite.aead));
    rc = CLI_FAIL;
  }
  if (rc == CLI_OK &&
      fio_read("-", open ? CLI_HPKE_MAX_MESSAGE : CLI_HPKE_MAX_PLAINTEXT,
               &input, &input_len, msg) != 0) {
    cli_error(cmd, "%s", msg);
    rc = CLI_FAIL;
  }
  if (rc == CLI_OK)
    rc = open ? do_open(cmd, suite, &priv, &in, psk != NULL ? &psk_in : NULL,
                        input, input_len, &output, &output_len)
              : do_seal(cmd, suite, &pub, &in, psk != NULL ? &psk_in : NULL,
                        input, input_len, &output, &output_len);
  if (rc == CLI_OK)
    rc = cli_write_outputs(cmd, outs, 1, &out_path,
                           (const uint8_t *const *)&output, &output_len, flags);
  if (input != NULL) fio_free(input, input_len);
  free_secret(output, output_len);
  inputs_free(&in);
  mlkem_hpke_public_key_wipe(&pub);
  mlkem_hpke_private_key_wipe(&priv);
  return rc;
}

int cmd_hpke(int argc, char **argv) {
  if (argc < 2 || strcmp(argv[1], "--help") == 0 ||
      strcmp(argv[1], "-h") == 0) {
    fputs(usage_top, argc < 2 ? stderr : stdout);
    return argc < 2 ? CLI_USAGE : CLI_OK;
  }
  if (strcmp(argv[1], "seal") == 0)
    return hpke_run("hpke seal", 0, argc - 1, argv + 1);
  if (strcmp(argv[1], "open") == 0)
    return hpke_run("hpke open", 1, argc - 1, argv + 1);
  cli_usage_error("hpke", "unknown subcommand '%s' (use seal or open)",
                  argv[1]);
  return CLI_USAGE;
}
