/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_hkdf.c - HMAC and HKDF over SHA-256, SHA-384 and SHA-512
 * (src/sha2/hmac.c, hkdf.c: HPKE's two-stage KDFs), per backend (the
 * SHA-2 implementation follows it).
 *
 * Expected values come from outside this library:
 *  - tests/vectors/hmac-hkdf/hmac_hkdf_kat.txt, written by its generator
 *    with Python's hmac module and pyca/cryptography's HKDF (both
 *    OpenSSL): RFC 4231's HMAC inputs and RFC 5869's HKDF inputs for all
 *    three hashes, keys around and beyond the block sizes, output lengths
 *    from 0 to 255 HashLen;
 *  - RFC 5869 A.1, written out below as the RFC prints it (PRK and OKM).
 * Every MAC is also computed through the incremental interface with the
 * message in random pieces, every HKDF with its IKM and info in pieces.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sha2/hkdf.h"
#include "sha2/hmac.h"
#include "test_util.h"

#define MAXB 4096

static uint8_t key[MAXB], msg[MAXB], salt[MAXB], info[MAXB];
static uint8_t want[255 * 64], got[255 * 64 + 1], prk[64];

static int alg_of(const char *name, mlkem_sha2_alg *alg) {
  if (strcmp(name, "sha256") == 0)
    *alg = MLKEM_SHA2_256;
  else if (strcmp(name, "sha384") == 0)
    *alg = MLKEM_SHA2_384;
  else if (strcmp(name, "sha512") == 0)
    *alg = MLKEM_SHA2_512;
  else
    return 0;
  return 1;
}

/* The next field of a line cut at sep (its separators replaced by NULs),
 * or NULL at the end. */
static char *next_token(char **cur, char sep) {
  char *start = *cur, *end;
  if (start == NULL || *start == '\0') return NULL;
  end = strchr(start, sep);
  if (end != NULL) {
    *end = '\0';
    *cur = end + 1;
  } else {
    *cur = start + strlen(start);
  }
  return start;
}

/* Decodes one space-separated field ('-' is empty) into out. */
static int field(char **cur, uint8_t *out, size_t cap, size_t *len) {
  char *s = next_token(cur, ' ');
  if (s == NULL) return 0;
  if (strcmp(s, "-") == 0) {
    *len = 0;
    return 1;
  }
  *len = test_hex_decode(out, cap, s, strlen(s));
  return *len == strlen(s) / 2;
}

/* The list of up to three pieces data is cut into at two random points. */
static size_t pieces(test_fast_rng *rng, mlkem_span *sp, const uint8_t *data,
                     size_t len) {
  size_t a = len == 0 ? 0 : (size_t)(test_fast_rng_next(rng) % (len + 1));
  size_t b =
      a + (len == a ? 0 : (size_t)(test_fast_rng_next(rng) % (len - a + 1)));
  sp[0].p = data;
  sp[0].len = a;
  sp[1].p = data + a;
  sp[1].len = b - a;
  sp[2].p = data + b;
  sp[2].len = len - b;
  return 3;
}

static void check_hmac(test_fast_rng *rng, mlkem_sha2_alg alg, size_t klen,
                       size_t mlen, const char *line) {
  mlkem_hmac_ctx ctx;
  mlkem_span sp[3];
  size_t n = mlkem_sha2_digest_bytes(alg), i;
  mlkem_hmac(alg, got, key, klen, msg, mlen);
  CHECKF(memcmp(got, want, n) == 0, "HMAC one-shot: %.60s", line);
  mlkem_hmac_init(&ctx, alg, key, klen);
  pieces(rng, sp, msg, mlen);
  for (i = 0; i < 3; i++) mlkem_hmac_update(&ctx, sp[i].p, sp[i].len);
  mlkem_hmac_final(&ctx, got);
  CHECKF(memcmp(got, want, n) == 0, "HMAC in pieces: %.60s", line);
  CHECKF(test_all_bytes((const uint8_t *)&ctx, sizeof ctx, 0),
         "HMAC context wiped after final");
}

static void check_hkdf(test_fast_rng *rng, mlkem_sha2_alg alg, size_t slen,
                       size_t ilen, size_t nlen, size_t olen,
                       const uint8_t *want_prk, const char *line) {
  mlkem_span ikm[3], inf[3];
  size_t n = mlkem_sha2_digest_bytes(alg);
  pieces(rng, ikm, key, ilen);
  mlkem_hkdf_extract(alg, prk, salt, slen, ikm, 3);
  CHECKF(memcmp(prk, want_prk, n) == 0, "HKDF-Extract: %.60s", line);
  pieces(rng, inf, info, nlen);
  memset(got, 0xEE, olen + 1);
  CHECKF(mlkem_hkdf_expand(alg, got, olen, prk, n, inf, 3) == 0,
         "HKDF-Expand accepts L = %zu", olen);
  CHECKF(olen == 0 || memcmp(got, want, olen) == 0, "HKDF-Expand: %.60s", line);
  CHECKF(got[olen] == 0xEE, "HKDF-Expand writes no byte past L = %zu", olen);
}

