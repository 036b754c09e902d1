/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * keyfile.h - ML-KEM key files: PKCS#8 OneAsymmetricKey (RFC 5958) and
 * SubjectPublicKeyInfo (RFC 5280) with the ML-KEM algorithm identifiers
 * and private key CHOICE of RFC 9935, in DER or PEM, and the raw FIPS 203
 * byte strings.
 *
 *   private key   OneAsymmetricKey { version 0, AlgorithmIdentifier,
 *                                    privateKey OCTET STRING }
 *                 privateKey holds the DER of one of
 *                   seed         [0] IMPLICIT OCTET STRING (64)   tag 0x80
 *                   expandedKey  OCTET STRING (dk)               tag 0x04
 *                   both         SEQUENCE { OCTET STRING (64),
 *                                           OCTET STRING (dk) }  tag 0x30
 *   public key    SubjectPublicKeyInfo { AlgorithmIdentifier,
 *                                        BIT STRING (ek) }
 *   AlgorithmIdentifier { OID 2.16.840.1.101.3.4.4.1 / .2 / .3 } for
 *                 ML-KEM-512 / 768 / 1024, parameters absent.
 *
 * Every key is checked when it is read: ek by the FIPS 203 section 7.2
 * modulus check; an expanded key by the section 7.3 hash check (and the
 * modulus check of the ek inside it); a key with both forms by
 * regenerating the expanded key from the seed. Only the canonical DER is
 * accepted, so that a key read and written again in the same form gives
 * the same bytes.
 */
#ifndef MLKEM_CLI_KEYFILE_H
#define MLKEM_CLI_KEYFILE_H

#include <stddef.h>
#include <stdint.h>

#include "mlkem.h"

/* Results. Each names one kind of problem; kf_error carries the details. */
enum {
  KF_OK = 0,
  KF_ERR_PEM_TRUNCATED = 1, /* PEM without its END line */
  KF_ERR_PEM_BASE64,        /* PEM body is not canonical base64 */
  KF_ERR_PEM_LABEL,    /* label not PRIVATE KEY / PUBLIC KEY, or wrong for the
                          contents */
  KF_ERR_PEM_SYNTAX,   /* other PEM problem: text after END, empty block */
  KF_ERR_DER,          /* not the DER of a PKCS#8 or SPKI structure */
  KF_ERR_VERSION,      /* PKCS#8 version other than 0, or optional fields */
  KF_ERR_OID,          /* algorithm OID is not ML-KEM */
  KF_ERR_PARAMS,       /* algorithm parameters present */
  KF_ERR_LENGTH,       /* a key, seed or raw file of the wrong length */
  KF_ERR_EK_MODULUS,   /* ek fails the FIPS 203 7.2 modulus check */
  KF_ERR_DK_HASH,      /* dk fails the FIPS 203 7.3 hash check */
  KF_ERR_MISMATCH,     /* seed and expanded key disagree */
  KF_ERR_UNRECOGNISED, /* neither PEM, DER nor raw bytes */
  KF_ERR_NEED_SET,     /* raw seed without a parameter set */
  KF_ERR_USAGE,        /* the caller asked for an impossible output */
  KF_ERR_LIBRARY       /* the ML-KEM library failed (e.g. backend) */
};

#define KF_ERROR_MAX 320

typedef struct {
  int code;
  char msg[KF_ERROR_MAX]; /* one line, no final newline */
} kf_error;

enum { KF_PUBLIC = 1, KF_PRIVATE = 2 };
enum { KF_FORM_NONE = 0, KF_FORM_SEED, KF_FORM_EXPANDED, KF_FORM_BOTH };
enum { KF_ENC_PEM = 1, KF_ENC_DER, KF_ENC_RAW };

/* Sizes of the largest set, for buffers. */
#define KF_MAX_EK MLKEM1024_EK_BYTES
#define KF_MAX_DK MLKEM1024_DK_BYTES
/* The largest DER any key file holds (ML-KEM-1024 in the both form is
 * 3266 bytes), and the largest PEM of it, with room to spare. */
#define KF_MAX_DER 4096
#define KF_MAX_PEM 6144

typedef struct {
  const mlkem_kem *kem;
  int kind;     /* KF_PUBLIC or KF_PRIVATE */
  int form;     /* private keys: the form read (KF_FORM_*); public: NONE */
  int encoding; /* how the key was read: KF_ENC_* */
  int has_seed; /* seed is valid (seed and both forms) */
  uint8_t seed[MLKEM_SEED_BYTES];
  uint8_t dk[KF_MAX_DK]; /* private keys: always (from the seed if needed) */
  uint8_t ek[KF_MAX_EK]; /* always: for private keys, the ek inside dk */
} kf_key;

/* Reads a key file of any supported kind: PEM if it starts (after white
 * space) with "-----BEGIN ", raw FIPS 203 bytes if its length is that of an
 * ek, a dk or a seed, DER otherwise. A raw 64-byte seed needs `seed_kem`
 * (the parameter set it is for); otherwise pass NULL. Runs every check. On
 * error, *key is wiped and err says why. */
int kf_decode(kf_key *key, const uint8_t *in, size_t n,
              const mlkem_kem *seed_kem, kf_error *err);

/* The same for DER only (PKCS#8 or SPKI), and for PEM only. */
int kf_decode_der(kf_key *key, const uint8_t *der, size_t n, kf_error *err);
int kf_decode_pem(kf_key *key, const uint8_t *pem, size_t n, kf_error *err);

/* Builds a private key from a seed (keygen). */
int kf_from_seed(kf_key *key, const mlkem_kem *kem,
                 const uint8_t seed[MLKEM_SEED_BYTES], kf_error *err);

/* Writes the DER of a private key in form KF_FORM_SEED/EXPANDED/BOTH (the
 * seed forms need a key that has its seed), or with `form` KF_FORM_NONE
 * the DER of its public key (any key). out holds at least KF_MAX_DER. */
int kf_encode_der(const kf_key *key, int form, uint8_t *out, size_t cap,
                  size_t *out_len, kf_error *err);

/* Writes the key as kf_encode_der does, in encoding KF_ENC_PEM, KF_ENC_DER
 * or KF_ENC_RAW (raw: ek, dk or the 64-byte seed; "both" has no raw form).
 * out holds at least KF_MAX_PEM. */
int kf_encode(const kf_key *key, int form, int encoding, uint8_t *out,
              size_t cap, size_t *out_len, kf_error *err);

/* Names for messages: "seed", "expanded", "both"; "PEM", "DER", "raw". */
const char *kf_form_name(int form);
const char *kf_encoding_name(int encoding);

/* Zeroes memory in a way the compiler keeps. */
void kf_wipe(void *p, size_t n);

#endif
