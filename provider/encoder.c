/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * encoder.c - encoders (provider-encoder(7)) for the key types that have
 * key files (ML-KEM-512/768/1024 and X-Wing, MLKP_KEYFILE_TYPES in
 * prov.h): a private key as PKCS#8 PrivateKeyInfo, a public key as
 * SubjectPublicKeyInfo, each in DER or PEM, and either as text. The files
 * are written by the library's key-file codec (include/mlkem_keyfile.h),
 * so `openssl genpkey`, `openssl pkey` and PEM_write_bio_PrivateKey write
 * the bytes `mlkem keygen` and `mlkem convert` write for the same key and
 * form.
 *
 * The private key form of RFC 9935 (seed, expanded or both) is the encoder
 * context's parameter "private_key_form"; unset, the provider's
 * configuration setting of the same name (a value that is none of the
 * three makes the private key encoders fail); unset, seed. A key without
 * its seed (read from an expanded key) has only the expanded form, and an
 * X-Wing key only the seed form (the draft's "Use in X.509"): each is
 * written in its one form whatever the setting.
 *
 * With a cipher (the "cipher" parameter, as `openssl genpkey -aes256`,
 * `openssl pkey -aes256` and PEM_write_bio_PrivateKey with a cipher set
 * it), the PKCS#8 is encrypted into an EncryptedPrivateKeyInfo (RFC 5958
 * section 3, PBES2 of RFC 8018) by libcrypto's PKCS8_encrypt_ex, with the
 * pass phrase from the caller's callback, as OpenSSL's own encoders do:
 * PEM label "ENCRYPTED PRIVATE KEY". OpenSSL's default provider decrypts
 * it on the way back in, before the decoders of decoder.c.
 */
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <openssl/pkcs12.h>
#include <openssl/x509.h>

#include "../cli/hex.h" /* mlkem_hex_digit, shared with the tool */
#include "platform/ct.h"
#include "keyfile/pem.h"
#include "prov.h"

typedef struct {
  mlkp_provctx *prov;
  const mlkp_alg *alg;
  mlkem_keyfile_type form; /* the private key form */
  /* Encryption of a private key: the cipher's name and the properties to
   * fetch it with (NULL: none). */
  char *cipher, *cipher_props;
} enc_ctx;

static void *enc_newctx(void *provctx, const mlkp_alg *alg) {
  mlkp_provctx *prov = provctx;
  enc_ctx *ctx = OPENSSL_zalloc(sizeof *ctx);
  if (ctx == NULL) {
    MLKP_ERROR(prov, MLKP_R_MALLOC, "%s: no memory for an encoder", alg->name);
    return NULL;
  }
  ctx->prov = prov;
  ctx->alg = alg;
  ctx->form = prov->private_form;
  return ctx;
}

static void enc_freectx(void *vctx) {
  enc_ctx *ctx = vctx;
  if (ctx == NULL) return;
  OPENSSL_free(ctx->cipher);
  OPENSSL_free(ctx->cipher_props);
  OPENSSL_free(ctx);
}

/* Replaces *field by a copy of the UTF-8 string parameter p (NULL or
 * empty: no value). */
static int set_string(enc_ctx *ctx, const OSSL_PARAM *p, char **field) {
  const char *value = NULL;
  if (p->data_type == OSSL_PARAM_UTF8_STRING &&
      !OSSL_PARAM_get_utf8_string_ptr(p, &value)) {
    MLKP_ERROR(ctx->prov, MLKP_R_BAD_PARAMETER, "encoder parameter %s", p->key);
    return 0;
  }
  OPENSSL_free(*field);
  *field = NULL;
  if (value == NULL || value[0] == '\0') return 1;
  if ((*field = OPENSSL_strdup(value)) == NULL) {
    MLKP_ERROR(ctx->prov, MLKP_R_MALLOC, "no memory");
    return 0;
  }
  return 1;
}