static void test_kat_file(void) {
  size_t len, nhmac = 0, nhkdf = 0;
  char *text =
      test_read_file(test_vector_path("hmac-hkdf/hmac_hkdf_kat.txt"), &len);
  char *line, *save = text;
  test_fast_rng rng;
  test_fast_rng_init(&rng, "hmac hkdf pieces");
  while ((line = next_token(&save, '\n')) != NULL) {
    char copy[64], *cur = line, *kind, *algname;
    mlkem_sha2_alg alg;
    size_t klen, mlen, slen, nlen, wlen, plen;
    uint8_t want_prk[64];
    if (line[0] == '#') continue;
    snprintf(copy, sizeof copy, "%s", line);
    kind = next_token(&cur, ' ');
    algname = next_token(&cur, ' ');
    if (kind == NULL || algname == NULL || !alg_of(algname, &alg)) {
      CHECKF(0, "vector line format: %s", copy);
      continue;
    }
    if (strcmp(kind, "hmac") == 0) {
      if (!field(&cur, key, MAXB, &klen) || !field(&cur, msg, MAXB, &mlen) ||
          !field(&cur, want, sizeof want, &wlen) ||
          wlen != mlkem_sha2_digest_bytes(alg)) {
        CHECKF(0, "hmac line: %s", copy);
        continue;
      }
      check_hmac(&rng, alg, klen, mlen, copy);
      nhmac++;
    } else {
      char *lstr;
      if (!field(&cur, salt, MAXB, &slen) || !field(&cur, key, MAXB, &klen) ||
          !field(&cur, info, MAXB, &nlen) ||
          (lstr = next_token(&cur, ' ')) == NULL ||
          !field(&cur, want_prk, sizeof want_prk, &plen) ||
          !field(&cur, want, sizeof want, &wlen) ||
          wlen != strtoul(lstr, NULL, 10)) {
        CHECKF(0, "hkdf line: %s", copy);
        continue;
      }
      check_hkdf(&rng, alg, slen, klen, nlen, wlen, want_prk, copy);
      nhkdf++;
    }
  }
  printf("hmac_hkdf_kat.txt: %zu HMAC and %zu HKDF vectors\n", nhmac, nhkdf);
  CHECKF(nhmac == 330 && nhkdf == 72,
         "hmac_hkdf_kat.txt has 330 HMAC and 72 HKDF vectors");
  free(text);
}

/* RFC 5869 A.1 as printed there; and L beyond 255 HashLen refused. */
static void test_rfc5869(void) {
  static const char prk_hex[] =
      "077709362c2e32df0ddc3f0dc47bba6390b6c73bb50f9c3122ec844ad7c2b3e5";
  static const char okm_hex[] =
      "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf3400"
      "7208d5b887185865";
  uint8_t ikm_b[22], salt_b[13], info_b[10], w_prk[32], w_okm[42];
  mlkem_span ikm = {ikm_b, sizeof ikm_b}, inf = {info_b, sizeof info_b};
  size_t i;
  memset(ikm_b, 0x0b, sizeof ikm_b);
  for (i = 0; i < sizeof salt_b; i++) salt_b[i] = (uint8_t)i;
  for (i = 0; i < sizeof info_b; i++) info_b[i] = (uint8_t)(0xf0 + i);
  test_hex_decode(w_prk, 32, prk_hex, strlen(prk_hex));
  test_hex_decode(w_okm, 42, okm_hex, strlen(okm_hex));
  mlkem_hkdf_extract(MLKEM_SHA2_256, prk, salt_b, sizeof salt_b, &ikm, 1);
  CHECK_MEM(prk, w_prk, 32, "RFC 5869 A.1 PRK");
  CHECK(mlkem_hkdf_expand(MLKEM_SHA2_256, got, 42, prk, 32, &inf, 1) == 0);
  CHECK_MEM(got, w_okm, 42, "RFC 5869 A.1 OKM");
  CHECK(mlkem_hkdf_expand(MLKEM_SHA2_256, got, 255 * 32 + 1, prk, 32, &inf,
                          1) == -1);
  CHECK(mlkem_hkdf_expand(MLKEM_SHA2_512, got, 255 * 64 + 1, prk, 32, &inf,
                          1) == -1);
}

int main(void) {
  test_backend_banner();
  test_rfc5869();
  test_kat_file();
  return test_summary("test_hkdf");
}
