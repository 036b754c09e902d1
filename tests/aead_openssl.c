/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * aead_openssl.c - AES-128-GCM and AES-256-GCM against OpenSSL's libcrypto
 * (EVP_aes_128_gcm, EVP_aes_256_gcm), an implementation we did not write:
 * run once per backend (MLKEM_BACKEND), for mlkem_aead_seal / _open (the
 * implementation the backend dispatches to) and for every GCM
 * implementation usable on this CPU.
 *
 * On random keys, 12-byte nonces, aad of 0 to 100 bytes and plaintexts of
 * every length 0..1100 and some long ones (up to 1 MiB): the library's
 * sealed message must be EVP's ciphertext and tag, the library must open
 * EVP's, EVP must accept the library's, and both must refuse a message
 * with one bit flipped (the library with a zeroed output).
 *
 * Exit status 77 (skipped) if MLKEM_BACKEND forces a backend not available
 * here.
 */
#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aead/gcm.h"
#include "gcm_calls.h"
#include "mlkem.h"
#include "mlkem_hazmat.h"
#include "test_util.h"

#define BIG (1u << 20)

static uint8_t pt[BIG], ours[BIG + 16], theirs[BIG + 16], back[BIG + 16];

/* EVP's sealing (enc 1: out = ciphertext || tag) or opening (enc 0: in
 * is ciphertext || tag, out the plaintext); 1 on success (opening: the
 * tag verifies). */
static int evp_crypt(int enc, uint8_t *out, const uint8_t *key, size_t key_len,
                     const uint8_t *nonce, const uint8_t *aad, size_t aad_len,
                     const uint8_t *in, size_t len) {
  EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
  uint8_t tag[16];
  int n = 0, m = 0, ok;
  if (!enc) memcpy(tag, in + len, 16);
  ok = c != NULL &&
       EVP_CipherInit_ex(c,
                         key_len == 16 ? EVP_aes_128_gcm() : EVP_aes_256_gcm(),
                         NULL, key, nonce, enc) == 1 &&
       (aad_len == 0 || EVP_CipherUpdate(c, NULL, &n, aad, (int)aad_len)) &&
       EVP_CipherUpdate(c, out, &n, in, (int)len) == 1 &&
       (enc || EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_GCM_SET_TAG, 16, tag) == 1) &&
       EVP_CipherFinal_ex(c, out + n, &m) == 1 &&
       (!enc ||
        EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_GCM_GET_TAG, 16, out + len) == 1);
  EVP_CIPHER_CTX_free(c);
  return ok;
}

static void random_bytes(test_fast_rng *rng, uint8_t *p, size_t n) {
  size_t i;
  for (i = 0; i < n; i++) p[i] = (uint8_t)test_fast_rng_next(rng);
}

static unsigned long messages;

static void one(test_fast_rng *rng, const mlkem_gcm_impl *impl,
                const char *name, size_t len) {
  uint8_t key[32], nonce[12], aad[100];
  const size_t key_len = test_fast_rng_next(rng) & 1 ? 16 : 32;
  const size_t aad_len = (size_t)(test_fast_rng_next(rng) % 101);
  size_t bit;
  random_bytes(rng, key, sizeof key);
  random_bytes(rng, nonce, sizeof nonce);
  random_bytes(rng, aad, aad_len);
  random_bytes(rng, pt, len);
  CHECKF(evp_crypt(1, theirs, key, key_len, nonce, aad, aad_len, pt, len),
         "OpenSSL seal of %zu bytes", len);
  CHECKF(gcm_call(0, impl, ours, key, key_len, nonce, aad, aad_len, pt, len) ==
                 MLKEM_OK &&
             memcmp(ours, theirs, len + 16) == 0,
         "%s: AES-%zu-GCM seal of %zu bytes (aad %zu) differs from OpenSSL's",
         name, 8 * key_len, len, aad_len);
  CHECKF(gcm_call(1, impl, back, key, key_len, nonce, aad, aad_len, theirs,
                  len + 16) == MLKEM_OK &&
             memcmp(back, pt, len) == 0,
         "%s: opening OpenSSL's message of %zu bytes", name, len);
  CHECKF(evp_crypt(0, back, key, key_len, nonce, aad, aad_len, ours, len) &&
             memcmp(back, pt, len) == 0,
         "%s: OpenSSL opening the library's message of %zu bytes", name, len);
  bit = (size_t)(test_fast_rng_next(rng) % (8 * (len + 16)));
  theirs[bit / 8] ^= (uint8_t)(1u << (bit % 8));
  memset(back, 0xAA, len);
  CHECKF(!evp_crypt(0, back, key, key_len, nonce, aad, aad_len, theirs, len) &&
             gcm_call(1, impl, back, key, key_len, nonce, aad, aad_len, theirs,
                      len + 16) == MLKEM_ERR_AEAD_TAG &&
             test_all_bytes(back, len, 0),
         "%s: a flipped bit %zu of %zu bytes: both refuse", name, bit, len);
  messages++;
}

int main(void) {
  const mlkem_gcm_impl *impls[8];
  size_t nimpls, k, len;
  test_fast_rng rng;
  static const size_t big[] = {4096, 16384 + 5, 65536, BIG};
  unsigned i;
  test_backend_banner();
  printf("OpenSSL: %s\n", OpenSSL_version(OPENSSL_VERSION));
  nimpls = mlkem_gcm_impls(impls, 8);
  test_fast_rng_init(&rng, "aead vs openssl");
  for (k = 0; k <= nimpls; k++) {
    const mlkem_gcm_impl *impl = k < nimpls ? impls[k] : NULL;
    const char *name = impl != NULL ? impl->name : mlkem_gcm_impl_get()->name;
    printf("  %s%s\n", impl != NULL ? "" : "mlkem_aead_seal/open: ", name);
    for (len = 0; len <= 1100; len++) {
      if (test_quick() && len % 23 != 0) continue;
      one(&rng, impl, name, len);
    }
    for (i = 0; i < sizeof big / sizeof big[0]; i++)
      one(&rng, impl, name, big[i]);
  }
  printf("aead_openssl: %lu messages each way\n", messages);
  return test_summary("aead_openssl");
}