static int enc_set_ctx_params(void *vctx, const OSSL_PARAM params[]) {
  enc_ctx *ctx = vctx;
  const OSSL_PARAM *p;
  const char *name = NULL;
  if (params == NULL) return 1;
  p = OSSL_PARAM_locate_const(params, MLKP_PARAM_PRIVATE_KEY_FORM);
  if (p != NULL) {
    mlkem_keyfile_type form = (mlkem_keyfile_type)0;
    if (OSSL_PARAM_get_utf8_string_ptr(p, &name))
      form = mlkp_form_by_name(name);
    if (form == 0) {
      MLKP_ERROR(ctx->prov, MLKP_R_BAD_PARAMETER,
                 "%s: encoder parameter %s = %s: not seed, expanded or both",
                 ctx->alg->name, MLKP_PARAM_PRIVATE_KEY_FORM,
                 name == NULL ? "?" : name);
      return 0;
    }
    ctx->form = form;
  }
  /* A cipher named (not NULL, not empty) asks for an encrypted key. */
  p = OSSL_PARAM_locate_const(params, OSSL_ENCODER_PARAM_CIPHER);
  if (p != NULL && !set_string(ctx, p, &ctx->cipher)) return 0;
  p = OSSL_PARAM_locate_const(params, OSSL_ENCODER_PARAM_PROPERTIES);
  if (p != NULL && !set_string(ctx, p, &ctx->cipher_props)) return 0;
  return 1;
}

static const OSSL_PARAM *enc_settable_ctx_params(void *provctx) {
  static const OSSL_PARAM settable[] = {
      OSSL_PARAM_utf8_string(MLKP_PARAM_PRIVATE_KEY_FORM, NULL, 0),
      OSSL_PARAM_utf8_string(OSSL_ENCODER_PARAM_CIPHER, NULL, 0),
      OSSL_PARAM_utf8_string(OSSL_ENCODER_PARAM_PROPERTIES, NULL, 0),
      OSSL_PARAM_END,
  };
  (void)provctx;
  return settable;
}

/* A key of another provider's key management, as parameters
 * (provider-encoder(7), "Import functions"). */
static void *enc_import_object(void *vctx, int selection,
                               const OSSL_PARAM params[]) {
  enc_ctx *ctx = vctx;
  mlkp_key *key = mlkp_key_new(ctx->prov, ctx->alg);
  if (key != NULL && !mlkp_key_import(key, selection, params)) {
    mlkp_key_free(key);
    key = NULL;
  }
  return key;
}

static void enc_free_object(void *key) {
  mlkp_key_free(key);
}

/* Which parts each encoder writes (and decoder reads), as the selection
 * levels of provider-keymgmt(7) go: asked for a private key, the PKCS#8
 * ones answer; asked for the public key (and not the private key), the
 * SubjectPublicKeyInfo ones; text writes either. Selection 0: any. */
int mlkp_private_does_selection(void *provctx, int selection) {
  (void)provctx;
  return selection == 0 || (selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0;
}

int mlkp_public_does_selection(void *provctx, int selection) {
  (void)provctx;
  return selection == 0 ||
         ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) == 0 &&
          (selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) != 0);
}

int mlkp_text_does_selection(void *provctx, int selection) {
  (void)provctx;
  return selection == 0 || (selection & OSSL_KEYMGMT_SELECT_KEYPAIR) != 0;
}

/* Writes all of data to the core BIO. */
static int write_all(const mlkp_provctx *prov, OSSL_CORE_BIO *out,
                     const void *data, size_t len) {
  const unsigned char *p = data;
  size_t written;
  while (len > 0) {
    written = 0;
    if (prov->bio_write_ex == NULL ||
        !prov->bio_write_ex(out, p, len, &written) || written == 0) {
      MLKP_ERROR(prov, MLKP_R_ENCODING, "cannot write the output");
      return 0;
    }
    p += written;
    len -= written;
  }
  return 1;
}

/* The key-file key of key's private key (with its seed when it has one,
 * the library generating the rest from it as it does reading a seed
 * file) or public key, checked as the library checks any key. */
static int to_keyfile(const mlkp_key *key, int private_key,
                      mlkem_keyfile_key *kf) {
  const mlkp_alg *alg = key->alg;
  const mlkem_keyfile_alg *kalg = mlkp_keyfile_alg(alg);
  mlkem_keyfile_error err;
  int rc;
  if (kalg == NULL) {
    MLKP_ERROR(key->prov, MLKP_R_ENCODING, "%s: a key type without key files",
               alg->name);
    return 0;
  }
  if (private_key ? !key->has_priv : !key->has_pub) {
    MLKP_ERROR(key->prov, MLKP_R_MISSING_KEY, "%s: the key has no %s key",
               alg->name, private_key ? "private" : "public");
    return 0;
  }
  if (private_key && key->has_seed)
    rc = mlkem_keyfile_from_raw(kf, kalg, MLKEM_KEYFILE_SEED, key->seed,
                                alg->seed_bytes, &err);
  else if (private_key)
    rc = mlkem_keyfile_from_raw(kf, kalg, MLKEM_KEYFILE_EXPANDED, key->priv,
                                alg->priv_bytes, &err);
  else
    rc = mlkem_keyfile_from_raw(kf, kalg, MLKEM_KEYFILE_PUBLIC, key->pub,
                                alg->pub_bytes, &err);
  if (rc != MLKEM_KEYFILE_OK) {
    MLKP_ERROR(key->prov, MLKP_R_INVALID_KEY, "%s: %s", alg->name, err.msg);
    return 0;
  }
  return 1;
}

