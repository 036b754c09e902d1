/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * hpke_peer.c - a test-only driver of include/mlkem_hpke.h for
 * tests/hpke/interop.py: the same line protocol as the Go peer
 * (tests/hpke/go/main.go), one command per line on standard input, one
 * answer per line on standard output, hex byte strings ("-" for empty):
 *
 *   pk KEM IKM                            -> PK
 *   seal KEM KDF AEAD PK INFO AAD PT      -> ENC CT
 *   open KEM KDF AEAD IKM ENC INFO AAD CT -> PT
 *   sendexp KEM KDF AEAD PK INFO CTX L    -> ENC V
 *   recvexp KEM KDF AEAD IKM ENC INFO CTX L -> V
 *
 * The recipient's private key is DeriveKeyPair(IKM), imported. A failure
 * answers "error: " and mlkem_hpke_strerror's text.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mlkem_hpke.h"

#define LINE (1u << 21)
#define MAXB (1u << 19)

static char line[LINE];
static uint8_t bufs[6][MAXB];
static uint8_t out1[MAXB], out2[MAXB];
static mlkem_hpke_public_key pub;
static mlkem_hpke_private_key priv;

/* Decodes the hex field s into b; returns its length, or -1. */
static long unhex(const char *s, uint8_t *b) {
  size_t n = strlen(s), i;
  if (strcmp(s, "-") == 0) return 0;
  if (n % 2 != 0 || n / 2 > MAXB) return -1;
  for (i = 0; i < n / 2; i++) {
    unsigned v;
    if (sscanf(s + 2 * i, "%2x", &v) != 1) return -1;
    b[i] = (uint8_t)v;
  }
  return (long)(n / 2);
}

static void put_hex(const uint8_t *b, size_t n) {
  static const char digits[] = "0123456789abcdef";
  size_t i;
  if (n == 0) putchar('-');
  for (i = 0; i < n; i++) {
    putchar(digits[b[i] >> 4]);
    putchar(digits[b[i] & 15]);
  }
}

static int fail(int err) {
  printf("error: %s\n", mlkem_hpke_strerror(err));
  return err;
}

/* The recipient's key from its ikm. */
static int private_from_ikm(uint16_t kem, const uint8_t *ikm, size_t n) {
  uint8_t pk[MLKEM_HPKE_MAX_PK_BYTES], sk[MLKEM_HPKE_MAX_SK_BYTES];
  size_t npk, nsk;
  int err = mlkem_hpke_kem_sizes(kem, &npk, &nsk, NULL);
  if (err == 0) err = mlkem_hpke_derive_keypair(kem, pk, npk, sk, nsk, ikm, n);
  if (err == 0) err = mlkem_hpke_private_key_import(&priv, kem, sk, nsk);
  return err;
}

