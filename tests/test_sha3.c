/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_sha3.c - the hash functions over Keccak-f[1600] (test_keccak.c):
 * SHA3-256, SHA3-512, SHAKE128, SHAKE256, one-shot, incremental and
 * squeezeblocks.
 *
 * Expected values come from outside this library:
 *  - NIST's FIPS 202 example values (csrc.nist.gov, "Examples with
 *    Intermediate Values" for SHA3-256, SHA3-512, SHAKE128, SHAKE256);
 *  - tests/vectors/sha3/sha3_kat.txt, computed with Python's hashlib
 *    (OpenSSL) by tests/vectors/sha3/gen_sha3_kat.py.
 * The remaining checks compare the library's own entry points with each
 * other (incremental against one-shot).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sha3/sha3.h"
#include "sha3_oneshot.h"
#include "test_util.h"

#define MAX_MSG 8192
#define MAX_OUT 4096

static uint8_t msg_buf[MAX_MSG];
static uint8_t want_buf[MAX_OUT];
static uint8_t got_buf[MAX_OUT];

static void hex(uint8_t *out, size_t len, const char *h) {
  size_t n = test_hex_decode(out, len, h, strlen(h));
  if (n != len) {
    fprintf(stderr, "bad hex constant in test\n");
    exit(2);
  }
}

/* ---- NIST FIPS 202 examples -------------------------------------------- */

