/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/**
 * @file
 * mlkem_hpke.h - Hybrid Public Key Encryption (HPKE, @spec{RFC9180}) with this
 * library's KEMs: encrypting messages to a public key.
 *
 * HPKE combines a KEM, a KDF and an AEAD. The sender encapsulates a shared
 * secret to the recipient's public key, derives a key and nonce from it
 * (the "key schedule") and seals messages; the recipient decapsulates the
 * same secret from the encapsulation `enc` and opens them. Both sides can
 * also derive further secrets from the shared context (secret export).
 *
 * Specifications followed
 * -----------------------
 *  - @spec{RFC9180} (HPKE): modes, key schedule, contexts, sequence numbers,
 *    secret export, single-shot API, DHKEM(X25519, HKDF-SHA256) with its
 *    Auth and AuthPSK modes.
 *  - @spec{HPKE-PQ} (Post-Quantum and Post-Quantum/Traditional
 *    Hybrid Algorithms for HPKE): the ML-KEM and MLKEM768-X25519 (X-Wing)
 *    KEMs, their DeriveKeyPair, and the one-stage KDFs SHAKE128,
 *    SHAKE256, TurboSHAKE128 and TurboSHAKE256 (@spec{RFC9861}).
 *  - @spec{HPKE-HPKE} (HPKE, the successor of @spec{RFC9180}): the
 *    one-stage KDF framework (LabeledDerive, the one-stage key schedule
 *    and export) that the @spec{HPKE-PQ} KDFs plug into. With the
 *    two-stage (HKDF) KDFs every output is @spec{RFC9180}'s.
 *
 * Algorithms (every combination of the three lists works)
 * -------------------------------------------------------
 *   KEM  0x0020 DHKEM(X25519, HKDF-SHA256)           @spec{RFC9180} 7.1
 *        0x0040 ML-KEM-512                           @spec{HPKE-PQ} 3
 *        0x0041 ML-KEM-768
 *        0x0042 ML-KEM-1024
 *        0x647A MLKEM768-X25519 (X-Wing)             @spec{HPKE-PQ} 4
 *   KDF  0x0001 HKDF-SHA256, 0x0002 HKDF-SHA384, 0x0003 HKDF-SHA512
 *                                                    @spec{RFC9180} 7.2
 *        0x0010 SHAKE128, 0x0011 SHAKE256, 0x0012 TurboSHAKE128,
 *        0x0013 TurboSHAKE256 (one-stage)           @spec{HPKE-PQ} 5
 *   AEAD 0x0001 AES-128-GCM, 0x0002 AES-256-GCM,
 *        0x0003 ChaCha20-Poly1305, 0xFFFF export-only @spec{RFC9180} 7.3
 *
 * Not offered: the KEMs on NIST curves (DHKEM(P-256/P-384/P-521),
 * MLKEM768-P256, MLKEM1024-P384) and DHKEM(X448) need curves this library
 * does not have. ChaCha20-Poly1305 is there in builds that include it
 * (mlkem_hazmat.h); elsewhere a suite naming it fails with
 * MLKEM_ERR_UNSUPPORTED.
 *
 * Modes: base and PSK for every KEM. Auth and AuthPSK (a sender
 * authenticated by its own KEM key pair) exist only for DH-based KEMs:
 * @spec{RFC9180} defines AuthEncap/AuthDecap for DHKEM alone, and
 * @spec{HPKE-PQ} states that the ML-KEM and hybrid KEMs have none. So
 * the auth modes are offered for DHKEM(X25519, HKDF-SHA256) only; with
 * another KEM they fail with MLKEM_HPKE_ERR_MODE. (Auth modes give no
 * post-quantum authentication; use PSK mode or signatures for that.)
 *
 * Which suite: MLKEM768-X25519 (X-Wing) with HKDF-SHA256 and AES-128-GCM
 * (or ChaCha20-Poly1305 where AES is slow): secure if either ML-KEM or
 * X25519 holds, and interoperable with Go's crypto/hpke. docs/HPKE.md
 * says why and lists what was tested against whom.
 *
 * Conventions (those of mlkem.h, and)
 * -----------------------------------
 *  - Every function returns 0 or a negative error: the MLKEM_HPKE_ERR_*
 *    codes below, or an MLKEM_ERR_* code of mlkem.h passed through (for
 *    example MLKEM_ERR_AEAD_TAG when a ciphertext does not open).
 *    mlkem_hpke_strerror names both.
 *  - On any error every output is zeroed: enc, ciphertext, plaintext,
 *    exported secret, keys, and the context being set up.
 *  - Lengths are passed with every byte string and must be exactly the
 *    suite's (MLKEM_HPKE_ERR_LENGTH otherwise): enc is the KEM's Nenc, a
 *    ciphertext is its plaintext plus MLKEM_HPKE_TAG_BYTES, and so on.
 *    mlkem_hpke_kem_sizes gives the KEM's. A pointer may be NULL only
 *    when its length is 0.
 *  - Outputs must not overlap inputs, except where a function says so.
 *  - No heap. Key objects and contexts are caller-allocated structures
 *    of fixed size whose members are private (read and written only by
 *    these functions); they hold secrets: wipe them with the *_wipe
 *    functions. They may be moved with memcpy within the process, but are
 *    not an encoding: store and send the byte strings instead (a key
 *    object holds the backend's expanded ML-KEM key, which another process
 *    or machine may not read).
 *  - Thread safety: the functions keep no global state; a context must not
 *    be used by two threads at once (its sequence number changes on every
 *    seal and open, @spec{RFC9180, sec. 5.2}). Key objects are read-only after
 *    import and may be shared.
 *  - Constant time: no branch or index depends on a secret (keys, shared
 *    secrets, plaintexts). What is public: lengths, the suite, whether an
 *    operation failed (a failed open, an X25519 point of small order).
 */
