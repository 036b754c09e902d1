/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_provider_keyfile.c - the provider's encoders and decoders
 * (provider/encoder.c, decoder.c) through OpenSSL's own key-file API, in a
 * library context that loads the module (argv[1] is its directory) and
 * the default provider (whose PEM-to-DER and decryption decoders come
 * first in the chain).
 *
 *  - RFC 9935's example keys (tests/vectors/rfc9935-examples, written by
 *    Go's crypto/mlkem): every file read by OSSL_DECODER,
 *    PEM_read_bio_PrivateKey / PEM_read_bio_PUBKEY and, as DER,
 *    d2i_AutoPrivateKey / d2i_PUBKEY; each key equal to the one generated
 *    through EVP from the RFC's seed 00 01 ... 3f; written again in every
 *    form (the encoder parameter private_key_form) and encoding by
 *    OSSL_ENCODER, PEM_write_bio_PrivateKey, i2d_PrivateKey, i2d_PUBKEY
 *    byte for byte as the RFC's files (PEM) and their contents (DER, as
 *    OpenSSL's generic PEM reader gives them); the text form against the
 *    known seed and the file's ek; an exchange between the keys read; the
 *    public key of the RFC's certificate of each.
 *  - The RFC's inconsistent keys refused with the provider's reason on
 *    the error queue (bad-2, which FIPS 203's checks accept, refused by
 *    EVP_PKEY_check's pairwise test), and files built here: parameters
 *    present, a non-reduced ek, a cut file.
 *  - Other key types (EC, X25519, RSA) still read and written with the
 *    module loaded: its decoders pass DER of another type on.
 *  - Encrypted PKCS#8 (PEM and DER, AES-256 under PBES2) written and read
 *    back; a wrong pass phrase refused.
 *  - X-Wing: the draft's example key files (tests/vectors/xwing-draft) read,
 *    equal to the key of their seed, written again byte for byte (the seed
 *    form whatever form is asked), the text form; a non-reduced ML-KEM
 *    part refused.
 *  - Random keys of each type written and read back through EVP.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/decoder.h>
#include <openssl/encoder.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/provider.h>
#include <openssl/rsa.h>
#include <openssl/x509.h>

#include "provider_test.h"
#include "test_util.h"

#ifndef OSSL_PKEY_PARAM_ML_KEM_SEED
#define OSSL_PKEY_PARAM_ML_KEM_SEED "seed"
#endif

static OSSL_LIB_CTX *libctx;

typedef struct {
  const char *name;
  size_t ek;
} set_info;

static const set_info sets[] = {
    {"ML-KEM-512", 800},
    {"ML-KEM-768", 1184},
    {"ML-KEM-1024", 1568},
};
#define NSETS (sizeof sets / sizeof sets[0])

static const char *const forms[] = {"seed", "expanded", "both"};

/* Files and BIOs ---------------------------------------------------------- */

typedef struct {
  unsigned char *p;
  size_t n;
} bytes;

static bytes read_vector(const char *set, const char *suffix) {
  char rel[96];
  bytes b;
  snprintf(rel, sizeof rel, "rfc9935-examples/%s%s", set, suffix);
  b.p = (unsigned char *)test_read_file(test_vector_path(rel), &b.n);
  return b;
}

/* The DER inside a PEM file, by OpenSSL's generic PEM reader. */
static bytes pem_contents(const bytes *pem) {
  BIO *bio = BIO_new_mem_buf(pem->p, (int)pem->n);
  char *name = NULL, *header = NULL;
  unsigned char *data = NULL;
  long len = 0;
  bytes b = {NULL, 0};
  if (bio != NULL && PEM_read_bio(bio, &name, &header, &data, &len) == 1) {
    b.p = data;
    b.n = (size_t)len;
  }
  OPENSSL_free(name);
  OPENSSL_free(header);
  BIO_free(bio);
  return b;
}

/* What a memory BIO holds, copied (NUL-terminated); the BIO is freed. */
static bytes drain(BIO *bio) {
  bytes b = {NULL, 0};
  char *p = NULL;
  long n = bio != NULL ? BIO_get_mem_data(bio, &p) : 0;
  if (n >= 0 && (b.p = malloc((size_t)n + 1)) != NULL) {
    if (n > 0) memcpy(b.p, p, (size_t)n);
    b.p[n] = 0;
    b.n = (size_t)n;
  }
  BIO_free(bio);
  return b;
}

static int same(const bytes *a, const bytes *b) {
  return a->p != NULL && b->p != NULL && a->n == b->n &&
         memcmp(a->p, b->p, a->n) == 0;
}

/* Keys -------------------------------------------------------------------- */

/* The examples' key: generated through EVP from the seed 00 01 02 ...
 * of `len` bytes (the provider's key generation from a seed is checked
 * against NIST's and the X-Wing draft's vectors by test_provider_evp). */
static EVP_PKEY *counting_seed_key(const char *type, size_t len) {
  uint8_t seed[64];
  EVP_PKEY *pkey = NULL;
  EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_name(libctx, type, NULL);
  OSSL_PARAM p[2];
  size_t i;
  for (i = 0; i < sizeof seed; i++) seed[i] = (uint8_t)i;
  p[0] =
      OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_ML_KEM_SEED, seed, len);
  p[1] = OSSL_PARAM_construct_end();
  if (ctx == NULL || EVP_PKEY_keygen_init(ctx) <= 0 ||
      EVP_PKEY_CTX_set_params(ctx, p) <= 0 || EVP_PKEY_keygen(ctx, &pkey) <= 0)
    pkey = NULL;
  EVP_PKEY_CTX_free(ctx);
  return pkey;
}

