/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * mlkem_hazmat.h - building blocks of ML-KEM, for tests, protocol research
 * and experts. NOT SECURE ON THEIR OWN.
 *
 * K-PKE (FIPS 203 section 5) is the public-key encryption scheme inside
 * ML-KEM. It is only secure against passive attackers: given decryptions of
 * chosen ciphertexts, an attacker recovers the secret key. It has no input
 * checks and no implicit rejection. Use the KEM of mlkem.h unless you are
 * implementing something that the standard builds from K-PKE.
 *
 * Conventions are those of mlkem.h (0 or a negative MLKEM_ERR_* code;
 * NULL pointers refused with MLKEM_ERR_NULL_ARGUMENT and outputs zeroed; no
 * overlap between an output and any other buffer).
 */
#ifndef MLKEM_HAZMAT_H
#define MLKEM_HAZMAT_H

#include "mlkem.h"

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC visibility push(default)
#endif

/* Sizes: the K-PKE encryption key is the ML-KEM ek; the K-PKE decryption
 * key dk_PKE is the first 384k bytes of the ML-KEM dk; the ciphertext is the
 * ML-KEM ciphertext; messages, seeds and coins are 32 bytes. */
#define MLKEM512_KPKE_DK_BYTES 768
#define MLKEM768_KPKE_DK_BYTES 1152
#define MLKEM1024_KPKE_DK_BYTES 1536
#define MLKEM_KPKE_MSG_BYTES 32
#define MLKEM_KPKE_SEED_BYTES 32
#define MLKEM_KPKE_COINS_BYTES 32

/* K-PKE.KeyGen (FIPS 203 Algorithm 13) from the 32-byte seed d: writes the
 * encryption key ek (MLKEM768_EK_BYTES) and dk_PKE (MLKEM768_KPKE_DK_BYTES).
 * The (rho, sigma) = G(d || k) derivation is that of the final standard. */
MLKEM_MUST_CHECK int mlkem768_kpke_keygen(
    uint8_t ek[MLKEM768_EK_BYTES], uint8_t dk_pke[MLKEM768_KPKE_DK_BYTES],
    const uint8_t d[MLKEM_KPKE_SEED_BYTES]);

/* K-PKE.Encrypt (FIPS 203 Algorithm 14): encrypts the 32-byte message m
 * under ek with the 32-byte coins r, writing ct (MLKEM768_CT_BYTES). Runs no
 * modulus check: ek's 12-bit values are reduced mod q, exactly as
 * ByteDecode_12 in the algorithm does. The same (ek, m, r) always gives the
 * same ciphertext; never reuse r for two messages. */
MLKEM_MUST_CHECK int mlkem768_kpke_encrypt(
    uint8_t ct[MLKEM768_CT_BYTES], const uint8_t ek[MLKEM768_EK_BYTES],
    const uint8_t m[MLKEM_KPKE_MSG_BYTES],
    const uint8_t r[MLKEM_KPKE_COINS_BYTES]);

/* K-PKE.Decrypt (FIPS 203 Algorithm 15): writes the 32-byte message m that
 * ct decrypts to under dk_PKE. Every ciphertext decrypts to some message;
 * there is no failure and no integrity. */
MLKEM_MUST_CHECK int mlkem768_kpke_decrypt(
    uint8_t m[MLKEM_KPKE_MSG_BYTES],
    const uint8_t dk_pke[MLKEM768_KPKE_DK_BYTES],
    const uint8_t ct[MLKEM768_CT_BYTES]);

/* The same for ML-KEM-512 and ML-KEM-1024. */
MLKEM_MUST_CHECK int mlkem512_kpke_keygen(
    uint8_t ek[MLKEM512_EK_BYTES], uint8_t dk_pke[MLKEM512_KPKE_DK_BYTES],
    const uint8_t d[MLKEM_KPKE_SEED_BYTES]);
MLKEM_MUST_CHECK int mlkem512_kpke_encrypt(
    uint8_t ct[MLKEM512_CT_BYTES], const uint8_t ek[MLKEM512_EK_BYTES],
    const uint8_t m[MLKEM_KPKE_MSG_BYTES],
    const uint8_t r[MLKEM_KPKE_COINS_BYTES]);
MLKEM_MUST_CHECK int mlkem512_kpke_decrypt(
    uint8_t m[MLKEM_KPKE_MSG_BYTES],
    const uint8_t dk_pke[MLKEM512_KPKE_DK_BYTES],
    const uint8_t ct[MLKEM512_CT_BYTES]);

MLKEM_MUST_CHECK int mlkem1024_kpke_keygen(
    uint8_t ek[MLKEM1024_EK_BYTES], uint8_t dk_pke[MLKEM1024_KPKE_DK_BYTES],
    const uint8_t d[MLKEM_KPKE_SEED_BYTES]);
MLKEM_MUST_CHECK int mlkem1024_kpke_encrypt(
    uint8_t ct[MLKEM1024_CT_BYTES], const uint8_t ek[MLKEM1024_EK_BYTES],
    const uint8_t m[MLKEM_KPKE_MSG_BYTES],
    const uint8_t r[MLKEM_KPKE_COINS_BYTES]);
MLKEM_MUST_CHECK int mlkem1024_kpke_decrypt(
    uint8_t m[MLKEM_KPKE_MSG_BYTES],
    const uint8_t dk_pke[MLKEM1024_KPKE_DK_BYTES],
    const uint8_t ct[MLKEM1024_CT_BYTES]);

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC visibility pop
#endif

#ifdef __cplusplus
}
#endif

#endif /* MLKEM_HAZMAT_H */
