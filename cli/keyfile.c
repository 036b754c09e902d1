/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * keyfile.c - PKCS#8 and SubjectPublicKeyInfo for ML-KEM on top of der.c
 * and pem.c (keyfile.h).
 */
#include "keyfile.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "der.h"
#include "pem.h"

/* The contents of the ML-KEM OBJECT IDENTIFIERs, 2.16.840.1.101.3.4.4.x
 * (NIST algorithm registry, KEMs): x = 1, 2, 3 for 512, 768, 1024. */
#define OID_PREFIX_LEN 8
static const uint8_t oid_prefix[OID_PREFIX_LEN] = {0x60, 0x86, 0x48, 0x01,
                                                   0x65, 0x03, 0x04, 0x04};
#define OID_LEN (OID_PREFIX_LEN + 1)

static const char label_private[] = "PRIVATE KEY";
static const char label_public[] = "PUBLIC KEY";

void kf_wipe(void *p, size_t n) {
  volatile uint8_t *v = (volatile uint8_t *)p;
  while (n-- > 0) *v++ = 0;
}

#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 3, 4)))
#endif
static int
fail(kf_error *err, int code, const char *fmt, ...) {
  va_list ap;
  err->code = code;
  va_start(ap, fmt);
  vsnprintf(err->msg, sizeof err->msg, fmt, ap);
  va_end(ap);
  return code;
}

static int ok(kf_error *err) {
  err->code = KF_OK;
  err->msg[0] = '\0';
  return KF_OK;
}

const char *kf_form_name(int form) {
  switch (form) {
    case KF_FORM_SEED:
      return "seed";
    case KF_FORM_EXPANDED:
      return "expanded";
    case KF_FORM_BOTH:
      return "both";
    default:
      return "public";
  }
}

const char *kf_encoding_name(int encoding) {
  switch (encoding) {
    case KF_ENC_PEM:
      return "PEM";
    case KF_ENC_DER:
      return "DER";
    default:
      return "raw";
  }
}

/* The set whose OID is `oid`, or NULL. */
static const mlkem_kem *kem_by_oid(const uint8_t *oid, size_t n) {
  static const char *const names[3] = {"ML-KEM-512", "ML-KEM-768",
                                       "ML-KEM-1024"};
  if (n != OID_LEN || memcmp(oid, oid_prefix, OID_PREFIX_LEN) != 0) return NULL;
  if (oid[OID_PREFIX_LEN] < 1 || oid[OID_PREFIX_LEN] > 3) return NULL;
  return mlkem_kem_by_name(names[oid[OID_PREFIX_LEN] - 1]);
}

static uint8_t oid_last_arc(const mlkem_kem *kem) {
  return kem->rank == 2 ? 1 : kem->rank == 3 ? 2 : 3;
}

/* Constant-time comparison: 0 if equal. */
static int ct_differ(const uint8_t *a, const uint8_t *b, size_t n) {
  uint8_t d = 0;
  size_t i;
  for (i = 0; i < n; i++) d |= (uint8_t)(a[i] ^ b[i]);
  return d != 0;
}

static int der_fail(kf_error *err, int rc, const char *what) {
  if (rc == DER_ERR_TAG || rc == DER_ERR_END)
    return fail(err, KF_ERR_DER, "malformed DER: %s expected", what);
  return fail(err, KF_ERR_DER, "malformed DER in %s: %s", what,
              der_strerror(rc));
}

/* Reads AlgorithmIdentifier { OID, no parameters } into *kem. */
static int read_algorithm(der_reader *r, const mlkem_kem **kem, kf_error *err) {
  der_reader alg, oid;
  char text[80];
  int rc;
  if ((rc = der_read(r, DER_SEQUENCE, &alg)) != DER_OK)
    return der_fail(err, rc, "the AlgorithmIdentifier SEQUENCE");
  if ((rc = der_read(&alg, DER_OID, &oid)) != DER_OK)
    return der_fail(err, rc, "the algorithm OBJECT IDENTIFIER");
  *kem = kem_by_oid(oid.p, oid.n);
  if (*kem == NULL) {
    der_oid_to_text(oid.p, oid.n, text, sizeof text);
    return fail(err, KF_ERR_OID,
                "wrong OID: algorithm %s is not ML-KEM "
                "(2.16.840.1.101.3.4.4.1, .2 or .3)",
                text);
  }
  if (!der_at_end(&alg))
    return fail(err, KF_ERR_PARAMS,
                "algorithm parameters present (they must be absent for %s)",
                (*kem)->name);
  return KF_OK;
}

