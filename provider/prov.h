/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * prov.h - the parts of the OpenSSL provider module (mlkem-provider.so):
 * the provider context, the algorithm descriptors, the key object and the
 * errors it raises.
 *
 * Everything here talks to OpenSSL through its documented provider
 * interface (openssl/core_dispatch.h, core_names.h, params.h, provider-*(7)),
 * from OpenSSL 3.0 on; only the EC halves of the SecP256r1MLKEM768 and
 * SecP384r1MLKEM1024 hybrids call OpenSSL's EVP API, in a library context
 * that is a child of the application's (OSSL_LIB_CTX_new_child).
 *
 * Internal functions follow OpenSSL's convention, as the dispatch functions
 * must: 1 on success, 0 on failure with an error on OpenSSL's error queue.
 */
#ifndef MLKEM_PROV_H
#define MLKEM_PROV_H

#include <stddef.h>
#include <stdint.h>

#include <openssl/core.h>
#include <openssl/core_dispatch.h>
#include <openssl/types.h>

#include "mlkem.h"
#include "mlkem_keyfile.h"

/* Parameter names OpenSSL 3.5 gave ML-KEM, absent from older headers. */
#ifndef OSSL_PKEY_PARAM_ML_KEM_SEED
#define OSSL_PKEY_PARAM_ML_KEM_SEED "seed"
#endif
#ifndef OSSL_KEM_PARAM_IKME
#define OSSL_KEM_PARAM_IKME "ikme"
#endif
#ifndef OSSL_PKEY_PARAM_SECURITY_CATEGORY
#define OSSL_PKEY_PARAM_SECURITY_CATEGORY "security-category"
#endif

/* The provider's context: one per load of the module into a library
 * context. */
typedef struct mlkp_provctx {
  const OSSL_CORE_HANDLE *handle;
  /* The core's functions this provider calls (provider-base(7)). */
  OSSL_FUNC_core_new_error_fn *core_new_error;
  OSSL_FUNC_core_set_error_debug_fn *core_set_error_debug;
  OSSL_FUNC_core_vset_error_fn *core_vset_error;
  OSSL_FUNC_BIO_read_ex_fn *bio_read_ex;
  OSSL_FUNC_BIO_write_ex_fn *bio_write_ex;
  /* A child of the loading application's library context: OpenSSL's own
   * EC key management and key exchange for the P-256 / P-384 halves come
   * from the providers the application loaded. */
  OSSL_LIB_CTX *libctx;
  /* The private key form PKCS#8 output uses unless an encoder is told
   * otherwise (provider configuration parameter "private_key_form"):
   * MLKEM_KEYFILE_SEED, _EXPANDED or _BOTH; 0 if the configuration names
   * none of them, with its value (cut short) in bad_form. */
  mlkem_keyfile_type private_form;
  char bad_form[32];
} mlkp_provctx;

/* The name of the provider configuration parameter and of the encoders'
 * context parameter that choose the private key form, and its values. */
#define MLKP_PARAM_PRIVATE_KEY_FORM "private_key_form"
/* The form a value names (any letter case: "seed", "expanded", "both"),
 * or 0 for any other string. */
mlkem_keyfile_type mlkp_form_by_name(const char *name);

/* Errors: the reason codes of reason_strings in mlkem_provider.c. */
#define MLKP_R_WRONG_LENGTH 1
#define MLKP_R_INVALID_KEY 2
#define MLKP_R_MISSING_KEY 3
#define MLKP_R_KEY_MISMATCH 4
#define MLKP_R_LIBRARY 5
#define MLKP_R_EC 6
#define MLKP_R_BAD_PARAMETER 7
#define MLKP_R_MALLOC 8
#define MLKP_R_ENCODING 9
#define MLKP_R_SELFTEST 10
#define MLKP_R_SMALL_ORDER 11

/* Puts an error with the given reason and a printf-style detail on the
 * calling thread's OpenSSL error queue. */
void mlkp_error(const mlkp_provctx *prov, int reason, const char *file,
                int line, const char *func, const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 6, 7)))
#endif
    ;
#define MLKP_ERROR(prov, reason, ...) \
  mlkp_error((prov), (reason), __FILE__, __LINE__, __func__, __VA_ARGS__)

/* Raises the error of a failed library call (an MLKEM_ERR_* code) under the
 * fitting reason; returns 0 for use in `return`. */
int mlkp_library_error(const mlkp_provctx *prov, int err, const char *what);

/* The largest public and private parts of any algorithm below:
 * SecP384r1MLKEM1024's P-384 point and ML-KEM-1024 ek, ML-KEM-1024's dk. */
#define MLKP_MAX_PUB (97 + MLKEM1024_EK_BYTES)
#define MLKP_MAX_PRIV MLKEM1024_DK_BYTES
#define MLKP_MAX_CT (97 + MLKEM1024_CT_BYTES)
#define MLKP_MAX_SS 80
#define MLKP_MAX_SEED 96

