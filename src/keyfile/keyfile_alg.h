/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * keyfile_alg.h - the key types of the key files (include/mlkem_keyfile.h)
 * as keyfile.c sees them: one entry per type, in the table of
 * keyfile_algs.c.
 *
 * keyfile.c reads and writes every type the same way from its entry: the
 * OID of its AlgorithmIdentifier, what its PKCS#8 privateKey holds, its
 * sizes, and three functions that know the type's mathematics: the key
 * pair from a seed, the check of a public key, and the checks of an
 * expanded private key (which also give the public key inside it). The
 * consistency of a key in the both form (the seed generates the expanded
 * key) is checked by keyfile.c for every type, with the first function.
 * Adding a key type is adding an entry and those functions, and its name
 * to KEY_TYPES in keyfile_algs.c.
 */
#ifndef MLKEM_KEYFILE_ALG_H
#define MLKEM_KEYFILE_ALG_H

#include <stddef.h>
#include <stdint.h>

#include "mlkem_keyfile.h"

/* The longest OID contents of any type (X-Wing's 1.3.6.1.4.1.62253.25722
 * has 11 bytes). */
#define MLKEM_KEYFILE_OID_MAX 16

/* What the privateKey OCTET STRING of a type's PKCS#8 holds. */
typedef enum {
  /* The ML-KEM-PrivateKey CHOICE of @spec{RFC9935}: seed [0] IMPLICIT OCTET
   * STRING, expandedKey OCTET STRING or both SEQUENCE { seed, expandedKey }.
   * Keys are read in each form and written in any. (A type with raw encodings
   * only, round-3 Kyber, has this too: its private keys are seeds or
   * expanded keys.) */
  MLKEM_KEYFILE_PRIV_CHOICE = 1,
  /* The seed itself, seed_bytes long, as X-Wing's
   * (@spec{XWING, "Use in X.509"}). Keys are read and written as seeds
   * only. */
  MLKEM_KEYFILE_PRIV_SEED = 2
} mlkem_keyfile_priv_syntax;

typedef struct mlkem_keyfile_entry mlkem_keyfile_entry;

struct mlkem_keyfile_entry {
  /* What the public header shows; the first member, so that a pointer to
   * it is a pointer to the entry. */
  mlkem_keyfile_alg alg;
  /* The contents of the OID (the dotted alg.oid in DER); oid_len 0: the
   * type has only raw encodings. */
  uint8_t oid[MLKEM_KEYFILE_OID_MAX];
  size_t oid_len;
  mlkem_keyfile_priv_syntax priv;
  /* 1 if mlkem_keyfile_decode takes raw input of this type's ek and dk
   * lengths for this type (no two such types may share a length). */
  int raw_by_size;
  /* The descriptor of key->kem, by its name for mlkem_kem_by_name (an
   * ML-KEM set, or a round-3 Kyber variant), or NULL. */
  const char *kem_name;
  /* The name of the family, for messages: "ML-KEM", "X-Wing", "Kyber". */
  const char *family;
  /* The key pair of a seed (alg.seed_bytes): ek and dk. Fails only when
   * the library does (MLKEM_KEYFILE_ERR_LIBRARY, with a message). */
  int (*expand)(const mlkem_keyfile_entry *e, uint8_t *ek, uint8_t *dk,
                const uint8_t *seed, mlkem_keyfile_error *err);
  /* The check of a public key (MLKEM_KEYFILE_ERR_INVALID_EK with a
   * message; `raw`: it was read as raw bytes, which the message says). */
  int (*check_ek)(const mlkem_keyfile_entry *e, const uint8_t *ek, int raw,
                  mlkem_keyfile_error *err);
  /* The checks of an expanded key on its own; on success the public key
   * inside it is written to ek. NULL for a type without an expanded
   * form. */
  int (*check_dk)(const mlkem_keyfile_entry *e, const uint8_t *dk, uint8_t *ek,
                  mlkem_keyfile_error *err);
};

/* The built-in types, NULL-terminated (keyfile_algs.c). */
extern const mlkem_keyfile_entry *const mlkem_keyfile_table[];

/* The public functions over a table of types of the caller's: they behave
 * as the functions of mlkem_keyfile.h (which pass mlkem_keyfile_table),
 * with the types of `table` (NULL-terminated) and only those. The unit
 * test reads a type that is not built in through them
 * (tests/test_keyfile_types.c). */
int mlkem_keyfile_decode_in(const mlkem_keyfile_entry *const *table,
                            mlkem_keyfile_key *key, const uint8_t *in,
                            size_t len, const mlkem_keyfile_alg *raw_alg,
                            mlkem_keyfile_error *err);
int mlkem_keyfile_decode_pem_in(const mlkem_keyfile_entry *const *table,
                                mlkem_keyfile_key *key, const uint8_t *in,
                                size_t len, mlkem_keyfile_error *err);
int mlkem_keyfile_decode_der_in(const mlkem_keyfile_entry *const *table,
                                mlkem_keyfile_key *key, const uint8_t *in,
                                size_t len, mlkem_keyfile_error *err);
int mlkem_keyfile_from_raw_in(const mlkem_keyfile_entry *const *table,
                              mlkem_keyfile_key *key,
                              const mlkem_keyfile_alg *alg,
                              mlkem_keyfile_type type, const uint8_t *in,
                              size_t len, mlkem_keyfile_error *err);
int mlkem_keyfile_encode_in(const mlkem_keyfile_entry *const *table,
                            const mlkem_keyfile_key *key,
                            mlkem_keyfile_type form,
                            mlkem_keyfile_encoding encoding, uint8_t *out,
                            size_t cap, size_t *out_len,
                            mlkem_keyfile_error *err);

/* The type of table whose OID the AlgorithmIdentifier of a PKCS#8
 * private key or a SubjectPublicKeyInfo in der[0..n) names, reading only
 * as far as that OID; NULL when der is not one of those structures up to
 * there, or names a type not in table. *is_private (if not NULL) is set
 * to 1 for PKCS#8, 0 for SubjectPublicKeyInfo, when a type is returned.
 * Nothing else is checked: it tells a key file of another kind (which a
 * caller passes on) from one of these types (which the decode functions
 * then accept or refuse with the reason), as the OpenSSL provider's
 * decoders must (provider/decoder.c). */
const mlkem_keyfile_entry *mlkem_keyfile_der_type(
    const mlkem_keyfile_entry *const *table, const uint8_t *der, size_t n,
    int *is_private);

/* Sets err (if not NULL) to code and the formatted one-line message, and
 * returns code. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 3, 4)))
#endif
int mlkem_keyfile_fail(mlkem_keyfile_error *err, int code, const char *fmt,
                       ...);

#endif
