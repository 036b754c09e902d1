/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/**
 * @file
 * mlkem_hazmat.h - building blocks of ML-KEM, for tests, protocol research
 * and experts. NOT SECURE ON THEIR OWN. Also X25519 (@spec{RFC7748}), the
 * classical half of hybrid key exchanges, and the AEADs of HPKE (at the
 * end).
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

/** @{ */
/** Sizes: the K-PKE encryption key is the ML-KEM ek; the K-PKE decryption
 * key dk_PKE is the first 384k bytes of the ML-KEM dk; the ciphertext is the
 * ML-KEM ciphertext; messages, seeds and coins are 32 bytes. */
#define MLKEM512_KPKE_DK_BYTES 768
#define MLKEM768_KPKE_DK_BYTES 1152
#define MLKEM1024_KPKE_DK_BYTES 1536
#define MLKEM_KPKE_MSG_BYTES 32
#define MLKEM_KPKE_SEED_BYTES 32
#define MLKEM_KPKE_COINS_BYTES 32
/** @} */

/** K-PKE.KeyGen (@spec{FIPS203, Alg. 13}) from the 32-byte seed d: writes the
 * encryption key ek (MLKEM768_EK_BYTES) and dk_PKE (MLKEM768_KPKE_DK_BYTES).
 * The (rho, sigma) = G(d || k) derivation is that of the final standard. */
MLKEM_MUST_CHECK int mlkem768_kpke_keygen(
    uint8_t ek[MLKEM768_EK_BYTES], uint8_t dk_pke[MLKEM768_KPKE_DK_BYTES],
    const uint8_t d[MLKEM_KPKE_SEED_BYTES]);

/** K-PKE.Encrypt (@spec{FIPS203, Alg. 14}): encrypts the 32-byte message m
 * under ek with the 32-byte coins r, writing ct (MLKEM768_CT_BYTES). Runs no
 * modulus check: ek's 12-bit values are reduced mod q, exactly as
 * ByteDecode_12 in the algorithm does. The same (ek, m, r) always gives the
 * same ciphertext; never reuse r for two messages. */
MLKEM_MUST_CHECK int mlkem768_kpke_encrypt(
    uint8_t ct[MLKEM768_CT_BYTES], const uint8_t ek[MLKEM768_EK_BYTES],
    const uint8_t m[MLKEM_KPKE_MSG_BYTES],
    const uint8_t r[MLKEM_KPKE_COINS_BYTES]);

/** K-PKE.Decrypt (@spec{FIPS203, Alg. 15}): writes the 32-byte message m that
 * ct decrypts to under dk_PKE. Every ciphertext decrypts to some message;
 * there is no failure and no integrity. */
MLKEM_MUST_CHECK int mlkem768_kpke_decrypt(
    uint8_t m[MLKEM_KPKE_MSG_BYTES],
    const uint8_t dk_pke[MLKEM768_KPKE_DK_BYTES],
    const uint8_t ct[MLKEM768_CT_BYTES]);

/** @{ */
/** The same for ML-KEM-512 and ML-KEM-1024. */
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
/** @} */

/* ------------------------------------------------------------------------ */
/* X25519 (@spec{RFC7748}), the classical half of hybrid key exchanges        */
/*
 * The Diffie-Hellman function on curve25519, for protocols that combine it
 * with ML-KEM (a hybrid key share). It is not part of @spec{FIPS203}; it is
 * here so that those protocols can be built from this library alone.
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

#define MLKEM_X25519_BYTES 32 /**< private key, public key, shared secret */

/** X25519(scalar, point) (@spec{RFC7748, sec. 5}): the shared secret of the
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

/** The public key of the private key scalar: X25519(scalar, 9), the
 * u-coordinate of the base point (@spec{RFC7748, sec. 6.1}), computed from a
 * table of multiples of the base point, about 2.5 times faster than
 * mlkem_x25519 on the point 9, with the same result. Never all zeros
 * (no clamped scalar is a multiple of the base point's order). Fails only
 * on NULL or MLKEM_ERR_BACKEND. */
MLKEM_MUST_CHECK int mlkem_x25519_base(
    uint8_t out[MLKEM_X25519_BYTES], const uint8_t scalar[MLKEM_X25519_BYTES]);

