/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * cli.h - what the commands of the `mlkem` tool share: option parsing,
 * messages, loading key files (cli/common.c), hex (cli/hex.h), and the commands
 * themselves (cli/cmd_*.c), dispatched by cli/main.c.
 */
#ifndef MLKEM_CLI_CLI_H
#define MLKEM_CLI_CLI_H

#include <stddef.h>
#include <stdint.h>

#include "fileio.h"
#include "hex.h"
#include "mlkem.h"
#include "mlkem_keyfile.h"

/* Exit statuses: success, a failure (bad input, I/O), a usage error. */
enum { CLI_OK = 0, CLI_FAIL = 1, CLI_USAGE = 2 };

/* The largest input read: far above any key file, ciphertext or hex. */
#define CLI_MAX_INPUT (1u << 20)

/* One option of a command. A flag has value == NULL and sets *flag. */
typedef struct {
  const char *long_name;  /* "--format", or NULL */
  const char *short_name; /* "-a", or NULL */
  const char **value;     /* receives the argument */
  int *flag;              /* set to 1 */
} cli_option;

/* Parses argv[1..argc-1] of command `cmd` ("--name value", "--name=value",
 * "-a value"). Returns CLI_OK, -1 if --help or -h was given, or CLI_USAGE
 * after printing a message. */
int cli_parse(const char *cmd, int argc, char **argv, const cli_option *opts,
              size_t n);

/* Prints "mlkem CMD: message" (one line) to standard error. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 2, 3)))
#endif
void cli_error(const char *cmd, const char *fmt, ...);

/* cli_error for a usage error: the line ends with a pointer to --help. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 2, 3)))
#endif
void cli_usage_error(const char *cmd, const char *fmt, ...);

/* The largest ciphertext of any scheme (ML-KEM-1024's). */
#define CLI_MAX_CT_BYTES MLKEM1024_CT_BYTES

/* What the commands do with the keys of a family of key types
 * (cli/scheme.c): ML-KEM, X-Wing or round-3 Kyber. Every command goes
 * through its key's scheme, so that a new family is one more entry. */
typedef struct cli_scheme {
  /* The key types it covers: those whose name starts so. */
  const char *prefix;
  /* 1: PKCS#8 and SubjectPublicKeyInfo exist (PEM, DER, raw); 0: raw
   * only (round-3 Kyber: no OID). */
  int key_files;
  /* The private form keygen writes without --format. */
  mlkem_keyfile_type default_form;
  /* The raw public and expanded private key, in messages ("FIPS 203
   * ek"); dk_raw NULL for a family without an expanded key. */
  const char *ek_raw, *dk_raw;
  /* What `check` says passed, for a public and for an expanded key. */
  const char *public_ok, *expanded_ok;
  size_t (*ct_bytes)(const mlkem_keyfile_key *key);
  /* As the library's functions: 0 or a negative MLKEM_ERR_*. The secret
   * is MLKEM_SS_BYTES long. decaps needs a private key. */
  int (*encaps)(uint8_t *ct, uint8_t *ss, const mlkem_keyfile_key *key);
  int (*decaps)(uint8_t *ss, const uint8_t *ct, const mlkem_keyfile_key *key);
} cli_scheme;

/* The scheme of a key type, or NULL for a type of the library that the
 * tool does not know. */
const cli_scheme *cli_scheme_of(const mlkem_keyfile_alg *alg);

/* The key type named `name` by -a (NULL: `dflt`): the names of
 * mlkem_keyfile_alg_by_name, any letter case. Prints an error and returns
 * NULL if the name is unknown. */
const mlkem_keyfile_alg *cli_alg(const char *cmd, const char *name,
                                 const mlkem_keyfile_alg *dflt);

/* The encoding asked for by --outform `value` for keys of type alg (NULL:
 * not known yet): NULL value gives PEM, or raw for a raw-only type. Prints
 * an error and returns -1 for an unknown value, or PEM or DER asked for a
 * raw-only type. */
int cli_outform(const char *cmd, const char *value,
                const mlkem_keyfile_alg *alg);

/* Maps `value` to one of `names` (NULL-terminated): the index, or -1
 * after printing an error about option `opt`. NULL value: `dflt`. */
int cli_choice(const char *cmd, const char *opt, const char *value,
               const char *const *names, int dflt);

/* The name of a file in messages: "standard input" for "-". */
const char *cli_display_name(const char *path);

/* "a, b or c" from names (NULL-terminated) into buf, cut at cap. */
void cli_join_names(char *buf, size_t cap, const char *const *names);