static void test_nist_examples(void) {
  uint8_t a3[200], md[64], out[512];
  mlkem_keccak_ctx ctx;

  memset(a3, 0xA3, sizeof a3); /* the 1600-bit message of the examples */

  hex(want_buf, 32,
      "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a");
  mlkem_sha3_256(md, NULL, 0);
  CHECK_MEM(md, want_buf, 32, "SHA3-256(\"\")");
  hex(want_buf, 32,
      "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532");
  mlkem_sha3_256(md, (const uint8_t *)"abc", 3);
  CHECK_MEM(md, want_buf, 32, "SHA3-256(\"abc\")");
  hex(want_buf, 32,
      "79f38adec5c20307a98ef76e8324afbfd46cfd81b22e3973c65fa1bd9de31787");
  mlkem_sha3_256(md, a3, sizeof a3);
  CHECK_MEM(md, want_buf, 32, "SHA3-256(1600 bits of 0xA3)");

  hex(want_buf, 64,
      "a69f73cca23a9ac5c8b567dc185a756e97c982164fe25859e0d1dcc1475c80a6"
      "15b2123af1f5f94c11e3e9402c3ac558f500199d95b6d3e301758586281dcd26");
  mlkem_sha3_512(md, NULL, 0);
  CHECK_MEM(md, want_buf, 64, "SHA3-512(\"\")");
  hex(want_buf, 64,
      "b751850b1a57168a5693cd924b6b096e08f621827444f70d884f5d0240d2712e"
      "10e116e9192af3c91a7ec57647e3934057340b4cf408d5a56592f8274eec53f0");
  mlkem_sha3_512(md, (const uint8_t *)"abc", 3);
  CHECK_MEM(md, want_buf, 64, "SHA3-512(\"abc\")");
  hex(want_buf, 64,
      "e76dfad22084a8b1467fcf2ffa58361bec7628edf5f3fdc0e4805dc48caeeca8"
      "1b7c13c30adf52a3659584739a2df46be589c51ca1a4a8416df6545a1ce8ba00");
  mlkem_sha3_512(md, a3, sizeof a3);
  CHECK_MEM(md, want_buf, 64, "SHA3-512(1600 bits of 0xA3)");

  /* The same through the incremental interface, "abc" in pieces. */
  mlkem_sha3_256_init(&ctx);
  mlkem_keccak_absorb(&ctx, (const uint8_t *)"a", 1);
  mlkem_keccak_absorb(&ctx, (const uint8_t *)"bc", 2);
  mlkem_sha3_256_final(&ctx, md);
  hex(want_buf, 32,
      "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532");
  CHECK_MEM(md, want_buf, 32, "SHA3-256 incremental(\"abc\")");
  mlkem_sha3_512_init(&ctx);
  mlkem_keccak_absorb(&ctx, a3, 99);
  mlkem_keccak_absorb(&ctx, a3, 101);
  mlkem_sha3_512_final(&ctx, md);
  hex(want_buf, 64,
      "e76dfad22084a8b1467fcf2ffa58361bec7628edf5f3fdc0e4805dc48caeeca8"
      "1b7c13c30adf52a3659584739a2df46be589c51ca1a4a8416df6545a1ce8ba00");
  CHECK_MEM(md, want_buf, 64, "SHA3-512 incremental(1600 bits of 0xA3)");

  /* SHAKE with 4096-bit outputs: the examples list all 512 bytes; we
   * check the first 32 and the last 32 (bytes 480..511). */
  mlkem_shake128(out, sizeof out, NULL, 0);
  hex(want_buf, 32,
      "7f9c2ba4e88f827d616045507605853ed73b8093f6efbc88eb1a6eacfa66ef26");
  CHECK_MEM(out, want_buf, 32, "SHAKE128(\"\") bytes 0..31");
  hex(want_buf, 32,
      "43e41b45a653f2a5c4492c1add544512dda2529833462b71a41a45be97290b6f");
  CHECK_MEM(out + 480, want_buf, 32, "SHAKE128(\"\") bytes 480..511");

  mlkem_shake256(out, sizeof out, NULL, 0);
  hex(want_buf, 64,
      "46b9dd2b0ba88d13233b3feb743eeb243fcd52ea62b81b82b50c27646ed5762f"
      "d75dc4ddd8c0f200cb05019d67b592f6fc821c49479ab48640292eacb3b7c4be");
  CHECK_MEM(out, want_buf, 64, "SHAKE256(\"\") bytes 0..63");
  hex(want_buf, 32,
      "ab0bae316339894304e35877b0c28a9b1fd166c796b9cc258a064a8f57e27f2a");
  CHECK_MEM(out + 480, want_buf, 32, "SHAKE256(\"\") bytes 480..511");

  mlkem_shake128(out, sizeof out, a3, sizeof a3);
  hex(want_buf, 32,
      "131ab8d2b594946b9c81333f9bb6e0ce75c3b93104fa3469d3917457385da037");
  CHECK_MEM(out, want_buf, 32, "SHAKE128(0xA3 x 200) bytes 0..31");
  hex(want_buf, 32,
      "44c9fb359fd56ac0a9a75a743cff6862f17d7259ab075216c0699511643b6439");
  CHECK_MEM(out + 480, want_buf, 32, "SHAKE128(0xA3 x 200) bytes 480..511");

  mlkem_shake256(out, sizeof out, a3, sizeof a3);
  hex(want_buf, 32,
      "cd8a920ed141aa0407a22d59288652e9d9f1a7ee0c1e7c1ca699424da84a904d");
  CHECK_MEM(out, want_buf, 32, "SHAKE256(0xA3 x 200) bytes 0..31");
  hex(want_buf, 32,
      "6a1a9d7846436e4dca5728b6f760eef0ca92bf0be5615e96959d767197a0beeb");
  CHECK_MEM(out + 480, want_buf, 32, "SHAKE256(0xA3 x 200) bytes 480..511");
}

/* ---- helpers for the incremental checks -------------------------------- */

static void init_alg(mlkem_keccak_ctx *ctx, enum alg a) {
  switch (a) {
    case SHA3_256:
      mlkem_sha3_256_init(ctx);
      break;
    case SHA3_512:
      mlkem_sha3_512_init(ctx);
      break;
    case SHAKE128:
      mlkem_shake128_init(ctx);
      break;
    case SHAKE256:
      mlkem_shake256_init(ctx);
      break;
  }
}

/* A random piece length for splitting n bytes: often 0 or tiny, sometimes
 * up to a couple of blocks, so that pieces straddle block boundaries in
 * every possible way over many runs. */
static size_t random_piece(test_rng *rng, size_t n) {
  uint32_t r = test_rng_u32(rng);
  size_t len;
  switch (r % 4) {
    case 0:
      len = (r >> 8) % 3;
      break;
    case 1:
      len = (r >> 8) % 9;
      break;
    case 2:
      len = (r >> 8) % 200;
      break;
    default:
      len = (r >> 8) % 400;
      break;
  }
  return len < n ? len : n;
}