/* RFC 9935's key: the seed 00 01 ... 3f. */
static EVP_PKEY *rfc_key(const char *set) {
  return counting_seed_key(set, 64);
}

/* A key through OSSL_DECODER (any structure; any input type if input is
 * NULL), of `type` if not NULL, decrypted with pass if not NULL. */
static EVP_PKEY *decode_pass(const bytes *in, const char *input,
                             const char *type, int selection,
                             const char *pass) {
  EVP_PKEY *pkey = NULL;
  const unsigned char *p = in->p;
  size_t n = in->n;
  OSSL_DECODER_CTX *dctx = OSSL_DECODER_CTX_new_for_pkey(
      &pkey, input, NULL, type, selection, libctx, NULL);
  if (dctx != NULL && pass != NULL &&
      !OSSL_DECODER_CTX_set_passphrase(dctx, (const unsigned char *)pass,
                                       strlen(pass))) {
    OSSL_DECODER_CTX_free(dctx);
    dctx = NULL;
  }
  if (dctx == NULL || !OSSL_DECODER_from_data(dctx, &p, &n)) {
    EVP_PKEY_free(pkey);
    pkey = NULL;
  }
  OSSL_DECODER_CTX_free(dctx);
  return pkey;
}

static EVP_PKEY *decode(const bytes *in, const char *input, const char *type,
                        int selection) {
  return decode_pass(in, input, type, selection, NULL);
}

/* The key written by OSSL_ENCODER in `output` ("PEM", "DER", "TEXT") and
 * `structure`, with the private_key_form parameter if form is not NULL. */
static bytes encode(EVP_PKEY *pkey, int selection, const char *output,
                    const char *structure, const char *form) {
  OSSL_ENCODER_CTX *ectx =
      OSSL_ENCODER_CTX_new_for_pkey(pkey, selection, output, structure, NULL);
  unsigned char *data = NULL;
  size_t len = 0;
  bytes b = {NULL, 0};
  OSSL_PARAM p[2];
  int ok = ectx != NULL && OSSL_ENCODER_CTX_get_num_encoders(ectx) > 0;
  if (ok && form != NULL) {
    p[0] = OSSL_PARAM_construct_utf8_string("private_key_form",
                                            (char *)(uintptr_t)form, 0);
    p[1] = OSSL_PARAM_construct_end();
    ok = OSSL_ENCODER_CTX_set_params(ectx, p);
  }
  if (ok && OSSL_ENCODER_to_data(ectx, &data, &len)) {
    b.p = data;
    b.n = len;
  }
  OSSL_ENCODER_CTX_free(ectx);
  return b;
}

