/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * keyfile.c - PKCS#8 and SubjectPublicKeyInfo on top of der.c and pem.c,
 * and raw keys (include/mlkem_keyfile.h), for every key type of the table
 * (keyfile_alg.h).
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "platform/cbmc.h"
#include "platform/ct.h"
#include "der.h"
#include "keyfile_alg.h"
#include "pem.h"

static const char label_private[] = "PRIVATE KEY";
static const char label_public[] = "PUBLIC KEY";

static int ok(mlkem_keyfile_error *err) {
  if (err != NULL) {
    err->code = MLKEM_KEYFILE_OK;
    err->msg[0] = '\0';
  }
  return MLKEM_KEYFILE_OK;
}

static int bad_argument(mlkem_keyfile_error *err, const char *what) {
  return mlkem_keyfile_fail(err, MLKEM_KEYFILE_ERR_ARGUMENT, "%s", what);
}

/* All of a key zero, member by member, as the proofs state it (a
 * quantifier over the key's bytes through a byte pointer costs the solver
 * far more where it is assumed). The members fill the struct, with no
 * padding between or after them (checked here), and a NULL pointer is all
 * zero bits on every platform the library supports: so this is every
 * byte of the key zero. */
#define MLKEM_KEYFILE_KEY_ZERO(key)                                    \
  ((key)->alg == NULL && (key)->kem == NULL && (key)->type == 0 &&     \
   (key)->encoding == 0 && all_zero((key)->seed, sizeof(key)->seed) && \
   all_zero((key)->dk, sizeof(key)->dk) &&                             \
   all_zero((key)->ek, sizeof(key)->ek))
_Static_assert(sizeof(mlkem_keyfile_key) ==
                   sizeof(const mlkem_keyfile_alg *) +
                       sizeof(const mlkem_kem *) + sizeof(mlkem_keyfile_type) +
                       sizeof(mlkem_keyfile_encoding) +
                       MLKEM_KEYFILE_MAX_SEED_BYTES +
                       MLKEM_KEYFILE_MAX_DK_BYTES + MLKEM_KEYFILE_MAX_EK_BYTES,
               "mlkem_keyfile_key has padding: MLKEM_KEYFILE_KEY_ZERO would "
               "not cover all of it");

void mlkem_keyfile_wipe(mlkem_keyfile_key *key) __contract__(
        requires(key == NULL || fresh(key, sizeof *key))
        assigns(key != NULL : *key)
        ensures(key != NULL ==> MLKEM_KEYFILE_KEY_ZERO(key))
    ) {
  if (key != NULL) mlkem_zeroize(key, sizeof *key);
}

const char *mlkem_keyfile_strerror(int err) {
  switch (err) {
    case MLKEM_KEYFILE_OK:
      return "success";
    case MLKEM_KEYFILE_ERR_PEM_TRUNCATED:
      return "truncated PEM";
    case MLKEM_KEYFILE_ERR_PEM_BASE64:
      return "bad base64 in PEM";
    case MLKEM_KEYFILE_ERR_PEM_LABEL:
      return "wrong or mismatched PEM label";
    case MLKEM_KEYFILE_ERR_PEM_SYNTAX:
      return "malformed PEM";
    case MLKEM_KEYFILE_ERR_DER:
      return "malformed DER";
    case MLKEM_KEYFILE_ERR_VERSION:
      return "unsupported PKCS#8 version or field";
    case MLKEM_KEYFILE_ERR_OID:
      return "algorithm OID of no supported key type";
    case MLKEM_KEYFILE_ERR_PARAMS:
      return "algorithm parameters present";
    case MLKEM_KEYFILE_ERR_LENGTH:
      return "wrong length";
    case MLKEM_KEYFILE_ERR_INVALID_EK:
      return "invalid encapsulation key (@spec{FIPS203, sec. 7.2} modulus "
             "check failed)";
    case MLKEM_KEYFILE_ERR_INVALID_DK:
      return "invalid expanded key (@spec{FIPS203, sec. 7.3} hash check "
             "failed)";
    case MLKEM_KEYFILE_ERR_MISMATCH:
      return "seed and expanded key disagree";
    case MLKEM_KEYFILE_ERR_EMPTY:
      return "empty input";
    case MLKEM_KEYFILE_ERR_NEED_ALG:
      return "a raw seed needs its key type";
    case MLKEM_KEYFILE_ERR_FORM:
      return "the key cannot be written in that form";
    case MLKEM_KEYFILE_ERR_BUFFER:
      return "output buffer too small";
    case MLKEM_KEYFILE_ERR_ARGUMENT:
      return "invalid argument (NULL pointer or unknown value)";
    case MLKEM_KEYFILE_ERR_LIBRARY:
      return "the ML-KEM library failed";
    default:
      return "unknown error";
  }
}

/* ---- key types ---------------------------------------------------------- */

/* The entry of `alg` in table, or NULL if alg is not one of its types. */
static const mlkem_keyfile_entry *entry_of(
    const mlkem_keyfile_entry *const *table, const mlkem_keyfile_alg *alg) {
  size_t i;
  for (i = 0; alg != NULL && table[i] != NULL; i++)
    if (&table[i]->alg == alg) return table[i];
  return NULL;
}

/* An ML-KEM type by the names mlkem_kem_by_name takes, another by its
 * exact name. */
const mlkem_keyfile_alg *mlkem_keyfile_alg_by_name(const char *name) {
  const mlkem_kem *kem = mlkem_kem_by_name(name);
  size_t i;
  if (name == NULL) return NULL;
  for (i = 0; mlkem_keyfile_table[i] != NULL; i++) {
    const mlkem_keyfile_entry *e = mlkem_keyfile_table[i];
    if (e->kem_name != NULL ? kem != NULL && strcmp(e->kem_name, kem->name) == 0
                            : strcmp(e->alg.name, name) == 0)
      return &e->alg;
  }
  return NULL;
}

static void set_type(mlkem_keyfile_key *key, const mlkem_keyfile_entry *e,
                     mlkem_keyfile_type type) {
  key->alg = &e->alg;
  key->kem = e->kem_name != NULL ? mlkem_kem_by_name(e->kem_name) : NULL;
  key->type = type;
}

static int has_seed(mlkem_keyfile_type type) {
  return type == MLKEM_KEYFILE_SEED || type == MLKEM_KEYFILE_BOTH;
}

static int valid_type(mlkem_keyfile_type type) {
  return type >= MLKEM_KEYFILE_PUBLIC && type <= MLKEM_KEYFILE_BOTH;
}

/* Appends to buf[*used..cap) what snprintf would write, NUL-terminated;
 * stops at the end of buf. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 4, 5)))
#endif
static void
append(char *buf, size_t cap, size_t *used, const char *fmt, ...) {
  va_list ap;
  int w;
  if (*used >= cap) return;
  va_start(ap, fmt);
  w = vsnprintf(buf + *used, cap - *used, fmt, ap);
  va_end(ap);
  if (w > 0) *used = *used + (size_t)w < cap ? *used + (size_t)w : cap;
}

/* Joins items with ", " and a last " or ". */
static void append_item(char *buf, size_t cap, size_t *used, size_t i,
                        size_t count, const char *item) {
  append(buf, cap, used, "%s%s",
         i == 0           ? ""
         : i + 1 == count ? " or "
                          : ", ",
         item);
}

