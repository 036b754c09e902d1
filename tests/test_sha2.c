/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_sha2.c - SHA-256 and SHA-512 (src/sha2/): every implementation
 * usable on this CPU, and the one the dispatch chose for the backend in
 * use (run once per backend, MLKEM_BACKEND).
 *
 * Expected values come from outside this library:
 *  - the FIPS 180-4 examples (NIST's "Example Algorithms" pages, SHA-256
 *    and SHA-512: "abc", the 448-bit and 896-bit messages; the one-million
 *    'a' message and the empty string of the NIST SHA test suite);
 *  - tests/vectors/sha2/sha2_kat.txt, computed with Python's hashlib
 *    (OpenSSL) by tests/vectors/sha2/gen_sha2_kat.py: every length
 *    0..300 and longer messages, so every padding case of both hashes.
 * The remaining checks compare implementations with the portable one and
 * incremental hashing with one-shot, on random inputs and split points.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/backend.h"
#include "platform/cpu.h"
#include "mlkem.h"
#include "sha2/sha2.h"
#include "test_util.h"

#define MAX_IMPLS 8
#define MAX_MSG 8192

static const mlkem_sha2_impl *impls[MAX_IMPLS];
static size_t nimpls;

static uint8_t msg_buf[MAX_MSG];
static uint8_t million_a[1000000];

static void hex(uint8_t *out, size_t len, const char *h) {
  if (test_hex_decode(out, len, h, strlen(h)) != len) {
    fprintf(stderr, "bad hex constant in test\n");
    exit(2);
  }
}

/* The digest of msg under impl (alg 256 or 512), fed to update in pieces
 * at the given split points (nsplits of them, ascending, within len). */
static void digest_split(int alg, const mlkem_sha2_impl *impl, uint8_t *out,
                         const uint8_t *msg, size_t len, const size_t *splits,
                         size_t nsplits) {
  size_t prev = 0, i;
  if (alg == 256) {
    mlkem_sha256_ctx ctx;
    mlkem_sha256_init_impl(&ctx, impl);
    for (i = 0; i <= nsplits; i++) {
      size_t end = i < nsplits ? splits[i] : len;
      mlkem_sha256_update(&ctx, msg + prev, end - prev);
      prev = end;
    }
    mlkem_sha256_final(&ctx, out);
  } else {
    mlkem_sha512_ctx ctx;
    mlkem_sha512_init_impl(&ctx, impl);
    for (i = 0; i <= nsplits; i++) {
      size_t end = i < nsplits ? splits[i] : len;
      mlkem_sha512_update(&ctx, msg + prev, end - prev);
      prev = end;
    }
    mlkem_sha512_final(&ctx, out);
  }
}

static void digest(int alg, const mlkem_sha2_impl *impl, uint8_t *out,
                   const uint8_t *msg, size_t len) {
  digest_split(alg, impl, out, msg, len, NULL, 0);
}

/* Up to 8 ascending random split points in [0, len]. */
static size_t random_splits(test_fast_rng *rng, size_t len, size_t *splits) {
  size_t n = (size_t)(test_fast_rng_next(rng) % 9), i, j;
  for (i = 0; i < n; i++)
    splits[i] = (size_t)(test_fast_rng_next(rng) % (len + 1));
  for (i = 1; i < n; i++)
    for (j = i; j > 0 && splits[j - 1] > splits[j]; j--) {
      size_t t = splits[j];
      splits[j] = splits[j - 1];
      splits[j - 1] = t;
    }
  return n;
}

/* ---- FIPS 180-4 examples ------------------------------------------------ */

static const char abc448[] =
    "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
static const char abc896[] =
    "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjk"
    "lmnopqklmnopqrlmnopqrsmnopqrstnopqrstu";

static const struct {
  const char *msg; /* NULL: one million 'a' */
  const char *sha256, *sha512;
} examples[] = {
    {"abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
     "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
     "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"},
    {"", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
     "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce"
     "47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e"},
    {abc448, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
     "204a8fc6dda82f0a0ced7beb8e08a41657c16ef468b228a8279be331a703c335"
     "96fd15c13b1b07f9aa1d3bea57789ca031ad85c7a71dd70354ec631238ca3445"},
    {abc896, "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1",
     "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018"
     "501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909"},
    {NULL, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0",
     "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973eb"
     "de0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b"},
};