#ifndef MLKEM_HPKE_H
#define MLKEM_HPKE_H

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
/* Identifiers (@spec{RFC9180, sec. 7}, @spec{HPKE-PQ, sec. 7})         */

/** @{ */
/** The KEM identifiers (the kem of mlkem_hpke_suite). */
#define MLKEM_HPKE_KEM_DHKEM_X25519_HKDF_SHA256 0x0020
#define MLKEM_HPKE_KEM_MLKEM512 0x0040
#define MLKEM_HPKE_KEM_MLKEM768 0x0041
#define MLKEM_HPKE_KEM_MLKEM1024 0x0042
#define MLKEM_HPKE_KEM_MLKEM768_X25519 0x647A /**< X-Wing */
/** @} */

/** @{ */
/** The KDF identifiers (the kdf of mlkem_hpke_suite): HKDF (two-stage)
 * and the one-stage KDFs. */
#define MLKEM_HPKE_KDF_HKDF_SHA256 0x0001
#define MLKEM_HPKE_KDF_HKDF_SHA384 0x0002
#define MLKEM_HPKE_KDF_HKDF_SHA512 0x0003
#define MLKEM_HPKE_KDF_SHAKE128 0x0010
#define MLKEM_HPKE_KDF_SHAKE256 0x0011
#define MLKEM_HPKE_KDF_TURBOSHAKE128 0x0012
#define MLKEM_HPKE_KDF_TURBOSHAKE256 0x0013
/** @} */

/** @{ */
/** The AEAD identifiers (the aead of mlkem_hpke_suite; the first three
 * are mlkem_hazmat.h's MLKEM_AEAD_*). */
#define MLKEM_HPKE_AEAD_AES_128_GCM 0x0001
#define MLKEM_HPKE_AEAD_AES_256_GCM 0x0002
#define MLKEM_HPKE_AEAD_CHACHA20_POLY1305 0x0003
#define MLKEM_HPKE_AEAD_EXPORT_ONLY 0xFFFF
/** @} */

/** @{ */
/** The modes (@spec{RFC9180, sec. 5}). Which one a setup runs follows from
 * its arguments: a PSK makes PSK mode, a sender key the Auth mode, both
 * AuthPSK (mlkem_hpke_sender_mode tells a context's). */
#define MLKEM_HPKE_MODE_BASE 0x00
#define MLKEM_HPKE_MODE_PSK 0x01
#define MLKEM_HPKE_MODE_AUTH 0x02
#define MLKEM_HPKE_MODE_AUTH_PSK 0x03
/** @} */

/** A suite: the three identifiers. */
typedef struct {
  uint16_t kem;  /**< MLKEM_HPKE_KEM_* */
  uint16_t kdf;  /**< MLKEM_HPKE_KDF_* */
  uint16_t aead; /**< MLKEM_HPKE_AEAD_* */
} mlkem_hpke_suite;