/* The object to encode: this provider's key of the encoder's type. */
static const mlkp_key *enc_key(const enc_ctx *ctx, const void *obj_raw) {
  const mlkp_key *key = obj_raw;
  if (key == NULL || key->alg != ctx->alg) {
    MLKP_ERROR(ctx->prov, MLKP_R_BAD_PARAMETER, "%s: no key of this type",
               ctx->alg->name);
    return NULL;
  }
  return key;
}

/* The EncryptedPrivateKeyInfo of the PKCS#8 DER p8[0..len), in DER or
 * PEM, written to out. */
static int write_encrypted(const enc_ctx *ctx, OSSL_CORE_BIO *out,
                           const uint8_t *p8, size_t len,
                           mlkem_keyfile_encoding encoding,
                           OSSL_PASSPHRASE_CALLBACK *cb, void *cbarg) {
  char pass[1024], info[48];
  size_t pass_len = 0, pem_len = 0;
  const unsigned char *in = p8;
  PKCS8_PRIV_KEY_INFO *pki = NULL;
  EVP_CIPHER *cipher = NULL;
  X509_SIG *epki = NULL;
  unsigned char *der = NULL;
  char pem[MLKEM_KEYFILE_MAX_PEM];
  OSSL_PARAM pw_params[2];
  int der_len = 0, ok = 0;

  OPENSSL_strlcpy(info, ctx->alg->name, sizeof info);
  OPENSSL_strlcat(info, " private key", sizeof info);
  pw_params[0] =
      OSSL_PARAM_construct_utf8_string(OSSL_PASSPHRASE_PARAM_INFO, info, 0);
  pw_params[1] = OSSL_PARAM_construct_end();
  if (cb == NULL || !cb(pass, sizeof pass, &pass_len, pw_params, cbarg)) {
    MLKP_ERROR(ctx->prov, MLKP_R_ENCODING,
               "%s: no pass phrase to encrypt the private key with",
               ctx->alg->name);
    goto end;
  }
  cipher = EVP_CIPHER_fetch(ctx->prov->libctx, ctx->cipher, ctx->cipher_props);
  if (cipher == NULL) {
    MLKP_ERROR(ctx->prov, MLKP_R_BAD_PARAMETER, "%s: no cipher %s",
               ctx->alg->name, ctx->cipher);
    goto end;
  }
  /* pbe_nid -1: PBES2 with this cipher; default salt and iterations. */
  if ((pki = d2i_PKCS8_PRIV_KEY_INFO(NULL, &in, (long)len)) == NULL ||
      (epki = PKCS8_encrypt_ex(-1, cipher, pass, (int)pass_len, NULL, 0, 0, pki,
                               ctx->prov->libctx, NULL)) == NULL ||
      (der_len = i2d_X509_SIG(epki, &der)) <= 0) {
    MLKP_ERROR(ctx->prov, MLKP_R_ENCODING, "%s: encrypting the private key",
               ctx->alg->name);
    goto end;
  }
  if (encoding == MLKEM_KEYFILE_DER) {
    ok = write_all(ctx->prov, out, der, (size_t)der_len);
  } else if (mlkem_pem_encode("ENCRYPTED PRIVATE KEY", der, (size_t)der_len,
                              pem, sizeof pem, &pem_len) == MLKEM_PEM_OK) {
    ok = write_all(ctx->prov, out, pem, pem_len);
  } else {
    MLKP_ERROR(ctx->prov, MLKP_R_ENCODING, "%s: encrypted key too long",
               ctx->alg->name);
  }
end:
  OPENSSL_cleanse(pass, sizeof pass);
  PKCS8_PRIV_KEY_INFO_free(pki);
  X509_SIG_free(epki);
  OPENSSL_free(der);
  EVP_CIPHER_free(cipher);
  return ok;
}