/* Fills key->ek from dk (where FIPS 203 stores it: after the 384k bytes
 * of dk_PKE). */
static void ek_from_dk(kf_key *key) {
  memcpy(key->ek, key->dk + 384u * key->kem->rank, key->kem->ek_bytes);
}

int kf_from_seed(kf_key *key, const mlkem_kem *kem,
                 const uint8_t seed[MLKEM_SEED_BYTES], kf_error *err) {
  int rc;
  key->kem = kem;
  key->kind = KF_PRIVATE;
  key->form = KF_FORM_SEED;
  key->has_seed = 1;
  if (key->seed != seed) memcpy(key->seed, seed, MLKEM_SEED_BYTES);
  rc = kem->keygen_derand(key->ek, key->dk, key->seed);
  if (rc != 0) {
    kf_wipe(key, sizeof *key);
    return fail(err, KF_ERR_LIBRARY, "key generation failed: %s",
                mlkem_strerror(rc));
  }
  return ok(err);
}

/* The checks of an expanded key on its own: the hash check, then the
 * modulus check of the ek inside it. */
static int check_expanded(kf_key *key, kf_error *err) {
  if (key->kem->check_dk(key->dk) != 0)
    return fail(err, KF_ERR_DK_HASH,
                "hash check failed: the H(ek) stored in the %s expanded key "
                "is not the hash of its ek (FIPS 203 7.3)",
                key->kem->name);
  ek_from_dk(key);
  if (key->kem->check_ek(key->ek) != 0)
    return fail(err, KF_ERR_EK_MODULUS,
                "non-reduced ek inside the %s expanded key: a coefficient is "
                "not below q (FIPS 203 7.2 modulus check)",
                key->kem->name);
  return KF_OK;
}

/* Regenerates the key from its seed and compares with the expanded key
 * already in key->dk. */
static int check_both(kf_key *key, kf_error *err) {
  uint8_t ek[KF_MAX_EK], dk[KF_MAX_DK];
  int rc = key->kem->keygen_derand(ek, dk, key->seed), differ;
  if (rc != 0)
    return fail(err, KF_ERR_LIBRARY, "key generation failed: %s",
                mlkem_strerror(rc));
  differ = ct_differ(dk, key->dk, key->kem->dk_bytes);
  kf_wipe(dk, sizeof dk);
  kf_wipe(ek, sizeof ek);
  if (differ)
    return fail(err, KF_ERR_MISMATCH,
                "seed and expanded key disagree: the seed does not "
                "regenerate the %s expanded key",
                key->kem->name);
  ek_from_dk(key);
  return KF_OK;
}