/* ------------------------------------------------------------------------ */
/* Sizes in bytes                                                            */
/*
 *   KEM                 Npk (public key)  Nsk (private key)  Nenc  Nsecret
 *   DHKEM(X25519)       32                32                 32    32
 *   ML-KEM-512          800               64 (the seed d||z) 768   32
 *   ML-KEM-768          1184              64                 1088  32
 *   ML-KEM-1024         1568              64                 1568  32
 *   MLKEM768-X25519     1216              32 (the seed)      1120  32
 */
#define MLKEM_HPKE_MAX_PK_BYTES 1568  /**< the largest Npk of the table */
#define MLKEM_HPKE_MAX_SK_BYTES 64    /**< the largest Nsk of the table */
#define MLKEM_HPKE_MAX_ENC_BYTES 1568 /**< the largest Nenc of the table */
#define MLKEM_HPKE_TAG_BYTES 16 /**< Nt: a ciphertext is pt_len + 16 bytes */
/** @{ */
/** The longest info, psk and psk_id with a one-stage KDF
 * (@spec{HPKE-HPKE, sec. 7.2.1}: two-byte length prefixes), and
 * the longest export with one. With HKDF the export is at most 255 Nh
 * bytes (8,160 / 12,240 / 16,320) and the inputs are not limited. */
#define MLKEM_HPKE_ONE_STAGE_MAX_INPUT 65535
#define MLKEM_HPKE_ONE_STAGE_MAX_EXPORT 65535
/** @} */

/** Writes the KEM's sizes (any pointer may be NULL). Returns 0, or
 * MLKEM_HPKE_ERR_SUITE for a KEM this library does not offer (sizes then
 * 0). */
MLKEM_MUST_CHECK int mlkem_hpke_kem_sizes(uint16_t kem, size_t *pk_bytes,
                                          size_t *sk_bytes, size_t *enc_bytes);

/* ------------------------------------------------------------------------ */
/* Errors (a range of their own; MLKEM_ERR_* codes are passed through)       */

/** A KEM, KDF or AEAD identifier this library does not offer (or a key
 * object of another KEM than the suite's). */
#define MLKEM_HPKE_ERR_SUITE (-201)
/** A length that is not the suite's (enc, keys, a ciphertext shorter than
 * the tag, a plaintext buffer that is not ct_len - 16 bytes, ...), or
 * beyond a limit: an export longer than the KDF allows, or with a
 * one-stage KDF an info, psk or psk_id over 65,535 bytes. */
#define MLKEM_HPKE_ERR_LENGTH (-202)
/** The mode's inputs do not fit (@spec{RFC9180} VerifyPSKInputs and
 * @spec{RFC9180, sec. 5.1.3}): a PSK without a PSK identifier or the reverse,
 * or a sender key (Auth modes) with a KEM that has no AuthEncap. */
#define MLKEM_HPKE_ERR_MODE (-203)
/** The context's sequence number is exhausted: @spec{RFC9180, sec. 5.2}'s
 * MessageLimitReachedError. This library counts in 64 bits (shorter than
 * the nonce, as the section allows), so a context seals or opens 2^64 - 1
 * messages and then refuses every further seal or open with this error
 * (nothing written but zeros). Set up a new context. */
#define MLKEM_HPKE_ERR_MESSAGE_LIMIT (-204)
/** seal or open on a context of the export-only AEAD (0xFFFF), which has
 * no key: only secret export works. */
#define MLKEM_HPKE_ERR_EXPORT_ONLY (-205)
/** A key object or context that was not set up by these functions (or was
 * wiped, or a setup failed). */
#define MLKEM_HPKE_ERR_STATE (-206)

/** A short English description of an MLKEM_HPKE_ERR_* code, or of any
 * other code (mlkem_strerror's). The string is static. */
const char *mlkem_hpke_strerror(int err);

/** @{ */
/** The names the specifications give: "ML-KEM-768", "MLKEM768-X25519",
 * "DHKEM(X25519, HKDF-SHA256)", "HKDF-SHA256", "TurboSHAKE128",
 * "AES-128-GCM", "ChaCha20Poly1305", "Export-only", ...; NULL for an
 * identifier this library does not offer. mlkem_hpke_*_by_name takes the
 * same names (ASCII case ignored; also "X-Wing", "ChaCha20-Poly1305"),
 * writes the identifier and returns 0, or MLKEM_HPKE_ERR_SUITE. */