/* An exchange: encapsulation to pub, decapsulation with priv. */
static int exchange(EVP_PKEY *pub, EVP_PKEY *priv) {
  unsigned char ct[2048], ss[64], ss2[64];
  size_t ctlen = sizeof ct, sslen = sizeof ss, sslen2 = sizeof ss2;
  EVP_PKEY_CTX *e = EVP_PKEY_CTX_new_from_pkey(libctx, pub, NULL);
  EVP_PKEY_CTX *d = EVP_PKEY_CTX_new_from_pkey(libctx, priv, NULL);
  int ok = e != NULL && d != NULL && EVP_PKEY_encapsulate_init(e, NULL) > 0 &&
           EVP_PKEY_encapsulate(e, ct, &ctlen, ss, &sslen) > 0 &&
           EVP_PKEY_decapsulate_init(d, NULL) > 0 &&
           EVP_PKEY_decapsulate(d, ss2, &sslen2, ct, ctlen) > 0 &&
           sslen == 32 && sslen2 == 32 && memcmp(ss, ss2, 32) == 0;
  EVP_PKEY_CTX_free(e);
  EVP_PKEY_CTX_free(d);
  return ok;
}

static void free_bytes(bytes *b) {
  OPENSSL_free(b->p);
  b->p = NULL;
}

/* RFC 9935's examples ----------------------------------------------------- */

/* The text form: the header, then "seed:" with 00:01:...:0e on the first
 * line (the RFC's seed), and the ek of the file in hex. */
static void check_text(EVP_PKEY *pkey, const set_info *s, const bytes *spki) {
  char want[128], hex[4];
  bytes text = encode(pkey, EVP_PKEY_KEYPAIR, "TEXT", NULL, NULL);
  bytes pub = encode(pkey, EVP_PKEY_PUBLIC_KEY, "TEXT", NULL, NULL);
  const unsigned char *ek = spki->p + spki->n - s->ek;
  const char *at;
  size_t i, found = 0;
  snprintf(want, sizeof want,
           "%s Private-Key:\nseed:\n    00:01:02:03:04:05:06:07:08:09:0a:"
           "0b:0c:0d:0e:\n",
           s->name);
  CHECKF(text.p != NULL && strncmp((char *)text.p, want, strlen(want)) == 0,
         "%s: text form starts with the seed", s->name);
  snprintf(want, sizeof want, "%s Public-Key:\nek:\n", s->name);
  CHECKF(pub.p != NULL && strncmp((char *)pub.p, want, strlen(want)) == 0,
         "%s: public text form", s->name);
  /* Every byte of ek in order, in the private and the public text. */
  at = pub.p != NULL ? strstr((char *)pub.p, "ek:\n") : NULL;
  for (i = 0; at != NULL && i < s->ek; i++) {
    snprintf(hex, sizeof hex, "%02x", ek[i]);
    at = strstr(at, hex);
    if (at != NULL) {
      found++;
      at += 2;
    }
  }
  CHECKF(found == s->ek, "%s: the text shows ek", s->name);
  CHECK(text.p != NULL && strstr((char *)text.p, "\ndk:\n") != NULL &&
        strstr((char *)text.p, "\nek:\n") != NULL);
  free_bytes(&text);
  free_bytes(&pub);
}