/* Hashes in[0..inlen) with absorb calls at random split points and
 * squeezes outlen bytes in random pieces. */
static void incremental(enum alg a, test_rng *rng, uint8_t *out, size_t outlen,
                        const uint8_t *in, size_t inlen) {
  mlkem_keccak_ctx ctx;
  size_t off = 0;
  init_alg(&ctx, a);
  while (off < inlen) {
    size_t n = random_piece(rng, inlen - off);
    mlkem_keccak_absorb(&ctx, in + off, n);
    off += n;
  }
  mlkem_keccak_absorb(&ctx, in, 0); /* an empty piece at the end, too */
  mlkem_keccak_finalize(&ctx);
  off = 0;
  while (off < outlen) {
    size_t n = random_piece(rng, outlen - off);
    mlkem_keccak_squeeze(&ctx, out + off, n);
    off += n;
  }
}

/* ---- the hashlib vector file ------------------------------------------- */

static int parse_alg(const char *s, enum alg *a) {
  if (strcmp(s, "sha3_256") == 0)
    *a = SHA3_256;
  else if (strcmp(s, "sha3_512") == 0)
    *a = SHA3_512;
  else if (strcmp(s, "shake128") == 0)
    *a = SHAKE128;
  else if (strcmp(s, "shake256") == 0)
    *a = SHAKE256;
  else
    return 0;
  return 1;
}

static void test_kat_file(void) {
  size_t len;
  char *text = test_read_file(test_vector_path("sha3/sha3_kat.txt"), &len);
  char *line = text, *next;
  unsigned long count = 0, lineno = 0;
  unsigned long per_alg[4] = {0, 0, 0, 0};
  test_rng rng;

  test_rng_init(&rng, "sha3_kat incremental");
  for (; line != NULL && *line != '\0'; line = next) {
    char *tok[5], *save;
    int ntok = 0;
    enum alg a;
    unsigned long msglen, outlen;

    lineno++;
    next = strchr(line, '\n');
    if (next != NULL) *next++ = '\0';
    if (line[0] == '#' || line[0] == '\0' || line[0] == '\r') continue;
    for (save = line; ntok < 5; ntok++) {
      while (*save == ' ') save++;
      if (*save == '\0' || *save == '\r') break;
      tok[ntok] = save;
      while (*save != ' ' && *save != '\0' && *save != '\r') save++;
      if (*save != '\0') *save++ = '\0';
    }
    if (ntok != 5 || !parse_alg(tok[0], &a)) {
      fprintf(stderr, "sha3_kat.txt:%lu: malformed line\n", lineno);
      CHECK_MSG(0, "sha3_kat.txt line format");
      continue;
    }
    msglen = strtoul(tok[1], NULL, 10);
    outlen = strtoul(tok[2], NULL, 10);
    if (msglen > MAX_MSG || outlen > MAX_OUT ||
        (msglen > 0 &&
         test_hex_decode(msg_buf, MAX_MSG, tok[3], strlen(tok[3])) != msglen) ||
        (msglen == 0 && strcmp(tok[3], "-") != 0) ||
        test_hex_decode(want_buf, MAX_OUT, tok[4], strlen(tok[4])) != outlen ||
        (a == SHA3_256 && outlen != 32) || (a == SHA3_512 && outlen != 64)) {
      fprintf(stderr, "sha3_kat.txt:%lu: bad lengths or hex\n", lineno);
      CHECK_MSG(0, "sha3_kat.txt line contents");
      continue;
    }

    memset(got_buf, 0, outlen);
    oneshot(a, got_buf, outlen, msg_buf, msglen);
    if (memcmp(got_buf, want_buf, outlen) != 0)
      fprintf(stderr, "sha3_kat.txt:%lu: one-shot mismatch\n", lineno);
    CHECK_MEM(got_buf, want_buf, outlen, "sha3_kat.txt one-shot");

    memset(got_buf, 0, outlen);
    incremental(a, &rng, got_buf, outlen, msg_buf, msglen);
    if (memcmp(got_buf, want_buf, outlen) != 0)
      fprintf(stderr, "sha3_kat.txt:%lu: incremental mismatch\n", lineno);
    CHECK_MEM(got_buf, want_buf, outlen, "sha3_kat.txt incremental");

    count++;
    per_alg[a]++;
  }
  free(text);
  printf(
      "sha3_kat.txt: %lu vectors checked (SHA3-256 %lu, SHA3-512 %lu, "
      "SHAKE128 %lu, SHAKE256 %lu), each one-shot and incremental\n",
      count, per_alg[0], per_alg[1], per_alg[2], per_alg[3]);
  CHECK_MSG(count >= 2000, "sha3_kat.txt holds the expected vectors");
  CHECK(per_alg[0] > 0 && per_alg[1] > 0 && per_alg[2] > 0 && per_alg[3] > 0);
}