typedef struct mlkp_key mlkp_key;
typedef struct mlkp_alg mlkp_alg;

/* One algorithm: a key type with its KEM. The functions implement the
 * algorithm on a key object (mlkp_key); lengths are checked before they are
 * called. */
struct mlkp_alg {
  const char *name;   /* canonical name, as OpenSSL 3.5 names it */
  const char *oid;    /* dotted OID, or NULL for a TLS-only key type */
  unsigned kem_set;   /* the ML-KEM set inside: index in mlkem_kems */
  size_t pub_bytes;   /* public key (the TLS client share) */
  size_t priv_bytes;  /* private key as stored in mlkp_key.priv */
  size_t ct_bytes;    /* ciphertext (the TLS server share) */
  size_t ss_bytes;    /* shared secret */
  size_t seed_bytes;  /* key generation seed; 0: no derandomized keygen */
  size_t coins_bytes; /* encapsulation randomness; 0: none accepted */
  unsigned bits, security_bits, security_category;
  /* The EC half of a SecP*MLKEM* hybrid (NULL otherwise): its group name
   * for OpenSSL, the length of an uncompressed point and of the secret. */
  const char *ec_group;
  size_t ec_point_bytes, ec_secret_bytes;
  /* A new key pair into key (pub, priv, and the seed when one is kept),
   * from seed (seed_bytes) or, if seed is NULL, from fresh randomness. */
  int (*keygen)(mlkp_key *key, const uint8_t *seed);
  /* Sets key->pub from a public key that comes from outside (pub_bytes),
   * after its checks: the FIPS 203 section 7.2 check of its ML-KEM part,
   * and for a SecP*MLKEM* hybrid, its EC point (kept in key->ec). */
  int (*set_pub)(mlkp_key *key, const uint8_t *pub);
  /* Sets key->priv from priv (priv_bytes) and derives key->pub; checks the
   * key (FIPS 203 section 7.3 for an expanded ML-KEM key). NULL for a key
   * type whose private key cannot be imported. */
  int (*import_priv)(mlkp_key *key, const uint8_t *priv);
  /* Encapsulates to key's public key: ct (ct_bytes), ss (ss_bytes), with
   * coins (coins_bytes) if not NULL. */
  int (*encaps)(const mlkp_key *key, uint8_t *ct, uint8_t *ss,
                const uint8_t *coins);
  /* Decapsulates ct (ct_bytes) with key's private key into ss. */
  int (*decaps)(const mlkp_key *key, uint8_t *ss, const uint8_t *ct);
  /* The checks of a full key validation (OSSL_FUNC_keymgmt_validate) on
   * the parts the selection names, which key has; NULL where the checks
   * made as the key was set are all there are. */
  int (*validate)(const mlkp_key *key, int selection);
};

/* The names of each algorithm as OSSL_ALGORITHM lists them: the
 * canonical name first (mlkp_alg.name), then aliases and the OID. Those of
 * ML-KEM are OpenSSL 3.5's (its names.h: the "MLKEM768"-style alias, the
 * id-alg-ml-kem-* short name, the OID of NIST's CSOR arc
 * 2.16.840.1.101.3.4.4); X-Wing's OID is the draft's (section "Use in
 * X.509"), "MLKEM768-X25519" its name in
 * draft-irtf-cfrg-concrete-hybrid-kems. The TLS hybrids have no OID. */
#define MLKP_NAMES_MLKEM(k, arc) \
  "ML-KEM-" #k ":MLKEM" #k ":id-alg-ml-kem-" #k ":2.16.840.1.101.3.4.4." #arc
#define MLKP_NAMES_MLKEM512 MLKP_NAMES_MLKEM(512, 1)
#define MLKP_NAMES_MLKEM768 MLKP_NAMES_MLKEM(768, 2)
#define MLKP_NAMES_MLKEM1024 MLKP_NAMES_MLKEM(1024, 3)
#define MLKP_OID_XWING "1.3.6.1.4.1.62253.25722"
#define MLKP_NAMES_XWING "X-Wing:XWING:MLKEM768-X25519:" MLKP_OID_XWING
#define MLKP_NAMES_X25519MLKEM768 "X25519MLKEM768"
#define MLKP_NAMES_P256MLKEM768 "SecP256r1MLKEM768"
#define MLKP_NAMES_P384MLKEM1024 "SecP384r1MLKEM1024"

/* The properties of every algorithm: "-propquery provider=mlkem" picks
 * these where another provider (OpenSSL 3.5's default) has the same
 * names. */
#define MLKP_PROPS "provider=mlkem"

/* The ML-KEM parameter set inside alg. */
static inline const mlkem_kem *mlkp_kem(const mlkp_alg *alg) {
  return mlkem_kems[alg->kem_set];
}

