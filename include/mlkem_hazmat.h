/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * mlkem_hazmat.h - building blocks of ML-KEM, for tests, protocol research
 * and experts. NOT SECURE ON THEIR OWN. Also X25519 (@spec{RFC7748}), the
 * classical half of hybrid key exchanges (at the end).
 *
 * K-PKE (@spec{FIPS203, sec. 5}) is the public-key encryption scheme inside
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

/* K-PKE.KeyGen (@spec{FIPS203, Alg. 13}) from the 32-byte seed d: writes the
 * encryption key ek (MLKEM768_EK_BYTES) and dk_PKE (MLKEM768_KPKE_DK_BYTES).
 * The (rho, sigma) = G(d || k) derivation is that of the final standard. */
MLKEM_MUST_CHECK int mlkem768_kpke_keygen(
    uint8_t ek[MLKEM768_EK_BYTES], uint8_t dk_pke[MLKEM768_KPKE_DK_BYTES],
    const uint8_t d[MLKEM_KPKE_SEED_BYTES]);

/* K-PKE.Encrypt (@spec{FIPS203, Alg. 14}): encrypts the 32-byte message m
 * under ek with the 32-byte coins r, writing ct (MLKEM768_CT_BYTES). Runs no
 * modulus check: ek's 12-bit values are reduced mod q, exactly as
 * ByteDecode_12 in the algorithm does. The same (ek, m, r) always gives the
 * same ciphertext; never reuse r for two messages. */
MLKEM_MUST_CHECK int mlkem768_kpke_encrypt(
    uint8_t ct[MLKEM768_CT_BYTES], const uint8_t ek[MLKEM768_EK_BYTES],
    const uint8_t m[MLKEM_KPKE_MSG_BYTES],
    const uint8_t r[MLKEM_KPKE_COINS_BYTES]);

/* K-PKE.Decrypt (@spec{FIPS203, Alg. 15}): writes the 32-byte message m that
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

/* ------------------------------------------------------------------------ */
/* X25519 (@spec{RFC7748}), the classical half of hybrid key exchanges        */
/*
 * The Diffie-Hellman function on curve25519, for protocols that combine it
 * with ML-KEM (a hybrid key share). It is not part of FIPS 203; it is here
 * so that those protocols can be built from this library alone.
 *
 * Private keys are 32 uniformly random bytes (from a cryptographic random
 * source; keep them secret and wipe them after use). Public keys and
 * shared secrets are 32-byte little-endian u-coordinates. Both functions
 * clamp the scalar as @spec{RFC7748, sec. 5} specifies (decodeScalar25519), so
 * any 32 bytes are a valid private key, and keys differing only in the
 * clamped bits are the same key. They run in time independent of the
 * scalar and of the point, and wipe every copy of the scalar. The
 * implementation follows the backend in use (mlkem_backend_name): forced
 * onto one that is unavailable, both fail with MLKEM_ERR_BACKEND. All
 * implementations give the same results. The conventions of mlkem.h hold
 * (NULL refused with MLKEM_ERR_NULL_ARGUMENT; out zeroed on every error;
 * out must not overlap the inputs).
 *
 * Use the shared secret only through a key derivation that also binds the
 * public keys (as TLS and X-Wing do); never as a key directly.
 */

#define MLKEM_X25519_BYTES 32 /* private key, public key, shared secret */

/* X25519(scalar, point) (@spec{RFC7748, sec. 5}): the shared secret of the
 * private key scalar and the peer's public key point. point is any 32
 * bytes: its top bit is ignored, and a value from p = 2^255 - 19 to
 * 2^255 - 1 is taken modulo p, as @spec{RFC7748, sec. 5} requires. Fails with
 * MLKEM_ERR_X25519_ZERO if the result is all zeros, which happens exactly
 * when point is of small order (@spec{RFC7748, sec. 6.1}): the caller must
 * then abort the exchange. The check itself takes the same time whatever
 * the result. */
MLKEM_MUST_CHECK int mlkem_x25519(uint8_t out[MLKEM_X25519_BYTES],
                                  const uint8_t scalar[MLKEM_X25519_BYTES],
                                  const uint8_t point[MLKEM_X25519_BYTES]);

/* The public key of the private key scalar: X25519(scalar, 9), the
 * u-coordinate of the base point (@spec{RFC7748, sec. 6.1}), computed from a
 * table of multiples of the base point, about 2.5 times faster than
 * mlkem_x25519 on the point 9, with the same result. Never all zeros
 * (no clamped scalar is a multiple of the base point's order). Fails only
 * on NULL or MLKEM_ERR_BACKEND. */
MLKEM_MUST_CHECK int mlkem_x25519_base(
    uint8_t out[MLKEM_X25519_BYTES], const uint8_t scalar[MLKEM_X25519_BYTES]);

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC visibility pop
#endif

#ifdef __cplusplus
}
#endif

#endif /* MLKEM_HAZMAT_H */
