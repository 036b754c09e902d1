/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * common.c - option parsing, messages, key and byte-string inputs and the
 * all-or-nothing outputs shared by the commands (cli.h).
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "platform/ct.h"

void cli_error(const char *cmd, const char *fmt, ...) {
  va_list ap;
  fprintf(stderr, "mlkem %s: ", cmd);
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fputc('\n', stderr);
}

void cli_usage_error(const char *cmd, const char *fmt, ...) {
  va_list ap;
  fprintf(stderr, "mlkem %s: ", cmd);
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fprintf(stderr, " (see 'mlkem %s --help')\n", cmd);
}

/* The option named by argv word `word` (up to an '='), or NULL. */
static const cli_option *find_option(const cli_option *opts, size_t n,
                                     const char *word, size_t wlen) {
  size_t i;
  for (i = 0; i < n; i++) {
    const char *names[2];
    int j;
    names[0] = opts[i].long_name;
    names[1] = opts[i].short_name;
    for (j = 0; j < 2; j++)
      if (names[j] != NULL && strlen(names[j]) == wlen &&
          strncmp(names[j], word, wlen) == 0)
        return &opts[i];
  }
  return NULL;
}

int cli_parse(const char *cmd, int argc, char **argv, const cli_option *opts,
              size_t n) {
  int a;
  for (a = 1; a < argc; a++) {
    const char *word = argv[a], *eq, *value = NULL;
    size_t wlen;
    const cli_option *o;
    if (strcmp(word, "--help") == 0 || strcmp(word, "-h") == 0) return -1;
    if (word[0] != '-' || word[1] == '\0') {
      cli_usage_error(cmd, "unexpected argument '%s'", word);
      return CLI_USAGE;
    }
    eq = word[1] == '-' ? strchr(word, '=') : NULL;
    wlen = eq != NULL ? (size_t)(eq - word) : strlen(word);
    o = find_option(opts, n, word, wlen);
    if (o == NULL) {
      cli_usage_error(cmd, "unknown option '%.*s'", (int)wlen, word);
      return CLI_USAGE;
    }
    if (o->value == NULL) {
      if (eq != NULL) {
        cli_usage_error(cmd, "option '%.*s' takes no value", (int)wlen, word);
        return CLI_USAGE;
      }
      *o->flag = 1;
      continue;
    }
    if (eq != NULL) {
      value = eq + 1;
    } else if (a + 1 < argc) {
      value = argv[++a];
    } else {
      cli_usage_error(cmd, "option '%s' needs a value", word);
      return CLI_USAGE;
    }
    if (*o->value != NULL) {
      cli_usage_error(cmd, "option '%.*s' given twice", (int)wlen, word);
      return CLI_USAGE;
    }
    *o->value = value;
  }
  return CLI_OK;
}

void cli_join_names(char *buf, size_t cap, const char *const *names) {
  size_t i, used = 0;
  buf[0] = '\0';
  for (i = 0; names[i] != NULL; i++) {
    int w = snprintf(buf + used, cap - used, "%s%s",
                     i == 0                 ? ""
                     : names[i + 1] == NULL ? " or "
                                            : ", ",
                     names[i]);
    if (w < 0 || (size_t)w >= cap - used) break;
    used += (size_t)w;
  }
}

int cli_choice(const char *cmd, const char *opt, const char *value,
               const char *const *names, int dflt) {
  int i;
  char list[128];
  if (value == NULL) return dflt;
  for (i = 0; names[i] != NULL; i++)
    if (strcmp(value, names[i]) == 0) return i;
  cli_join_names(list, sizeof list, names);
  cli_usage_error(cmd, "unknown value '%s' for %s (use %s)", value, opt, list);
  return -1;
}

const char *cli_display_name(const char *path) {
  return strcmp(path, "-") == 0 ? "standard input" : path;
}

/* The size of a raw key of type `type` for alg (0: none). */
static size_t raw_size(const mlkem_keyfile_alg *alg, mlkem_keyfile_type type) {
  switch (type) {
    case MLKEM_KEYFILE_PUBLIC:
      return alg->ek_bytes;
    case MLKEM_KEYFILE_EXPANDED:
      return alg->dk_bytes;
    case MLKEM_KEYFILE_SEED:
      return alg->seed_bytes;
    default:
      return 0;
  }
}

/* A raw key read without -a was taken for the first key type of its size
 * (mlkem_keyfile_decode: ML-KEM's). Where another type the tool knows has
 * that size too (round-3 Kyber's keys have ML-KEM's), says so on standard
 * error: nothing in the bytes tells them apart, and the other type gives
 * other secrets. */
