/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* kem_schemes.c - the hash functions of ML-KEM and Kyber round 3 for the
 * tests (kem_schemes.h). */
#include "kem_schemes.h"

#include <string.h>

#include "aes256_ctr_drbg.h"
#include "sha2/sha2.h"
#include "sha3/sha3.h"

test_scheme test_scheme_of(const mlkem_kem *kem) {
  size_t n = strlen(kem->name);
  if (strncmp(kem->name, "Kyber", 5) != 0) return SCHEME_FIPS203;
  return n > 4 && strcmp(kem->name + n - 4, "-90s") == 0 ? SCHEME_ROUND3_90S
                                                         : SCHEME_ROUND3;
}

void test_scheme_h(test_scheme s, uint8_t out[32], const uint8_t *in,
                   size_t len) {
  if (s == SCHEME_ROUND3_90S)
    mlkem_sha256(out, in, len);
  else
    mlkem_sha3_256(out, in, len);
}

void test_scheme_g(test_scheme s, uint8_t out[64], const uint8_t *in,
                   size_t len) {
  if (s == SCHEME_ROUND3_90S)
    mlkem_sha512(out, in, len);
  else
    mlkem_sha3_512(out, in, len);
}

void test_scheme_rho_sigma(test_scheme s, uint8_t out[64], const uint8_t d[32],
                           unsigned k) {
  uint8_t in[33];
  memcpy(in, d, 32);
  in[32] = (uint8_t)k;
  test_scheme_g(s, out, in, s == SCHEME_FIPS203 ? 33 : 32);
}

void test_scheme_kdf(test_scheme s, uint8_t out[32], const uint8_t a[32],
                     const uint8_t b[32]) {
  uint8_t in[64];
  memcpy(in, a, 32);
  memcpy(in + 32, b, 32);
  if (s == SCHEME_ROUND3_90S)
    mlkem_sha256(out, in, 64);
  else
    mlkem_shake256(out, 32, in, 64);
}

void test_scheme_prf(test_scheme s, uint8_t *out, size_t len,
                     const uint8_t seed[32], unsigned n) {
  if (s == SCHEME_ROUND3_90S) {
    uint8_t nonce[12] = {0};
    nonce[0] = (uint8_t)n;
    aes256_ctr_keystream(out, len, seed, nonce, 0);
  } else {
    uint8_t in[33];
    memcpy(in, seed, 32);
    in[32] = (uint8_t)n;
    mlkem_shake256(out, len, in, sizeof in);
  }
}

void test_scheme_rejection_key(test_scheme s, uint8_t out[32],
                               const uint8_t z[32], const uint8_t *c,
                               size_t clen) {
  mlkem_keccak_ctx ctx;
  if (s != SCHEME_FIPS203) {
    uint8_t hc[32];
    test_scheme_h(s, hc, c, clen);
    test_scheme_kdf(s, out, z, hc);
    return;
  }
  mlkem_shake256_init(&ctx);
  mlkem_keccak_absorb(&ctx, z, 32);
  mlkem_keccak_absorb(&ctx, c, clen);
  mlkem_keccak_finalize(&ctx);
  mlkem_keccak_squeeze(&ctx, out, 32);
}
