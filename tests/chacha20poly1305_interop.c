/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * chacha20poly1305_interop.c - ChaCha20-Poly1305 against OpenSSL's
 * (libcrypto 3, EVP_chacha20_poly1305: an implementation we did not
 * write), with every implementation of this library usable on the CPU.
 *
 * For random keys, nonces, AAD (0 to 300 bytes) and plaintexts (every
 * length from 0 to 600 bytes, random ones to 4 KiB, and 64 KiB + 13 and
 * 1 MiB + 7): our seal gives OpenSSL's ciphertext and tag byte for byte;
 * OpenSSL opens what we sealed and we open what it sealed; a message with
 * one bit flipped (in the ciphertext or the tag) is refused by both.
 *
 * ctest runs it where OpenSSL 3's development files were found (else it
 * is reported skipped, 77, or failed under MLKEM_REQUIRE_INTEROP=1, as
 * in CI); not under MemorySanitizer (libcrypto is not instrumented, so
 * everything it writes would look uninitialised) or in cross builds.
 */
#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aead/chacha20poly1305.h"
#include "mlkem.h"
#include "test_util.h"

#if defined(__has_feature)
#if __has_feature(memory_sanitizer)
#define UNDER_MSAN 1
#endif
#endif

#define MAX_IMPLS 8

#ifndef UNDER_MSAN
static EVP_CIPHER_CTX *ctx;

/* OpenSSL's seal: ct || tag. 1 on success. */
static int ossl_seal(uint8_t *out, const uint8_t key[32],
                     const uint8_t nonce[12], const uint8_t *aad,
                     size_t aad_len, const uint8_t *pt, size_t len) {
  int outl = 0, fin = 0;
  if (EVP_EncryptInit_ex(ctx, EVP_chacha20_poly1305(), NULL, key, nonce) != 1)
    return 0;
  if (aad_len > 0 &&
      EVP_EncryptUpdate(ctx, NULL, &outl, aad, (int)aad_len) != 1)
    return 0;
  if (len > 0 && EVP_EncryptUpdate(ctx, out, &outl, pt, (int)len) != 1)
    return 0;
  if (EVP_EncryptFinal_ex(ctx, out + outl, &fin) != 1) return 0;
  return EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, 16, out + len) == 1;
}

/* OpenSSL's open of ct || tag (len + 16 bytes). 1 if it accepts. */
static int ossl_open(uint8_t *out, const uint8_t key[32],
                     const uint8_t nonce[12], const uint8_t *aad,
                     size_t aad_len, const uint8_t *ct, size_t len) {
  uint8_t tag[16];
  int outl = 0, fin = 0;
  memcpy(tag, ct + len, 16);
  if (EVP_DecryptInit_ex(ctx, EVP_chacha20_poly1305(), NULL, key, nonce) != 1)
    return 0;
  if (aad_len > 0 &&
      EVP_DecryptUpdate(ctx, NULL, &outl, aad, (int)aad_len) != 1)
    return 0;
  if (len > 0 && EVP_DecryptUpdate(ctx, out, &outl, ct, (int)len) != 1)
    return 0;
  if (EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, 16, tag) != 1) return 0;
  return EVP_DecryptFinal_ex(ctx, out + outl, &fin) == 1;
}

static void random_bytes(test_fast_rng *rng, uint8_t *p, size_t n) {
  size_t i;
  for (i = 0; i < n; i++) p[i] = (uint8_t)test_fast_rng_next(rng);
}
#endif

int main(void) {
#ifdef UNDER_MSAN
  printf(
      "chacha20poly1305_interop: not run under MemorySanitizer: libcrypto is "
      "not instrumented (the uninstrumented make test runs it)\n");
  return TEST_SKIP;
#else
  static const size_t large[] = {65536 + 13, (1u << 20) + 7};
  const mlkem_chacha20poly1305_impl *impls[MAX_IMPLS];
  size_t nimpls = mlkem_chacha20poly1305_impls(impls, MAX_IMPLS), k;
  size_t max = (1u << 20) + 7 + 16;
  uint8_t *pt = malloc(max), *ours = malloc(max), *theirs = malloc(max),
          *back = malloc(max);
  uint8_t key[32], nonce[12], aad[300];
  test_fast_rng rng;
  unsigned long iter, runs = test_trials(1000), cases = 0, bad = 0;
  ctx = EVP_CIPHER_CTX_new();
  if (ctx == NULL || pt == NULL || ours == NULL || theirs == NULL ||
      back == NULL) {
    printf("chacha20poly1305_interop: setup failed\n");
    return 1;
  }
  printf("OpenSSL %s; implementations:", OpenSSL_version(OPENSSL_VERSION));
  for (k = 0; k < nimpls; k++) printf(" %s", impls[k]->name);
  printf("\n");
  test_fast_rng_init(&rng, "chacha20poly1305 interop");
  for (iter = 0; iter < runs + 4; iter++) {
    size_t len = iter >= runs  ? large[iter % 2]
                 : iter <= 600 ? iter
                               : (size_t)(test_fast_rng_next(&rng) % 4097);
    size_t aad_len = (size_t)(test_fast_rng_next(&rng) % (sizeof aad + 1));
    size_t bit;
    random_bytes(&rng, key, 32);
    random_bytes(&rng, nonce, 12);
    random_bytes(&rng, aad, aad_len);
    random_bytes(&rng, pt, len);
    if (!ossl_seal(theirs, key, nonce, aad, aad_len, pt, len)) {
      CHECKF(0, "OpenSSL failed to seal %zu bytes", len);
      break;
    }
    for (k = 0; k < nimpls; k++) {
      mlkem_chacha20poly1305_key ck;
      int ok = 1;
      mlkem_chacha20poly1305_key_init_impl(&ck, key, impls[k]);
      ok &= mlkem_chacha20poly1305_key_seal(&ck, ours, nonce, aad, aad_len, pt,
                                            len) == MLKEM_OK &&
            memcmp(ours, theirs, len + 16) == 0;
      ok &= ossl_open(back, key, nonce, aad, aad_len, ours, len) &&
            memcmp(back, pt, len) == 0;
      ok &= mlkem_chacha20poly1305_key_open(&ck, back, nonce, aad, aad_len,
                                            theirs, len + 16) == MLKEM_OK &&
            memcmp(back, pt, len) == 0;
      /* One bit flipped, in the ciphertext or the tag: both refuse. */
      bit = (size_t)(test_fast_rng_next(&rng) % (8 * (len + 16)));
      ours[bit / 8] ^= (uint8_t)(1u << (bit % 8));
      ok &= !ossl_open(back, key, nonce, aad, aad_len, ours, len);
      ok &=
          mlkem_chacha20poly1305_key_open(&ck, back, nonce, aad, aad_len, ours,
                                          len + 16) == MLKEM_ERR_AEAD_TAG;
      mlkem_chacha20poly1305_key_wipe(&ck);
      if (!ok && bad++ < 5)
        CHECKF(0, "%s: %zu bytes, aad %zu: differs from OpenSSL",
               impls[k]->name, len, aad_len);
      cases++;
    }
  }
  CHECKF(bad == 0, "%lu of %lu cases differ from OpenSSL", bad, cases);
  printf("ChaCha20-Poly1305 against OpenSSL: %lu cases, %lu differ\n", cases,
         bad);
  EVP_CIPHER_CTX_free(ctx);
  free(pt);
  free(ours);
  free(theirs);
  free(back);
  return test_summary("chacha20poly1305_interop");
#endif
}
