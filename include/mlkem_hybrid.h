/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/**
 * @file
 * mlkem_hybrid.h - ML-KEM-768 combined with X25519, the two ways protocols
 * deploy it:
 *
 *  - X-Wing (@spec{XWING}; "MLKEM768-X25519" in
 *    @spec{HYBRID-KEMS} and HPKE, KEM id 0x647A), a
 *    general-purpose hybrid KEM: one 32-byte private key, ML-KEM-768 and
 *    X25519 secrets combined with SHA3-256. Secure if either part is.
 *  - X25519MLKEM768 (@spec{TLS-ECDHE-MLKEM}, TLS 1.3 group 0x11EC):
 *    the key shares of a TLS handshake. The 64-byte secret is the
 *    concatenation of both shared secrets; TLS's key schedule combines
 *    them.
 *
 * Conventions are those of mlkem.h: every function returns 0 (MLKEM_OK) or
 * a negative MLKEM_ERR_* code, fills every output with zeros on error,
 * refuses NULL pointers with MLKEM_ERR_NULL_ARGUMENT, keeps no state
 * between calls, uses no heap, wipes every secret it held, and runs in
 * time independent of secret data. Outputs must not overlap inputs.
 * Buffers have the fixed sizes given by the macros below; the functions
 * read and write exactly that many bytes.
 *
 * The ML-KEM input check of @spec{FIPS203, sec. 7.2} is run on the ML-KEM
 * part of every public key that comes from outside: xwing_encaps and
 * x25519mlkem768_server_share fail with MLKEM_ERR_INVALID_EK if it fails
 * (as both drafts require).
 */
#ifndef MLKEM_HYBRID_H
#define MLKEM_HYBRID_H

#include "mlkem.h"

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC visibility push(default)
#endif

/* ------------------------------------------------------------------------ */
/* X-Wing (@spec{XWING})                                                      */

#define XWING_PK_BYTES 1216  /**< ML-KEM-768 ek (1184) || X25519 pk (32) */
#define XWING_SK_BYTES 32    /**< the seed every key is expanded from */
#define XWING_CT_BYTES 1120  /**< ML-KEM-768 ct (1088) || X25519 ct (32) */
#define XWING_SS_BYTES 32    /**< the shared secret */
#define XWING_SEED_BYTES 32  /**< xwing_keygen_derand's seed: sk itself */
#define XWING_ESEED_BYTES 64 /**< xwing_encaps_derand's randomness */

/** xwing_keygen: GenerateKeyPair. Draws the 32-byte private key sk from the
 * operating system's random source and writes it with the public key pk
 * (XWING_PK_BYTES). Fails with MLKEM_ERR_RANDOM if the source fails. */
MLKEM_MUST_CHECK int xwing_keygen(uint8_t pk[XWING_PK_BYTES],
                                  uint8_t sk[XWING_SK_BYTES]);

/** xwing_keygen_derand: GenerateKeyPairDerand. sk is the given seed (copied
 * out), pk its public key: SHAKE256(seed, 96 bytes) gives the ML-KEM-768
 * seed d || z and the X25519 private key, pk = ML-KEM ek || X25519(sk_X, 9).
 * Use it to recompute pk from a stored sk. Does not fail on valid
 * pointers. */
MLKEM_MUST_CHECK int xwing_keygen_derand(uint8_t pk[XWING_PK_BYTES],
                                         uint8_t sk[XWING_SK_BYTES],
                                         const uint8_t seed[XWING_SEED_BYTES]);

/** xwing_encaps: Encapsulate. Draws 64 random bytes and proceeds as
 * xwing_encaps_derand. Fails with MLKEM_ERR_INVALID_EK if the ML-KEM part of
 * pk fails the @spec{FIPS203, sec. 7.2} check, MLKEM_ERR_RANDOM if the random
 * source fails. */
MLKEM_MUST_CHECK int xwing_encaps(uint8_t ct[XWING_CT_BYTES],
                                  uint8_t ss[XWING_SS_BYTES],
                                  const uint8_t pk[XWING_PK_BYTES]);

/** xwing_encaps_derand: EncapsulateDerand, with the randomness eseed from
 * the caller: eseed[0:32] is ML-KEM's m, eseed[32:64] the ephemeral X25519
 * private key. Fresh, uniform and secret on every call. Fails only with
 * MLKEM_ERR_INVALID_EK. An X25519 public key of small order is not an
 * error in X-Wing (the draft defines the result; ML-KEM carries the
 * security then). */
MLKEM_MUST_CHECK int xwing_encaps_derand(
    uint8_t ct[XWING_CT_BYTES], uint8_t ss[XWING_SS_BYTES],
    const uint8_t pk[XWING_PK_BYTES], const uint8_t eseed[XWING_ESEED_BYTES]);

