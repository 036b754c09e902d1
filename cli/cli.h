/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * cli.h - what the commands of the `mlkem` tool share: option parsing,
 * messages, loading key files, hex (cli/common.c), and the commands
 * themselves (cli/cmd_*.c), dispatched by cli/main.c.
 */
#ifndef MLKEM_CLI_CLI_H
#define MLKEM_CLI_CLI_H

#include <stddef.h>
#include <stdint.h>

#include "fileio.h"
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

/* Lower-case hex of in[0..n-1] and "\n" into out (2n + 1 bytes). */
void cli_hex(const uint8_t *in, size_t n, char *out);

/* Upper-case hex of in[0..n-1] and a NUL into out (2n + 1 bytes). */
void cli_hex_upper(const uint8_t *in, size_t n, char *out);

/* Decodes the 2n hex digits at hex (either case) into out[0..n-1].
 * Returns 0, or -1 at the first character that is not a hex digit (out
 * then holds a partial result). Not constant time: for public data. */
int cli_unhex(const char *hex, size_t n, uint8_t *out);

/* For a command with two outputs: CLI_OK if paths a and b (given with
 * options a_opt and b_opt) are two files, or both standard output;
 * otherwise prints "A_OPT and B_OPT name the same file" and returns
 * CLI_USAGE (fio_same_destination: any spelling, links). */
int cli_distinct_outputs(const char *cmd, const char *a, const char *a_opt,
                         const char *b, const char *b_opt);

/* Stages each output, then commits them all; on any failure removes what
 * was staged and prints the error. Returns CLI_OK or CLI_FAIL. */
int cli_write_outputs(const char *cmd, fio_output *outs, size_t n,
                      const char *const *paths, const uint8_t *const *data,
                      const size_t *lens, const int *secrecy);

/* The values of --format (MLKEM_KEYFILE_SEED + index) and --outform
 * (MLKEM_KEYFILE_PEM + index; cli_outform reads it). */
extern const char *const cli_form_names[];
extern const char *const cli_outform_names[];

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
int cmd_check(int argc, char **argv);
int cmd_demo(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_acvp(int argc, char **argv);

#endif