static void note_raw_guess(const char *cmd, const char *path,
                           const mlkem_keyfile_key *key) {
  const char *names[16];
  char list[256];
  size_t i, n = 0, size = raw_size(key->alg, key->type);
  for (i = 0; mlkem_keyfile_algs[i] != NULL && n + 1 < 16; i++) {
    const mlkem_keyfile_alg *other = mlkem_keyfile_algs[i];
    if (other != key->alg && cli_scheme_of(other) != NULL &&
        raw_size(other, key->type) == size)
      names[n++] = other->name;
  }
  if (n == 0) return;
  names[n] = NULL;
  cli_join_names(list, sizeof list, names);
  cli_error(cmd,
            "%s: a raw key does not name its algorithm: read as %s (a %s key "
            "has this size too: name it with -a)",
            cli_display_name(path), key->alg->name, list);
}

int cli_load_key(const char *cmd, const char *path,
                 const mlkem_keyfile_alg *alg, mlkem_keyfile_key *key) {
  char msg[FIO_ERR_MAX];
  uint8_t *data;
  size_t len;
  mlkem_keyfile_error err;
  int rc;

  if (fio_read(path, CLI_MAX_INPUT, &data, &len, msg) != 0) {
    cli_error(cmd, "%s", msg);
    return CLI_FAIL;
  }
  rc = mlkem_keyfile_decode(key, data, len, alg, &err);
  fio_free(data, len);
  if (rc != MLKEM_KEYFILE_OK) {
    /* The library's message names no option. */
    cli_error(cmd, "%s: %s%s", cli_display_name(path), err.msg,
              rc == MLKEM_KEYFILE_ERR_NEED_ALG ? ": name it with -a" : "");
    return CLI_FAIL;
  }
  if (cli_scheme_of(key->alg) == NULL) {
    /* A key type of the library that the tool does not know. */
    cli_error(cmd, "%s: %s keys are not supported by this tool",
              cli_display_name(path), key->alg->name);
    mlkem_keyfile_wipe(key);
    return CLI_FAIL;
  }
  if (alg != NULL && key->alg != alg) {
    cli_error(cmd, "%s: the key is %s, not %s", cli_display_name(path),
              key->alg->name, alg->name);
    mlkem_keyfile_wipe(key);
    return CLI_FAIL;
  }
  if (alg == NULL && key->encoding == MLKEM_KEYFILE_RAW)
    note_raw_guess(cmd, path, key);
  return CLI_OK;
}

int cli_load_bytes(const char *cmd, const char *path, const char *what,
                   size_t want, uint8_t *out) {
  char msg[FIO_ERR_MAX];
  uint8_t *data;
  size_t len, size;

  if (fio_read(path, CLI_MAX_INPUT, &data, &size, msg) != 0) {
    cli_error(cmd, "%s", msg);
    return CLI_FAIL;
  }
  len = size;
  if (len == want) {
    memcpy(out, data, want);
    fio_free(data, size);
    return CLI_OK;
  }
  /* Hex: 2*want digits, then at most one end of line. */
  if (len > 0 && data[len - 1] == '\n') len--;
  if (len > 0 && data[len - 1] == '\r') len--;
  if (len == 2 * want) {
    if (cli_unhex((const char *)data, want, out) == 0) {
      fio_free(data, size);
      return CLI_OK;
    }
    mlkem_zeroize(out, want);
    fio_free(data, size);
    cli_error(cmd, "%s: bad hex in the %s", cli_display_name(path), what);
    return CLI_FAIL;
  }
  fio_free(data, size);
  cli_error(cmd,
            "%s: wrong length for the %s (%zu bytes; want %zu raw bytes or "
            "%zu hex digits)",
            cli_display_name(path), what, size, want, 2 * want);
  return CLI_FAIL;
}

int cli_check_files(const char *cmd, const cli_file *files, size_t n) {
  size_t i, j;
  for (i = 0; i < n; i++) {
    for (j = 0; j < n; j++) {
      const cli_file *a = &files[i], *b = &files[j];
      if (i == j || a->path == NULL || b->path == NULL || !b->output) continue;
      if (a->output) {
        /* Each pair of outputs once. */
        if (j < i || !fio_same_destination(a->path, b->path)) continue;
        cli_usage_error(cmd, "%s and %s name the same file", a->opt, b->opt);
        return CLI_USAGE;
      }
      if (!fio_replaces_input(a->path, b->path)) continue;
      cli_usage_error(cmd,
                      "%s and %s name the same file: the output would "
                      "replace the input",
                      a->opt, b->opt);
      return CLI_USAGE;
    }
  }
  return CLI_OK;
}