/* The algorithms. */
extern const mlkp_alg mlkp_alg_mlkem512, mlkp_alg_mlkem768, mlkp_alg_mlkem1024,
    mlkp_alg_xwing, mlkp_alg_x25519mlkem768, mlkp_alg_p256mlkem768,
    mlkp_alg_p384mlkem1024;

/* A key object: what the key management creates and the KEM uses. */
struct mlkp_key {
  const mlkp_alg *alg;
  mlkp_provctx *prov;
  int has_pub, has_priv, has_seed;
  uint8_t pub[MLKP_MAX_PUB];
  /* ML-KEM: dk. X-Wing: the 32-byte private key. X25519MLKEM768: the
   * client state (dk || X25519 private key). SecP*MLKEM*: the ML-KEM dk,
   * with the EC private key in ec. */
  uint8_t priv[MLKP_MAX_PRIV];
  uint8_t seed[MLKP_MAX_SEED]; /* the seed a private key came from */
  /* SecP*MLKEM*: the EC key pair of a private key, or the peer's EC
   * public key of a public key. Immutable once set, shared by dup (a
   * public-only copy of a key pair gets a public key of its own). */
  EVP_PKEY *ec;
};

mlkp_key *mlkp_key_new(mlkp_provctx *prov, const mlkp_alg *alg);
void mlkp_key_free(mlkp_key *key);
/* The key management's import and export (OSSL_FUNC_keymgmt_import and
 * _export), for the encoders and decoders that meet a key of another
 * provider. */
int mlkp_key_import(void *key, int selection, const OSSL_PARAM params[]);
int mlkp_key_export(void *key, int selection, OSSL_CALLBACK *cb, void *cbarg);

/* The EC halves (ec.c), through EVP in prov->libctx, for key->alg's
 * group. */
/* A new EC key pair into *pkey; writes its uncompressed point
 * (ec_point_bytes). */
int mlkp_ec_keygen(const mlkp_key *key, EVP_PKEY **pkey, uint8_t *point);
/* The public key of an uncompressed point (ec_point_bytes) from outside,
 * into *pkey, if it is a point of the group other than infinity. */
int mlkp_ec_public(const mlkp_key *key, const uint8_t *point, EVP_PKEY **pkey);
/* ECDH of the private key priv with the peer's public key: the
 * x-coordinate, ec_secret_bytes long (SEC 1 section 3.3.1). */
int mlkp_ec_derive(const mlkp_key *key, EVP_PKEY *priv, EVP_PKEY *peer,
                   uint8_t *secret);

/* Dispatch tables. */
extern const OSSL_DISPATCH mlkp_kem_functions[];
extern const OSSL_DISPATCH mlkp_keymgmt_mlkem512[], mlkp_keymgmt_mlkem768[],
    mlkp_keymgmt_mlkem1024[], mlkp_keymgmt_xwing[],
    mlkp_keymgmt_x25519mlkem768[], mlkp_keymgmt_p256mlkem768[],
    mlkp_keymgmt_p384mlkem1024[];

/* The key types that have key files, for encoder.c and decoder.c: X(id,
 * NAMES) for mlkp_alg_<id> named MLKP_NAMES_<NAMES>. A type is added here
 * once the library's key-file table has it (mlkp_keyfile_alg). */
/* clang-format off */
#define MLKP_KEYFILE_TYPES(X) \
  X(mlkem512, MLKEM512)       \
  X(mlkem768, MLKEM768)       \
  X(mlkem1024, MLKEM1024)     \
  X(xwing, XWING)
/* clang-format on */

/* The encoders and decoders of those types (encoder.c, decoder.c). */
extern const OSSL_ALGORITHM mlkp_encoder_algs[], mlkp_decoder_algs[];

/* The selections (provider-keymgmt(7)) the key-file encoders and
 * decoders take (OSSL_FUNC_encoder_does_selection, _decoder_): a private
 * key for PKCS#8, a public key alone for SubjectPublicKeyInfo, either for
 * text (encoder.c). */
int mlkp_private_does_selection(void *provctx, int selection);
int mlkp_public_does_selection(void *provctx, int selection);
int mlkp_text_does_selection(void *provctx, int selection);

/* The key-file key type of alg (include/mlkem_keyfile.h), or NULL for a
 * type without key files. */
const mlkem_keyfile_alg *mlkp_keyfile_alg(const mlkp_alg *alg);

/* 1 if name is a TLS group name (or its internal name) that libssl may
 * pass as OSSL_PKEY_PARAM_GROUP_NAME when it generates a key of alg
 * (tls_groups.c). */
int mlkp_tls_group_is_alg(const char *name, const mlkp_alg *alg);
/* The TLS-GROUP capability (provider-base(7)): calls cb once per group. */
int mlkp_tls_group_capability(OSSL_CALLBACK *cb, void *arg);

#endif