/* The ML-KEM private key CHOICE inside privateKey. */
static int read_private_choice(kf_key *key, der_reader *r, kf_error *err) {
  const mlkem_kem *kem = key->kem;
  der_reader seed, dk, both;
  int rc, tag = der_peek_tag(r);

  if (tag == DER_CONTEXT_0) {
    if ((rc = der_read(r, DER_CONTEXT_0, &seed)) != DER_OK)
      return der_fail(err, rc, "the seed [0]");
    if (!der_at_end(r))
      return fail(err, KF_ERR_DER, "malformed DER: data after the seed");
    if (seed.n != MLKEM_SEED_BYTES)
      return fail(err, KF_ERR_LENGTH,
                  "wrong length: the seed has %zu bytes (want %d)", seed.n,
                  MLKEM_SEED_BYTES);
    memcpy(key->seed, seed.p, MLKEM_SEED_BYTES);
    rc = kf_from_seed(key, kem, key->seed, err);
    return rc;
  }
  if (tag == DER_OCTET_STRING) {
    if ((rc = der_read(r, DER_OCTET_STRING, &dk)) != DER_OK)
      return der_fail(err, rc, "the expandedKey OCTET STRING");
    if (!der_at_end(r))
      return fail(err, KF_ERR_DER, "malformed DER: data after the expandedKey");
    if (dk.n != kem->dk_bytes)
      return fail(err, KF_ERR_LENGTH,
                  "wrong length: the %s expanded key has %zu bytes (want %zu)",
                  kem->name, dk.n, kem->dk_bytes);
    memcpy(key->dk, dk.p, dk.n);
    key->form = KF_FORM_EXPANDED;
    key->has_seed = 0;
    return check_expanded(key, err);
  }
  if (tag == DER_SEQUENCE) {
    if ((rc = der_read(r, DER_SEQUENCE, &both)) != DER_OK)
      return der_fail(err, rc, "the both SEQUENCE");
    if (!der_at_end(r))
      return fail(err, KF_ERR_DER,
                  "malformed DER: data after the both SEQUENCE");
    if ((rc = der_read(&both, DER_OCTET_STRING, &seed)) != DER_OK)
      return der_fail(err, rc, "the seed OCTET STRING in both");
    if ((rc = der_read(&both, DER_OCTET_STRING, &dk)) != DER_OK)
      return der_fail(err, rc, "the expandedKey OCTET STRING in both");
    if (!der_at_end(&both))
      return fail(err, KF_ERR_DER,
                  "malformed DER: data after the expandedKey in both");
    if (seed.n != MLKEM_SEED_BYTES)
      return fail(err, KF_ERR_LENGTH,
                  "wrong length: the seed has %zu bytes (want %d)", seed.n,
                  MLKEM_SEED_BYTES);
    if (dk.n != kem->dk_bytes)
      return fail(err, KF_ERR_LENGTH,
                  "wrong length: the %s expanded key has %zu bytes (want %zu)",
                  kem->name, dk.n, kem->dk_bytes);
    memcpy(key->seed, seed.p, MLKEM_SEED_BYTES);
    memcpy(key->dk, dk.p, dk.n);
    key->form = KF_FORM_BOTH;
    key->has_seed = 1;
    return check_both(key, err);
  }
  if (tag < 0) return fail(err, KF_ERR_DER, "malformed DER: empty privateKey");
  return fail(err, KF_ERR_DER,
              "malformed DER: privateKey holds tag 0x%02x, not seed [0] "
              "(0x80), expandedKey (0x04) or both (0x30)",
              (unsigned)tag);
}

/* OneAsymmetricKey, after its outer SEQUENCE. */
static int read_pkcs8(kf_key *key, der_reader *seq, kf_error *err) {
  der_reader version, priv;
  int rc;
  if ((rc = der_read(seq, DER_INTEGER, &version)) != DER_OK)
    return der_fail(err, rc, "the PKCS#8 version INTEGER");
  if (version.n == 0 ||
      (version.n > 1 && version.p[0] == 0 && !(version.p[1] & 0x80)))
    return fail(err, KF_ERR_DER, "malformed DER: version INTEGER not minimal");
  if (version.n != 1 || version.p[0] != 0)
    return fail(err, KF_ERR_VERSION,
                "unsupported PKCS#8 version (only version 0, v1, is read)");
  if ((rc = read_algorithm(seq, &key->kem, err)) != KF_OK) return rc;
  if ((rc = der_read(seq, DER_OCTET_STRING, &priv)) != DER_OK)
    return der_fail(err, rc, "the privateKey OCTET STRING");
  if (!der_at_end(seq))
    return fail(err, KF_ERR_VERSION,
                "unsupported PKCS#8 field after privateKey (attributes or "
                "public key are not read)");
  key->kind = KF_PRIVATE;
  return read_private_choice(key, &priv, err);
}

/* SubjectPublicKeyInfo, after its outer SEQUENCE. */
static int read_spki(kf_key *key, der_reader *seq, kf_error *err) {
  der_reader bits;
  int rc;
  if ((rc = read_algorithm(seq, &key->kem, err)) != KF_OK) return rc;
  if ((rc = der_read(seq, DER_BIT_STRING, &bits)) != DER_OK)
    return der_fail(err, rc, "the subjectPublicKey BIT STRING");
  if (!der_at_end(seq))
    return fail(err, KF_ERR_DER,
                "malformed DER: data after the subjectPublicKey");
  if (bits.n == 0 || bits.p[0] != 0)
    return fail(err, KF_ERR_DER,
                "malformed DER: the public key BIT STRING must have 0 unused "
                "bits");
  if (bits.n - 1 != key->kem->ek_bytes)
    return fail(err, KF_ERR_LENGTH,
                "wrong length: the %s public key has %zu bytes (want %zu)",
                key->kem->name, bits.n - 1, key->kem->ek_bytes);
  memcpy(key->ek, bits.p + 1, bits.n - 1);
  key->kind = KF_PUBLIC;
  key->form = KF_FORM_NONE;
  if (key->kem->check_ek(key->ek) != 0)
    return fail(err, KF_ERR_EK_MODULUS,
                "non-reduced ek: a coefficient of the %s public key is not "
                "below q (FIPS 203 7.2 modulus check)",
                key->kem->name);
  return KF_OK;
}

