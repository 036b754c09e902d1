/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * mlkem_keyfile.h - ML-KEM key files: private keys in PKCS#8 and public
 * keys in SubjectPublicKeyInfo, in PEM or DER, with the algorithm
 * identifiers and the three private key forms of @spec{RFC9935} (as OpenSSL,
 * BoringSSL, Go and pyca/cryptography write them), and the raw FIPS 203
 * byte strings. A C program reads the key files of those libraries with
 * this header and libmlkem alone. Also the key files of X-Wing
 * (mlkem_hybrid.h), as its draft defines them, and the raw keys of
 * round-3 Kyber (mlkem_kyber.h), which has no standard key file (below).
 *
 *   private key   OneAsymmetricKey (@spec{RFC5958}) { version 0,
 *                   AlgorithmIdentifier, privateKey OCTET STRING }
 *                 privateKey holds the DER of one of (@spec{RFC9935})
 *                   seed         [0] IMPLICIT OCTET STRING (64)   tag 0x80
 *                   expandedKey  OCTET STRING (dk)               tag 0x04
 *                   both         SEQUENCE { OCTET STRING (64),
 *                                           OCTET STRING (dk) }  tag 0x30
 *   public key    SubjectPublicKeyInfo (@spec{RFC5280}) { AlgorithmIdentifier,
 *                   BIT STRING (ek) }
 *   AlgorithmIdentifier  { OID 2.16.840.1.101.3.4.4.1 / .2 / .3 } for
 *                 ML-KEM-512 / 768 / 1024, parameters absent.
 *   PEM           @spec{RFC7468}, strict: "-----BEGIN PRIVATE KEY-----" or
 *                 "PUBLIC KEY", canonical base64, nothing else in the file
 *                 but white space (no headers, no second block).
 *   raw           ek, dk (FIPS 203) or the 64-byte seed d || z alone.
 *
 * X-Wing (@spec{XWING}, "Use in X.509"):
 *   AlgorithmIdentifier  { OID 1.3.6.1.4.1.62253.25722 }, parameters
 *                 absent.
 *   private key   OneAsymmetricKey { version 0, AlgorithmIdentifier,
 *                   privateKey OCTET STRING (the 32-byte seed itself) }:
 *                 the seed is the only private form (no CHOICE, no
 *                 expanded key).
 *   public key    SubjectPublicKeyInfo { AlgorithmIdentifier,
 *                   BIT STRING (pk, 1216 bytes: ML-KEM-768 ek || X25519) }
 *   raw           pk, or the 32-byte seed alone.
 *
 * Kyber512, Kyber768, Kyber1024 and their -90s variants (round 3,
 * mlkem_kyber.h): raw only, as no OID was ever assigned to round-3 Kyber
 * (encoding as PKCS#8, SubjectPublicKeyInfo, PEM or DER is refused with
 * MLKEM_KEYFILE_ERR_FORM):
 *   raw           pk, sk (the round-3 byte strings, with ML-KEM's layout
 *                 and sizes), or the 64-byte seed: the coins d || z that
 *                 kyberP_keygen_derand takes. Their pk and sk have the
 *                 sizes of ML-KEM's ek and dk, so raw bytes are read as
 *                 Kyber only when the type is named (raw_alg of
 *                 mlkem_keyfile_decode, or mlkem_keyfile_from_raw); unnamed
 *                 they are read as ML-KEM.
 *                 The checks are FIPS 203's (with the variant's hash, as
 *                 mlkem_kyber.h runs them).
 *
 * Every key is checked when it is read: ek by the @spec{FIPS203, sec. 7.2}
 * modulus check; an expanded key by the @spec{FIPS203, sec. 7.3} hash check and
 * the modulus check of the ek inside it; a key in the both form by generating
 * the expanded key again from the seed and comparing. An X-Wing pk by the
 * modulus check of its ML-KEM-768 part (its X25519 part is any 32 bytes);
 * an X-Wing seed is expanded to its pk (GenerateKeyPairDerand). Only DER
 * in its distinguished form is accepted, so that a key read and written
 * again in the same form and encoding gives the same bytes.
 *
 * Conventions
 * -----------
 *  - Every function that can fail returns 0 (MLKEM_KEYFILE_OK) or a
 *    negative MLKEM_KEYFILE_ERR_* code, and mlkem_keyfile_strerror() names
 *    each. These codes are their own set, from -101 down (the range -100 to
 *    -199 belongs to this header), so that they can never be read as one
 *    of the MLKEM_ERR_* codes of mlkem.h, which are small (-1, -2, ...).
 *    When the ML-KEM library itself fails inside a call (MLKEM_ERR_BACKEND,
 *    say), the result is MLKEM_KEYFILE_ERR_LIBRARY and the message names
 *    the library's error.
 *  - The last argument, err, may be NULL. Otherwise it receives the result
 *    and, on failure, a one-line English message saying exactly what is
 *    wrong ("wrong OID: algorithm 1.2.840.113549.1.1.1 is not ML-KEM ...");
 *    on success the message is empty.
 *  - On any error every output is zeroed: the whole key object, or the
 *    whole output buffer (all cap bytes) and *out_len. A caller that
 *    forgets to check the result never uses a partial key.
 *  - A NULL pointer argument (other than err, raw_alg where it is
 *    optional, and an input of length 0), a type or encoding outside its
 *    enumeration, or a descriptor that is not one of mlkem_keyfile_algs,
 *    is refused with MLKEM_KEYFILE_ERR_ARGUMENT.
 *  - No heap and no state: the functions are thread-safe and reentrant.
 *    They use at most about 32 KiB of stack, most of it in key generation
 *    (a seed is expanded into the key pair). Every stack buffer that held
 *    a secret is wiped before they return.
 *  - Secrets: reading and writing a private key does not branch on, or
 *    index memory by, its secret bytes (the seed and the secret parts of
 *    dk). The base64 of PEM is decoded and encoded in constant time; the
 *    DER reader only copies the contents of the key's elements and
 *    branches on the structure (tags and lengths), which the key's type,
 *    form and size decide; the seed and the expanded key of a both key
 *    are compared in constant time. Whether a file is accepted, its
 *    length, encoding, algorithm and form are not secret. make ct checks
 *    this under valgrind with the key marked secret (docs/SECURITY.md).
 *  - Wipe a key object that held a private key with mlkem_keyfile_wipe()
 *    when done, and the buffer of an encoded private key too.
 */