/* The families of the types that `keep` selects, in table order:
 * "ML-KEM or X-Wing". */
static void families(const mlkem_keyfile_entry *const *table,
                     int (*keep)(const mlkem_keyfile_entry *), char *buf,
                     size_t cap, size_t *used) {
  size_t i, nf = 0, f = 0;
  const char *prev = NULL;
  for (i = 0; table[i] != NULL; i++)
    if (keep(table[i])) {
      if (prev == NULL || strcmp(prev, table[i]->family) != 0) nf++;
      prev = table[i]->family;
    }
  prev = NULL;
  for (i = 0; table[i] != NULL; i++)
    if (keep(table[i])) {
      if (prev == NULL || strcmp(prev, table[i]->family) != 0)
        append_item(buf, cap, used, f++, nf, table[i]->family);
      prev = table[i]->family;
    }
}

static int has_oid(const mlkem_keyfile_entry *e) {
  return e->oid_len != 0;
}

static int raw_by_size(const mlkem_keyfile_entry *e) {
  return e->raw_by_size;
}

/* The families and OIDs of the types, for the message of a wrong OID:
 * "ML-KEM (2.16.840.1.101.3.4.4.1, .2 or .3)"; an OID that shares all but
 * its last arc with the one before is shortened to that arc. */
static void known_oids(const mlkem_keyfile_entry *const *table, char *buf,
                       size_t cap)
    __contract__(
        requires(cap > 0 && fresh(buf, cap))
        assigns(bytes(buf, cap))
    ) {
  size_t i, n = 0, k = 0, used = 0;
  const char *prev = NULL;
  for (i = 0; table[i] != NULL; i++) n += has_oid(table[i]);
  buf[0] = '\0';
  families(table, has_oid, buf, cap, &used);
  append(buf, cap, &used, " (");
  for (i = 0; table[i] != NULL; i++) {
    const char *oid = table[i]->alg.oid, *dot;
    if (table[i]->oid_len == 0) continue;
    dot = strrchr(oid, '.');
    if (prev != NULL && dot != NULL && strrchr(prev, '.') - prev == dot - oid &&
        strncmp(prev, oid, (size_t)(dot - oid)) == 0)
      append_item(buf, cap, &used, k++, n, dot);
    else
      append_item(buf, cap, &used, k++, n, oid);
    prev = oid;
  }
  append(buf, cap, &used, ")");
}

/* The raw keys decode recognises by size: "ML-KEM or X-Wing key (ek
 * 800/1184/1568/1216, dk 1632/2400/3168, seed 64/32)". */
static void raw_sizes(const mlkem_keyfile_entry *const *table, char *buf,
                      size_t cap)
    __contract__(
        requires(cap > 0 && fresh(buf, cap))
        assigns(bytes(buf, cap))
    ) {
  static const char *const what[3] = {"ek", "dk", "seed"};
  size_t used = 0, w, i, j;
  buf[0] = '\0';
  families(table, raw_by_size, buf, cap, &used);
  append(buf, cap, &used, " key (");
  for (w = 0; w < 3; w++) {
    int first = 1;
    append(buf, cap, &used, "%s%s ", w == 0 ? "" : ", ", what[w]);
    for (i = 0; table[i] != NULL; i++) {
      const mlkem_keyfile_alg *a = &table[i]->alg;
      size_t size = w == 0 ? a->ek_bytes : w == 1 ? a->dk_bytes : a->seed_bytes;
      int seen = 0;
      if (!table[i]->raw_by_size || size == 0) continue;
      for (j = 0; j < i; j++) {
        const mlkem_keyfile_alg *b = &table[j]->alg;
        if (table[j]->raw_by_size && size == (w == 0   ? b->ek_bytes
                                              : w == 1 ? b->dk_bytes
                                                       : b->seed_bytes))
          seen = 1;
      }
      if (seen) continue;
      append(buf, cap, &used, "%s%zu", first ? "" : "/", size);
      first = 0;
    }
  }
  append(buf, cap, &used, ")");
}

/* ---- keys from their parts ---------------------------------------------- */

static int wrong_seed_length(mlkem_keyfile_error *err, size_t n,
                             const mlkem_keyfile_entry *e) {
  return mlkem_keyfile_fail(err, MLKEM_KEYFILE_ERR_LENGTH,
                            "wrong length: the seed has %zu bytes (want %zu)",
                            n, e->alg.seed_bytes);
}

static int wrong_dk_length(mlkem_keyfile_error *err, size_t n,
                           const mlkem_keyfile_entry *e) {
  return mlkem_keyfile_fail(
      err, MLKEM_KEYFILE_ERR_LENGTH,
      "wrong length: the %s expanded key has %zu bytes (want %zu)", e->alg.name,
      n, e->alg.dk_bytes);
}

static int wrong_ek_length(mlkem_keyfile_error *err, size_t n,
                           const mlkem_keyfile_entry *e) {
  return mlkem_keyfile_fail(
      err, MLKEM_KEYFILE_ERR_LENGTH,
      "wrong length: the %s public key has %zu bytes (want %zu)", e->alg.name,
      n, e->alg.ek_bytes);
}

/* The contract of the functions below, which put the parts of a key read
 * (n bytes at a part, within the input) into *key: only *key and *err
 * written, and only parts of the length of e's type copied. The readers'
 * proofs take these contracts for them (proofs/keyfile/keyfile_load_*.c
 * prove them), so that only these proofs see the copies of a length not
 * known in advance into the key. */
/* clang-format off */
#define MLKEM_KEYFILE_LOAD_CONTRACT(key, err)                               \
  requires(fresh(key, sizeof *key))                                         \
  requires(err == NULL || fresh(err, sizeof *err))                          \
  assigns(*key; err != NULL : *err)                                         \
  ensures(return_value <= 0)
/* clang-format on */

/* A key of type e from its seed, n bytes at seed: the key pair generated
 * from it. */
static int load_seed(mlkem_keyfile_key *key, const mlkem_keyfile_entry *e,
                     const uint8_t *seed, size_t n, mlkem_keyfile_error *err)
    __contract__(
        MLKEM_KEYFILE_LOAD_CONTRACT(key, err)
        requires(readable(seed, n))
    ) {
  if (n != e->alg.seed_bytes) return wrong_seed_length(err, n, e);
  memcpy(key->seed, seed, n);
  set_type(key, e, MLKEM_KEYFILE_SEED);
  return e->expand(e, key->ek, key->dk, key->seed, err);
}

/* A key from its expanded key, n bytes at dk: its checks. The type has an
 * expanded form. */
static int load_expanded(mlkem_keyfile_key *key, const mlkem_keyfile_entry *e,
                         const uint8_t *dk, size_t n, mlkem_keyfile_error *err)
    __contract__(
        MLKEM_KEYFILE_LOAD_CONTRACT(key, err)
        requires(readable(dk, n) && e->check_dk != NULL)
    ) {
  if (n != e->alg.dk_bytes) return wrong_dk_length(err, n, e);
  memcpy(key->dk, dk, n);
  set_type(key, e, MLKEM_KEYFILE_EXPANDED);
  return e->check_dk(e, key->dk, key->ek, err);
}

/* A key from both, seed_n bytes at seed and dk_n at dk: the seed must
 * generate exactly that expanded key. */
