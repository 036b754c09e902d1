/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * aes256_ctr_drbg.h - AES-256 encryption (FIPS 197) and the AES-256
 * CTR_DRBG of NIST SP 800-90A (no derivation function, no prediction
 * resistance, no reseeding), as used by NIST's PQC known-answer-test
 * generator to turn a 48-byte seed into the randomness of a test case.
 *
 * Test-only code: straightforward, NOT constant time. Never use it for
 * real keys.
 */
#ifndef MLKEM_TEST_AES256_CTR_DRBG_H
#define MLKEM_TEST_AES256_CTR_DRBG_H

#include <stddef.h>
#include <stdint.h>

/* AES-256 with an expanded key: 15 round keys of 16 bytes. */
typedef struct {
  uint8_t rk[15][16];
} aes256_ctx;

void aes256_init(aes256_ctx *ctx, const uint8_t key[32]);
void aes256_encrypt_block(const aes256_ctx *ctx, uint8_t out[16],
                          const uint8_t in[16]);

/* len bytes of AES-256-CTR keystream under key, from block ctr, with the
 * counter block nonce (12 bytes) || BE32(block): Kyber-90s' XOF and PRF,
 * the reference of the library's AES-256-CTR (src/aes/aes.h). */
void aes256_ctr_keystream(uint8_t *out, size_t len, const uint8_t key[32],
                          const uint8_t nonce[12], uint32_t ctr);

/* CTR_DRBG state (SP 800-90A section 10.2.1) with AES-256: seedlen is 48
 * bytes (key 32 + block 16). */
typedef struct {
  uint8_t key[32];
  uint8_t v[16];
  uint64_t reseed_counter;
} ctr_drbg;

/* Instantiate with a 48-byte entropy input and an optional 48-byte
 * personalization string (NULL for none): key = 0, V = 0, then
 * Update(entropy XOR personalization). */
void ctr_drbg_init(ctr_drbg *drbg, const uint8_t entropy[48],
                   const uint8_t *personalization);

/* Generate len bytes (no additional input), then Update with no data, as
 * NIST's randombytes() does after every call. */
void ctr_drbg_generate(ctr_drbg *drbg, uint8_t *out, size_t len);

#endif