/* PKCS#8 or SubjectPublicKeyInfo through mlkem_keyfile_encode. */
static int encode_file(void *vctx, OSSL_CORE_BIO *out, const void *obj_raw,
                       int private_key, mlkem_keyfile_encoding encoding,
                       OSSL_PASSPHRASE_CALLBACK *cb, void *cbarg) {
  enc_ctx *ctx = vctx;
  const mlkp_key *key = enc_key(ctx, obj_raw);
  mlkem_keyfile_key kf;
  mlkem_keyfile_error err;
  mlkem_keyfile_type form = MLKEM_KEYFILE_PUBLIC;
  uint8_t buf[MLKEM_KEYFILE_MAX_PEM];
  size_t len = 0;
  int ok;
  int encrypt = private_key && ctx->cipher != NULL;
  if (key == NULL) return 0;
  if (private_key && ctx->form == 0) {
    MLKP_ERROR(ctx->prov, MLKP_R_BAD_PARAMETER,
               "%s: the provider's configuration sets %s = %s: not seed, "
               "expanded or both",
               ctx->alg->name, MLKP_PARAM_PRIVATE_KEY_FORM,
               ctx->prov->bad_form);
    return 0;
  }
  if (!to_keyfile(key, private_key, &kf)) return 0;
  /* A key without its seed has only the expanded form, a type without an
   * expanded form (X-Wing: dk_bytes 0) only the seed form. */
  if (private_key)
    form = kf.type == MLKEM_KEYFILE_EXPANDED ? MLKEM_KEYFILE_EXPANDED
           : kf.alg->dk_bytes == 0           ? MLKEM_KEYFILE_SEED
                                             : ctx->form;
  ok = mlkem_keyfile_encode(&kf, form, encrypt ? MLKEM_KEYFILE_DER : encoding,
                            buf, sizeof buf, &len, &err) == MLKEM_KEYFILE_OK;
  if (!ok)
    MLKP_ERROR(ctx->prov, MLKP_R_ENCODING, "%s: %s", ctx->alg->name, err.msg);
  if (ok && encrypt)
    ok = write_encrypted(ctx, out, buf, len, encoding, cb, cbarg);
  else
    ok = ok && write_all(ctx->prov, out, buf, len);
  mlkem_keyfile_wipe(&kf);
  OPENSSL_cleanse(buf, sizeof buf);
  return ok;
}

/* A labelled byte string as OpenSSL's text forms show key material: a
 * line "label:", then the bytes in hex, 15 to a line, separated by
 * colons and indented by four spaces. */
static int write_hex(const mlkp_provctx *prov, OSSL_CORE_BIO *out,
                     const char *label, const uint8_t *data, size_t len) {
  char line[64];
  size_t i, n = 0;
  int ok = write_all(prov, out, label, strlen(label)) &&
           write_all(prov, out, ":\n", 2);
  for (i = 0; ok && i < len; i++) {
    if (i % 15 == 0) {
      memcpy(line, "    ", 4);
      n = 4;
    }
    /* The seed and dk are secret: the masked digit. */
    line[n++] = mlkem_hex_digit((uint8_t)(data[i] >> 4), 'a');
    line[n++] = mlkem_hex_digit((uint8_t)(data[i] & 15), 'a');
    if (i + 1 < len) line[n++] = ':';
    if (i % 15 == 14 || i + 1 == len) {
      line[n++] = '\n';
      ok = write_all(prov, out, line, n);
    }
  }
  OPENSSL_cleanse(line, sizeof line);
  return ok;
}

/* `openssl pkey -text` and `-text_pub` (EVP_PKEY_print_private and
 * _public): the type, then the seed (if the key has it), dk and ek of a
 * private key, or ek alone. */
static int encode_text(void *vctx, OSSL_CORE_BIO *out, const void *obj_raw,
                       const OSSL_PARAM obj_abstract[], int selection,
                       OSSL_PASSPHRASE_CALLBACK *cb, void *cbarg) {
  enc_ctx *ctx = vctx;
  const mlkp_key *key = enc_key(ctx, obj_raw);
  const char *name = ctx->alg->name;
  int private_key = (selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0;
  int ok;
  (void)obj_abstract;
  (void)cb;
  (void)cbarg;
  if (key == NULL) return 0;
  if (private_key ? !key->has_priv : !key->has_pub) {
    MLKP_ERROR(ctx->prov, MLKP_R_MISSING_KEY, "%s: the key has no %s key", name,
               private_key ? "private" : "public");
    return 0;
  }
  ok = write_all(ctx->prov, out, name, strlen(name));
  ok = ok && (private_key ? write_all(ctx->prov, out, " Private-Key:\n", 14)
                          : write_all(ctx->prov, out, " Public-Key:\n", 13));
  if (private_key && key->has_seed)
    ok = ok &&
         write_hex(ctx->prov, out, "seed", key->seed, ctx->alg->seed_bytes);
  /* A type whose private key is its seed (X-Wing) shows it once. */
  if (private_key &&
      !(key->has_seed && ctx->alg->priv_bytes == ctx->alg->seed_bytes))
    ok = ok && write_hex(ctx->prov, out, "dk", key->priv, ctx->alg->priv_bytes);
  return ok && write_hex(ctx->prov, out, "ek", key->pub, ctx->alg->pub_bytes);
}

/* The four file encoders. */
#define MLKP_FILE_ENCODER(kind, private_key, encoding)                        \
  static int encode_##kind(void *vctx, OSSL_CORE_BIO *out,                    \
                           const void *obj_raw,                               \
                           const OSSL_PARAM obj_abstract[], int selection,    \
                           OSSL_PASSPHRASE_CALLBACK *cb, void *cbarg) {       \
    (void)obj_abstract;                                                       \
    (void)selection;                                                          \
    return encode_file(vctx, out, obj_raw, private_key, encoding, cb, cbarg); \
  }