const char *mlkem_hpke_kem_name(uint16_t kem);
const char *mlkem_hpke_kdf_name(uint16_t kdf);
const char *mlkem_hpke_aead_name(uint16_t aead);
MLKEM_MUST_CHECK int mlkem_hpke_kem_by_name(const char *name, uint16_t *kem);
MLKEM_MUST_CHECK int mlkem_hpke_kdf_by_name(const char *name, uint16_t *kdf);
MLKEM_MUST_CHECK int mlkem_hpke_aead_by_name(const char *name, uint16_t *aead);
/** @} */

/** 0 if every identifier of suite is offered by this build; else
 * MLKEM_HPKE_ERR_SUITE, or MLKEM_ERR_UNSUPPORTED for ChaCha20-Poly1305 in
 * a build without it. */
MLKEM_MUST_CHECK int mlkem_hpke_suite_check(mlkem_hpke_suite suite);

/* ------------------------------------------------------------------------ */
/* Keys                                                                      */
/*
 * The byte strings are SerializePublicKey / SerializePrivateKey of the
 * specifications, which for every KEM here is the identity: ML-KEM's ek
 * and its 64-byte seed d || z (@spec{HPKE-PQ, sec. 3}: the private
 * key is the seed, not @spec{FIPS203}'s dk), X-Wing's 1,216-byte public key and
 * 32-byte seed, X25519's 32-byte strings (the private key unclamped, as
 * @spec{RFC9180} 7.1.2 has it; clamped or not, the same key).
 *
 * To use a key it is imported into a key object once (DeserializePublicKey
 * / DeserializePrivateKey with the checks, and the expansion of the
 * ML-KEM key for fast repeated use, mlkem.h "expanded keys").
 */

/** Generates a key pair (GenerateKeyPair) with the operating system's
 * random source: pk_len and sk_len must be the KEM's Npk and Nsk.
 * Errors: MLKEM_HPKE_ERR_SUITE, MLKEM_HPKE_ERR_LENGTH, MLKEM_ERR_RANDOM. */
MLKEM_MUST_CHECK int mlkem_hpke_keygen(uint16_t kem, uint8_t *pk, size_t pk_len,
                                       uint8_t *sk, size_t sk_len);

/** DeriveKeyPair(ikm): the key pair of the input keying material, as each
 * specification defines it: DHKEM with its HKDF-SHA256 (@spec{RFC9180}
 * 7.1.3: "dkp_prk", then "sk"); ML-KEM and X-Wing with SHAKE256's
 * LabeledDerive(ikm, "DeriveKeyPair", "", Nsk) and the KEM's key
 * generation from that seed (@spec{HPKE-PQ, sec. 3 and 4}). ikm
 * should hold at least Nsk bytes of entropy (32 for X-Wing); any length is
 * taken. pk_len and sk_len must be the KEM's. */
MLKEM_MUST_CHECK int mlkem_hpke_derive_keypair(uint16_t kem, uint8_t *pk,
                                               size_t pk_len, uint8_t *sk,
                                               size_t sk_len,
                                               const uint8_t *ikm,
                                               size_t ikm_len);

/** A recipient's public key, ready for setups and seals (11,880 bytes). */
typedef struct {
  uint32_t magic;      /**< private */
  uint16_t kem;        /**< private */
  uint16_t pad;        /**< private */
  uint8_t data[11872]; /**< private */
} mlkem_hpke_public_key;

/** A private key (14,056 bytes): secret. */
typedef struct {
  uint32_t magic;      /**< private */
  uint16_t kem;        /**< private */
  uint16_t pad;        /**< private */
  uint8_t data[14048]; /**< private */
} mlkem_hpke_private_key;

/** DeserializePublicKey with its checks: pk_len must be the KEM's Npk; an
 * ML-KEM encapsulation key (alone or inside X-Wing's) must pass
 * @spec{FIPS203, sec. 7.2}'s modulus check (else MLKEM_ERR_INVALID_EK: the
 * KEM's EncapError). An X25519 key is any 32 bytes (a point of small order is
 * refused when used: MLKEM_ERR_X25519_ZERO). */
MLKEM_MUST_CHECK int mlkem_hpke_public_key_import(mlkem_hpke_public_key *key,
                                                  uint16_t kem,
                                                  const uint8_t *pk,
                                                  size_t pk_len);