/* ---- incremental against one-shot on long random data ------------------ */

static void test_incremental_random(void) {
  static uint8_t in[3000], want[2500], got[2500];
  test_rng rng;
  int a, iter;

  test_rng_init(&rng, "sha3 incremental random");
  test_rng_bytes(&rng, in, sizeof in);
  for (a = SHA3_256; a <= SHAKE256; a++) {
    size_t outlen = a == SHA3_256 ? 32 : a == SHA3_512 ? 64 : sizeof want;
    for (iter = 0; iter < 40; iter++) {
      size_t inlen = test_rng_u32(&rng) % (sizeof in + 1);
      oneshot((enum alg)a, want, outlen, in, inlen);
      memset(got, 0, outlen);
      incremental((enum alg)a, &rng, got, outlen, in, inlen);
      CHECK_MEM(got, want, outlen, "random splits equal one-shot");
    }
  }
}

/* ---- squeezeblocks against squeeze ------------------------------------- */

static void test_squeezeblocks(void) {
  static uint8_t want[10 * 168], got[10 * 168 + 100];
  const uint8_t in[34] = "thirty-four bytes, like an XOF in";
  mlkem_keccak_ctx ctx;
  int a;

  for (a = SHAKE128; a <= SHAKE256; a++) {
    size_t rate = a == SHAKE128 ? MLKEM_SHAKE128_RATE : MLKEM_SHAKE256_RATE;
    size_t nb;
    oneshot((enum alg)a, want, sizeof want, in, sizeof in);

    /* n blocks at once, for n = 0..10. */
    for (nb = 0; nb <= 10 && nb * rate <= sizeof want; nb++) {
      memset(got, 0xEE, sizeof got);
      init_alg(&ctx, (enum alg)a);
      mlkem_keccak_absorb(&ctx, in, sizeof in);
      mlkem_keccak_finalize(&ctx);
      mlkem_keccak_squeezeblocks(&ctx, got, nb);
      CHECK_MEM(got, want, nb * rate, "squeezeblocks equals squeeze");
      CHECK(got[nb * rate] == 0xEE); /* nothing written past the blocks */
    }

    /* Blocks in several calls, then ordinary squeezes continuing. */
    memset(got, 0, sizeof got);
    init_alg(&ctx, (enum alg)a);
    mlkem_keccak_absorb(&ctx, in, 10);
    mlkem_keccak_absorb(&ctx, in + 10, sizeof in - 10);
    mlkem_keccak_finalize(&ctx);
    mlkem_keccak_squeezeblocks(&ctx, got, 1);
    mlkem_keccak_squeezeblocks(&ctx, got + rate, 0);
    mlkem_keccak_squeezeblocks(&ctx, got + rate, 3);
    mlkem_keccak_squeeze(&ctx, got + 4 * rate, 5);
    mlkem_keccak_squeeze(&ctx, got + 4 * rate + 5, 2 * rate);
    CHECK_MEM(got, want, 6 * rate + 5, "squeezeblocks then squeeze");
  }
}

int main(void) {
  test_nist_examples();
  test_kat_file();
  test_incremental_random();
  test_squeezeblocks();
  return test_summary("test_sha3");
}