MLKP_FILE_ENCODER(pkcs8_der, 1, MLKEM_KEYFILE_DER)
MLKP_FILE_ENCODER(pkcs8_pem, 1, MLKEM_KEYFILE_PEM)
MLKP_FILE_ENCODER(spki_der, 0, MLKEM_KEYFILE_DER)
MLKP_FILE_ENCODER(spki_pem, 0, MLKEM_KEYFILE_PEM)

/* A dispatch table per key type and encoder: newctx knows the type,
 * encode and does_selection the output. */
#define FN(f) ((void (*)(void))(f))
#define MLKP_ENCODER(id, kind, selects)                                        \
  static const OSSL_DISPATCH enc_##id##_##kind[] = {                           \
      {OSSL_FUNC_ENCODER_NEWCTX, FN(enc_newctx_##id)},                         \
      {OSSL_FUNC_ENCODER_FREECTX, FN(enc_freectx)},                            \
      {OSSL_FUNC_ENCODER_SET_CTX_PARAMS, FN(enc_set_ctx_params)},              \
      {OSSL_FUNC_ENCODER_SETTABLE_CTX_PARAMS, FN(enc_settable_ctx_params)},    \
      {OSSL_FUNC_ENCODER_DOES_SELECTION, FN(mlkp_##selects##_does_selection)}, \
      {OSSL_FUNC_ENCODER_ENCODE, FN(encode_##kind)},                           \
      {OSSL_FUNC_ENCODER_IMPORT_OBJECT, FN(enc_import_object)},                \
      {OSSL_FUNC_ENCODER_FREE_OBJECT, FN(enc_free_object)},                    \
      {0, NULL},                                                               \
  }
#define MLKP_ENCODERS(id)                       \
  static void *enc_newctx_##id(void *provctx) { \
    return enc_newctx(provctx, &mlkp_alg_##id); \
  }                                             \
  MLKP_ENCODER(id, pkcs8_der, private);         \
  MLKP_ENCODER(id, pkcs8_pem, private);         \
  MLKP_ENCODER(id, spki_der, public);           \
  MLKP_ENCODER(id, spki_pem, public);           \
  MLKP_ENCODER(id, text, text)

#define MLKP_ENC_TYPE(id, names) MLKP_ENCODERS(id);
MLKP_KEYFILE_TYPES(MLKP_ENC_TYPE)

/* The output and structure properties are those OpenSSL's own encoders
 * carry, by which OSSL_ENCODER_CTX_new_for_pkey chooses. */
#define MLKP_ENC_ALG(names, id, kind, props) \
  { MLKP_NAMES_##names, MLKP_PROPS "," props, enc_##id##_##kind, NULL }
#define MLKP_ENC_ALGS(names, id)                                             \
  MLKP_ENC_ALG(names, id, pkcs8_der, "output=der,structure=PrivateKeyInfo"), \
      MLKP_ENC_ALG(names, id, pkcs8_pem,                                     \
                   "output=pem,structure=PrivateKeyInfo"),                   \
      MLKP_ENC_ALG(names, id, spki_der,                                      \
                   "output=der,structure=SubjectPublicKeyInfo"),             \
      MLKP_ENC_ALG(names, id, spki_pem,                                      \
                   "output=pem,structure=SubjectPublicKeyInfo"),             \
      MLKP_ENC_ALG(names, id, text, "output=text")

#define MLKP_ENC_ROW(id, names) MLKP_ENC_ALGS(names, id),
/* clang-format off */
const OSSL_ALGORITHM mlkp_encoder_algs[] = {
    MLKP_KEYFILE_TYPES(MLKP_ENC_ROW)
    {NULL, NULL, NULL, NULL},
};
/* clang-format on */