static int load_both(mlkem_keyfile_key *key, const mlkem_keyfile_entry *e,
                     const uint8_t *seed, size_t seed_n, const uint8_t *dk_in,
                     size_t dk_n, mlkem_keyfile_error *err)
    __contract__(
        MLKEM_KEYFILE_LOAD_CONTRACT(key, err)
        requires(readable(seed, seed_n) && readable(dk_in, dk_n))
    ) {
  uint8_t ek[MLKEM_KEYFILE_MAX_EK_BYTES], dk[MLKEM_KEYFILE_MAX_DK_BYTES];
  uint8_t differ;
  int rc;
  if (seed_n != e->alg.seed_bytes) return wrong_seed_length(err, seed_n, e);
  if (dk_n != e->alg.dk_bytes) return wrong_dk_length(err, dk_n, e);
  memcpy(key->seed, seed, seed_n);
  memcpy(key->dk, dk_in, dk_n);
  set_type(key, e, MLKEM_KEYFILE_BOTH);
  rc = e->expand(e, ek, dk, key->seed, err);
  differ = mlkem_ct_memneq(dk, key->dk, e->alg.dk_bytes);
  /* Whether the two forms agree is the result: the file is refused or
   * not. */
  MLKEM_CT_UNPOISON(&differ, sizeof differ);
  if (rc == MLKEM_KEYFILE_OK && differ == 0)
    memcpy(key->ek, ek, e->alg.ek_bytes);
  mlkem_zeroize(dk, sizeof dk);
  mlkem_zeroize(ek, sizeof ek);
  if (rc != MLKEM_KEYFILE_OK) return rc;
  if (differ != 0)
    return mlkem_keyfile_fail(err, MLKEM_KEYFILE_ERR_MISMATCH,
                              "seed and expanded key disagree: the seed does "
                              "not regenerate the %s expanded key",
                              e->alg.name);
  return MLKEM_KEYFILE_OK;
}

/* A public key, n bytes at ek (raw: read as raw bytes, for messages). */
static int load_public(mlkem_keyfile_key *key, const mlkem_keyfile_entry *e,
                       const uint8_t *ek, size_t n, int raw,
                       mlkem_keyfile_error *err)
    __contract__(
        MLKEM_KEYFILE_LOAD_CONTRACT(key, err)
        requires(readable(ek, n))
    ) {
  if (n != e->alg.ek_bytes) return wrong_ek_length(err, n, e);
  memcpy(key->ek, ek, n);
  set_type(key, e, MLKEM_KEYFILE_PUBLIC);
  return e->check_ek(e, key->ek, raw, err);
}

/* The contract of the work of a reader between start_read and finish_read
 * (decode_der, decode_pem, load_raw, decode_raw; proofs/keyfile/): for
 * every input of every length and content, only *key and *err written,
 * and an error code or success returned. The wipe on error is
 * finish_read's (its contract), so these proofs need not reason about all
 * of the key. */
/* clang-format off */
#define MLKEM_KEYFILE_BODY_CONTRACT(key, in, len, err)                      \
  requires(fresh(key, sizeof *key))                                         \
  requires(fresh(in, len))                                                  \
  requires(err == NULL || fresh(err, sizeof *err))                          \
  assigns(*key; err != NULL : *err)                                         \
  ensures(return_value <= 0)
/* clang-format on */

/* ---- reading DER -------------------------------------------------------- */

/* The contract of the readers of the parts of a DER key file (read_pkcs8,
 * read_spki, read_private_choice): for every span r of the input, only
 * *key, *r and *err written, and an error code or success returned. */
/* clang-format off */
#define MLKEM_KEYFILE_PART_CONTRACT(key, r, err)                            \
  requires(fresh(key, sizeof *key) && MLKEM_DER_READER_OK(r))               \
  requires(err == NULL || fresh(err, sizeof *err))                          \
  assigns(*key, *r; err != NULL : *err)                                     \
  ensures(return_value <= 0)
/* clang-format on */

static int der_fail(mlkem_keyfile_error *err, int rc, const char *what) {
  if (rc == MLKEM_DER_ERR_TAG || rc == MLKEM_DER_ERR_END)
    return mlkem_keyfile_fail(err, MLKEM_KEYFILE_ERR_DER,
                              "malformed DER: %s expected", what);
  return mlkem_keyfile_fail(err, MLKEM_KEYFILE_ERR_DER,
                            "malformed DER in %s: %s", what,
                            mlkem_der_strerror(rc));
}

/* The tables of the proofs (proofs/include/keyfile_types.h): this many
 * types and the NULL that ends them. The contract of read_algorithm names
 * the entry it finds as one of theirs, for its callers' proofs; it is
 * proven for such tables (the function itself takes any). */
#define MLKEM_KEYFILE_PROOF_TYPES 2

/* Reads AlgorithmIdentifier { OID, no parameters } into *e. */
static int read_algorithm(const mlkem_keyfile_entry *const *table,
                          mlkem_der_reader *r, const mlkem_keyfile_entry **e,
                          mlkem_keyfile_error *err)
    __contract__(
        requires(MLKEM_DER_READER_OK(r) && fresh(e, sizeof *e))
        requires(err == NULL || fresh(err, sizeof *err))
        requires(readable(table, (MLKEM_KEYFILE_PROOF_TYPES + 1) *
                                     sizeof *table) &&
                 table[MLKEM_KEYFILE_PROOF_TYPES] == NULL)
        assigns(*r, *e; err != NULL : *err)
        ensures(return_value <= 0)
        /* On success, the rest of the span is left in r. */
        ensures(return_value == MLKEM_KEYFILE_OK ==>
                (ptr_in_range(old(r->p), r->p, old(r->p) + old(r->n)) &&
                 r->n == (size_t)((old(r->p) + old(r->n)) - r->p)))
        ensures(return_value == MLKEM_KEYFILE_OK ==>
                exists(i, 0, MLKEM_KEYFILE_PROOF_TYPES,
                       table[i] != NULL && *e == table[i]))
    ) {
  mlkem_der_reader alg, oid;
  char text[80], known[160];
  size_t i;
  int rc;
  if ((rc = mlkem_der_read(r, MLKEM_DER_SEQUENCE, &alg)) != MLKEM_DER_OK)
    return der_fail(err, rc, "the AlgorithmIdentifier SEQUENCE");
  if ((rc = mlkem_der_read(&alg, MLKEM_DER_OID, &oid)) != MLKEM_DER_OK)
    return der_fail(err, rc, "the algorithm OBJECT IDENTIFIER");
  /* The algorithm is public. */
  MLKEM_CT_UNPOISON(oid.p, oid.n);
  *e = NULL;
  for (i = 0; table[i] != NULL && *e == NULL; i++)
    if (table[i]->oid_len != 0 && oid.n == table[i]->oid_len &&
        memcmp(oid.p, table[i]->oid, oid.n) == 0)
      *e = table[i];
  if (*e == NULL) {
    mlkem_der_oid_to_text(oid.p, oid.n, text, sizeof text);
    known_oids(table, known, sizeof known);
    return mlkem_keyfile_fail(err, MLKEM_KEYFILE_ERR_OID,
                              "wrong OID: algorithm %s is not %s", text, known);
  }
  if (!mlkem_der_at_end(&alg))
    return mlkem_keyfile_fail(
        err, MLKEM_KEYFILE_ERR_PARAMS,
        "algorithm parameters present (they must be absent for %s)",
        (*e)->alg.name);
  return MLKEM_KEYFILE_OK;
}

