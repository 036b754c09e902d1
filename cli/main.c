/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * main.c - the `mlkem` command: dispatch to the commands of cli/cmd_*.c.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"

typedef struct {
  const char *name;
  int (*run)(int argc, char **argv);
  const char *summary;
} command;

static const command commands[] = {
    {"keygen", cmd_keygen, "generate a private key"},
    {"pubkey", cmd_pubkey, "write the public key of a private key"},
    {"encaps", cmd_encaps, "make a ciphertext and a shared secret"},
    {"decaps", cmd_decaps, "recover the shared secret of a ciphertext"},
    {"hpke", cmd_hpke, "encrypt to a public key, decrypt: HPKE seal, open"},
    {"check", cmd_check, "validate a key file and say what it is"},
    {"convert", cmd_convert, "rewrite a key in another form or encoding"},
    {"demo", cmd_demo, "run a complete exchange for every parameter set"},
    {"bench", cmd_bench,
     "time keygen, encaps, decaps and expanded keys; --threads"},
    {"acvp", cmd_acvp, "answer a NIST ACVP test-vector request"},
};
#define NCOMMANDS (sizeof commands / sizeof commands[0])

static void usage(FILE *f) {
  size_t i;
  fprintf(f,
          "usage: mlkem COMMAND [OPTIONS]\n"
          "       mlkem COMMAND --help\n"
          "       mlkem --version\n"
          "\n"
          "ML-KEM (FIPS 203) from the shell. Key files are PKCS#8 and\n"
          "SubjectPublicKeyInfo (PEM or DER) as OpenSSL, BoringSSL, Go and\n"
          "pyca/cryptography read and write them; raw FIPS 203 bytes are\n"
          "read too. Also the hybrid X-Wing (-a X-Wing, its draft's key\n"
          "files) and, for old systems, round-3 Kyber (-a Kyber768 and the\n"
          "others; raw keys only).\n"
          "\n"
          "commands:\n");
  for (i = 0; i < NCOMMANDS; i++)
    fprintf(f, "  %-8s %s\n", commands[i].name, commands[i].summary);
  fprintf(f,
          "\n"
          "example:\n"
          "  mlkem keygen -o alice.key\n"
          "  mlkem pubkey -i alice.key -o alice.pub\n"
          "  mlkem encaps -i alice.pub --ct msg.ct --secret bob.secret\n"
          "  mlkem decaps -i alice.key --ct msg.ct --secret alice.secret\n");
}

static const command *find(const char *name) {
  size_t i;
  for (i = 0; i < NCOMMANDS; i++)
    if (strcmp(name, commands[i].name) == 0) return &commands[i];
  return NULL;
}

int main(int argc, char **argv) {
  const command *c;
  if (argc < 2) {
    usage(stderr);
    return CLI_USAGE;
  }
  if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
      (strcmp(argv[1], "help") == 0 && argc == 2)) {
    usage(stdout);
    return CLI_OK;
  }
  if (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "version") == 0) {
    printf("mlkem %s (library %s, backend %s)\n", MLKEM_VERSION_STRING,
           mlkem_version(), mlkem_backend_name());
    return CLI_OK;
  }
  if (strcmp(argv[1], "help") == 0) {
    /* mlkem help COMMAND: that command's --help. */
    char help[] = "--help";
    char *args[2];
    if ((c = find(argv[2])) == NULL) {
      fprintf(stderr, "mlkem: unknown command '%s' (see 'mlkem --help')\n",
              argv[2]);
      return CLI_USAGE;
    }
    args[0] = argv[2];
    args[1] = help;
    return c->run(2, args);
  }
  if ((c = find(argv[1])) == NULL) {
    fprintf(stderr, "mlkem: unknown command '%s' (see 'mlkem --help')\n",
            argv[1]);
    return CLI_USAGE;
  }
  return c->run(argc - 1, argv + 1);
}