static void test_rfc9935(const set_info *s) {
  static const char *const files[] = {"-seed.priv", "-expanded.priv",
                                      "-both.priv"};
  EVP_PKEY *want = rfc_key(s->name), *keys[3], *pub, *k;
  bytes pem[3], der[3], pub_pem, pub_der, out, b;
  X509 *cert;
  const unsigned char *p;
  size_t i, f;
  BIO *bio;

  CHECKF(want != NULL, "%s: key from the RFC's seed", s->name);
  pub_pem = read_vector(s->name, ".pub");
  pub_der = pem_contents(&pub_pem);
  for (i = 0; i < 3; i++) {
    pem[i] = read_vector(s->name, files[i]);
    der[i] = pem_contents(&pem[i]);
    keys[i] = decode(&pem[i], NULL, NULL, 0);
    CHECKF(keys[i] != NULL && EVP_PKEY_is_a(keys[i], s->name) &&
               EVP_PKEY_eq(keys[i], want) == 1,
           "%s%s: read by OSSL_DECODER, the RFC's key", s->name, files[i]);
    /* The same through PEM_read_bio_PrivateKey and d2i_AutoPrivateKey. */
    bio = BIO_new_mem_buf(pem[i].p, (int)pem[i].n);
    k = PEM_read_bio_PrivateKey_ex(bio, NULL, NULL, NULL, libctx, NULL);
    CHECKF(k != NULL && EVP_PKEY_eq(k, want) == 1,
           "%s%s: PEM_read_bio_PrivateKey", s->name, files[i]);
    EVP_PKEY_free(k);
    BIO_free(bio);
    p = der[i].p;
    k = d2i_AutoPrivateKey_ex(NULL, &p, (long)der[i].n, libctx, NULL);
    CHECKF(k != NULL && EVP_PKEY_eq(k, want) == 1,
           "%s%s as DER: d2i_AutoPrivateKey", s->name, files[i]);
    EVP_PKEY_free(k);
    k = decode(&der[i], "DER", s->name, EVP_PKEY_KEYPAIR);
    CHECKF(k != NULL && EVP_PKEY_eq(k, want) == 1,
           "%s%s as DER: OSSL_DECODER for the type", s->name, files[i]);
    EVP_PKEY_free(k);
  }
  /* The public key, by every reader. */
  pub = decode(&pub_pem, "PEM", NULL, EVP_PKEY_PUBLIC_KEY);
  CHECKF(pub != NULL && EVP_PKEY_eq(pub, want) == 1,
         "%s.pub: OSSL_DECODER, the RFC's public key", s->name);
  bio = BIO_new_mem_buf(pub_pem.p, (int)pub_pem.n);
  k = PEM_read_bio_PUBKEY_ex(bio, NULL, NULL, NULL, libctx, NULL);
  CHECKF(k != NULL && EVP_PKEY_eq(k, want) == 1, "%s.pub: PEM_read_bio_PUBKEY",
         s->name);
  EVP_PKEY_free(k);
  BIO_free(bio);
  p = pub_der.p;
  k = d2i_PUBKEY_ex(NULL, &p, (long)pub_der.n, libctx, NULL);
  CHECKF(k != NULL && EVP_PKEY_eq(k, want) == 1, "%s.pub as DER: d2i_PUBKEY",
         s->name);
  EVP_PKEY_free(k);
  /* The RFC's certificate of the key: its SubjectPublicKeyInfo read
   * through the module as the certificate is parsed. */
  b = read_vector(s->name, ".crt");
  bio = BIO_new_mem_buf(b.p, (int)b.n);
  cert = X509_new_ex(libctx, NULL);
  CHECKF(cert != NULL && PEM_read_bio_X509(bio, &cert, NULL, NULL) != NULL &&
             (k = X509_get0_pubkey(cert)) != NULL && EVP_PKEY_eq(k, want) == 1,
         "%s.crt: the certificate's public key", s->name);
  X509_free(cert);
  BIO_free(bio);
  free(b.p);

  /* Written again: each key read with its seed in each form, the key
   * read without it in the expanded form whatever the form asked. */
  for (i = 0; i < 3; i++) {
    if (keys[i] == NULL) continue;
    for (f = 0; f < 3; f++) {
      size_t want_f = i == 1 ? 1 : f;
      out =
          encode(keys[i], EVP_PKEY_KEYPAIR, "PEM", "PrivateKeyInfo", forms[f]);
      CHECKF(same(&out, &pem[want_f]), "%s%s written as %s: %s byte for byte",
             s->name, files[i], forms[f], files[want_f]);
      free_bytes(&out);
      out =
          encode(keys[i], EVP_PKEY_KEYPAIR, "DER", "PrivateKeyInfo", forms[f]);
      CHECKF(same(&out, &der[want_f]), "%s%s written as %s DER", s->name,
             files[i], forms[f]);
      free_bytes(&out);
    }
    /* The default form is seed; PEM_write_bio_PrivateKey and
     * i2d_PrivateKey use it. */
    bio = BIO_new(BIO_s_mem());
    CHECK(PEM_write_bio_PrivateKey(bio, keys[i], NULL, NULL, 0, NULL, NULL));
    out = drain(bio);
    CHECKF(same(&out, &pem[i == 1 ? 1 : 0]), "%s%s: PEM_write_bio_PrivateKey",
           s->name, files[i]);
    free(out.p);
    out.p = NULL;
    out.n = (size_t)i2d_PrivateKey(keys[i], &out.p);
    CHECKF(same(&out, &der[i == 1 ? 1 : 0]), "%s%s: i2d_PrivateKey", s->name,
           files[i]);
    free_bytes(&out);
    /* Its public key. */
    out = encode(keys[i], EVP_PKEY_PUBLIC_KEY, "PEM", "SubjectPublicKeyInfo",
                 NULL);
    CHECKF(same(&out, &pub_pem), "%s%s: its SubjectPublicKeyInfo is %s.pub",
           s->name, files[i], s->name);
    free_bytes(&out);
    out.n = (size_t)i2d_PUBKEY(keys[i], &out.p);
    CHECKF(same(&out, &pub_der), "%s%s: i2d_PUBKEY", s->name, files[i]);
    free_bytes(&out);
    CHECKF(exchange(pub, keys[i]),
           "%s%s: decapsulates what is "
           "encapsulated to %s.pub",
           s->name, files[i], s->name);
  }
  if (pub != NULL) {
    out = encode(pub, EVP_PKEY_PUBLIC_KEY, "DER", "SubjectPublicKeyInfo", NULL);
    CHECKF(same(&out, &pub_der), "%s.pub read and written again", s->name);
    free_bytes(&out);
    /* No private key to write. */
    out = encode(pub, EVP_PKEY_KEYPAIR, "PEM", "PrivateKeyInfo", NULL);
    CHECK(out.p == NULL);
    CHECK(ptest_error_is("missing key"));
  }
  if (keys[0] != NULL) check_text(keys[0], s, &pub_der);

  for (i = 0; i < 3; i++) {
    EVP_PKEY_free(keys[i]);
    free(pem[i].p);
    free_bytes(&der[i]);
  }
  EVP_PKEY_free(pub);
  EVP_PKEY_free(want);
  free(pub_pem.p);
  free_bytes(&pub_der);
  ptest_no_error(s->name);
}