/** xwing_decaps: Decapsulate. Expands sk and writes the shared secret of ct.
 * Like ML-KEM it never fails on a ciphertext: one that was not made for pk
 * gives a pseudorandom secret (implicit rejection), so use the secret only
 * to key authenticated encryption. Does not fail on valid pointers. */
MLKEM_MUST_CHECK int xwing_decaps(uint8_t ss[XWING_SS_BYTES],
                                  const uint8_t ct[XWING_CT_BYTES],
                                  const uint8_t sk[XWING_SK_BYTES]);

/** @{ */
/** Expanded X-Wing decapsulation keys, for a private key that decapsulates
 * many ciphertexts (an HPKE recipient, a long-lived KEM key).
 *
 * xwing_decaps expands the 32-byte sk on every call, as the draft's
 * Decapsulate does: SHAKE256, an ML-KEM-768 key generation and the X25519
 * public key. An expanded key holds the result, computed once:
 *
 *  - xwing_expand_sk(out, sk) writes out (XWING_EXPANDED_SK_BYTES,
 *    SECRET): the X25519 private key and public key, and the ML-KEM-768
 *    decapsulation key in its expanded form (mlkem.h, "Expanded keys":
 *    A-hat, t-hat and s-hat in the backend's NTT form, H(ek) and z).
 *    Fails only with MLKEM_ERR_NULL_ARGUMENT or MLKEM_ERR_BACKEND (out
 *    zeroed).
 *  - xwing_decaps_expanded(ss, ct, expanded) gives exactly xwing_decaps's
 *    shared secret for the sk it was expanded from, with implicit
 *    rejection as there (an invalid ciphertext is no error). ct is read
 *    once, on entry. Left to compute: ML-KEM's decapsulation on the
 *    expanded key (mlkem768_decaps_expanded), one X25519 and the
 *    combiner.
 *
 * As mlkem.h's expanded keys, the form is the library's working state,
 * not an encoding: its layout is the backend's own (the one MLKEM_BACKEND
 * or the CPU chose in this process) and may change between versions of
 * the library. It starts with a header naming its kind, the version of
 * the layout and the backend, and the ML-KEM part carries mlkem.h's own;
 * a key whose headers are not this process's is refused whole by
 * xwing_decaps_expanded with MLKEM_ERR_EXPANDED_KEY (ss zeroed), never
 * misread. Store and send the 32-byte sk; expand again after loading. A
 * buffer of any alignment will do; an expanded key may be copied with
 * memcpy and read by several threads at once. It is not authenticated:
 * keep it where only the caller can change it (an altered one gives
 * wrong secrets, never a fault of memory).
 *
 * The expanded key holds both private keys: it is as secret as sk. Wipe
 * it with xwing_expanded_sk_wipe when done (a wipe the compiler cannot
 * remove; NULL is ignored). Size: 7,904 bytes. */
#define XWING_EXPANDED_SK_BYTES (96 + MLKEM768_EXPANDED_DK_BYTES)
MLKEM_MUST_CHECK int xwing_expand_sk(uint8_t out[XWING_EXPANDED_SK_BYTES],
                                     const uint8_t sk[XWING_SK_BYTES]);
MLKEM_MUST_CHECK int xwing_decaps_expanded(
    uint8_t ss[XWING_SS_BYTES], const uint8_t ct[XWING_CT_BYTES],
    const uint8_t expanded[XWING_EXPANDED_SK_BYTES]);
void xwing_expanded_sk_wipe(uint8_t expanded[XWING_EXPANDED_SK_BYTES]);
/** @} */

/* ------------------------------------------------------------------------ */
/* X25519MLKEM768 for TLS 1.3 (@spec{TLS-ECDHE-MLKEM}, group 0x11EC)          */
/*
 * The client sends its share, keeps its state; the server answers with its
 * share and has the secret; the client finishes with the server's share.
 * ML-KEM comes first in every byte string:
 *   client share   ML-KEM-768 ek (1184) || X25519 public key (32)
 *   server share   ML-KEM-768 ct (1088) || X25519 public key (32)
 *   secret         ML-KEM shared secret (32) || X25519 shared secret (32)
 * The secret goes into the TLS 1.3 key schedule as the (EC)DHE input.
 * An X25519 shared secret of all zeros is refused (@spec{RFC8446, sec. 7.4.2},
 * @spec{RFC7748, sec. 6.1}) with MLKEM_ERR_X25519_ZERO: the peer sent a point
 * of small order, and the handshake must be aborted.                       */

