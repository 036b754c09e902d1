/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * kem_schemes.h - the hash functions of each KEM the library implements,
 * recomputed by the tests from the primitives (the library's SHA-3 and
 * SHA-2, the tests' own AES): ML-KEM's (FIPS 203 section 4.1) and Kyber
 * round 3's, SHAKE and "90s" (include/mlkem_kyber.h), so that a test
 * written against a descriptor checks any of them.
 */
#ifndef MLKEM_TEST_KEM_SCHEMES_H
#define MLKEM_TEST_KEM_SCHEMES_H

#include <stddef.h>
#include <stdint.h>

#include "mlkem.h"

typedef enum {
  SCHEME_FIPS203,   /* ML-KEM */
  SCHEME_ROUND3,    /* Kyber round 3 */
  SCHEME_ROUND3_90S /* Kyber round 3, 90s variant */
} test_scheme;

/* The scheme of a descriptor, from its name ("Kyber..."," ...-90s"). */
test_scheme test_scheme_of(const mlkem_kem *kem);

/* H: SHA3-256, or SHA-256 (90s). */
void test_scheme_h(test_scheme s, uint8_t out[32], const uint8_t *in,
                   size_t len);

/* G: SHA3-512, or SHA-512 (90s). */
void test_scheme_g(test_scheme s, uint8_t out[64], const uint8_t *in,
                   size_t len);

/* K-PKE's seeds from d: G(d || k) for ML-KEM (rank k), G(d) for round 3. */
void test_scheme_rho_sigma(test_scheme s, uint8_t out[64], const uint8_t d[32],
                           unsigned k);

/* Round 3's KDF(a || b) of two 32-byte strings: SHAKE256 to 32 bytes, or
 * SHA-256 (90s). */
void test_scheme_kdf(test_scheme s, uint8_t out[32], const uint8_t a[32],
                     const uint8_t b[32]);

/* PRF(seed, n), len bytes: SHAKE256(seed || n), or the AES-256-CTR
 * keystream under seed with the nonce (n, 0, ..., 0) (90s). */
void test_scheme_prf(test_scheme s, uint8_t *out, size_t len,
                     const uint8_t seed[32], unsigned n);

/* The implicit-rejection key for z and the ciphertext c: J(z || c) =
 * SHAKE256(z || c, 32) (FIPS 203 equation 4.4), or round 3's
 * KDF(z || H(c)). */
void test_scheme_rejection_key(test_scheme s, uint8_t out[32],
                               const uint8_t z[32], const uint8_t *c,
                               size_t clen);

#endif