/* X-Wing ------------------------------------------------------------------ */

/* The draft's "Use in X.509" example (tests/vectors/xwing-draft): the key
 * of the seed 00 01 ... 1f, its PKCS#8 (the seed in the privateKey OCTET
 * STRING, the only form) and SubjectPublicKeyInfo. */
static void test_xwing(void) {
  static const char prefix[] =
      "X-Wing Private-Key:\nseed:\n    00:01:02:03:04:05:06:07:08:09:0a:0b:"
      "0c:0d:0e:\n    0f:10:11:12:13:14:15:16:17:18:19:1a:1b:1c:1d:\n    "
      "1e:1f\nek:\n";
  EVP_PKEY *want = counting_seed_key("X-Wing", 32), *key, *pub, *k;
  bytes priv_pem, pub_pem, priv_der, pub_der, out;
  unsigned char bad[1300];
  const unsigned char *p;
  size_t f;
  priv_pem.p = (unsigned char *)test_read_file(
      test_vector_path("xwing-draft/xwing.priv"), &priv_pem.n);
  pub_pem.p = (unsigned char *)test_read_file(
      test_vector_path("xwing-draft/xwing.pub"), &pub_pem.n);
  priv_der = pem_contents(&priv_pem);
  pub_der = pem_contents(&pub_pem);
  key = decode(&priv_pem, NULL, NULL, 0);
  pub = decode(&pub_pem, NULL, NULL, EVP_PKEY_PUBLIC_KEY);
  CHECKF(want != NULL && key != NULL && EVP_PKEY_is_a(key, "X-Wing") &&
             EVP_PKEY_eq(key, want) == 1,
         "xwing.priv: read, the draft's key");
  CHECKF(pub != NULL && EVP_PKEY_eq(pub, want) == 1,
         "xwing.pub: read, the draft's public key");
  p = priv_der.p;
  k = d2i_AutoPrivateKey_ex(NULL, &p, (long)priv_der.n, libctx, NULL);
  CHECK(k != NULL && EVP_PKEY_eq(k, want) == 1);
  EVP_PKEY_free(k);
  p = pub_der.p;
  k = d2i_PUBKEY_ex(NULL, &p, (long)pub_der.n, libctx, NULL);
  CHECK(k != NULL && EVP_PKEY_eq(k, want) == 1);
  EVP_PKEY_free(k);
  if (key != NULL && pub != NULL) {
    /* The seed is its only form, whatever the form asked. */
    for (f = 0; f < 3; f++) {
      out = encode(key, EVP_PKEY_KEYPAIR, "PEM", "PrivateKeyInfo", forms[f]);
      CHECKF(same(&out, &priv_pem), "xwing.priv written again (%s asked)",
             forms[f]);
      free_bytes(&out);
    }
    out = encode(key, EVP_PKEY_KEYPAIR, "DER", "PrivateKeyInfo", NULL);
    CHECK(same(&out, &priv_der));
    free_bytes(&out);
    out = encode(key, EVP_PKEY_PUBLIC_KEY, "PEM", "SubjectPublicKeyInfo", NULL);
    CHECK(same(&out, &pub_pem));
    free_bytes(&out);
    out.n = (size_t)i2d_PUBKEY(pub, &out.p);
    CHECK(same(&out, &pub_der));
    free_bytes(&out);
    out = encode(key, EVP_PKEY_KEYPAIR, "TEXT", NULL, NULL);
    CHECKF(out.p != NULL &&
               strncmp((char *)out.p, prefix, sizeof prefix - 1) == 0 &&
               strstr((char *)out.p, "dk:") == NULL,
           "X-Wing text form: the seed, then ek");
    free_bytes(&out);
    CHECK(exchange(pub, key));
  }
  /* The ML-KEM-768 part's first coefficient 3329 (the draft's
   * encapsulation checks it): refused. The public key starts after the
   * SubjectPublicKeyInfo's 24 bytes of header (SEQUENCE 4, the
   * AlgorithmIdentifier with its 11-byte OID 15, the BIT STRING's header 4
   * and unused-bits byte 1). */
  CHECK(pub_der.n == 24 + 1216 && pub_der.n <= sizeof bad);
  if (pub_der.n == 24 + 1216) {
    memcpy(bad, pub_der.p, pub_der.n);
    bad[24] = 0x01;
    bad[25] = (uint8_t)((bad[25] & 0xF0) | 0x0D);
    out.p = bad;
    out.n = pub_der.n;
    k = decode(&out, "DER", NULL, 0);
    CHECK(k == NULL);
    CHECK(ptest_error_is("invalid key"));
    EVP_PKEY_free(k);
  }
  EVP_PKEY_free(want);
  EVP_PKEY_free(key);
  EVP_PKEY_free(pub);
  free(priv_pem.p);
  free(pub_pem.p);
  free_bytes(&priv_der);
  free_bytes(&pub_der);
  ptest_no_error("X-Wing");
}