/* Reads the element of tag `tag` that must be the last of r: `element`
 * names it in messages, `name` what would follow it. */
static int read_last(mlkem_der_reader *r, uint8_t tag, mlkem_der_reader *out,
                     const char *element, const char *name,
                     mlkem_keyfile_error *err) {
  int rc = mlkem_der_read(r, tag, out);
  if (rc != MLKEM_DER_OK) return der_fail(err, rc, element);
  if (!mlkem_der_at_end(r))
    return mlkem_keyfile_fail(err, MLKEM_KEYFILE_ERR_DER,
                              "malformed DER: data after %s", name);
  return MLKEM_KEYFILE_OK;
}

/* The both form of the CHOICE: SEQUENCE { seed, expandedKey }, the last
 * element of r. */
static int read_both(mlkem_keyfile_key *key, const mlkem_keyfile_entry *e,
                     mlkem_der_reader *r, mlkem_keyfile_error *err)
    __contract__(MLKEM_KEYFILE_PART_CONTRACT(key, r, err)) {
  mlkem_der_reader seed, dk, both;
  int rc;
  if ((rc = read_last(r, MLKEM_DER_SEQUENCE, &both, "the both SEQUENCE",
                      "the both SEQUENCE", err)) != MLKEM_KEYFILE_OK)
    return rc;
  if ((rc = mlkem_der_read(&both, MLKEM_DER_OCTET_STRING, &seed)) !=
      MLKEM_DER_OK)
    return der_fail(err, rc, "the seed OCTET STRING in both");
  if ((rc = read_last(&both, MLKEM_DER_OCTET_STRING, &dk,
                      "the expandedKey OCTET STRING in both",
                      "the expandedKey in both", err)) != MLKEM_KEYFILE_OK)
    return rc;
  return load_both(key, e, seed.p, seed.n, dk.p, dk.n, err);
}

/* The ML-KEM private key CHOICE of @spec{RFC9935} inside privateKey. The
 * contents of seed and expandedKey are only copied (der.h). */
static int read_private_choice(mlkem_keyfile_key *key,
                               const mlkem_keyfile_entry *e,
                               mlkem_der_reader *r, mlkem_keyfile_error *err)
    __contract__(MLKEM_KEYFILE_PART_CONTRACT(key, r, err)) {
  mlkem_der_reader seed, dk;
  int rc, tag = mlkem_der_peek_tag(r);

  if (tag == MLKEM_DER_CONTEXT_0) {
    if ((rc = read_last(r, MLKEM_DER_CONTEXT_0, &seed, "the seed [0]",
                        "the seed", err)) != MLKEM_KEYFILE_OK)
      return rc;
    return load_seed(key, e, seed.p, seed.n, err);
  }
  if (tag == MLKEM_DER_OCTET_STRING) {
    if ((rc = read_last(r, MLKEM_DER_OCTET_STRING, &dk,
                        "the expandedKey OCTET STRING", "the expandedKey",
                        err)) != MLKEM_KEYFILE_OK)
      return rc;
    return load_expanded(key, e, dk.p, dk.n, err);
  }
  if (tag == MLKEM_DER_SEQUENCE) return read_both(key, e, r, err);
  if (tag < 0)
    return mlkem_keyfile_fail(err, MLKEM_KEYFILE_ERR_DER,
                              "malformed DER: empty privateKey");
  return mlkem_keyfile_fail(
      err, MLKEM_KEYFILE_ERR_DER,
      "malformed DER: privateKey holds tag 0x%02x, not seed [0] (0x80), "
      "expandedKey (0x04) or both (0x30)",
      (unsigned)tag);
}

/* OneAsymmetricKey (@spec{RFC5958}), after its outer SEQUENCE. */
static int read_pkcs8(const mlkem_keyfile_entry *const *table,
                      mlkem_keyfile_key *key, mlkem_der_reader *seq,
                      mlkem_keyfile_error *err)
    __contract__(MLKEM_KEYFILE_PART_CONTRACT(key, seq, err)) {
  const mlkem_keyfile_entry *e;
  mlkem_der_reader version, priv;
  int rc;
  if ((rc = mlkem_der_read(seq, MLKEM_DER_INTEGER, &version)) != MLKEM_DER_OK)
    return der_fail(err, rc, "the PKCS#8 version INTEGER");
  MLKEM_CT_UNPOISON(version.p, version.n); /* public: the version */
  if (version.n == 0 ||
      (version.n > 1 && version.p[0] == 0 && !(version.p[1] & 0x80)))
    return mlkem_keyfile_fail(err, MLKEM_KEYFILE_ERR_DER,
                              "malformed DER: version INTEGER not minimal");
  if (version.n != 1 || version.p[0] != 0)
    return mlkem_keyfile_fail(
        err, MLKEM_KEYFILE_ERR_VERSION,
        "unsupported PKCS#8 version (only version 0, v1, is read)");
  if ((rc = read_algorithm(table, seq, &e, err)) != MLKEM_KEYFILE_OK) return rc;
  if ((rc = mlkem_der_read(seq, MLKEM_DER_OCTET_STRING, &priv)) != MLKEM_DER_OK)
    return der_fail(err, rc, "the privateKey OCTET STRING");
  if (!mlkem_der_at_end(seq))
    return mlkem_keyfile_fail(err, MLKEM_KEYFILE_ERR_VERSION,
                              "unsupported PKCS#8 field after privateKey "
                              "(attributes or public key are not read)");
  if (e->priv == MLKEM_KEYFILE_PRIV_SEED)
    return load_seed(key, e, priv.p, priv.n, err);
  return read_private_choice(key, e, &priv, err);
}

/* SubjectPublicKeyInfo (@spec{RFC5280}), after its outer SEQUENCE. */
static int read_spki(const mlkem_keyfile_entry *const *table,
                     mlkem_keyfile_key *key, mlkem_der_reader *seq,
                     mlkem_keyfile_error *err)
    __contract__(MLKEM_KEYFILE_PART_CONTRACT(key, seq, err)) {
  const mlkem_keyfile_entry *e;
  mlkem_der_reader bits;
  int rc;
  if ((rc = read_algorithm(table, seq, &e, err)) != MLKEM_KEYFILE_OK) return rc;
  if ((rc = read_last(seq, MLKEM_DER_BIT_STRING, &bits,
                      "the subjectPublicKey BIT STRING", "the subjectPublicKey",
                      err)) != MLKEM_KEYFILE_OK)
    return rc;
  MLKEM_CT_UNPOISON(bits.p, bits.n); /* public: the public key */
  if (bits.n == 0 || bits.p[0] != 0)
    return mlkem_keyfile_fail(err, MLKEM_KEYFILE_ERR_DER,
                              "malformed DER: the public key BIT STRING must "
                              "have 0 unused bits");
  return load_public(key, e, bits.p + 1, bits.n - 1, 0, err);
}