#ifndef MLKEM_KEYFILE_H
#define MLKEM_KEYFILE_H

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
/* Results                                                                   */

#define MLKEM_KEYFILE_OK 0
/* PEM without its END line, or cut inside a line. */
#define MLKEM_KEYFILE_ERR_PEM_TRUNCATED (-101)
/* The PEM body is not canonical base64 (a character, padding, length or
 * unused bits that @spec{RFC4648} forbids), or holds headers. */
#define MLKEM_KEYFILE_ERR_PEM_BASE64 (-102)
/* The PEM label is not PRIVATE KEY or PUBLIC KEY, does not fit the key it
 * holds, or differs between the BEGIN and END lines. */
#define MLKEM_KEYFILE_ERR_PEM_LABEL (-103)
/* Any other PEM problem: text after the END line, an empty block. */
#define MLKEM_KEYFILE_ERR_PEM_SYNTAX (-104)
/* Not the distinguished encoding of a PKCS#8 or SubjectPublicKeyInfo
 * structure (an element missing, extra or malformed, a length not in its
 * shortest form, trailing bytes, ...). */
#define MLKEM_KEYFILE_ERR_DER (-105)
/* A PKCS#8 version other than 0 (v1), or its optional fields (attributes,
 * publicKey) present. */
#define MLKEM_KEYFILE_ERR_VERSION (-106)
/* The algorithm OID is not one of a supported key type. */
#define MLKEM_KEYFILE_ERR_OID (-107)
/* The AlgorithmIdentifier has parameters (they must be absent). */
#define MLKEM_KEYFILE_ERR_PARAMS (-108)
/* A key, seed or raw input of the wrong length for its type (or, for raw
 * input, of no key's length). */