/** DeserializePrivateKey: sk_len must be the KEM's Nsk. Computes the public
 * key (any Nsk bytes are a valid private key of these KEMs) and the
 * expanded ML-KEM key. */
MLKEM_MUST_CHECK int mlkem_hpke_private_key_import(mlkem_hpke_private_key *key,
                                                   uint16_t kem,
                                                   const uint8_t *sk,
                                                   size_t sk_len);

/** @{ */
/** The key's KEM identifier (0 for an object not set up). */
uint16_t mlkem_hpke_private_key_kem(const mlkem_hpke_private_key *key);
uint16_t mlkem_hpke_public_key_kem(const mlkem_hpke_public_key *key);
/** @} */

/** @{ */
/** SerializePublicKey of the key's public key, and SerializePrivateKey of
 * the private key: pk_len / sk_len must be the KEM's. */
MLKEM_MUST_CHECK int mlkem_hpke_private_key_public(
    const mlkem_hpke_private_key *key, uint8_t *pk, size_t pk_len);
MLKEM_MUST_CHECK int mlkem_hpke_private_key_bytes(
    const mlkem_hpke_private_key *key, uint8_t *sk, size_t sk_len);
MLKEM_MUST_CHECK int mlkem_hpke_public_key_bytes(
    const mlkem_hpke_public_key *key, uint8_t *pk, size_t pk_len);
/** @} */

/** @{ */
/** Wipes a key object (a wipe the compiler cannot remove; NULL is
 * ignored). */
void mlkem_hpke_private_key_wipe(mlkem_hpke_private_key *key);
void mlkem_hpke_public_key_wipe(mlkem_hpke_public_key *key);
/** @} */

/* ------------------------------------------------------------------------ */
/* Mode inputs                                                               */

/** A pre-shared key and its identifier (PSK and AuthPSK modes): both
 * non-empty (MLKEM_HPKE_ERR_MODE otherwise). The PSK must hold at least 32
 * bytes of entropy (@spec{RFC9180, sec. 5.1.2}); the library cannot check
 * that. Pass NULL for the modes without a PSK. */
typedef struct {
  const uint8_t *psk;    /**< the PSK */
  size_t psk_len;        /**< its length in bytes */
  const uint8_t *psk_id; /**< the PSK identifier */
  size_t psk_id_len;     /**< its length in bytes */
} mlkem_hpke_psk;

/* ------------------------------------------------------------------------ */
/* Contexts (@spec{RFC9180, sec. 5.2, 5.3}) */

/** The state of a context: private members, written by a setup. It holds
 * the AEAD key, the base nonce and the exporter secret: secret. */
typedef struct {
  /** @{ */
  /** private */
  uint64_t seq;
  uint32_t magic;
  uint16_t kem, kdf, aead;
  uint8_t mode, nk, nh, pad[3];
  uint8_t key[32];
  uint8_t base_nonce[12];
  uint8_t exporter_secret[64];
  /** @} */
} mlkem_hpke_context_state;

/** A sender's context: it seals. A recipient's (mlkem_hpke_recipient):
 * it opens. Distinct types, so that a sender's context cannot be passed
 * where a recipient's is wanted (@spec{RFC9180, sec. 5.2}: neither may do
 * the other's work). */
typedef struct {
  mlkem_hpke_context_state s; /**< private */
} mlkem_hpke_sender;
/** A recipient's context: it opens (see mlkem_hpke_sender). */
typedef struct {
  mlkem_hpke_context_state s; /**< private */
} mlkem_hpke_recipient;

/** SetupBaseS / SetupPSKS / SetupAuthS / SetupAuthPSKS (@spec{RFC9180} 5.1):
 * encapsulates a fresh shared secret to pkR, writes enc (enc_len must be
 * the KEM's Nenc) and sets up ctx with the key schedule of suite, info
 * (info_len bytes), the PSK (NULL: none) and the sender's key skS (NULL:
 * none; the Auth modes, DHKEM only). pkR, skS must be of suite.kem.
 * The encapsulation's randomness comes from the operating system
 * (MLKEM_ERR_RANDOM if it fails). Errors as listed at the top, and
 * MLKEM_ERR_X25519_ZERO when pkR (DHKEM) is a point of small order. */
MLKEM_MUST_CHECK int mlkem_hpke_setup_sender(
    mlkem_hpke_sender *ctx, uint8_t *enc, size_t enc_len,
    mlkem_hpke_suite suite, const mlkem_hpke_public_key *pkR,
    const uint8_t *info, size_t info_len, const mlkem_hpke_psk *psk,
    const mlkem_hpke_private_key *skS);