int cli_check_new_key(const char *cmd, const char *path, int force) {
  if (force || !fio_exists(path)) return CLI_OK;
  cli_error(cmd,
            "%s exists: give --force to replace it (the key in it is lost)",
            path);
  return CLI_FAIL;
}

int cli_key_output_flags(int force) {
  return FIO_SECRET | (force ? 0 : FIO_KEEP_EXISTING);
}

int cli_write_outputs(const char *cmd, fio_output *outs, size_t n,
                      const char *const *paths, const uint8_t *const *data,
                      const size_t *lens, const int *flags) {
  char msg[FIO_ERR_MAX];
  size_t i;
  for (i = 0; i < n; i++) {
    if (fio_stage(&outs[i], paths[i], data[i], lens[i], flags[i], msg) != 0) {
      fio_abort(outs, i);
      cli_error(cmd, "%s", msg);
      return CLI_FAIL;
    }
  }
  if (fio_commit(outs, n, msg) != 0) {
    cli_error(cmd, "%s", msg);
    return CLI_FAIL;
  }
  return CLI_OK;
}

const char *const cli_form_names[] = {"seed", "expanded", "both", NULL};
const char *const cli_outform_names[] = {"pem", "der", "raw", NULL};

int cli_check_form(const char *cmd, const mlkem_keyfile_alg *alg, int form,
                   int enc) {
  if (form == MLKEM_KEYFILE_BOTH && enc == MLKEM_KEYFILE_RAW) {
    cli_usage_error(cmd,
                    "raw output holds a seed or an expanded key, not both "
                    "(--format both needs --outform pem or der)");
    return CLI_USAGE;
  }
  if (alg != NULL && alg->dk_bytes == 0 && form >= 0 &&
      form != MLKEM_KEYFILE_SEED) {
    cli_usage_error(cmd, "%s private keys have only the seed form", alg->name);
    return CLI_USAGE;
  }
  return CLI_OK;
}

int cli_encode_key(const char *cmd, const mlkem_keyfile_key *key, int form,
                   int encoding, uint8_t *out, size_t *len) {
  mlkem_keyfile_error err;
  if (mlkem_keyfile_encode(
          key, (mlkem_keyfile_type)form, (mlkem_keyfile_encoding)encoding, out,
          MLKEM_KEYFILE_MAX_PEM, len, &err) != MLKEM_KEYFILE_OK) {
    cli_error(cmd, "%s", err.msg);
    return CLI_FAIL;
  }
  return CLI_OK;
}

const char *cli_form_name(mlkem_keyfile_type form) {
  switch (form) {
    case MLKEM_KEYFILE_SEED:
      return "seed";
    case MLKEM_KEYFILE_EXPANDED:
      return "expanded";
    case MLKEM_KEYFILE_BOTH:
      return "both";
    default:
      return "public";
  }
}

const char *cli_encoding_name(mlkem_keyfile_encoding encoding) {
  switch (encoding) {
    case MLKEM_KEYFILE_PEM:
      return "PEM";
    case MLKEM_KEYFILE_DER:
      return "DER";
    default:
      return "raw";
  }
}

void cli_describe_key(const mlkem_keyfile_key *key, char *buf, size_t cap) {
  const char *set = key->alg->name;
  const cli_scheme *s = cli_scheme_of(key->alg);
  if (key->encoding == MLKEM_KEYFILE_RAW) {
    if (key->type == MLKEM_KEYFILE_PUBLIC)
      snprintf(buf, cap, "%s public key, raw %s (%zu bytes)", set, s->ek_raw,
               key->alg->ek_bytes);
    else if (key->type == MLKEM_KEYFILE_SEED)
      snprintf(buf, cap, "%s private key, raw %zu-byte seed", set,
               key->alg->seed_bytes);
    else
      snprintf(buf, cap, "%s private key, raw %s (%zu bytes)", set, s->dk_raw,
               key->alg->dk_bytes);
  } else if (key->type == MLKEM_KEYFILE_PUBLIC) {
    snprintf(buf, cap, "%s public key, SubjectPublicKeyInfo %s", set,
             cli_encoding_name(key->encoding));
  } else {
    snprintf(buf, cap, "%s private key, PKCS#8 %s, %s form", set,
             cli_encoding_name(key->encoding), cli_form_name(key->type));
  }
}