#define MLKEM_KEYFILE_ERR_LENGTH (-109)
/* ek fails the @spec{FIPS203, sec. 7.2} modulus check (also the ek inside an
 * expanded key). */
#define MLKEM_KEYFILE_ERR_INVALID_EK (-110)
/* The expanded key fails the @spec{FIPS203, sec. 7.3} hash check: the H(ek)
 * stored in dk is not the hash of the ek stored in dk. */
#define MLKEM_KEYFILE_ERR_INVALID_DK (-111)
/* A key in the both form whose seed does not generate its expanded key. */
#define MLKEM_KEYFILE_ERR_MISMATCH (-112)
/* The input is empty. */
#define MLKEM_KEYFILE_ERR_EMPTY (-113)
/* A raw seed, which does not say its key type, without raw_alg. */
#define MLKEM_KEYFILE_ERR_NEED_ALG (-114)
/* The key cannot be written in the form or encoding asked for: a public
 * key in a private form, a key without its seed in the seed or both form,
 * the both form as raw bytes, an X-Wing key in a form other than seed, a
 * round-3 Kyber key as PEM or DER. */
#define MLKEM_KEYFILE_ERR_FORM (-115)
/* The output buffer is too small (MLKEM_KEYFILE_MAX_PEM always suffices). */
#define MLKEM_KEYFILE_ERR_BUFFER (-116)
/* A NULL pointer, or a type, encoding or algorithm that is not one of
 * this header's. */
#define MLKEM_KEYFILE_ERR_ARGUMENT (-117)
/* The ML-KEM library failed (a backend forced with MLKEM_BACKEND that the
 * CPU lacks, or the pairwise consistency test of a build with it); the
 * message names the library's MLKEM_ERR_* error. */
#define MLKEM_KEYFILE_ERR_LIBRARY (-118)

/* Returns a short English description of MLKEM_KEYFILE_OK or an
 * MLKEM_KEYFILE_ERR_* code, or "unknown error" for any other value. The
 * string is static. The message in mlkem_keyfile_error says more. */
const char *mlkem_keyfile_strerror(int err);

/* Longest message, with its NUL. */
#define MLKEM_KEYFILE_ERROR_MAX 320

typedef struct mlkem_keyfile_error {
  int code;                          /* the result of the call */
  char msg[MLKEM_KEYFILE_ERROR_MAX]; /* one line, no final newline */
} mlkem_keyfile_error;

/* ------------------------------------------------------------------------ */
/* Key types, forms and encodings                                            */

/* A key type of the key files: ML-KEM-512, -768 or -1024, X-Wing, or a
 * round-3 Kyber variant (more may come). Descriptors are static and
 * constant; never free them, and compare them by address. */
typedef struct mlkem_keyfile_alg {
  const char *name; /* "ML-KEM-768" */
  const char *oid;  /* dotted: "2.16.840.1.101.3.4.4.2" (NULL for a type
                       that has only raw encodings: Kyber) */
  size_t ek_bytes;
  size_t dk_bytes;   /* the expanded private key (0 for X-Wing: none) */
  size_t seed_bytes; /* the private key seed (64; X-Wing: 32) */
} mlkem_keyfile_alg;

/* The descriptors of all key types, NULL-terminated: ML-KEM-512, -768 and
 * -1024 first, in that order (as mlkem_kems), then X-Wing, then Kyber512,
 * Kyber768, Kyber1024, Kyber512-90s, Kyber768-90s and Kyber1024-90s (as
 * mlkem_kyber_kems), then any type added later (new types are appended:
 * an index never changes). */
extern const mlkem_keyfile_alg *const mlkem_keyfile_algs[];

/* The descriptor for a name, or NULL if the name is unknown. The ML-KEM
 * and Kyber types take the names of mlkem_kem_by_name (any letter case;
 * "ML-KEM-768" or "768", "Kyber768-90s"); X-Wing its exact name
 * ("X-Wing"). */
const mlkem_keyfile_alg *mlkem_keyfile_alg_by_name(const char *name);