/* Refusals ---------------------------------------------------------------- */

/* A file refused by the decoders with `reason` on the queue. */
static void refused(const bytes *in, const char *input, const char *reason,
                    const char *what) {
  EVP_PKEY *k = decode(in, input, NULL, 0);
  CHECKF(k == NULL, "%s: refused", what);
  CHECKF(ptest_error_is(reason), "%s: refused as \"%s\"", what, reason);
  EVP_PKEY_free(k);
}

static void test_refusals(void) {
  static const char *const bad[] = {"bad-ML-KEM-512-1", "bad-ML-KEM-512-2",
                                    "bad-ML-KEM-512-3", "bad-ML-KEM-512-4"};
  static const char *const reasons[] = {
      "key parts do not match", NULL, "invalid key", "key parts do not match"};
  unsigned char buf[2048];
  bytes b, der, built;
  EVP_PKEY *k;
  EVP_PKEY_CTX *ctx;
  size_t i;

  for (i = 0; i < 4; i++) {
    b = read_vector(bad[i], ".priv");
    if (reasons[i] != NULL) {
      refused(&b, NULL, reasons[i], bad[i]);
    } else {
      /* FIPS 203's checks pass (RFC 9935 says so); the pairwise test of
       * a full check finds it. */
      k = decode(&b, NULL, NULL, 0);
      CHECKF(k != NULL, "%s: read (the section 7.3 checks pass)", bad[i]);
      ctx = k != NULL ? EVP_PKEY_CTX_new_from_pkey(libctx, k, NULL) : NULL;
      CHECK(ctx != NULL && EVP_PKEY_check(ctx) <= 0);
      CHECK(ptest_error_is("key parts do not match"));
      EVP_PKEY_CTX_free(ctx);
      EVP_PKEY_free(k);
    }
    free(b.p);
  }

  /* The RFC's ML-KEM-768 seed file: with NULL parameters added to its
   * AlgorithmIdentifier (RFC 9935 section 3: absent), cut short by a
   * byte, and its public key with the first coefficient 3329 (FIPS 203
   * section 7.2). */
  b = read_vector("ML-KEM-768", "-seed.priv");
  der = pem_contents(&b);
  free(b.p);
  CHECK(der.n == 86 && der.p[0] == 0x30 && der.p[1] == 84 && der.p[5] == 0x30 &&
        der.p[6] == 11);
  if (der.n == 86) {
    built.p = buf;
    built.n = der.n + 2;
    memcpy(buf, der.p, 18);
    buf[1] = 86;
    buf[6] = 13;
    buf[18] = 0x05;
    buf[19] = 0x00;
    memcpy(buf + 20, der.p + 18, der.n - 18);
    refused(&built, "DER", "bad key encoding", "parameters present");
    built.p = der.p;
    built.n = der.n - 1;
    /* Not one DER element: no decoder's, and no reason of the
     * provider's. */
    k = decode(&built, "DER", NULL, 0);
    CHECK(k == NULL);
    ERR_clear_error();
  }
  free_bytes(&der);
  b = read_vector("ML-KEM-768", ".pub");
  der = pem_contents(&b);
  free(b.p);
  if (der.n == 1206) {
    memcpy(buf, der.p, der.n);
    buf[22] = 0x01;
    buf[23] = (uint8_t)((buf[23] & 0xF0) | 0x0D);
    built.p = buf;
    built.n = der.n;
    refused(&built, "DER", "invalid key", "non-reduced ek");
  }
  CHECK(der.n == 1206);
  free_bytes(&der);
  ptest_no_error("refusals");
}