/** The client's share (ek || X25519 public key). */
#define X25519MLKEM768_CLIENT_SHARE_BYTES 1216
/** The server's share (ct || X25519 public key). */
#define X25519MLKEM768_SERVER_SHARE_BYTES 1120
/** The shared secret (ML-KEM's || X25519's). */
#define X25519MLKEM768_SECRET_BYTES 64
/** @{ */
/** The client's state between its share and finish: its ML-KEM-768 dk and
 * X25519 private key. Secret; opaque (the layout may change). */
#define X25519MLKEM768_CLIENT_STATE_BYTES (MLKEM768_DK_BYTES + 32)
#define X25519MLKEM768_CLIENT_COINS_BYTES 96
#define X25519MLKEM768_SERVER_COINS_BYTES 64
/** @} */

/** x25519mlkem768_client_share: a fresh ML-KEM-768 key pair and X25519 key
 * pair; writes the client's key share and the state client_finish needs.
 * Fails with MLKEM_ERR_RANDOM if the random source fails. The caller keeps
 * state secret; client_finish wipes it, and a handshake abandoned before
 * it wipes it with x25519mlkem768_client_state_wipe. */
MLKEM_MUST_CHECK int x25519mlkem768_client_share(
    uint8_t share[X25519MLKEM768_CLIENT_SHARE_BYTES],
    uint8_t state[X25519MLKEM768_CLIENT_STATE_BYTES]);

/** As x25519mlkem768_client_share, from the caller's 96 bytes: the ML-KEM
 * seed d || z (64) then the X25519 private key (32). For tests. */
MLKEM_MUST_CHECK int x25519mlkem768_client_share_derand(
    uint8_t share[X25519MLKEM768_CLIENT_SHARE_BYTES],
    uint8_t state[X25519MLKEM768_CLIENT_STATE_BYTES],
    const uint8_t coins[X25519MLKEM768_CLIENT_COINS_BYTES]);

/** x25519mlkem768_server_share: for the client's share, the server's share
 * and the 64-byte secret. Runs the @spec{FIPS203, sec. 7.2} check on the
 * client's ML-KEM ek (MLKEM_ERR_INVALID_EK), refuses an all-zero X25519
 * secret (MLKEM_ERR_X25519_ZERO); MLKEM_ERR_RANDOM if the random source
 * fails. */
MLKEM_MUST_CHECK int x25519mlkem768_server_share(
    uint8_t share[X25519MLKEM768_SERVER_SHARE_BYTES],
    uint8_t secret[X25519MLKEM768_SECRET_BYTES],
    const uint8_t client_share[X25519MLKEM768_CLIENT_SHARE_BYTES]);

/** As x25519mlkem768_server_share, from the caller's 64 bytes: ML-KEM's m
 * (32) then the X25519 private key (32). For tests. */
MLKEM_MUST_CHECK int x25519mlkem768_server_share_derand(
    uint8_t share[X25519MLKEM768_SERVER_SHARE_BYTES],
    uint8_t secret[X25519MLKEM768_SECRET_BYTES],
    const uint8_t client_share[X25519MLKEM768_CLIENT_SHARE_BYTES],
    const uint8_t coins[X25519MLKEM768_SERVER_COINS_BYTES]);

/** x25519mlkem768_client_finish: the 64-byte secret from the server's share
 * and the client's state. Refuses an all-zero X25519 secret
 * (MLKEM_ERR_X25519_ZERO); fails with MLKEM_ERR_INVALID_DK if state was
 * not written by client_share (its ML-KEM dk fails the @spec{FIPS203, sec. 7.3}
 * check). A server share whose ML-KEM ciphertext was altered is not detected
 * here (implicit rejection): the secrets differ and the handshake fails at its
 * Finished messages.
 * The state is single-use, as its key pairs are (ephemeral keys, one
 * handshake each): client_finish wipes it before it returns, whether it
 * succeeds or fails (when state is not NULL), so a second call with it
 * fails with MLKEM_ERR_INVALID_DK. */
MLKEM_MUST_CHECK int x25519mlkem768_client_finish(
    uint8_t secret[X25519MLKEM768_SECRET_BYTES],
    const uint8_t server_share[X25519MLKEM768_SERVER_SHARE_BYTES],
    uint8_t state[X25519MLKEM768_CLIENT_STATE_BYTES]);

/** Wipes the client state (a wipe the compiler cannot remove). NULL is
 * allowed. */
void x25519mlkem768_client_state_wipe(
    uint8_t state[X25519MLKEM768_CLIENT_STATE_BYTES]);

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC visibility pop
#endif

#ifdef __cplusplus
}
#endif

#endif /* MLKEM_HYBRID_H */