static int decode_der(const mlkem_keyfile_entry *const *table,
                      mlkem_keyfile_key *key, const uint8_t *der, size_t n,
                      mlkem_keyfile_error *err)
    __contract__(MLKEM_KEYFILE_BODY_CONTRACT(key, der, n, err)) {
  mlkem_der_reader r, seq;
  int rc, tag;
  mlkem_der_reader_init(&r, der, n);
  if ((rc = read_last(&r, MLKEM_DER_SEQUENCE, &seq, "the outer SEQUENCE",
                      "the key", err)) != MLKEM_KEYFILE_OK)
    return rc;
  tag = mlkem_der_peek_tag(&seq);
  if (tag == MLKEM_DER_INTEGER) return read_pkcs8(table, key, &seq, err);
  if (tag == MLKEM_DER_SEQUENCE) return read_spki(table, key, &seq, err);
  return mlkem_keyfile_fail(err, MLKEM_KEYFILE_ERR_DER,
                            "malformed DER: neither a PKCS#8 private key nor a "
                            "SubjectPublicKeyInfo");
}

/* The type a PKCS#8 or SubjectPublicKeyInfo names: its structure read as
 * far as the OID of its AlgorithmIdentifier, nothing after it checked
 * (keyfile_alg.h). */
const mlkem_keyfile_entry *mlkem_keyfile_der_type(
    const mlkem_keyfile_entry *const *table, const uint8_t *der, size_t n,
    int *is_private) {
  const mlkem_keyfile_entry *e = NULL;
  mlkem_der_reader r, seq, version;
  int tag;
  if (table == NULL || der == NULL) return NULL;
  mlkem_der_reader_init(&r, der, n);
  if (mlkem_der_read(&r, MLKEM_DER_SEQUENCE, &seq) != MLKEM_DER_OK) return NULL;
  tag = mlkem_der_peek_tag(&seq);
  if (tag == MLKEM_DER_INTEGER &&
      mlkem_der_read(&seq, MLKEM_DER_INTEGER, &version) != MLKEM_DER_OK)
    return NULL;
  if (tag != MLKEM_DER_INTEGER && tag != MLKEM_DER_SEQUENCE) return NULL;
  /* Sets e on a known OID even when the parameters that follow are
   * wrong: the key is of that type, and refused by the decoder. */
  (void)read_algorithm(table, &seq, &e, NULL);
  if (e != NULL && is_private != NULL) *is_private = tag == MLKEM_DER_INTEGER;
  return e;
}

/* ---- reading PEM and raw ------------------------------------------------ */

static int decode_pem(const mlkem_keyfile_entry *const *table,
                      mlkem_keyfile_key *key, const uint8_t *pem, size_t n,
                      mlkem_keyfile_error *err)
    __contract__(MLKEM_KEYFILE_BODY_CONTRACT(key, pem, n, err)) {
  uint8_t der[MLKEM_KEYFILE_MAX_DER];
  char label[MLKEM_PEM_MAX_LABEL];
  size_t len = 0;
  int rc, is_private;

  rc = mlkem_pem_decode(pem, n, label, der, sizeof der, &len);
  /* A whole block under a label that is not a key's (a certificate, say)
   * is named for its label, even when it is too long for a key. */
  if ((rc == MLKEM_PEM_OK || rc == MLKEM_PEM_ERR_TOO_LONG) &&
      strcmp(label, label_private) != 0 && strcmp(label, label_public) != 0) {
    mlkem_zeroize(der, sizeof der);
    return mlkem_keyfile_fail(
        err, MLKEM_KEYFILE_ERR_PEM_LABEL,
        "wrong PEM label \"%.40s\" (want PRIVATE KEY or PUBLIC KEY)", label);
  }
  switch (rc) {
    case MLKEM_PEM_OK:
      break;
    case MLKEM_PEM_ERR_TRUNCATED:
      return mlkem_keyfile_fail(
          err, MLKEM_KEYFILE_ERR_PEM_TRUNCATED,
          "truncated PEM: the -----END line is missing or cut");
    case MLKEM_PEM_ERR_BASE64:
      return mlkem_keyfile_fail(err, MLKEM_KEYFILE_ERR_PEM_BASE64,
                                "bad base64 in PEM: a character, padding or "
                                "length that base64 does not allow");
    case MLKEM_PEM_ERR_LABEL:
      return mlkem_keyfile_fail(
          err, MLKEM_KEYFILE_ERR_PEM_LABEL,
          "malformed PEM label: the BEGIN and END lines do not match");
    case MLKEM_PEM_ERR_TOO_LONG:
      return mlkem_keyfile_fail(err, MLKEM_KEYFILE_ERR_LENGTH,
                                "wrong length: the PEM contents are too long "
                                "for a key");
    default:
      return mlkem_keyfile_fail(err, MLKEM_KEYFILE_ERR_PEM_SYNTAX, "%s",
                                mlkem_pem_strerror(rc));
  }
  rc = decode_der(table, key, der, len, err);
  mlkem_zeroize(der, sizeof der);
  if (rc != MLKEM_KEYFILE_OK) return rc;
  is_private = key->type != MLKEM_KEYFILE_PUBLIC;
  if (is_private != (strcmp(label, label_private) == 0))
    return mlkem_keyfile_fail(err, MLKEM_KEYFILE_ERR_PEM_LABEL,
                              "wrong PEM label: %s holds a %s key", label,
                              is_private ? "private" : "public");
  return MLKEM_KEYFILE_OK;
}

/* A key of type e from raw bytes of the kind `type`. */
static int load_raw(mlkem_keyfile_key *key, const mlkem_keyfile_entry *e,
                    mlkem_keyfile_type type, const uint8_t *in, size_t n,
                    mlkem_keyfile_error *err)
    __contract__(MLKEM_KEYFILE_BODY_CONTRACT(key, in, n, err)) {
  switch (type) {
    case MLKEM_KEYFILE_PUBLIC:
      return load_public(key, e, in, n, 1, err);
    case MLKEM_KEYFILE_SEED:
      return load_seed(key, e, in, n, err);
    case MLKEM_KEYFILE_EXPANDED:
      if (e->check_dk == NULL)
        return mlkem_keyfile_fail(err, MLKEM_KEYFILE_ERR_FORM,
                                  "%s keys have no expanded form", e->alg.name);
      return load_expanded(key, e, in, n, err);
    default:
      return mlkem_keyfile_fail(
          err, MLKEM_KEYFILE_ERR_FORM,
          "raw bytes hold a seed or an expanded key, not both");
  }
}

static int wrong_raw_length(const mlkem_keyfile_entry *const *table,
                            mlkem_keyfile_error *err, size_t n) {
  char sizes[160];
  raw_sizes(table, sizes, sizeof sizes);
  return mlkem_keyfile_fail(err, MLKEM_KEYFILE_ERR_LENGTH,
                            "wrong length: not PEM or DER, and %zu bytes is "
                            "not the size of a raw %s",
                            n, sizes);
}

/* What raw bytes of length n are for type e: MLKEM_KEYFILE_PUBLIC (its
 * ek), MLKEM_KEYFILE_EXPANDED (its dk) or MLKEM_KEYFILE_SEED; 0 if n is
 * none of its sizes. */
static int raw_kind(const mlkem_keyfile_entry *e, size_t n) {
  if (n == 0) return 0;
  if (n == e->alg.ek_bytes) return MLKEM_KEYFILE_PUBLIC;
  if (n == e->alg.dk_bytes && e->check_dk != NULL)
    return MLKEM_KEYFILE_EXPANDED;
  if (n == e->alg.seed_bytes) return MLKEM_KEYFILE_SEED;
  return 0;
}