static int decode_der(kf_key *key, const uint8_t *der, size_t n,
                      kf_error *err) {
  der_reader r, seq;
  int rc, tag;
  der_reader_init(&r, der, n);
  if ((rc = der_read(&r, DER_SEQUENCE, &seq)) != DER_OK)
    return der_fail(err, rc, "the outer SEQUENCE");
  if (!der_at_end(&r))
    return fail(err, KF_ERR_DER, "malformed DER: data after the key");
  tag = der_peek_tag(&seq);
  if (tag == DER_INTEGER) return read_pkcs8(key, &seq, err);
  if (tag == DER_SEQUENCE) return read_spki(key, &seq, err);
  return fail(err, KF_ERR_DER,
              "malformed DER: neither a PKCS#8 private key nor a "
              "SubjectPublicKeyInfo");
}

static void clear_key(kf_key *key) {
  kf_wipe(key, sizeof *key);
}

int kf_decode_der(kf_key *key, const uint8_t *der, size_t n, kf_error *err) {
  int rc;
  clear_key(key);
  rc = decode_der(key, der, n, err);
  if (rc != KF_OK) {
    clear_key(key);
    return rc;
  }
  key->encoding = KF_ENC_DER;
  return ok(err);
}

int kf_decode_pem(kf_key *key, const uint8_t *pem, size_t n, kf_error *err) {
  uint8_t der[KF_MAX_DER];
  char label[PEM_MAX_LABEL];
  size_t len = 0;
  int rc;

  clear_key(key);
  rc = pem_decode(pem, n, label, der, sizeof der, &len);
  /* A whole block under a label that is not a key's (a certificate, say)
   * is named for its label, even when it is too long for a key. */
  if ((rc == PEM_OK || rc == PEM_ERR_TOO_LONG) &&
      strcmp(label, label_private) != 0 && strcmp(label, label_public) != 0) {
    kf_wipe(der, len);
    return fail(err, KF_ERR_PEM_LABEL,
                "wrong PEM label \"%.40s\" (want PRIVATE KEY or PUBLIC KEY)",
                label);
  }
  switch (rc) {
    case PEM_OK:
      break;
    case PEM_ERR_TRUNCATED:
      return fail(err, KF_ERR_PEM_TRUNCATED,
                  "truncated PEM: the -----END line is missing or cut");
    case PEM_ERR_BASE64:
      return fail(err, KF_ERR_PEM_BASE64,
                  "bad base64 in PEM: a character, padding or length that "
                  "base64 does not allow");
    case PEM_ERR_LABEL:
      return fail(err, KF_ERR_PEM_LABEL,
                  "malformed PEM label: the BEGIN and END lines do not match");
    case PEM_ERR_TOO_LONG:
      return fail(err, KF_ERR_LENGTH,
                  "wrong length: the PEM contents are too long for an ML-KEM "
                  "key");
    default:
      return fail(err, KF_ERR_PEM_SYNTAX, "%s", pem_strerror(rc));
  }
  rc = decode_der(key, der, len, err);
  kf_wipe(der, len);
  if (rc != KF_OK) {
    clear_key(key);
    return rc;
  }
  if ((key->kind == KF_PRIVATE) != (strcmp(label, label_private) == 0)) {
    int kind = key->kind;
    clear_key(key);
    return fail(err, KF_ERR_PEM_LABEL, "wrong PEM label: %s holds a %s key",
                label, kind == KF_PRIVATE ? "private" : "public");
  }
  key->encoding = KF_ENC_PEM;
  return ok(err);
}

/* Raw FIPS 203 bytes: the set is given by the length (an ek or a dk), or,
 * for a seed, by the caller. */
