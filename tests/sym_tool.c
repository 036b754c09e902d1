/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * sym_tool.c - the library's SHA-2 and AES-256-CTR on request, for
 * tests/sym_diff.py, which compares them with Python's hashlib and the
 * openssl command. Reads one request a line from stdin and answers each
 * with one line (one per stream for ctr) on stdout, with the
 * implementations the dispatch chose for the backend in use:
 *   sha256 HEX|-                 the digest ('-': the empty message)
 *   sha512 HEX|-
 *   ctr KEYHEX LEN NONCEHEX...   LEN bytes of each stream from block 0,
 *                                all streams in one call
 * Exits 77 if MLKEM_BACKEND forces a backend that is not available.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aes/aes.h"
#include "mlkem.h"
#include "sha2/sha2.h"
#include "test_util.h"

#define MAX_LINE 65536
#define MAX_STREAMS 16
#define MAX_LEN 4096

static char line[MAX_LINE];
static uint8_t msg[MAX_LINE / 2];
static uint8_t outs_buf[MAX_STREAMS][MAX_LEN];

static void put_hex(const uint8_t *p, size_t n) {
  size_t i;
  for (i = 0; i < n; i++) printf("%02x", p[i]);
  printf("\n");
}

static int do_hash(int bits, const char *arg) {
  uint8_t d[64];
  size_t n = 0;
  if (strcmp(arg, "-") != 0) {
    n = test_hex_decode(msg, sizeof msg, arg, strlen(arg));
    if (n == (size_t)-1) return -1;
  }
  if (bits == 256)
    mlkem_sha256(d, msg, n);
  else
    mlkem_sha512(d, msg, n);
  put_hex(d, (size_t)bits / 8);
  return 0;
}

static int do_ctr(char *args) {
  uint8_t key[32], nonces[MAX_STREAMS][12];
  uint8_t *outs[MAX_STREAMS];
  mlkem_aes_key ks;
  char *tok = strtok(args, " ");
  size_t n = 0, len, s;
  if (tok == NULL || test_hex_decode(key, 32, tok, strlen(tok)) != 32)
    return -1;
  tok = strtok(NULL, " ");
  if (tok == NULL) return -1;
  len = (size_t)strtoul(tok, NULL, 10);
  if (len > MAX_LEN) return -1;
  while ((tok = strtok(NULL, " ")) != NULL) {
    if (n == MAX_STREAMS ||
        test_hex_decode(nonces[n], 12, tok, strlen(tok)) != 12)
      return -1;
    outs[n] = outs_buf[n];
    n++;
  }
  mlkem_aes_expand(&ks, key, 32);
  mlkem_aesctr_streams(&ks, (const uint8_t(*)[12])nonces, n, 0, outs, len);
  mlkem_aes_key_wipe(&ks);
  for (s = 0; s < n; s++) put_hex(outs_buf[s], len);
  return 0;
}

int main(void) {
  if (strcmp(mlkem_backend_name(), "unavailable") == 0) {
    printf("unavailable\n");
    return TEST_SKIP;
  }
  printf("backend %s sha2 %s aes %s\n", mlkem_backend_name(),
         mlkem_sha2_impl_get()->name, mlkem_aes_impl_get()->name);
  fflush(stdout);
  while (fgets(line, sizeof line, stdin) != NULL) {
    int r = -1;
    line[strcspn(line, "\r\n")] = '\0';
    if (strncmp(line, "sha256 ", 7) == 0)
      r = do_hash(256, line + 7);
    else if (strncmp(line, "sha512 ", 7) == 0)
      r = do_hash(512, line + 7);
    else if (strncmp(line, "ctr ", 4) == 0)
      r = do_ctr(line + 4);
    if (r != 0) {
      printf("bad request\n");
      return 2;
    }
    fflush(stdout);
  }
  return 0;
}