/* Raw bytes whose length says what they are: any raw key of raw_type, the
 * type the caller names; otherwise an ek or a dk of a type recognised by
 * size (a seed of such a type is refused: a seed does not say its
 * type). */
static int decode_raw(const mlkem_keyfile_entry *const *table,
                      mlkem_keyfile_key *key, const uint8_t *in, size_t n,
                      const mlkem_keyfile_entry *raw_type,
                      mlkem_keyfile_error *err)
    __contract__(MLKEM_KEYFILE_BODY_CONTRACT(key, in, n, err)) {
  size_t i;
  int kind;
  if (raw_type != NULL && (kind = raw_kind(raw_type, n)) != 0)
    return load_raw(key, raw_type, (mlkem_keyfile_type)kind, in, n, err);
  for (i = 0; table[i] != NULL; i++) {
    if (!table[i]->raw_by_size) continue;
    kind = raw_kind(table[i], n);
    if (kind == MLKEM_KEYFILE_PUBLIC || kind == MLKEM_KEYFILE_EXPANDED)
      return load_raw(key, table[i], (mlkem_keyfile_type)kind, in, n, err);
  }
  for (i = 0; table[i] != NULL; i++)
    if (table[i]->raw_by_size && raw_kind(table[i], n) == MLKEM_KEYFILE_SEED)
      return mlkem_keyfile_fail(err, MLKEM_KEYFILE_ERR_NEED_ALG,
                                "a raw %zu-byte seed does not say its "
                                "parameter set",
                                n);
  return wrong_raw_length(table, err, n);
}

static int is_raw_size(const mlkem_keyfile_entry *const *table, size_t n,
                       const mlkem_keyfile_entry *raw_type) {
  size_t i;
  if (raw_type != NULL && raw_kind(raw_type, n) != 0) return 1;
  for (i = 0; table[i] != NULL; i++)
    if (table[i]->raw_by_size && raw_kind(table[i], n) != 0) return 1;
  return 0;
}

/* ---- the reading functions ---------------------------------------------- */

/* What every reader does around its work: checks the arguments, starts
 * from a zeroed key and leaves a zeroed key on error, with err set. The
 * wipe is proven here once (proofs/keyfile/keyfile_finish_read.c); the
 * readers' proofs take this contract for it. */
static int finish_read(mlkem_keyfile_key *key, int rc,
                       mlkem_keyfile_encoding encoding,
                       mlkem_keyfile_error *err)
    __contract__(
        requires(fresh(key, sizeof *key))
        requires(err == NULL || fresh(err, sizeof *err))
        requires(encoding >= MLKEM_KEYFILE_PEM && encoding <= MLKEM_KEYFILE_RAW)
        assigns(*key; err != NULL : *err)
        ensures(return_value == rc)
        ensures(rc != MLKEM_KEYFILE_OK ==> MLKEM_KEYFILE_KEY_ZERO(key))
    ) {
  if (rc != MLKEM_KEYFILE_OK) {
    mlkem_keyfile_wipe(key);
    return rc;
  }
  key->encoding = encoding;
  return ok(err);
}

/* in may be NULL for no bytes. */
static int start_read(mlkem_keyfile_key *key, const uint8_t **in, size_t len,
                      mlkem_keyfile_error *err) {
  static const uint8_t empty[1] = {0};
  if (key == NULL) return bad_argument(err, "the key is NULL");
  mlkem_keyfile_wipe(key);
  if (*in == NULL && len != 0) return bad_argument(err, "the input is NULL");
  if (*in == NULL) *in = empty;
  return MLKEM_KEYFILE_OK;
}

/* A raw key of a named type and kind: the work of
 * mlkem_keyfile_from_raw_in. (Every error of a reader goes through its
 * finish_read, which the proofs then see wipe the key in one place.) */
static int read_raw(const mlkem_keyfile_entry *const *table,
                    mlkem_keyfile_key *key, const mlkem_keyfile_alg *alg,
                    mlkem_keyfile_type type, const uint8_t *in, size_t len,
                    mlkem_keyfile_error *err)
    __contract__(MLKEM_KEYFILE_BODY_CONTRACT(key, in, len, err)) {
  const mlkem_keyfile_entry *e;
  if ((e = entry_of(table, alg)) == NULL)
    return bad_argument(err, "not a key type of mlkem_keyfile_algs");
  if (!valid_type(type)) return bad_argument(err, "unknown key type");
  return load_raw(key, e, type, in, len, err);
}

/* The contract of every reader (proofs/keyfile/keyfile_*.c): for every
 * input of every length and content, only *key and *err written, and on
 * any error all of *key zero (every member: MLKEM_KEYFILE_KEY_ZERO). The table
 * is the caller's: entries whose sizes fit the key's arrays
 * (MLKEM_KEYFILE_MAX_*), as the harnesses build them and as the built-in types'
 * are (ML-KEM-1024's sizes are the maxima). */
/* clang-format off */
#define MLKEM_KEYFILE_READ_CONTRACT(key, in, len, err)                      \
  requires(key == NULL || fresh(key, sizeof *key))                          \
  requires(in == NULL || fresh(in, len))                                    \
  requires(err == NULL || fresh(err, sizeof *err))                          \
  assigns(key != NULL : *key; err != NULL : *err)                           \
  ensures(return_value <= 0)                                                \
  ensures(key != NULL && return_value != MLKEM_KEYFILE_OK ==>               \
          MLKEM_KEYFILE_KEY_ZERO(key))
/* clang-format on */

int mlkem_keyfile_decode_der_in(const mlkem_keyfile_entry *const *table,
                                mlkem_keyfile_key *key, const uint8_t *in,
                                size_t len, mlkem_keyfile_error *err)
    __contract__(MLKEM_KEYFILE_READ_CONTRACT(key, in, len, err)) {
  int rc = start_read(key, &in, len, err);
  if (rc != MLKEM_KEYFILE_OK) return rc;
  rc = decode_der(table, key, in, len, err);
  return finish_read(key, rc, MLKEM_KEYFILE_DER, err);
}

int mlkem_keyfile_decode_pem_in(const mlkem_keyfile_entry *const *table,
                                mlkem_keyfile_key *key, const uint8_t *in,
                                size_t len, mlkem_keyfile_error *err)
    __contract__(MLKEM_KEYFILE_READ_CONTRACT(key, in, len, err)) {
  int rc = start_read(key, &in, len, err);
  if (rc != MLKEM_KEYFILE_OK) return rc;
  rc = decode_pem(table, key, in, len, err);
  return finish_read(key, rc, MLKEM_KEYFILE_PEM, err);
}

int mlkem_keyfile_from_raw_in(const mlkem_keyfile_entry *const *table,
                              mlkem_keyfile_key *key,
                              const mlkem_keyfile_alg *alg,
                              mlkem_keyfile_type type, const uint8_t *in,
                              size_t len, mlkem_keyfile_error *err)
    __contract__(MLKEM_KEYFILE_READ_CONTRACT(key, in, len, err)) {
  int rc = start_read(key, &in, len, err);
  if (rc != MLKEM_KEYFILE_OK) return rc;
  rc = read_raw(table, key, alg, type, in, len, err);
  return finish_read(key, rc, MLKEM_KEYFILE_RAW, err);
}

