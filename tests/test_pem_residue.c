/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_pem_residue.c - the PEM reader of private key files
 * (src/keyfile/pem.c: the `mlkem` tool, the Python binding and the key
 * file API read private keys with it) leaves nothing of the key's bytes on
 * the stack when it fails, nor when it succeeds; nor does its encoder,
 * nor the test whether a file is PEM (run on every key file read).
 *
 * Its base64 accumulator holds up to three decoded bytes; on a failure
 * after the body (a body too long for the buffer, a padded last quantum
 * and then a wrong END line, trailing text, bits base64 leaves unused, a
 * cut file) those are key bytes. At -O2 and -O3 gcc and clang keep it in a
 * register; at -O1 and -Os (CMake's MinSizeRel) they spill it, and a plain
 * "acc = 0" before the return is a dead store they remove. So pem.c is
 * compiled into this program at -Os (tests/CMakeLists.txt), and each
 * failure runs on a painted stack with two bodies of one layout
 * (ps_secret_residue): the used stack must be the same for both.
 */
#if !defined(_GNU_SOURCE)
#define _GNU_SOURCE /* before any header: painted_stack.h's threads, mmap */
#endif
#include <stdio.h>
#include <string.h>

#include "keyfile/pem.c"
#include "painted_stack.h"
#include "test_util.h"

#define REGION (1u << 18)

static char g_pem[256];
static size_t g_len, g_cap;
static const char *g_fmt;
static uint8_t g_out[64];
static int g_rc;
static test_rng g_rng;

/* A body of random base64 characters in the layout of g_fmt's template:
 * 'x' any character, 'y' one whose two low bits are zero and 'z' one
 * whose four are (the last before "=" and "==": canonical base64 leaves
 * those bits zero), '=' itself. */
static char g_body[16];
static const char *g_layout;
static void new_body(void *ctx) {
  static const char b64[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  uint8_t r[16];
  size_t i;
  (void)ctx;
  test_rng_bytes(&g_rng, r, sizeof r);
  for (i = 0; g_layout[i] != '\0'; i++)
    g_body[i] = g_layout[i] == 'x'   ? b64[r[i] & 63]
                : g_layout[i] == 'y' ? b64[r[i] & 60]
                : g_layout[i] == 'z' ? b64[r[i] & 48]
                                     : g_layout[i];
  g_body[i] = '\0';
  snprintf(g_pem, sizeof g_pem, g_fmt, g_body);
  g_len = strlen(g_pem);
}

static void op_decode(void *a) {
  char label[MLKEM_PEM_MAX_LABEL];
  size_t len;
  (void)a;
  g_rc = mlkem_pem_decode((const uint8_t *)g_pem, g_len, label, g_out, g_cap,
                          &len);
}

/* The residue of op on secrets made by new_secret: none, and the result
 * want. */
static void no_residue(const char *what, void (*op)(void *),
                       void (*new_secret)(void *), int want) {
  long depth;
  size_t noise, differ;
  differ =
      ps_secret_residue(REGION, 0xE7, op, new_secret, NULL, &depth, &noise);
  CHECKF(differ != (size_t)-1, "%s: could not run on a painted stack", what);
  CHECKF(g_rc == want, "%s: returned %d, want %d", what, g_rc, want);
  if (differ == (size_t)-1) return;
  if (differ > 0)
    printf(
        "  RESIDUE after %s: %zu bytes of the used stack differ between two "
        "secret inputs, the first at depth %ld below the caller's stack "
        "pointer\n",
        what, differ, depth);
  CHECKF(differ == 0, "%s: nothing of the input left on the stack", what);
  printf(
      "%s: %zu bytes differ between two inputs (%zu between two runs "
      "with one)\n",
      what, differ, noise);
}

/* mlkem_pem_decode of g_fmt with a body of layout `layout`, its output
 * buffer cap bytes. */
static void failure(const char *what, const char *fmt, const char *layout,
                    size_t cap, int want) {
  char name[96];
  g_fmt = fmt;
  g_layout = layout;
  g_cap = cap;
  snprintf(name, sizeof name, "mlkem_pem_decode, %s", what);
  no_residue(name, op_decode, new_body, want);
}

/* The encoder (private keys written as PEM) and the recognizer (every
 * key file read, a raw private key included), on secret bytes of one
 * length: nothing of them stays behind either. */
static uint8_t g_der[8];
static char g_pem_out[128];
static void new_der(void *ctx) {
  (void)ctx;
  test_rng_bytes(&g_rng, g_der, sizeof g_der);
}
static void op_encode(void *a) {
  size_t len;
  (void)a;
  g_rc = mlkem_pem_encode("PRIVATE KEY", g_der, sizeof g_der, g_pem_out,
                          sizeof g_pem_out, &len);
}
static void op_looks_like_pem(void *a) {
  (void)a;
  g_rc = mlkem_pem_looks_like_pem(g_der, sizeof g_der);
}

int main(void) {
  static const char priv[] =
      "-----BEGIN PRIVATE KEY-----\n%s\n-----END PRIVATE KEY-----\n";
  static const char wrong_end[] =
      "-----BEGIN PRIVATE KEY-----\n%s\n-----END PUBLIC KEY-----\n";
  static const char trailing[] =
      "-----BEGIN PRIVATE KEY-----\n%s\n-----END PRIVATE KEY-----\ntext\n";
  static const char cut[] = "-----BEGIN PRIVATE KEY-----\n%s";
  test_rng_init(&g_rng, "test_pem_residue");
  /* The second quantum does not fit: the accumulator holds its 3 bytes. */
  failure("body too long", priv, "xxxxxxxx", 3, MLKEM_PEM_ERR_TOO_LONG);
  /* A padded last quantum (2 bytes, 1 byte), then the wrong END label. */
  failure("wrong END line after y=", wrong_end, "xxxxxxy=", 64,
          MLKEM_PEM_ERR_LABEL);
  failure("wrong END line after z==", wrong_end, "xxxxxz==", 64,
          MLKEM_PEM_ERR_LABEL);
  failure("text after the END line", trailing, "xxxxxxy=", 64,
          MLKEM_PEM_ERR_TRAILING);
  /* A cut file: the last quantum's characters are in the accumulator. */
  failure("cut in a quantum", cut, "xxxxxxx", 64, MLKEM_PEM_ERR_TRUNCATED);
  /* And a success: the last quantum's bytes. */
  failure("a whole key", priv, "xxxxxxy=", 64, MLKEM_PEM_OK);
  no_residue("mlkem_pem_encode", op_encode, new_der, MLKEM_PEM_OK);
  no_residue("mlkem_pem_looks_like_pem", op_looks_like_pem, new_der, 0);
  return test_summary("test_pem_residue");
}