/* What a key object holds, and the form a key is written in. A private key
 * is read (or made) from its seed, from its expanded key, or from both,
 * and written in any form it has what for (an X-Wing private key has the
 * seed form only: it is read and written as SEED): */
typedef enum mlkem_keyfile_type {
  /* A public key: ek only (SubjectPublicKeyInfo, or a raw ek). */
  MLKEM_KEYFILE_PUBLIC = 1,
  /* A private key from its seed: the seed, and dk and ek generated from
   * it. Written as seed, expanded or both. */
  MLKEM_KEYFILE_SEED = 2,
  /* A private key from its expanded key alone: dk and the ek inside it,
   * no seed. Written as expanded only. */
  MLKEM_KEYFILE_EXPANDED = 3,
  /* A private key from both: the seed, and the dk it generates (checked),
   * and ek. Written as seed, expanded or both. */
  MLKEM_KEYFILE_BOTH = 4
} mlkem_keyfile_type;

typedef enum mlkem_keyfile_encoding {
  MLKEM_KEYFILE_PEM = 1, /* PEM around the DER */
  MLKEM_KEYFILE_DER = 2, /* PKCS#8 or SubjectPublicKeyInfo */
  MLKEM_KEYFILE_RAW = 3  /* ek, dk or the seed alone (no both); X-Wing's
                            pk or seed */
} mlkem_keyfile_encoding;

/* Sizes of the largest key type, for buffers. */
#define MLKEM_KEYFILE_MAX_EK_BYTES MLKEM1024_EK_BYTES
#define MLKEM_KEYFILE_MAX_DK_BYTES MLKEM1024_DK_BYTES
#define MLKEM_KEYFILE_MAX_SEED_BYTES MLKEM_SEED_BYTES
/* The longest DER and PEM a key is written as (ML-KEM-1024 in the both
 * form: 3266 bytes of DER), with room to spare. PEM holding more than
 * MLKEM_KEYFILE_MAX_DER bytes is refused with MLKEM_KEYFILE_ERR_LENGTH. */
#define MLKEM_KEYFILE_MAX_DER 4096
#define MLKEM_KEYFILE_MAX_PEM 6144

/* A key: allocated by the caller (about 4.9 KiB), filled by the functions
 * below. The fields may be read; a key is only made by these functions.
 * ek always holds the public key (for a private key, the ek inside dk),
 * dk the FIPS 203 decapsulation key of a private key, seed the 64-byte
 * seed d || z of a SEED or BOTH key; what the type leaves out is zero.
 * For X-Wing: ek holds the 1216-byte pk, seed the 32-byte private key (the
 * sk of xwing_decaps), dk nothing (zero). Use key->alg to tell the types
 * apart. */
typedef struct mlkem_keyfile_key {
  const mlkem_keyfile_alg *alg; /* the key type */
  /* The descriptor to use the key with: its ML-KEM parameter set, or for
   * round-3 Kyber its descriptor of mlkem_kyber_kems (check key->alg, or
   * compare with mlkem_kems, before taking it for ML-KEM); NULL for X-Wing,
   * whose functions are in mlkem_hybrid.h. */
  const mlkem_kem *kem;
  mlkem_keyfile_type type;
  mlkem_keyfile_encoding encoding; /* how it was read */
  uint8_t seed[MLKEM_KEYFILE_MAX_SEED_BYTES];
  uint8_t dk[MLKEM_KEYFILE_MAX_DK_BYTES];
  uint8_t ek[MLKEM_KEYFILE_MAX_EK_BYTES];
} mlkem_keyfile_key;

/* ------------------------------------------------------------------------ */
/* Reading                                                                   */