/* ------------------------------------------------------------------------ */
/* AEADs: AES-128-GCM, AES-256-GCM, ChaCha20-Poly1305                       */
/*
 * Authenticated encryption with associated data (@spec{RFC5116}), the AEADs of
 * HPKE (@spec{RFC9180, sec. 7.3}), named by HPKE's identifiers. One call seals
 * or opens one message; the key is expanded and wiped inside the call.
 *
 *  - AES-128-GCM and AES-256-GCM: @spec{SP800-38D} with a 96-bit IV (the
 *    nonce) and a 128-bit tag; keys of 16 and 32 bytes. Limits
 *    (@spec{SP800-38D, sec. 5.2.1.1}): a plaintext of at most 2^36 - 32 bytes,
 *    an aad below 2^61 bytes.
 *  - ChaCha20-Poly1305: @spec{RFC8439, sec. 2.8}; a 32-byte key. Limits
 *    (@spec{RFC8439, sec. 2.8}): a plaintext below 2^38 - 64 bytes. (Present in
 *    builds that include it; elsewhere its identifier fails with
 *    MLKEM_ERR_UNSUPPORTED.)
 *
 * The sealed message is ciphertext || tag: pt_len + 16 bytes, the
 * ciphertext as long as the plaintext (@spec{RFC5116, sec. 5.1}).
 *
 * Nonces: a nonce must never be used twice with one key; for AES-GCM and
 * ChaCha20-Poly1305 a repeated nonce reveals the XOR of the two
 * plaintexts and lets anyone forge tags under that key. Counters (as
 * HPKE's sequence numbers) or 96 random bits for fewer than 2^32 messages
 * per key (@spec{SP800-38D, sec. 8.3}) are the usual ways.
 *
 * Constant time: the running time does not depend on the key, the
 * plaintext, or (for open) the decrypted plaintext and where the tags
 * differ; it depends on the lengths. The implementation follows the
 * backend in use (mlkem_backend_name): the portable backend runs the
 * portable code (bitsliced AES, a GHASH without tables), the SIMD
 * backends the CPU's AES and carry-less multiplication instructions
 * (AES-NI + PCLMULQDQ, VAES + VPCLMULQDQ, Armv8 AES + PMULL) where it has
 * them; all give the same bytes. The conventions of mlkem.h hold: 0 or a
 * negative MLKEM_ERR_* code, outputs zeroed on every error, no heap,
 * every stack buffer that held a secret wiped.
 */

/** @{ */
/** HPKE's AEAD identifiers (@spec{RFC9180, sec. 7.3}), the aead argument
 * of mlkem_aead_seal and mlkem_aead_open. */
#define MLKEM_AEAD_AES_128_GCM 0x0001
#define MLKEM_AEAD_AES_256_GCM 0x0002
#define MLKEM_AEAD_CHACHA20_POLY1305 0x0003
/** @} */
#define MLKEM_AEAD_NONCE_BYTES 12 /**< Nn, the nonce of every AEAD here */
/** Nt, the tag of every AEAD here; a ciphertext is pt_len + Nt bytes. */
#define MLKEM_AEAD_TAG_BYTES 16
/** @{ */
/** The key length (Nk) of each AEAD. */
#define MLKEM_AEAD_AES_128_GCM_KEY_BYTES 16
#define MLKEM_AEAD_AES_256_GCM_KEY_BYTES 32
#define MLKEM_AEAD_CHACHA20_POLY1305_KEY_BYTES 32
/** @} */

/** Seals pt (pt_len bytes) with the associated data aad (aad_len bytes,
 * authenticated, not encrypted, not included in the output) under key
 * (key_len bytes, the AEAD's key length) and the 12-byte nonce, with the
 * AEAD aead (MLKEM_AEAD_*): writes pt_len + 16 bytes to ct, the
 * ciphertext followed by the tag.
 *
 * ct == pt (in place: the caller's buffer of pt_len + 16 bytes holds the
 * plaintext in its first pt_len) is allowed; any other overlap of ct with
 * an input is not. aad may be NULL when aad_len is 0, pt when pt_len is
 * 0.
 *
 * Errors, with ct's pt_len + 16 bytes zeroed (when ct is not NULL and
 * pt_len + 16 is a size): MLKEM_ERR_NULL_ARGUMENT (ct, key or nonce NULL,
 * or aad / pt NULL with a nonzero length); MLKEM_ERR_UNSUPPORTED (an
 * unknown aead); MLKEM_ERR_AEAD_LENGTH (key_len not the AEAD's, or
 * pt_len / aad_len beyond its limits). */
MLKEM_MUST_CHECK int mlkem_aead_seal(
    uint16_t aead, uint8_t *ct, const uint8_t *key, size_t key_len,
    const uint8_t nonce[MLKEM_AEAD_NONCE_BYTES], const uint8_t *aad,
    size_t aad_len, const uint8_t *pt, size_t pt_len);

/** Opens ct (ct_len bytes: ciphertext || tag, as mlkem_aead_seal writes)
 * with the aad, key and nonce it was sealed with: writes the ct_len - 16
 * bytes of plaintext to pt and returns 0 if the tag is right.
 *
 * If it is not: MLKEM_ERR_AEAD_TAG, and all ct_len - 16 bytes of pt are
 * zeros: no plaintext is released. (The plaintext is written to pt while
 * the tag is computed, and zeroed before the return: another thread must
 * not read pt during the call.) The tag is compared in constant time.
 *
 * pt == ct (in place; a failure then zeroes the ciphertext's first
 * ct_len - 16 bytes) is allowed; any other overlap is not. pt may be NULL
 * when ct_len is 16, aad when aad_len is 0.
 *
 * Other errors, with pt's ct_len - 16 bytes zeroed (when pt is not NULL
 * and ct_len >= 16): MLKEM_ERR_NULL_ARGUMENT (key or nonce NULL, or ct /
 * aad / pt NULL with a nonzero length); MLKEM_ERR_UNSUPPORTED (an unknown
 * aead); MLKEM_ERR_AEAD_LENGTH (key_len not the AEAD's, ct_len below 16,
 * or lengths beyond its limits). */
MLKEM_MUST_CHECK int mlkem_aead_open(
    uint16_t aead, uint8_t *pt, const uint8_t *key, size_t key_len,
    const uint8_t nonce[MLKEM_AEAD_NONCE_BYTES], const uint8_t *aad,
    size_t aad_len, const uint8_t *ct, size_t ct_len);

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC visibility pop
#endif

#ifdef __cplusplus
}
#endif

#endif /* MLKEM_HAZMAT_H */