/* Other key types pass through ------------------------------------------- */

static void test_other_types(void) {
  static const char *const types[] = {"EC", "X25519", "RSA"};
  size_t i;
  for (i = 0; i < 3; i++) {
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_name(libctx, types[i], NULL);
    EVP_PKEY *k = NULL, *back;
    bytes pem = {NULL, 0}, spki = {NULL, 0};
    int ok = ctx != NULL && EVP_PKEY_keygen_init(ctx) > 0;
    if (ok && i == 0) ok = EVP_PKEY_CTX_set_group_name(ctx, "P-256") > 0;
    if (ok && i == 2) ok = EVP_PKEY_CTX_set_rsa_keygen_bits(ctx, 1024) > 0;
    ok = ok && EVP_PKEY_keygen(ctx, &k) > 0;
    CHECKF(ok, "%s key generated", types[i]);
    if (ok) {
      pem = encode(k, EVP_PKEY_KEYPAIR, "PEM", "PrivateKeyInfo", NULL);
      back = decode(&pem, NULL, NULL, 0);
      CHECKF(back != NULL && EVP_PKEY_eq(back, k) == 1,
             "%s private key read back with the module loaded", types[i]);
      EVP_PKEY_free(back);
      spki =
          encode(k, EVP_PKEY_PUBLIC_KEY, "DER", "SubjectPublicKeyInfo", NULL);
      back = decode(&spki, "DER", NULL, EVP_PKEY_PUBLIC_KEY);
      CHECKF(back != NULL && EVP_PKEY_eq(back, k) == 1,
             "%s public key read back with the module loaded", types[i]);
      EVP_PKEY_free(back);
    }
    free_bytes(&pem);
    free_bytes(&spki);
    EVP_PKEY_free(k);
    EVP_PKEY_CTX_free(ctx);
  }
  ptest_no_error("other key types");
}

/* Encryption ------------------------------------------------------------- */