/** As mlkem_hpke_setup_sender with the encapsulation's randomness from the
 * caller, for known-answer tests (the test vectors' ikmE): DHKEM takes an
 * ikmE of up to 64 bytes and derives the ephemeral key pair
 * DeriveKeyPair(ikmE); ML-KEM takes 32 bytes, @spec{FIPS203}'s m; X-Wing 64
 * bytes, ML-KEM's m then the
 * ephemeral X25519 key (@spec{XWING}'s eseed). Fresh,
 * uniform and secret on every call: a repeated ikmE gives the same enc
 * and the same key and nonce, which breaks AEAD. */
MLKEM_MUST_CHECK int mlkem_hpke_setup_sender_derand(
    mlkem_hpke_sender *ctx, uint8_t *enc, size_t enc_len,
    mlkem_hpke_suite suite, const mlkem_hpke_public_key *pkR,
    const uint8_t *info, size_t info_len, const mlkem_hpke_psk *psk,
    const mlkem_hpke_private_key *skS, const uint8_t *ikmE, size_t ikmE_len);

/** SetupBaseR / SetupPSKR / SetupAuthR / SetupAuthPSKR: decapsulates enc
 * (enc_len must be Nenc) with skR and sets up ctx as the sender's; pkS is
 * the sender's public key for the Auth modes (NULL: none). ML-KEM and
 * X-Wing never fail on an altered enc (implicit rejection): the contexts
 * then differ and the first open fails with MLKEM_ERR_AEAD_TAG. DHKEM
 * fails with MLKEM_ERR_X25519_ZERO when enc is a point of small order. */
MLKEM_MUST_CHECK int mlkem_hpke_setup_recipient(
    mlkem_hpke_recipient *ctx, mlkem_hpke_suite suite,
    const mlkem_hpke_private_key *skR, const uint8_t *enc, size_t enc_len,
    const uint8_t *info, size_t info_len, const mlkem_hpke_psk *psk,
    const mlkem_hpke_public_key *pkS);

/** ContextS.Seal(aad, pt): writes ct_len = pt_len + 16 bytes (ciphertext
 * and tag) with the nonce of the context's sequence number, then counts
 * it up. Errors: MLKEM_HPKE_ERR_EXPORT_ONLY, MLKEM_HPKE_ERR_MESSAGE_LIMIT,
 * MLKEM_HPKE_ERR_LENGTH, MLKEM_ERR_AEAD_LENGTH (pt beyond the AEAD's
 * limit), MLKEM_HPKE_ERR_STATE; the sequence number then does not move.
 * ct may equal pt (in place: a buffer of pt_len + 16 bytes). */
MLKEM_MUST_CHECK int mlkem_hpke_sender_seal(mlkem_hpke_sender *ctx, uint8_t *ct,
                                            size_t ct_len, const uint8_t *aad,
                                            size_t aad_len, const uint8_t *pt,
                                            size_t pt_len);

/** ContextR.Open(aad, ct): writes pt_len = ct_len - 16 bytes and counts the
 * sequence number up. A ciphertext that does not authenticate (altered,
 * another aad, another sequence number, another context) gives
 * MLKEM_ERR_AEAD_TAG with pt all zeros, and the sequence number does not
 * move (the next ciphertext may still be opened). pt may equal ct. */
MLKEM_MUST_CHECK int mlkem_hpke_recipient_open(
    mlkem_hpke_recipient *ctx, uint8_t *pt, size_t pt_len, const uint8_t *aad,
    size_t aad_len, const uint8_t *ct, size_t ct_len);

/** @{ */
/** Context.Export(exporter_context, L) (@spec{RFC9180, sec. 5.3};
 * @spec{HPKE-HPKE} for the one-stage KDFs): writes out_len = L
 * bytes, at most 255 Nh with HKDF and 65,535 with a one-stage KDF
 * (MLKEM_HPKE_ERR_LENGTH otherwise). Works for every AEAD, the
 * export-only one included; does not change the context. */
MLKEM_MUST_CHECK int mlkem_hpke_sender_export(const mlkem_hpke_sender *ctx,
                                              uint8_t *out, size_t out_len,
                                              const uint8_t *exporter_context,
                                              size_t context_len);
