/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * mlkem_kyber.h - Kyber as submitted to the third round of the NIST
 * post-quantum process (CRYSTALS-Kyber, specification version 3.02), the
 * pre-standard scheme that ML-KEM replaced, for systems that still speak
 * it: Kyber512, Kyber768 and Kyber1024, and their "90s" variants
 * Kyber512-90s, Kyber768-90s and Kyber1024-90s.
 *
 * Use these only to interoperate with existing round-3 deployments (a
 * protocol that negotiated Kyber, stored keys or ciphertexts made by one).
 * For anything new use ML-KEM (mlkem.h): round-3 Kyber is not a standard,
 * and its outputs differ from ML-KEM's for the same inputs.
 *
 * This header is the documentation of the round-3 API.
 *
 * The scheme
 * ----------
 * The same lattice scheme (K-PKE) as ML-KEM, with the same parameters,
 * keys, ciphertexts and sizes; what differs is the hashing around it:
 *  - key generation hashes the seed d without ML-KEM's rank byte:
 *    (rho, sigma) = G(d);
 *  - encapsulation hashes its 32 random bytes before use, m = H(coins),
 *    then (K-bar, r) = G(m || H(pk)), ct = K-PKE.Encrypt(pk, m, r) and the
 *    shared secret is K = KDF(K-bar || H(ct));
 *  - decapsulation returns KDF(K-bar' || H(ct)) when the re-encryption
 *    matches, else the implicit-rejection key KDF(z || H(ct)).
 * Kyber: H = SHA3-256, G = SHA3-512, KDF = SHAKE256 (32 bytes), and
 * SHAKE128 / SHAKE256 as K-PKE's XOF and PRF, as in ML-KEM.
 * Kyber-90s: H = KDF = SHA-256, G = SHA-512, and AES-256-CTR as XOF
 * (keyed with rho, the nonce made from the matrix position) and PRF (keyed
 * with the noise seed, the nonce made from N), for hardware with AES and
 * SHA-2 instructions but no SHA-3.
 * The byte strings are those of the round-3 reference implementation
 * (pq-crystals/kyber, branch round3), checked against its known-answer
 * tests.
 *
 * Conventions (as for ML-KEM, mlkem.h)
 * -----------------------------------
 *  - Every function returns 0 (MLKEM_OK) on success and a negative
 *    MLKEM_ERR_* code (mlkem.h) on failure; results are marked so that
 *    compilers warn when one is ignored.
 *  - On any error, every output buffer of the call is filled with zeros.
 *  - A NULL pointer for any argument is refused with MLKEM_ERR_NULL_ARGUMENT
 *    (and every non-NULL output is zeroed).
 *  - Buffers have exactly the sizes below and need no alignment; an output
 *    must not overlap any other buffer of the same call.
 *  - Thread-safe and reentrant, no heap, every stack buffer that held a
 *    secret wiped; the running time does not depend on secret data.
 *  - MLKEM_BACKEND (mlkem.h, mlkem_backend_name) applies: a forced backend
 *    that is unavailable makes every function fail with MLKEM_ERR_BACKEND.
 *
 * Input checks: stricter than round 3, on purpose
 * ---------------------------------------------
 * The keys have the layout of FIPS 203's: pk = ByteEncode_12(t-hat) ||
 * rho, sk = dk_PKE || pk || H(pk) || z (H of the variant: SHA3-256, or
 * SHA-256 for Kyber-90s). The round-3 reference checks neither; this
 * library runs FIPS 203's checks on round-3 keys too: encapsulation runs
 * the modulus check on pk (every 12-bit coefficient below q = 3329,
 * @spec{FIPS203, sec. 7.2}) and fails with MLKEM_ERR_INVALID_EK, and
 * decapsulation runs the hash check on sk (the stored H(pk) is H of the stored
 * pk,
 * @spec{FIPS203, sec. 7.3}) and fails with MLKEM_ERR_INVALID_DK. Every key that
 * round-3 key generation produces (here or in any other conforming
 * implementation) passes both, so only keys that were not made by the
 * algorithm are refused, where the reference would compute with them.
 *
 * What the caller must do: as for ML-KEM (mlkem.h, "What the caller must
 * do"). A ciphertext that does not decapsulate consistently gives the
 * implicit-rejection key, not an error; use the shared secret only as a
 * key for authenticated encryption or a key schedule ending in one. Keep
 * sk and the coins secret; the coins of the _derand functions must be
 * fresh, uniformly random and secret.
 */
#ifndef MLKEM_KYBER_H
#define MLKEM_KYBER_H

#include <stddef.h>
#include <stdint.h>

#include "mlkem.h"

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC visibility push(default)
#endif

/* ------------------------------------------------------------------------ */
/* Sizes in bytes: those of the round-3 specification (and of ML-KEM's
 * ek, dk and ct). The 90s variants have the same sizes.                     */

#define KYBER_SS_BYTES 32           /* shared secret */
#define KYBER_KEYGEN_COINS_BYTES 64 /* d || z */
#define KYBER_ENCAPS_COINS_BYTES 32 /* hashed into m */

#define KYBER512_PK_BYTES 800
#define KYBER512_SK_BYTES 1632
#define KYBER512_CT_BYTES 768

#define KYBER768_PK_BYTES 1184
#define KYBER768_SK_BYTES 2400
#define KYBER768_CT_BYTES 1088

#define KYBER1024_PK_BYTES 1568
#define KYBER1024_SK_BYTES 3168
#define KYBER1024_CT_BYTES 1568

/* ------------------------------------------------------------------------ */
/* The KEM. The same five functions exist for each parameter set and
 * variant; they are documented once, for Kyber768. For the others replace
 * 768 by 512 or 1024 in every name and size macro, and kyber768_ by
 * kyber768_90s_ (and so on) for the 90s variant.                           */

/* kyber768_keygen: Kyber.CCAKEM.KeyGen (@spec{KYBER-R3, Alg. 7}).
 * Draws d and then z, 32 bytes each, in two calls of the random source (the
 * order of the round-3 reference, so that a deterministic source gives its
 * keys), and writes the public key pk (KYBER768_PK_BYTES) and the secret
 * key sk (KYBER768_SK_BYTES, secret).
 * Fails with MLKEM_ERR_RANDOM if the random source fails (and, in builds
 * with the pairwise consistency test, with MLKEM_ERR_PAIRWISE). */
MLKEM_MUST_CHECK int kyber768_keygen(uint8_t pk[KYBER768_PK_BYTES],
                                     uint8_t sk[KYBER768_SK_BYTES]);

/* kyber768_keygen_derand: as kyber768_keygen, with the 64 bytes the
 * round-3 reference draws from its random source given by the caller, in
 * the order it draws them: the seed d (32 bytes), then z (32 bytes). The
 * same coins always give the same keys.
 * Does not fail on valid pointers (except with MLKEM_ERR_PAIRWISE in builds
 * with the pairwise consistency test). */
MLKEM_MUST_CHECK int kyber768_keygen_derand(
    uint8_t pk[KYBER768_PK_BYTES], uint8_t sk[KYBER768_SK_BYTES],
    const uint8_t coins[KYBER_KEYGEN_COINS_BYTES]);

/* kyber768_encaps: Kyber.CCAKEM.Enc (@spec{KYBER-R3, Alg. 8}).
 * Checks pk (modulus check, see "Input checks" above), draws 32 random
 * bytes, hashes them into m, and writes the ciphertext ct
 * (KYBER768_CT_BYTES, public) and the shared secret ss (KYBER_SS_BYTES,
 * secret).
 * Fails with MLKEM_ERR_INVALID_EK if pk fails the check, and with
 * MLKEM_ERR_RANDOM if the random source fails (which is reported first:
 * the check is made as pk is used). */
MLKEM_MUST_CHECK int kyber768_encaps(uint8_t ct[KYBER768_CT_BYTES],
                                     uint8_t ss[KYBER_SS_BYTES],
                                     const uint8_t pk[KYBER768_PK_BYTES]);

/* kyber768_encaps_derand: as kyber768_encaps, with the 32 bytes the
 * reference draws from its random source (before it hashes them into m)
 * given by the caller. Fails only with MLKEM_ERR_INVALID_EK. */
MLKEM_MUST_CHECK int kyber768_encaps_derand(
    uint8_t ct[KYBER768_CT_BYTES], uint8_t ss[KYBER_SS_BYTES],
    const uint8_t pk[KYBER768_PK_BYTES],
    const uint8_t coins[KYBER_ENCAPS_COINS_BYTES]);

/* kyber768_decaps: Kyber.CCAKEM.Dec (@spec{KYBER-R3, Alg. 9}).
 * Checks sk (hash check, see "Input checks" above), then writes the shared
 * secret ss (KYBER_SS_BYTES, secret) for the ciphertext ct.
 * A ciphertext that does not decrypt consistently is NOT an error: ss is
 * then the implicit-rejection key KDF(z || H(ct)), and the function
 * returns 0.
 * Fails only with MLKEM_ERR_INVALID_DK. */
MLKEM_MUST_CHECK int kyber768_decaps(uint8_t ss[KYBER_SS_BYTES],
                                     const uint8_t ct[KYBER768_CT_BYTES],
                                     const uint8_t sk[KYBER768_SK_BYTES]);

/* Kyber512 and Kyber1024: as above, with their sizes. */
MLKEM_MUST_CHECK int kyber512_keygen(uint8_t pk[KYBER512_PK_BYTES],
                                     uint8_t sk[KYBER512_SK_BYTES]);
MLKEM_MUST_CHECK int kyber512_keygen_derand(
    uint8_t pk[KYBER512_PK_BYTES], uint8_t sk[KYBER512_SK_BYTES],
    const uint8_t coins[KYBER_KEYGEN_COINS_BYTES]);
MLKEM_MUST_CHECK int kyber512_encaps(uint8_t ct[KYBER512_CT_BYTES],
                                     uint8_t ss[KYBER_SS_BYTES],
                                     const uint8_t pk[KYBER512_PK_BYTES]);
MLKEM_MUST_CHECK int kyber512_encaps_derand(
    uint8_t ct[KYBER512_CT_BYTES], uint8_t ss[KYBER_SS_BYTES],
    const uint8_t pk[KYBER512_PK_BYTES],
    const uint8_t coins[KYBER_ENCAPS_COINS_BYTES]);
MLKEM_MUST_CHECK int kyber512_decaps(uint8_t ss[KYBER_SS_BYTES],
                                     const uint8_t ct[KYBER512_CT_BYTES],
                                     const uint8_t sk[KYBER512_SK_BYTES]);

MLKEM_MUST_CHECK int kyber1024_keygen(uint8_t pk[KYBER1024_PK_BYTES],
                                      uint8_t sk[KYBER1024_SK_BYTES]);
MLKEM_MUST_CHECK int kyber1024_keygen_derand(
    uint8_t pk[KYBER1024_PK_BYTES], uint8_t sk[KYBER1024_SK_BYTES],
    const uint8_t coins[KYBER_KEYGEN_COINS_BYTES]);
MLKEM_MUST_CHECK int kyber1024_encaps(uint8_t ct[KYBER1024_CT_BYTES],
                                      uint8_t ss[KYBER_SS_BYTES],
                                      const uint8_t pk[KYBER1024_PK_BYTES]);
MLKEM_MUST_CHECK int kyber1024_encaps_derand(
    uint8_t ct[KYBER1024_CT_BYTES], uint8_t ss[KYBER_SS_BYTES],
    const uint8_t pk[KYBER1024_PK_BYTES],
    const uint8_t coins[KYBER_ENCAPS_COINS_BYTES]);
MLKEM_MUST_CHECK int kyber1024_decaps(uint8_t ss[KYBER_SS_BYTES],
                                      const uint8_t ct[KYBER1024_CT_BYTES],
                                      const uint8_t sk[KYBER1024_SK_BYTES]);

/* Kyber512-90s, Kyber768-90s, Kyber1024-90s: as above, with the same
 * sizes. */
MLKEM_MUST_CHECK int kyber512_90s_keygen(uint8_t pk[KYBER512_PK_BYTES],
                                         uint8_t sk[KYBER512_SK_BYTES]);
MLKEM_MUST_CHECK int kyber512_90s_keygen_derand(
    uint8_t pk[KYBER512_PK_BYTES], uint8_t sk[KYBER512_SK_BYTES],
    const uint8_t coins[KYBER_KEYGEN_COINS_BYTES]);
MLKEM_MUST_CHECK int kyber512_90s_encaps(uint8_t ct[KYBER512_CT_BYTES],
                                         uint8_t ss[KYBER_SS_BYTES],
                                         const uint8_t pk[KYBER512_PK_BYTES]);
MLKEM_MUST_CHECK int kyber512_90s_encaps_derand(
    uint8_t ct[KYBER512_CT_BYTES], uint8_t ss[KYBER_SS_BYTES],
    const uint8_t pk[KYBER512_PK_BYTES],
    const uint8_t coins[KYBER_ENCAPS_COINS_BYTES]);
MLKEM_MUST_CHECK int kyber512_90s_decaps(uint8_t ss[KYBER_SS_BYTES],
                                         const uint8_t ct[KYBER512_CT_BYTES],
                                         const uint8_t sk[KYBER512_SK_BYTES]);

MLKEM_MUST_CHECK int kyber768_90s_keygen(uint8_t pk[KYBER768_PK_BYTES],
                                         uint8_t sk[KYBER768_SK_BYTES]);
MLKEM_MUST_CHECK int kyber768_90s_keygen_derand(
    uint8_t pk[KYBER768_PK_BYTES], uint8_t sk[KYBER768_SK_BYTES],
    const uint8_t coins[KYBER_KEYGEN_COINS_BYTES]);
MLKEM_MUST_CHECK int kyber768_90s_encaps(uint8_t ct[KYBER768_CT_BYTES],
                                         uint8_t ss[KYBER_SS_BYTES],
                                         const uint8_t pk[KYBER768_PK_BYTES]);
MLKEM_MUST_CHECK int kyber768_90s_encaps_derand(
    uint8_t ct[KYBER768_CT_BYTES], uint8_t ss[KYBER_SS_BYTES],
    const uint8_t pk[KYBER768_PK_BYTES],
    const uint8_t coins[KYBER_ENCAPS_COINS_BYTES]);
MLKEM_MUST_CHECK int kyber768_90s_decaps(uint8_t ss[KYBER_SS_BYTES],
                                         const uint8_t ct[KYBER768_CT_BYTES],
                                         const uint8_t sk[KYBER768_SK_BYTES]);

MLKEM_MUST_CHECK int kyber1024_90s_keygen(uint8_t pk[KYBER1024_PK_BYTES],
                                          uint8_t sk[KYBER1024_SK_BYTES]);
MLKEM_MUST_CHECK int kyber1024_90s_keygen_derand(
    uint8_t pk[KYBER1024_PK_BYTES], uint8_t sk[KYBER1024_SK_BYTES],
    const uint8_t coins[KYBER_KEYGEN_COINS_BYTES]);
MLKEM_MUST_CHECK int kyber1024_90s_encaps(uint8_t ct[KYBER1024_CT_BYTES],
                                          uint8_t ss[KYBER_SS_BYTES],
                                          const uint8_t pk[KYBER1024_PK_BYTES]);
MLKEM_MUST_CHECK int kyber1024_90s_encaps_derand(
    uint8_t ct[KYBER1024_CT_BYTES], uint8_t ss[KYBER_SS_BYTES],
    const uint8_t pk[KYBER1024_PK_BYTES],
    const uint8_t coins[KYBER_ENCAPS_COINS_BYTES]);
MLKEM_MUST_CHECK int kyber1024_90s_decaps(uint8_t ss[KYBER_SS_BYTES],
                                          const uint8_t ct[KYBER1024_CT_BYTES],
                                          const uint8_t sk[KYBER1024_SK_BYTES]);

/* ------------------------------------------------------------------------ */
/* Descriptors (the mlkem_kem struct of mlkem.h).
 *
 * mlkem_kem_by_name (mlkem.h) also returns the round-3 descriptors, for
 * the names "Kyber512", "Kyber768", "Kyber1024", "Kyber512-90s",
 * "Kyber768-90s" and "Kyber1024-90s", in any letter case (the short forms
 * "512", "768", "1024" remain ML-KEM's). mlkem_kems[] still lists the
 * ML-KEM parameter sets only; the round-3 ones are listed here. In a
 * round-3 descriptor:
 *  - name, rank and the sizes are the set's (ek_bytes = pk, dk_bytes = sk);
 *    seed_bytes is KYBER_KEYGEN_COINS_BYTES and msg_bytes
 *    KYBER_ENCAPS_COINS_BYTES: what keygen_derand and encaps_derand take
 *    (the coins; encapsulation hashes them into m);
 *  - keygen, keygen_derand, encaps, encaps_derand and decaps are the
 *    functions above;
 *  - check_ek is the modulus check (for Kyber the very function of the
 *    ML-KEM set, mlkem768_check_ek, since the check and the layout are the
 *    same), check_dk the hash check with the variant's H (for Kyber the
 *    ML-KEM function; for Kyber-90s one with SHA-256), both as run by
 *    encaps and decaps;
 *  - prepared_ek_bytes is 0 and prepare_ek, encaps_prepared and
 *    encaps_prepared_derand are NULL: there are no prepared round-3 keys;
 *    likewise the sizes and functions of the expanded keys (0, NULL).
 */

/* The round-3 descriptors, NULL-terminated: Kyber512, Kyber768,
 * Kyber1024, Kyber512-90s, Kyber768-90s, Kyber1024-90s. */
extern const mlkem_kem *const mlkem_kyber_kems[];

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC visibility pop
#endif

#ifdef __cplusplus
}
#endif

#endif /* MLKEM_KYBER_H */