static int command(char **f, int nf) {
  mlkem_hpke_suite s;
  long len[6];
  size_t nenc = 0;
  int i, err;
  if (nf >= 3 && strcmp(f[0], "pk") == 0) {
    uint16_t kem = (uint16_t)strtoul(f[1], NULL, 16);
    size_t npk;
    if ((len[0] = unhex(f[2], bufs[0])) < 0) return fail(MLKEM_HPKE_ERR_LENGTH);
    err = private_from_ikm(kem, bufs[0], (size_t)len[0]);
    if (err == 0) err = mlkem_hpke_kem_sizes(kem, &npk, NULL, NULL);
    if (err == 0) err = mlkem_hpke_private_key_public(&priv, out1, npk);
    if (err != 0) return fail(err);
    put_hex(out1, npk);
    putchar('\n');
    return 0;
  }
  if (nf < 8) return fail(MLKEM_HPKE_ERR_LENGTH);
  s.kem = (uint16_t)strtoul(f[1], NULL, 16);
  s.kdf = (uint16_t)strtoul(f[2], NULL, 16);
  s.aead = (uint16_t)strtoul(f[3], NULL, 16);
  for (i = 4; i < nf && i < 10; i++)
    if ((len[i - 4] = unhex(f[i], bufs[i - 4])) < 0)
      len[i - 4] = 0; /* L, decimal: read apart */
  if (mlkem_hpke_kem_sizes(s.kem, NULL, NULL, &nenc) != 0) nenc = 0;
  if (strcmp(f[0], "seal") == 0 && nf == 8) {
    size_t ct_len = (size_t)len[3] + MLKEM_HPKE_TAG_BYTES;
    err = mlkem_hpke_public_key_import(&pub, s.kem, bufs[0], (size_t)len[0]);
    if (err == 0)
      err = mlkem_hpke_seal(s, out1, nenc, out2, ct_len, &pub, bufs[1],
                            (size_t)len[1], bufs[2], (size_t)len[2], bufs[3],
                            (size_t)len[3], NULL, NULL);
    if (err != 0) return fail(err);
    put_hex(out1, nenc);
    putchar(' ');
    put_hex(out2, ct_len);
  } else if (strcmp(f[0], "open") == 0 && nf == 9) {
    size_t pt_len = len[4] >= 16 ? (size_t)len[4] - 16 : 0;
    err = private_from_ikm(s.kem, bufs[0], (size_t)len[0]);
    if (err == 0)
      err = mlkem_hpke_open(s, out1, pt_len, &priv, bufs[1], (size_t)len[1],
                            bufs[2], (size_t)len[2], bufs[3], (size_t)len[3],
                            bufs[4], (size_t)len[4], NULL, NULL);
    if (err != 0) return fail(err);
    put_hex(out1, pt_len);
  } else if (strcmp(f[0], "sendexp") == 0 && nf == 8) {
    mlkem_hpke_sender ctx;
    size_t l = strtoul(f[7], NULL, 10);
    err = mlkem_hpke_public_key_import(&pub, s.kem, bufs[0], (size_t)len[0]);
    if (err == 0)
      err = mlkem_hpke_setup_sender(&ctx, out1, nenc, s, &pub, bufs[1],
                                    (size_t)len[1], NULL, NULL);
    if (err == 0)
      err = mlkem_hpke_sender_export(&ctx, out2, l, bufs[2], (size_t)len[2]);
    mlkem_hpke_sender_wipe(&ctx);
    if (err != 0) return fail(err);
    put_hex(out1, nenc);
    putchar(' ');
    put_hex(out2, l);
  } else if (strcmp(f[0], "recvexp") == 0 && nf == 9) {
    mlkem_hpke_recipient ctx;
    size_t l = strtoul(f[8], NULL, 10);
    err = private_from_ikm(s.kem, bufs[0], (size_t)len[0]);
    if (err == 0)
      err = mlkem_hpke_setup_recipient(&ctx, s, &priv, bufs[1], (size_t)len[1],
                                       bufs[2], (size_t)len[2], NULL, NULL);
    if (err == 0)
      err = mlkem_hpke_recipient_export(&ctx, out1, l, bufs[3], (size_t)len[3]);
    mlkem_hpke_recipient_wipe(&ctx);
    if (err != 0) return fail(err);
    put_hex(out1, l);
  } else {
    return fail(MLKEM_HPKE_ERR_LENGTH);
  }
  putchar('\n');
  return 0;
}

int main(void) {
  while (fgets(line, sizeof line, stdin) != NULL) {
    char *f[12], *p = line;
    int nf = 0;
    while (nf < 12) {
      while (*p == ' ' || *p == '\n' || *p == '\r') *p++ = '\0';
      if (*p == '\0') break;
      f[nf++] = p;
      while (*p != '\0' && *p != ' ' && *p != '\n' && *p != '\r') p++;
    }
    if (nf == 0) continue;
    (void)command(f, nf);
    fflush(stdout);
  }
  return 0;
}