MLKEM_MUST_CHECK int mlkem_hpke_recipient_export(
    const mlkem_hpke_recipient *ctx, uint8_t *out, size_t out_len,
    const uint8_t *exporter_context, size_t context_len);
/** @} */

/** @{ */
/** The number of messages the context has sealed or opened (its sequence
 * number), for applications that need to keep both sides in step. */
uint64_t mlkem_hpke_sender_seq(const mlkem_hpke_sender *ctx);
uint64_t mlkem_hpke_recipient_seq(const mlkem_hpke_recipient *ctx);
/** @} */

/** @{ */
/** The context's mode (MLKEM_HPKE_MODE_*), or -1 if not set up. */
int mlkem_hpke_sender_mode(const mlkem_hpke_sender *ctx);
int mlkem_hpke_recipient_mode(const mlkem_hpke_recipient *ctx);
/** @} */

/** @{ */
/** Wipe a context (NULL is ignored). */
void mlkem_hpke_sender_wipe(mlkem_hpke_sender *ctx);
void mlkem_hpke_recipient_wipe(mlkem_hpke_recipient *ctx);
/** @} */

/* ------------------------------------------------------------------------ */
/* Single-shot (@spec{RFC9180, sec. 6}): seal, open and secret export */

/** Seal<MODE>(pkR, info, aad, pt, ...): a sender's setup and one seal.
 * Writes enc (enc_len = Nenc) and ct (ct_len = pt_len + 16). The message
 * a peer such as Go's hpke.Open expects is enc || ct: pass ct = enc +
 * enc_len within one buffer. psk and skS as for mlkem_hpke_setup_sender. */
MLKEM_MUST_CHECK int mlkem_hpke_seal(mlkem_hpke_suite suite, uint8_t *enc,
                                     size_t enc_len, uint8_t *ct, size_t ct_len,
                                     const mlkem_hpke_public_key *pkR,
                                     const uint8_t *info, size_t info_len,
                                     const uint8_t *aad, size_t aad_len,
                                     const uint8_t *pt, size_t pt_len,
                                     const mlkem_hpke_psk *psk,
                                     const mlkem_hpke_private_key *skS);

/** Open<MODE>(enc, skR, info, aad, ct, ...): a recipient's setup and one
 * open. Writes pt (pt_len = ct_len - 16). MLKEM_ERR_AEAD_TAG (pt zeroed)
 * when the message does not open: altered enc or ct, another key, info,
 * aad, suite or PSK. */
MLKEM_MUST_CHECK int mlkem_hpke_open(
    mlkem_hpke_suite suite, uint8_t *pt, size_t pt_len,
    const mlkem_hpke_private_key *skR, const uint8_t *enc, size_t enc_len,
    const uint8_t *info, size_t info_len, const uint8_t *aad, size_t aad_len,
    const uint8_t *ct, size_t ct_len, const mlkem_hpke_psk *psk,
    const mlkem_hpke_public_key *pkS);

/** @{ */
/** SendExport<MODE>(pkR, info, exporter_context, L, ...) and
 * ReceiveExport<MODE>(enc, skR, info, exporter_context, L, ...)
 * (@spec{RFC9180, sec. 6.2}): a setup and one export of out_len = L bytes; the
 * sender's also writes enc. Any AEAD of the suite (the export-only one is meant
 * for this); the replay caveat of @spec{RFC9180, sec. 5.3} holds: the same enc
 * gives the same secret every time it is received. */
MLKEM_MUST_CHECK int mlkem_hpke_send_export(
    mlkem_hpke_suite suite, uint8_t *enc, size_t enc_len, uint8_t *out,
    size_t out_len, const mlkem_hpke_public_key *pkR, const uint8_t *info,
    size_t info_len, const uint8_t *exporter_context, size_t context_len,
    const mlkem_hpke_psk *psk, const mlkem_hpke_private_key *skS);
MLKEM_MUST_CHECK int mlkem_hpke_receive_export(
    mlkem_hpke_suite suite, uint8_t *out, size_t out_len,
    const mlkem_hpke_private_key *skR, const uint8_t *enc, size_t enc_len,
    const uint8_t *info, size_t info_len, const uint8_t *exporter_context,
    size_t context_len, const mlkem_hpke_psk *psk,
    const mlkem_hpke_public_key *pkS);
/** @} */

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC visibility pop
#endif

#ifdef __cplusplus
}
#endif

#endif /* MLKEM_HPKE_H */