static void test_encrypted(void) {
  static char pass[] = "correct horse";
  EVP_PKEY *key = rfc_key("ML-KEM-768"), *back;
  BIO *bio;
  bytes out;
  if (key == NULL) {
    CHECK(key != NULL);
    return;
  }
  bio = BIO_new(BIO_s_mem());
  CHECK(PEM_write_bio_PrivateKey(bio, key, EVP_aes_256_cbc(),
                                 (unsigned char *)pass, (int)strlen(pass), NULL,
                                 NULL));
  out = drain(bio);
  CHECK(out.p != NULL &&
        strncmp((char *)out.p, "-----BEGIN ENCRYPTED PRIVATE KEY-----\n", 38) ==
            0);
  bio = BIO_new_mem_buf(out.p, (int)out.n);
  back = PEM_read_bio_PrivateKey_ex(bio, NULL, NULL, pass, libctx, NULL);
  CHECKF(back != NULL && EVP_PKEY_eq(back, key) == 1,
         "encrypted PEM read back with the pass phrase");
  EVP_PKEY_free(back);
  BIO_free(bio);
  bio = BIO_new_mem_buf(out.p, (int)out.n);
  back = PEM_read_bio_PrivateKey_ex(bio, NULL, NULL, "wrong", libctx, NULL);
  CHECK(back == NULL);
  EVP_PKEY_free(back);
  BIO_free(bio);
  ERR_clear_error();
  free(out.p);
  /* DER: PKCS#8 EncryptedPrivateKeyInfo, read by OpenSSL's decryption
   * decoder and then the module's. */
  bio = BIO_new(BIO_s_mem());
  CHECK(i2d_PKCS8PrivateKey_bio(bio, key, EVP_aes_256_cbc(), pass,
                                (int)strlen(pass), NULL, NULL));
  out = drain(bio);
  back = decode_pass(&out, "DER", NULL, EVP_PKEY_KEYPAIR, pass);
  CHECKF(back != NULL && EVP_PKEY_eq(back, key) == 1,
         "encrypted DER read back");
  EVP_PKEY_free(back);
  free(out.p);
  EVP_PKEY_free(key);
  ptest_no_error("encrypted keys");
}

/* Random keys ------------------------------------------------------------ */

static void test_random_keys(void) {
  static const char *const types[] = {"ML-KEM-512", "ML-KEM-768", "ML-KEM-1024",
                                      "X-Wing"};
  size_t i, f;
  for (i = 0; i < 4; i++) {
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_name(libctx, types[i], NULL);
    EVP_PKEY *k = NULL, *back;
    bytes out, spki;
    CHECK(ctx != NULL && EVP_PKEY_keygen_init(ctx) > 0 &&
          EVP_PKEY_keygen(ctx, &k) > 0);
    EVP_PKEY_CTX_free(ctx);
    if (k == NULL) continue;
    for (f = 0; f < 3; f++) {
      out = encode(k, EVP_PKEY_KEYPAIR, "DER", "PrivateKeyInfo", forms[f]);
      back = decode(&out, "DER", NULL, EVP_PKEY_KEYPAIR);
      CHECKF(back != NULL && EVP_PKEY_eq(back, k) == 1,
             "%s random key in the %s form read back", types[i], forms[f]);
      EVP_PKEY_free(back);
      free_bytes(&out);
    }
    spki = encode(k, EVP_PKEY_PUBLIC_KEY, "PEM", "SubjectPublicKeyInfo", NULL);
    back = decode(&spki, "PEM", NULL, EVP_PKEY_PUBLIC_KEY);
    CHECKF(back != NULL && EVP_PKEY_eq(back, k) == 1 && exchange(back, k),
           "%s random public key read back, an exchange with it", types[i]);
    EVP_PKEY_free(back);
    free_bytes(&spki);
    /* An unknown form is refused by the encoder. */
    out = encode(k, EVP_PKEY_KEYPAIR, "PEM", "PrivateKeyInfo", "compact");
    CHECK(out.p == NULL);
    CHECK(ptest_error_is("bad parameter"));
    EVP_PKEY_free(k);
  }
  ptest_no_error("random keys");
}

int main(int argc, char **argv) {
  OSSL_PROVIDER *mlkem, *dflt;
  size_t i;
  if (argc != 2) {
    fprintf(stderr, "usage: %s MODULE_DIR\n", argv[0]);
    return 2;
  }
  libctx = ptest_load(argv[1], &mlkem, &dflt);
  if (libctx == NULL) return test_summary("test_provider_keyfile");
  for (i = 0; i < NSETS; i++) test_rfc9935(&sets[i]);
  test_xwing();
  test_refusals();
  test_other_types();
  test_encrypted();
  test_random_keys();
  ptest_unload(libctx, mlkem, dflt);
  return test_summary("test_provider_keyfile");
}