/* mlkem_keyfile_decode: reads a key file in any encoding: PEM if it starts
 * (after white space) with "-----BEGIN ", raw bytes if its length is that
 * of a raw key (below), DER otherwise (no DER key file has a raw key's
 * length). Raw bytes say their type only by their length:
 *  - with raw_alg non-NULL, bytes of one of its lengths (its ek, its dk or
 *    its seed) are a key of that type. This is how a raw seed (64 bytes,
 *    or X-Wing's 32) is read, and any raw key of round-3 Kyber;
 *  - otherwise an ML-KEM ek or dk, or an X-Wing pk (1216 bytes), is
 *    recognised by its length; a raw seed is refused with
 *    MLKEM_KEYFILE_ERR_NEED_ALG.
 * A PEM or DER file names its own type, whatever raw_alg says. Runs every
 * check (see the top) and fills *key, with key->encoding saying how it
 * was read. On error *key is zeroed. */
MLKEM_MUST_CHECK int mlkem_keyfile_decode(mlkem_keyfile_key *key,
                                          const uint8_t *in, size_t len,
                                          const mlkem_keyfile_alg *raw_alg,
                                          mlkem_keyfile_error *err);

/* The same for PEM only (PRIVATE KEY or PUBLIC KEY), and for DER only
 * (PKCS#8 or SubjectPublicKeyInfo). */
MLKEM_MUST_CHECK int mlkem_keyfile_decode_pem(mlkem_keyfile_key *key,
                                              const uint8_t *in, size_t len,
                                              mlkem_keyfile_error *err);
MLKEM_MUST_CHECK int mlkem_keyfile_decode_der(mlkem_keyfile_key *key,
                                              const uint8_t *in, size_t len,
                                              mlkem_keyfile_error *err);

/* mlkem_keyfile_from_raw: a key of type alg from raw bytes, with the
 * checks of a key read from a file: type MLKEM_KEYFILE_PUBLIC takes ek
 * (modulus check), MLKEM_KEYFILE_SEED the seed (the key pair is generated
 * from it), MLKEM_KEYFILE_EXPANDED dk (hash check, and the modulus check
 * of its ek). len must be the size of that string for alg
 * (MLKEM_KEYFILE_ERR_LENGTH otherwise); MLKEM_KEYFILE_BOTH is refused with
 * MLKEM_KEYFILE_ERR_FORM, and so is EXPANDED for a type without an
 * expanded key (X-Wing). key->encoding is MLKEM_KEYFILE_RAW. This is how a
 * new key is made: from_raw with type SEED and alg->seed_bytes fresh random
 * bytes. On error *key is zeroed. */
MLKEM_MUST_CHECK int mlkem_keyfile_from_raw(mlkem_keyfile_key *key,
                                            const mlkem_keyfile_alg *alg,
                                            mlkem_keyfile_type type,
                                            const uint8_t *in, size_t len,
                                            mlkem_keyfile_error *err);

/* ------------------------------------------------------------------------ */
/* Writing                                                                   */

/* mlkem_keyfile_encode: writes the key in form `form` and encoding
 * `encoding` into out (cap bytes) and its length into *out_len. form
 * MLKEM_KEYFILE_PUBLIC writes the public key of any key
 * (SubjectPublicKeyInfo, or the raw ek); SEED, EXPANDED and BOTH write a
 * private key in PKCS#8 with that private key form (raw: the seed or dk),
 * and need a private key that has what the form holds: a key read from its
 * expanded key has no seed (MLKEM_KEYFILE_ERR_FORM). The output is the
 * distinguished encoding, PEM in lines of 64 characters ending in "\n".
 * MLKEM_KEYFILE_MAX_PEM bytes always suffice (MLKEM_KEYFILE_ERR_BUFFER
 * otherwise). A private key's output is as secret as the key. On error
 * out[0..cap) is zeroed and *out_len is 0. */
MLKEM_MUST_CHECK int mlkem_keyfile_encode(const mlkem_keyfile_key *key,
                                          mlkem_keyfile_type form,
                                          mlkem_keyfile_encoding encoding,
                                          uint8_t *out, size_t cap,
                                          size_t *out_len,
                                          mlkem_keyfile_error *err);

/* Zeroes the key object (all of it), in a way the compiler keeps. NULL is
 * ignored. */
void mlkem_keyfile_wipe(mlkem_keyfile_key *key);

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC visibility pop
#endif

#ifdef __cplusplus
}
#endif

#endif /* MLKEM_KEYFILE_H */