/* The work of mlkem_keyfile_decode_in: the format detected and read,
 * *encoding set to it (an int: the proofs read it where the contract
 * leaves it any value). */
static int decode_any(const mlkem_keyfile_entry *const *table,
                      mlkem_keyfile_key *key, const uint8_t *in, size_t len,
                      const mlkem_keyfile_alg *raw_alg, int *encoding,
                      mlkem_keyfile_error *err)
    __contract__(
        MLKEM_KEYFILE_BODY_CONTRACT(key, in, len, err)
        requires(fresh(encoding, sizeof *encoding))
        assigns(*encoding)
        ensures(*encoding >= MLKEM_KEYFILE_PEM &&
                *encoding <= MLKEM_KEYFILE_RAW)
    ) {
  const mlkem_keyfile_entry *raw_type = NULL;
  mlkem_der_reader r, seq;
  int rc;
  *encoding = MLKEM_KEYFILE_RAW;
  if (raw_alg != NULL && (raw_type = entry_of(table, raw_alg)) == NULL)
    return bad_argument(err, "not a key type of mlkem_keyfile_algs");
  if (mlkem_pem_looks_like_pem(in, len)) {
    *encoding = MLKEM_KEYFILE_PEM;
    return mlkem_keyfile_decode_pem_in(table, key, in, len, err);
  }
  if (is_raw_size(table, len, raw_type)) {
    /* No DER key file has one of these sizes (ML-KEM: a seed PKCS#8 is 86
     * bytes, SPKI 822/1206/1590, expanded 1660/2428/3196, both
     * 1730/2498/3266; X-Wing: PKCS#8 54, SPKI 1240). */
    return decode_raw(table, key, in, len, raw_type, err);
  }
  mlkem_der_reader_init(&r, in, len);
  if (mlkem_der_peek_tag(&r) == MLKEM_DER_SEQUENCE) {
    *encoding = MLKEM_KEYFILE_DER;
    rc = mlkem_keyfile_decode_der_in(table, key, in, len, err);
    /* A file that is not even one DER element may be raw bytes of the
     * wrong length that happen to start with 0x30 (1 in 256 random keys
     * does): say both. */
    if (rc != MLKEM_KEYFILE_OK && len >= MLKEM_SEED_BYTES &&
        (mlkem_der_read(&r, MLKEM_DER_SEQUENCE, &seq) != MLKEM_DER_OK ||
         !mlkem_der_at_end(&r))) {
      char sizes[160], der_msg[MLKEM_KEYFILE_ERROR_MAX] = "";
      if (err != NULL) memcpy(der_msg, err->msg, sizeof der_msg);
      raw_sizes(table, sizes, sizeof sizes);
      return mlkem_keyfile_fail(err, rc,
                                "%s; or, if raw bytes, wrong length: %zu "
                                "bytes is not the size of a raw %s",
                                der_msg, len, sizes);
    }
    return rc;
  }
  if (len == 0)
    return mlkem_keyfile_fail(err, MLKEM_KEYFILE_ERR_EMPTY, "empty key file");
  return wrong_raw_length(table, err, len);
}

int mlkem_keyfile_decode_in(const mlkem_keyfile_entry *const *table,
                            mlkem_keyfile_key *key, const uint8_t *in,
                            size_t len, const mlkem_keyfile_alg *raw_alg,
                            mlkem_keyfile_error *err)
    __contract__(MLKEM_KEYFILE_READ_CONTRACT(key, in, len, err)) {
  int encoding, rc = start_read(key, &in, len, err);
  if (rc != MLKEM_KEYFILE_OK) return rc;
  /* The PEM and DER readers have wiped the key on error and set its
   * encoding on success already; finish_read does it again, to no effect,
   * so that every error of every path is wiped in one place. */
  rc = decode_any(table, key, in, len, raw_alg, &encoding, err);
  return finish_read(key, rc, (mlkem_keyfile_encoding)encoding, err);
}

int mlkem_keyfile_decode(mlkem_keyfile_key *key, const uint8_t *in, size_t len,
                         const mlkem_keyfile_alg *raw_alg,
                         mlkem_keyfile_error *err) {
  return mlkem_keyfile_decode_in(mlkem_keyfile_table, key, in, len, raw_alg,
                                 err);
}

int mlkem_keyfile_decode_pem(mlkem_keyfile_key *key, const uint8_t *in,
                             size_t len, mlkem_keyfile_error *err) {
  return mlkem_keyfile_decode_pem_in(mlkem_keyfile_table, key, in, len, err);
}

int mlkem_keyfile_decode_der(mlkem_keyfile_key *key, const uint8_t *in,
                             size_t len, mlkem_keyfile_error *err) {
  return mlkem_keyfile_decode_der_in(mlkem_keyfile_table, key, in, len, err);
}

int mlkem_keyfile_from_raw(mlkem_keyfile_key *key, const mlkem_keyfile_alg *alg,
                           mlkem_keyfile_type type, const uint8_t *in,
                           size_t len, mlkem_keyfile_error *err) {
  return mlkem_keyfile_from_raw_in(mlkem_keyfile_table, key, alg, type, in, len,
                                   err);
}

/* ---- writing ------------------------------------------------------------ */

static void put_algorithm(mlkem_der_writer *w, const mlkem_keyfile_entry *e) {
  mlkem_der_put_header(w, MLKEM_DER_SEQUENCE, mlkem_der_tlv_size(e->oid_len));
  mlkem_der_put_tlv(w, MLKEM_DER_OID, e->oid, e->oid_len);
}

/* Whether key can be written in form: its type has the form, and the key
 * has what the form holds (raw: for the message). */
static int check_form(const mlkem_keyfile_key *key,
                      const mlkem_keyfile_entry *e, mlkem_keyfile_type form,
                      int raw, mlkem_keyfile_error *err) {
  if (form == MLKEM_KEYFILE_PUBLIC) return MLKEM_KEYFILE_OK;
  if (key->type == MLKEM_KEYFILE_PUBLIC)
    return mlkem_keyfile_fail(err, MLKEM_KEYFILE_ERR_FORM,
                              "a public key has no private form");
  if (has_seed(form) && !has_seed(key->type))
    return mlkem_keyfile_fail(err, MLKEM_KEYFILE_ERR_FORM,
                              "the key has no seed (it was read as an "
                              "expanded key)%s",
                              raw ? ""
                                  : ", so it can only be written in the "
                                    "expanded form");
  if (form != MLKEM_KEYFILE_SEED && e->priv == MLKEM_KEYFILE_PRIV_SEED)
    return mlkem_keyfile_fail(err, MLKEM_KEYFILE_ERR_FORM,
                              "%s private keys have only the seed form",
                              e->alg.name);
  return MLKEM_KEYFILE_OK;
}