static void test_examples(void) {
  size_t e, k;
  memset(million_a, 'a', sizeof million_a);
  for (e = 0; e < sizeof examples / sizeof examples[0]; e++) {
    const uint8_t *msg =
        examples[e].msg != NULL ? (const uint8_t *)examples[e].msg : million_a;
    size_t len =
        examples[e].msg != NULL ? strlen(examples[e].msg) : sizeof million_a;
    uint8_t want256[32], want512[64], got[64];
    hex(want256, 32, examples[e].sha256);
    hex(want512, 64, examples[e].sha512);

    mlkem_sha256(got, msg, len);
    CHECKF(memcmp(got, want256, 32) == 0,
           "SHA-256 example %zu (%zu bytes), dispatched one-shot", e, len);
    mlkem_sha512(got, msg, len);
    CHECKF(memcmp(got, want512, 64) == 0,
           "SHA-512 example %zu (%zu bytes), dispatched one-shot", e, len);
    for (k = 0; k < nimpls; k++) {
      /* The long message also in 1000-byte pieces: the buffered path
       * across 15,625 (SHA-256) and 7,812 (SHA-512) block boundaries. */
      size_t splits[999], i, ns = 0;
      if (len == sizeof million_a)
        for (i = 0; i < 999; i++) splits[ns++] = 1000 * (i + 1);
      digest(256, impls[k], got, msg, len);
      CHECKF(memcmp(got, want256, 32) == 0, "SHA-256 example %zu, %s", e,
             impls[k]->name);
      digest(512, impls[k], got, msg, len);
      CHECKF(memcmp(got, want512, 64) == 0, "SHA-512 example %zu, %s", e,
             impls[k]->name);
      digest_split(256, impls[k], got, msg, len, splits, ns);
      CHECKF(memcmp(got, want256, 32) == 0, "SHA-256 example %zu in pieces, %s",
             e, impls[k]->name);
      digest_split(512, impls[k], got, msg, len, splits, ns);
      CHECKF(memcmp(got, want512, 64) == 0, "SHA-512 example %zu in pieces, %s",
             e, impls[k]->name);
    }
  }
}

/* ---- hashlib vectors -------------------------------------------------- */

static void test_kat_file(void) {
  size_t len, nlines = 0;
  char *text = test_read_file(test_vector_path("sha2/sha2_kat.txt"), &len);
  char *line = text, *next;
  test_fast_rng rng;
  test_fast_rng_init(&rng, "sha2_kat splits");
  for (; *line != '\0'; line = next) {
    char alg[16], *msghex, *dighex;
    unsigned long msglen;
    int bits;
    size_t dlen, k;
    uint8_t want[64], got[64];
    next = strchr(line, '\n');
    if (next != NULL)
      *next++ = '\0';
    else
      next = line + strlen(line);
    if (line[0] == '#' || line[0] == '\0') continue;
    msghex =
        strchr(line, ' ') != NULL ? strchr(strchr(line, ' ') + 1, ' ') : NULL;
    if (msghex == NULL || sscanf(line, "%15s %lu", alg, &msglen) != 2 ||
        msglen > MAX_MSG) {
      CHECK_MSG(0, "sha2_kat.txt line format");
      continue;
    }
    msghex++;
    dighex = strchr(msghex, ' ');
    if (dighex == NULL) {
      CHECK_MSG(0, "sha2_kat.txt line format");
      continue;
    }
    *dighex++ = '\0';
    bits = strcmp(alg, "sha256") == 0 ? 256 : 512;
    dlen = bits / 8;
    if ((msglen == 0 ? strcmp(msghex, "-") != 0
                     : test_hex_decode(msg_buf, MAX_MSG, msghex,
                                       strlen(msghex)) != msglen) ||
        test_hex_decode(want, 64, dighex, strlen(dighex)) != dlen) {
      CHECK_MSG(0, "sha2_kat.txt line contents");
      continue;
    }
    nlines++;
    if (bits == 256)
      mlkem_sha256(got, msg_buf, msglen);
    else
      mlkem_sha512(got, msg_buf, msglen);
    CHECKF(memcmp(got, want, dlen) == 0, "%s of %lu bytes, dispatched", alg,
           msglen);
    for (k = 0; k < nimpls; k++) {
      size_t splits[8], ns = random_splits(&rng, msglen, splits);
      digest(bits, impls[k], got, msg_buf, msglen);
      CHECKF(memcmp(got, want, dlen) == 0, "%s of %lu bytes, %s", alg, msglen,
             impls[k]->name);
      digest_split(bits, impls[k], got, msg_buf, msglen, splits, ns);
      CHECKF(memcmp(got, want, dlen) == 0, "%s of %lu bytes in %zu pieces, %s",
             alg, msglen, ns + 1, impls[k]->name);
    }
  }
  CHECKF(nlines == 640, "sha2_kat.txt has 640 vectors (read %zu)", nlines);
  free(text);
}