static int decode_raw(kf_key *key, const uint8_t *in, size_t n,
                      const mlkem_kem *seed_kem, kf_error *err) {
  size_t i;
  int rc;
  if (n == MLKEM_SEED_BYTES) {
    if (seed_kem == NULL)
      return fail(err, KF_ERR_NEED_SET,
                  "a raw 64-byte seed does not say its parameter set: name "
                  "it with -a");
    memcpy(key->seed, in, n);
    rc = kf_from_seed(key, seed_kem, key->seed, err);
    if (rc == KF_OK) key->encoding = KF_ENC_RAW;
    return rc;
  }
  for (i = 0; mlkem_kems[i] != NULL; i++) {
    const mlkem_kem *kem = mlkem_kems[i];
    if (n == kem->ek_bytes) {
      key->kem = kem;
      key->kind = KF_PUBLIC;
      key->form = KF_FORM_NONE;
      key->encoding = KF_ENC_RAW;
      memcpy(key->ek, in, n);
      if (kem->check_ek(key->ek) != 0)
        return fail(err, KF_ERR_EK_MODULUS,
                    "non-reduced ek: a coefficient of the raw %s public key "
                    "is not below q (FIPS 203 7.2 modulus check)",
                    kem->name);
      return ok(err);
    }
    if (n == kem->dk_bytes) {
      key->kem = kem;
      key->kind = KF_PRIVATE;
      key->form = KF_FORM_EXPANDED;
      key->encoding = KF_ENC_RAW;
      memcpy(key->dk, in, n);
      if ((rc = check_expanded(key, err)) != KF_OK) return rc;
      return ok(err);
    }
  }
  return fail(err, KF_ERR_LENGTH,
              "wrong length: not PEM or DER, and %zu bytes is not the size of "
              "a raw ML-KEM key (ek 800/1184/1568, dk 1632/2400/3168, "
              "seed 64)",
              n);
}

static int is_raw_size(size_t n) {
  size_t i;
  if (n == MLKEM_SEED_BYTES) return 1;
  for (i = 0; mlkem_kems[i] != NULL; i++)
    if (n == mlkem_kems[i]->ek_bytes || n == mlkem_kems[i]->dk_bytes) return 1;
  return 0;
}

int kf_decode(kf_key *key, const uint8_t *in, size_t n,
              const mlkem_kem *seed_kem, kf_error *err) {
  int rc;
  if (pem_looks_like_pem(in, n)) return kf_decode_pem(key, in, n, err);
  if (is_raw_size(n)) {
    /* No DER key file has one of these sizes (a seed PKCS#8 is 86 bytes,
     * SPKI 822/1206/1590, expanded 1660/2428/3196, both 1730/2498/3266). */
    clear_key(key);
    rc = decode_raw(key, in, n, seed_kem, err);
    if (rc != KF_OK) clear_key(key);
    return rc;
  }
  if (n > 0 && in[0] == DER_SEQUENCE) {
    der_reader r, seq;
    rc = kf_decode_der(key, in, n, err);
    der_reader_init(&r, in, n);
    /* A file that is not even one DER element may be raw bytes of the
     * wrong length that happen to start with 0x30 (1 in 256 random keys
     * does): say both. */
    if (rc != KF_OK && n >= MLKEM_SEED_BYTES &&
        (der_read(&r, DER_SEQUENCE, &seq) != DER_OK || !der_at_end(&r))) {
      char der_msg[KF_ERROR_MAX];
      memcpy(der_msg, err->msg, sizeof der_msg);
      return fail(err, rc,
                  "%s; or, if raw bytes, wrong length: %zu bytes is not the "
                  "size of a raw ML-KEM key (ek 800/1184/1568, dk "
                  "1632/2400/3168, seed 64)",
                  der_msg, n);
    }
    return rc;
  }
  clear_key(key);
  if (n == 0) return fail(err, KF_ERR_UNRECOGNISED, "empty key file");
  return fail(err, KF_ERR_LENGTH,
              "wrong length: not PEM or DER, and %zu bytes is not the size of "
              "a raw ML-KEM key (ek 800/1184/1568, dk 1632/2400/3168, "
              "seed 64)",
              n);
}

/* ---- writing ----------------------------------------------------------- */

static void put_algorithm(der_writer *w, const mlkem_kem *kem) {
  der_put_header(w, DER_SEQUENCE, der_tlv_size(OID_LEN));
  der_put_header(w, DER_OID, OID_LEN);
  der_put_bytes(w, oid_prefix, OID_PREFIX_LEN);
  {
    uint8_t last = oid_last_arc(kem);
    der_put_bytes(w, &last, 1);
  }
}