static int encode_der(const mlkem_keyfile_key *key,
                      const mlkem_keyfile_entry *e, mlkem_keyfile_type form,
                      uint8_t *out, size_t cap, size_t *out_len,
                      mlkem_keyfile_error *err) {
  static const uint8_t version0[3] = {MLKEM_DER_INTEGER, 1, 0};
  size_t alg_len = mlkem_der_tlv_size(mlkem_der_tlv_size(e->oid_len));
  size_t seed_len = e->alg.seed_bytes, dk_len = e->alg.dk_bytes, choice_len;
  mlkem_der_writer w;
  int rc;

  if (e->oid_len == 0)
    return mlkem_keyfile_fail(err, MLKEM_KEYFILE_ERR_FORM,
                              "a %s key has no PKCS#8 or SubjectPublicKeyInfo "
                              "encoding, only raw ones",
                              e->alg.name);
  if ((rc = check_form(key, e, form, 0, err)) != MLKEM_KEYFILE_OK) return rc;
  mlkem_der_writer_init(&w, out, cap);
  if (form == MLKEM_KEYFILE_PUBLIC) {
    uint8_t unused = 0;
    size_t bits_len = mlkem_der_tlv_size(e->alg.ek_bytes + 1);
    mlkem_der_put_header(&w, MLKEM_DER_SEQUENCE, alg_len + bits_len);
    put_algorithm(&w, e);
    mlkem_der_put_header(&w, MLKEM_DER_BIT_STRING, e->alg.ek_bytes + 1);
    mlkem_der_put_bytes(&w, &unused, 1);
    mlkem_der_put_bytes(&w, key->ek, e->alg.ek_bytes);
  } else {
    if (e->priv == MLKEM_KEYFILE_PRIV_SEED)
      choice_len = seed_len;
    else if (form == MLKEM_KEYFILE_SEED)
      choice_len = mlkem_der_tlv_size(seed_len);
    else if (form == MLKEM_KEYFILE_EXPANDED)
      choice_len = mlkem_der_tlv_size(dk_len);
    else
      choice_len = mlkem_der_tlv_size(mlkem_der_tlv_size(seed_len) +
                                      mlkem_der_tlv_size(dk_len));
    mlkem_der_put_header(
        &w, MLKEM_DER_SEQUENCE,
        sizeof version0 + alg_len + mlkem_der_tlv_size(choice_len));
    mlkem_der_put_bytes(&w, version0, sizeof version0);
    put_algorithm(&w, e);
    mlkem_der_put_header(&w, MLKEM_DER_OCTET_STRING, choice_len);
    if (e->priv == MLKEM_KEYFILE_PRIV_SEED) {
      mlkem_der_put_bytes(&w, key->seed, seed_len);
    } else if (form == MLKEM_KEYFILE_SEED) {
      mlkem_der_put_tlv(&w, MLKEM_DER_CONTEXT_0, key->seed, seed_len);
    } else if (form == MLKEM_KEYFILE_EXPANDED) {
      mlkem_der_put_tlv(&w, MLKEM_DER_OCTET_STRING, key->dk, dk_len);
    } else {
      mlkem_der_put_header(
          &w, MLKEM_DER_SEQUENCE,
          mlkem_der_tlv_size(seed_len) + mlkem_der_tlv_size(dk_len));
      mlkem_der_put_tlv(&w, MLKEM_DER_OCTET_STRING, key->seed, seed_len);
      mlkem_der_put_tlv(&w, MLKEM_DER_OCTET_STRING, key->dk, dk_len);
    }
  }
  if (w.overflow)
    return mlkem_keyfile_fail(err, MLKEM_KEYFILE_ERR_BUFFER,
                              "output buffer too small");
  *out_len = w.len;
  return MLKEM_KEYFILE_OK;
}

static int encode_raw(const mlkem_keyfile_key *key,
                      const mlkem_keyfile_entry *e, mlkem_keyfile_type form,
                      uint8_t *out, size_t cap, size_t *out_len,
                      mlkem_keyfile_error *err) {
  const uint8_t *src;
  size_t n;
  int rc;
  if (form == MLKEM_KEYFILE_BOTH && key->type != MLKEM_KEYFILE_PUBLIC)
    return mlkem_keyfile_fail(
        err, MLKEM_KEYFILE_ERR_FORM,
        "raw output holds a seed or an expanded key, not both");
  if ((rc = check_form(key, e, form, 1, err)) != MLKEM_KEYFILE_OK) return rc;
  if (form == MLKEM_KEYFILE_PUBLIC) {
    src = key->ek;
    n = e->alg.ek_bytes;
  } else if (form == MLKEM_KEYFILE_SEED) {
    src = key->seed;
    n = e->alg.seed_bytes;
  } else {
    src = key->dk;
    n = e->alg.dk_bytes;
  }
  if (n > cap)
    return mlkem_keyfile_fail(err, MLKEM_KEYFILE_ERR_BUFFER,
                              "output buffer too small");
  memcpy(out, src, n);
  *out_len = n;
  return MLKEM_KEYFILE_OK;
}

static int encode(const mlkem_keyfile_key *key, const mlkem_keyfile_entry *e,
                  mlkem_keyfile_type form, mlkem_keyfile_encoding encoding,
                  uint8_t *out, size_t cap, size_t *out_len,
                  mlkem_keyfile_error *err) {
  uint8_t der[MLKEM_KEYFILE_MAX_DER];
  size_t len = 0;
  int rc;
  if (encoding == MLKEM_KEYFILE_RAW)
    return encode_raw(key, e, form, out, cap, out_len, err);
  if (encoding == MLKEM_KEYFILE_DER)
    return encode_der(key, e, form, out, cap, out_len, err);
  rc = encode_der(key, e, form, der, sizeof der, &len, err);
  if (rc == MLKEM_KEYFILE_OK &&
      mlkem_pem_encode(
          form == MLKEM_KEYFILE_PUBLIC ? label_public : label_private, der, len,
          (char *)out, cap, out_len) != MLKEM_PEM_OK)
    rc = mlkem_keyfile_fail(err, MLKEM_KEYFILE_ERR_BUFFER,
                            "output buffer too small");
  mlkem_zeroize(der, sizeof der);
  return rc;
}

int mlkem_keyfile_encode_in(const mlkem_keyfile_entry *const *table,
                            const mlkem_keyfile_key *key,
                            mlkem_keyfile_type form,
                            mlkem_keyfile_encoding encoding, uint8_t *out,
                            size_t cap, size_t *out_len,
                            mlkem_keyfile_error *err) {
  const mlkem_keyfile_entry *e;
  int rc;
  if (out_len != NULL) *out_len = 0;
  if (out == NULL || out_len == NULL || key == NULL)
    rc = bad_argument(err, "a NULL pointer");
  else if ((e = entry_of(table, key->alg)) == NULL || !valid_type(key->type))
    rc = bad_argument(err, "not a key made by mlkem_keyfile");
  else if (!valid_type(form))
    rc = bad_argument(err, "unknown private key form");
  else if (encoding < MLKEM_KEYFILE_PEM || encoding > MLKEM_KEYFILE_RAW)
    rc = bad_argument(err, "unknown encoding");
  else
    rc = encode(key, e, form, encoding, out, cap, out_len, err);
  if (rc != MLKEM_KEYFILE_OK) {
    if (out != NULL) mlkem_zeroize(out, cap);
    if (out_len != NULL) *out_len = 0;
    return rc;
  }
  return ok(err);
}

int mlkem_keyfile_encode(const mlkem_keyfile_key *key, mlkem_keyfile_type form,
                         mlkem_keyfile_encoding encoding, uint8_t *out,
                         size_t cap, size_t *out_len,
                         mlkem_keyfile_error *err) {
  return mlkem_keyfile_encode_in(mlkem_keyfile_table, key, form, encoding, out,
                                 cap, out_len, err);
}