/* ---- every implementation against portable ---------------------------- */

static void test_against_portable(void) {
  test_fast_rng rng;
  unsigned iter;
  size_t k;
  test_fast_rng_init(&rng, "sha2 vs portable");
  for (iter = 0; iter < 3000; iter++) {
    size_t len =
        (size_t)(test_fast_rng_next(&rng) % (iter < 2000 ? 700 : MAX_MSG));
    size_t i, splits[8], ns;
    uint8_t want256[32], want512[64], got[64];
    for (i = 0; i < len; i++) msg_buf[i] = (uint8_t)test_fast_rng_next(&rng);
    digest(256, &mlkem_sha2_portable, want256, msg_buf, len);
    digest(512, &mlkem_sha2_portable, want512, msg_buf, len);
    for (k = 1; k < nimpls; k++) {
      ns = random_splits(&rng, len, splits);
      digest_split(256, impls[k], got, msg_buf, len, splits, ns);
      CHECKF(memcmp(got, want256, 32) == 0, "SHA-256 %s vs portable, %zu bytes",
             impls[k]->name, len);
      digest_split(512, impls[k], got, msg_buf, len, splits, ns);
      CHECKF(memcmp(got, want512, 64) == 0, "SHA-512 %s vs portable, %zu bytes",
             impls[k]->name, len);
    }
  }
  if (nimpls == 1) CHECK_MSG(1, "only the portable implementation here");
}

/* The dispatch follows the backend (sha2_select.c). */
static void test_choice(void) {
  const mlkem_sha2_impl *got = mlkem_sha2_impl_get();
  const mlkem_sha2_impl *want = &mlkem_sha2_portable;
  const char *be = mlkem_backend_name();
  if (strcmp(be, "portable") != 0) {
#ifdef MLKEM_HAVE_SHA_NI
    if (mlkem_cpu_has_sha_ni()) want = &mlkem_sha2_x86_shani;
#endif
#ifdef MLKEM_HAVE_ARM_SHA2
    if (mlkem_cpu_has_arm_sha2())
      want = mlkem_cpu_has_arm_sha512() ? &mlkem_sha2_armv8_sha512
                                        : &mlkem_sha2_armv8;
#endif
  }
  printf("dispatched SHA-2 implementation: %s (backend %s)\n", got->name, be);
  CHECKF(got == want, "backend %s dispatches SHA-2 to %s, expected %s", be,
         got->name, want->name);
}

int main(void) {
  size_t k;
  test_backend_banner();
  nimpls = mlkem_sha2_impls(impls, MAX_IMPLS);
  printf("SHA-2 implementations usable here:");
  for (k = 0; k < nimpls; k++) printf(" %s", impls[k]->name);
  printf("\n");
  CHECK(nimpls >= 1 && impls[0] == &mlkem_sha2_portable);
  test_choice();
  test_examples();
  test_kat_file();
  test_against_portable();
  return test_summary("test_sha2");
}
