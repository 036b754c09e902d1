/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * kyber_tvecs.c - the round-3 reference's test_vectors transcript, hashed
 * and checked against its published sum (kyber_tvecs.h).
 */
#include "kyber_tvecs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mlkem.h"
#include "sha2/sha2.h"
#include "test_util.h"

#define ITERATIONS 10000
#define MAX_EK MLKEM1024_EK_BYTES
#define MAX_DK MLKEM1024_DK_BYTES
#define MAX_CT MLKEM1024_CT_BYTES

/* ---- SUPERCOP's deterministic randombytes ("surf") ------------------------
 *
 * The generator of the reference's test_vectors.c (written there by D. J.
 * Bernstein; restated here from its definition): a 384-bit counter `in`,
 * incremented before each block, enciphered under a fixed 32-word seed
 * (the digits of pi) by two passes of 16 rounds over 12 words; each block
 * gives 8 words, of which the bytes drawn are the low bytes, last word
 * first. */

typedef struct {
  uint32_t in[12];
  uint32_t out[8];
  unsigned left;
} surf_rng;

static const uint32_t surf_seed[32] = {3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5,
                                       8, 9, 7, 9, 3, 2, 3, 8, 4, 6, 2,
                                       6, 4, 3, 3, 8, 3, 2, 7, 9, 5};

static uint32_t rotl32(uint32_t x, unsigned b) {
  return (x << b) | (x >> (32 - b));
}

static void surf_block(surf_rng *g) {
  static const unsigned rot[4] = {5, 7, 9, 13};
  uint32_t t[12], x, sum = 0;
  unsigned i, pass, round;
  for (i = 0; i < 12; i++) t[i] = g->in[i] ^ surf_seed[12 + i];
  for (i = 0; i < 8; i++) g->out[i] = surf_seed[24 + i];
  x = t[11];
  for (pass = 0; pass < 2; pass++) {
    for (round = 0; round < 16; round++) {
      sum += 0x9e3779b9u;
      for (i = 0; i < 12; i++) {
        t[i] += ((x ^ surf_seed[i]) + sum) ^ rotl32(x, rot[i % 4]);
        x = t[i];
      }
    }
    for (i = 0; i < 8; i++) g->out[i] ^= t[i + 4];
  }
}

static void surf_init(surf_rng *g) {
  memset(g, 0, sizeof *g);
}

static void surf_bytes(surf_rng *g, uint8_t *out, size_t len) {
  size_t i;
  for (i = 0; i < len; i++) {
    if (g->left == 0) {
      /* The counter's first four words, with carries. */
      unsigned w = 0;
      while (w < 4 && ++g->in[w] == 0) w++;
      surf_block(g);
      g->left = 8;
    }
    out[i] = (uint8_t)g->out[--g->left];
  }
}

/* ---- the program's output, hashed --------------------------------------- */

/* The published sum for a descriptor name: SHA256SUMS names the output of
 * Kyber768-90s "tvecs768-90s". */
static int expected_sum(const char *name, uint8_t want[32]) {
  char file[32], line[160];
  size_t len;
  char *text = test_read_file(
      test_vector_path("pq-crystals-kyber/round3/SHA256SUMS"), &len);
  const char *p = text;
  int found = 0;
  snprintf(file, sizeof file, "tvecs%s", name + strlen("Kyber"));
  while (p < text + len && !found) {
    const char *nl = memchr(p, '\n', (size_t)(text + len - p));
    size_t n = nl != NULL ? (size_t)(nl - p) : (size_t)(text + len - p);
    if (n < sizeof line) {
      memcpy(line, p, n);
      line[n] = '\0';
      /* "<64 hex digits>  <file>" */
      if (n > 66 && strcmp(line + 66, file) == 0 &&
          test_hex_decode(want, 32, line, 64) == 32)
        found = 1;
    }
    p += n + 1;
  }
  free(text);
  return found;
}

void kyber_tvecs_run(const kyber_tvecs_kem *kem) {
  static uint8_t pk[MAX_EK], sk[MAX_DK], ct[MAX_CT];
  uint8_t coins[64], m[32], ss_b[32], ss_a[32], got[32], want[32];
  surf_rng g;
  mlkem_sha256_ctx h;
  unsigned long i, bad_rc = 0, bad_ss = 0;
  char what[128];

  snprintf(what, sizeof what, "%s: a published sum", kem->name);
  CHECK_MSG(expected_sum(kem->name, want), what);
  CHECK_MSG(kem->pk_bytes <= MAX_EK && kem->sk_bytes <= MAX_DK &&
                kem->ct_bytes <= MAX_CT,
            "sizes within those of Kyber1024");
  if (kem->pk_bytes > MAX_EK || kem->sk_bytes > MAX_DK ||
      kem->ct_bytes > MAX_CT)
    return;
  surf_init(&g);
  test_sha256_init_fast(&h);
  for (i = 0; i < ITERATIONS; i++) {
    int rc;
    surf_bytes(&g, coins, 32);
    test_sha256_hex_line(&h, "", coins, 32, 0);
    surf_bytes(&g, coins + 32, 32);
    test_sha256_hex_line(&h, "", coins + 32, 32, 0);
    rc = kem->keygen(kem->ctx, pk, sk, coins);
    test_sha256_hex_line(&h, "Public Key: ", pk, kem->pk_bytes, 0);
    test_sha256_hex_line(&h, "Secret Key: ", sk, kem->sk_bytes, 0);
    surf_bytes(&g, m, 32);
    test_sha256_hex_line(&h, "", m, 32, 0);
    rc |= kem->encaps(kem->ctx, ct, ss_b, pk, m);
    test_sha256_hex_line(&h, "Ciphertext: ", ct, kem->ct_bytes, 0);
    test_sha256_hex_line(&h, "Shared Secret B: ", ss_b, 32, 0);
    rc |= kem->decaps(kem->ctx, ss_a, ct, sk);
    test_sha256_hex_line(&h, "Shared Secret A: ", ss_a, 32, 0);
    if (rc != 0) bad_rc++;
    if (memcmp(ss_a, ss_b, 32) != 0) bad_ss++;
  }
  mlkem_sha256_final(&h, got);
  snprintf(what, sizeof what, "%s: every call returns 0", kem->name);
  CHECK_MSG(bad_rc == 0, what);
  snprintf(what, sizeof what, "%s: decaps gives encaps' key every time",
           kem->name);
  CHECK_MSG(bad_ss == 0, what);
  snprintf(what, sizeof what, "%s: SHA-256 of the test_vectors output",
           kem->name);
  CHECK_MEM(got, want, 32, what);
  printf("kyber test_vectors %s: %d iterations, sum ", kem->name, ITERATIONS);
  for (i = 0; i < 32; i++) printf("%02x", got[i]);
  printf("\n");
}