/* Reads and checks a key file (mlkem_keyfile_decode); `alg` (may be NULL)
 * types raw bytes of its sizes: a raw seed, and any raw round-3 Kyber key.
 * On failure prints "mlkem CMD: FILE: problem" and returns CLI_FAIL with
 * *key wiped. If `alg` is non-NULL the key must be of it. */
int cli_load_key(const char *cmd, const char *path,
                 const mlkem_keyfile_alg *alg, mlkem_keyfile_key *key);

/* Reads a byte string of exactly `want` bytes from `path`, given raw or as
 * hex (2*want hex digits, optional final newline). Prints an error naming
 * `what` and returns CLI_FAIL otherwise. */
int cli_load_bytes(const char *cmd, const char *path, const char *what,
                   size_t want, uint8_t *out);

/* A file a command reads or writes, for cli_check_files. */
typedef struct {
  const char *path; /* as given; NULL if the option was not given */
  const char *opt;  /* the option that named it: "-i", "--ct", ... */
  int output;       /* 1 if the command writes it, 0 if it reads it */
} cli_file;

/* Before anything is read or computed: CLI_OK if no output of a command
 * is another of its outputs or one of its inputs. Otherwise prints "A_OPT
 * and B_OPT name the same file" (for an input and an output, adding that
 * the output would replace the input) and returns CLI_USAGE. Any spelling
 * of one file is found (fio_same_destination, fio_replaces_input: ./x and
 * x, dir/../x, symbolic and hard links, a file redirected to standard
 * input); "-" as an output is standard output, never a file read. */
int cli_check_files(const char *cmd, const cli_file *files, size_t n);

/* For an output that will hold a private key: CLI_OK if path is "-" or
 * names nothing yet (fio_exists), or if force is set (--force); otherwise
 * prints "PATH exists: give --force to replace it" and returns CLI_FAIL. The
 * write itself then uses FIO_KEEP_EXISTING (cli_key_output_flags), so a file
 * created meanwhile is not replaced either. */
int cli_check_new_key(const char *cmd, const char *path, int force);

/* fio_stage's flags for a private key output: secret, and kept if it
 * exists unless force is set. */
int cli_key_output_flags(int force);

/* Stages each output (flags[i]: fio_stage's FIO_* flags), then commits
 * them all; on any failure removes what was staged and prints the error.
 * Returns CLI_OK or CLI_FAIL. */
int cli_write_outputs(const char *cmd, fio_output *outs, size_t n,
                      const char *const *paths, const uint8_t *const *data,
                      const size_t *lens, const int *flags);

/* The values of --format (MLKEM_KEYFILE_SEED + index) and --outform
 * (MLKEM_KEYFILE_PEM + index; cli_outform reads it). */
extern const char *const cli_form_names[];
extern const char *const cli_outform_names[];

/* Before a private key is read or made: CLI_OK if private form `form`
 * (MLKEM_KEYFILE_SEED + n; -1: not chosen) can be written in encoding
 * `enc` for keys of type alg (NULL: not known yet). Otherwise (both forms
 * in a raw file; an expanded form for X-Wing, which has none) prints the
 * usage error and returns CLI_USAGE. */
int cli_check_form(const char *cmd, const mlkem_keyfile_alg *alg, int form,
                   int enc);

/* Encodes a key (mlkem_keyfile_encode) into out, which holds
 * MLKEM_KEYFILE_MAX_PEM bytes; prints the error and returns CLI_FAIL if it
 * cannot be written so. */
int cli_encode_key(const char *cmd, const mlkem_keyfile_key *key, int form,
                   int encoding, uint8_t *out, size_t *len);

/* "ML-KEM-768 private key, PKCS#8 PEM, seed form", "Kyber768 public key,
 * raw round-3 pk (1184 bytes)" and the like. */
void cli_describe_key(const mlkem_keyfile_key *key, char *buf, size_t cap);

/* Names for messages: "seed", "expanded", "both" (and "public"); "PEM",
 * "DER", "raw". */
const char *cli_form_name(mlkem_keyfile_type form);
const char *cli_encoding_name(mlkem_keyfile_encoding encoding);

/* The commands: each takes its own argv (argv[0] is its name). */
int cmd_keygen(int argc, char **argv);
int cmd_pubkey(int argc, char **argv);
int cmd_convert(int argc, char **argv);
int cmd_encaps(int argc, char **argv);
int cmd_decaps(int argc, char **argv);
int cmd_hpke(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_demo(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_acvp(int argc, char **argv);

#endif