int kf_encode_der(const kf_key *key, int form, uint8_t *out, size_t cap,
                  size_t *out_len, kf_error *err) {
  const mlkem_kem *kem = key->kem;
  size_t alg_len = der_tlv_size(der_tlv_size(OID_LEN));
  der_writer w;
  *out_len = 0;
  der_writer_init(&w, out, cap);

  if (form == KF_FORM_NONE) {
    size_t bits_len = der_tlv_size(kem->ek_bytes + 1);
    uint8_t unused = 0;
    der_put_header(&w, DER_SEQUENCE, alg_len + bits_len);
    put_algorithm(&w, kem);
    der_put_header(&w, DER_BIT_STRING, kem->ek_bytes + 1);
    der_put_bytes(&w, &unused, 1);
    der_put_bytes(&w, key->ek, kem->ek_bytes);
  } else {
    static const uint8_t version0[3] = {DER_INTEGER, 1, 0};
    size_t choice_len;
    if (key->kind != KF_PRIVATE)
      return fail(err, KF_ERR_USAGE, "a public key has no private form");
    if ((form == KF_FORM_SEED || form == KF_FORM_BOTH) && !key->has_seed)
      return fail(err, KF_ERR_USAGE,
                  "the key has no seed (it was read as an expanded key), so "
                  "it can only be written in the expanded form");
    if (form == KF_FORM_SEED)
      choice_len = der_tlv_size(MLKEM_SEED_BYTES);
    else if (form == KF_FORM_EXPANDED)
      choice_len = der_tlv_size(kem->dk_bytes);
    else if (form == KF_FORM_BOTH)
      choice_len = der_tlv_size(der_tlv_size(MLKEM_SEED_BYTES) +
                                der_tlv_size(kem->dk_bytes));
    else
      return fail(err, KF_ERR_USAGE, "unknown private key form");
    der_put_header(&w, DER_SEQUENCE,
                   sizeof version0 + alg_len + der_tlv_size(choice_len));
    der_put_bytes(&w, version0, sizeof version0);
    put_algorithm(&w, kem);
    der_put_header(&w, DER_OCTET_STRING, choice_len);
    if (form == KF_FORM_SEED) {
      der_put_tlv(&w, DER_CONTEXT_0, key->seed, MLKEM_SEED_BYTES);
    } else if (form == KF_FORM_EXPANDED) {
      der_put_tlv(&w, DER_OCTET_STRING, key->dk, kem->dk_bytes);
    } else {
      der_put_header(
          &w, DER_SEQUENCE,
          der_tlv_size(MLKEM_SEED_BYTES) + der_tlv_size(kem->dk_bytes));
      der_put_tlv(&w, DER_OCTET_STRING, key->seed, MLKEM_SEED_BYTES);
      der_put_tlv(&w, DER_OCTET_STRING, key->dk, kem->dk_bytes);
    }
  }
  if (w.overflow) {
    kf_wipe(out, cap);
    return fail(err, KF_ERR_USAGE, "output buffer too small");
  }
  *out_len = w.len;
  return ok(err);
}

int kf_encode(const kf_key *key, int form, int encoding, uint8_t *out,
              size_t cap, size_t *out_len, kf_error *err) {
  uint8_t der[KF_MAX_DER];
  size_t len = 0;
  int rc;
  *out_len = 0;
  if (encoding == KF_ENC_RAW) {
    const uint8_t *src;
    size_t n;
    if (form == KF_FORM_NONE) {
      src = key->ek;
      n = key->kem->ek_bytes;
    } else if (key->kind != KF_PRIVATE) {
      return fail(err, KF_ERR_USAGE, "a public key has no private form");
    } else if (form == KF_FORM_SEED) {
      if (!key->has_seed)
        return fail(err, KF_ERR_USAGE,
                    "the key has no seed (it was read as an expanded key)");
      src = key->seed;
      n = MLKEM_SEED_BYTES;
    } else if (form == KF_FORM_EXPANDED) {
      src = key->dk;
      n = key->kem->dk_bytes;
    } else {
      return fail(err, KF_ERR_USAGE,
                  "raw output holds a seed or an expanded key, not both");
    }
    if (n > cap) return fail(err, KF_ERR_USAGE, "output buffer too small");
    memcpy(out, src, n);
    *out_len = n;
    return ok(err);
  }
  if (encoding == KF_ENC_DER)
    return kf_encode_der(key, form, out, cap, out_len, err);
  rc = kf_encode_der(key, form, der, sizeof der, &len, err);
  if (rc != KF_OK) return rc;
  rc = pem_encode(form == KF_FORM_NONE ? label_public : label_private, der, len,
                  (char *)out, cap, out_len);
  kf_wipe(der, len);
  if (rc != PEM_OK) return fail(err, KF_ERR_USAGE, "output buffer too small");
  return ok(err);
}
