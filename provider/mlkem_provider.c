/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * mlkem_provider.c - the module's entry point, OSSL_provider_init
 * (provider-base(7)): the provider context, the algorithms it offers per
 * operation, its parameters, error strings, the TLS-GROUP capability and
 * the self-test.
 *
 * OSSL_provider_init is the only symbol the module exports; the library is
 * linked in whole (its objects, hidden), so the module needs nothing but
 * libcrypto.
 */
#include <stdarg.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/params.h>

#include "mlkem.h"
#include "prov.h"

static const OSSL_ITEM reason_strings[] = {
    {MLKP_R_WRONG_LENGTH, "wrong length"},
    {MLKP_R_INVALID_KEY, "invalid key"},
    {MLKP_R_MISSING_KEY, "missing key"},
    {MLKP_R_KEY_MISMATCH, "key parts do not match"},
    {MLKP_R_LIBRARY, "ML-KEM library error"},
    {MLKP_R_EC, "EC operation failed"},
    {MLKP_R_BAD_PARAMETER, "bad parameter"},
    {MLKP_R_MALLOC, "out of memory"},
    {MLKP_R_ENCODING, "bad key encoding"},
    {MLKP_R_SELFTEST, "self-test failed"},
    {MLKP_R_SMALL_ORDER, "peer share of small order"},
    {0, NULL},
};

void mlkp_error(const mlkp_provctx *prov, int reason, const char *file,
                int line, const char *func, const char *fmt, ...) {
  va_list ap;
  if (prov == NULL || prov->core_new_error == NULL) return;
  va_start(ap, fmt);
  prov->core_new_error(prov->handle);
  prov->core_set_error_debug(prov->handle, file, line, func);
  prov->core_vset_error(prov->handle, (uint32_t)reason, fmt, ap);
  va_end(ap);
}

int mlkp_library_error(const mlkp_provctx *prov, int err, const char *what) {
  int reason;
  switch (err) {
    case MLKEM_ERR_INVALID_EK:
    case MLKEM_ERR_INVALID_DK:
      reason = MLKP_R_INVALID_KEY;
      break;
    case MLKEM_ERR_X25519_ZERO:
      /* Only X25519MLKEM768 refuses a point of small order (X-Wing takes
       * it, the draft defines the result). */
      MLKP_ERROR(prov, MLKP_R_SMALL_ORDER,
                 "%s: the peer's X25519 share has small order (RFC 8446 "
                 "section 7.4.2)",
                 what);
      return 0;
    default:
      reason = MLKP_R_LIBRARY;
  }
  MLKP_ERROR(prov, reason, "%s: %s", what, mlkem_strerror(err));
  return 0;
}

/* Algorithms --------------------------------------------------------------- */

#define ALG(names, fns) \
  { MLKP_NAMES_##names, MLKP_PROPS, (fns), NULL }

static const OSSL_ALGORITHM keymgmt_algs[] = {
    ALG(MLKEM512, mlkp_keymgmt_mlkem512),
    ALG(MLKEM768, mlkp_keymgmt_mlkem768),
    ALG(MLKEM1024, mlkp_keymgmt_mlkem1024),
    ALG(XWING, mlkp_keymgmt_xwing),
    ALG(X25519MLKEM768, mlkp_keymgmt_x25519mlkem768),
    ALG(P256MLKEM768, mlkp_keymgmt_p256mlkem768),
    ALG(P384MLKEM1024, mlkp_keymgmt_p384mlkem1024),
    {NULL, NULL, NULL, NULL},
};

static const OSSL_ALGORITHM kem_algs[] = {
    ALG(MLKEM512, mlkp_kem_functions),
    ALG(MLKEM768, mlkp_kem_functions),
    ALG(MLKEM1024, mlkp_kem_functions),
    ALG(XWING, mlkp_kem_functions),
    ALG(X25519MLKEM768, mlkp_kem_functions),
    ALG(P256MLKEM768, mlkp_kem_functions),
    ALG(P384MLKEM1024, mlkp_kem_functions),
    {NULL, NULL, NULL, NULL},
};

static const OSSL_ALGORITHM *query_operation(void *provctx, int operation_id,
                                             int *no_cache) {
  (void)provctx;
  *no_cache = 0;
  switch (operation_id) {
    case OSSL_OP_KEYMGMT:
      return keymgmt_algs;
    case OSSL_OP_KEM:
      return kem_algs;
    case OSSL_OP_ENCODER:
      return mlkp_encoder_algs;
    case OSSL_OP_DECODER:
      return mlkp_decoder_algs;
    default:
      return NULL;
  }
}

/* Provider parameters -------------------------------------------------------
 */

static const OSSL_PARAM *gettable_params(void *provctx) {
  static const OSSL_PARAM gettable[] = {
      OSSL_PARAM_utf8_ptr(OSSL_PROV_PARAM_NAME, NULL, 0),
      OSSL_PARAM_utf8_ptr(OSSL_PROV_PARAM_VERSION, NULL, 0),
      OSSL_PARAM_utf8_ptr(OSSL_PROV_PARAM_BUILDINFO, NULL, 0),
      OSSL_PARAM_int(OSSL_PROV_PARAM_STATUS, NULL),
      OSSL_PARAM_END,
  };
  (void)provctx;
  return gettable;
}

static int get_params(void *provctx, OSSL_PARAM params[]) {
  OSSL_PARAM *p;
  (void)provctx;
  p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_NAME);
  if (p != NULL &&
      !OSSL_PARAM_set_utf8_ptr(p,
                               "mlkem provider (ML-KEM, X-Wing, hybrid "
                               "TLS groups)"))
    return 0;
  p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_VERSION);
  if (p != NULL && !OSSL_PARAM_set_utf8_ptr(p, mlkem_version())) return 0;
  p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_BUILDINFO);
  if (p != NULL && !OSSL_PARAM_set_utf8_ptr(p, mlkem_backend_name())) return 0;
  p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_STATUS);
  if (p != NULL && !OSSL_PARAM_set_int(p, 1)) return 0;
  return 1;
}

static const OSSL_ITEM *get_reason_strings(void *provctx) {
  (void)provctx;
  return reason_strings;
}

static int get_capabilities(void *provctx, const char *capability,
                            OSSL_CALLBACK *cb, void *arg) {
  (void)provctx;
  if (OPENSSL_strcasecmp(capability, "TLS-GROUP") == 0)
    return mlkp_tls_group_capability(cb, arg);
  return 0;
}

/* OSSL_PROVIDER_self_test: the library's known answers for the three
 * ML-KEM sets on the backend in use. */
static int self_test(void *provctx) {
  int err = mlkem_selftest();
  if (err != MLKEM_OK) {
    MLKP_ERROR(provctx, MLKP_R_SELFTEST, "mlkem_selftest: %s",
               mlkem_strerror(err));
    return 0;
  }
  return 1;
}

static void teardown(void *provctx) {
  mlkp_provctx *prov = provctx;
  OSSL_LIB_CTX_free(prov->libctx);
  OPENSSL_free(prov);
}

#define FN(f) ((void (*)(void))(f))
static const OSSL_DISPATCH provider_functions[] = {
    {OSSL_FUNC_PROVIDER_TEARDOWN, FN(teardown)},
    {OSSL_FUNC_PROVIDER_GETTABLE_PARAMS, FN(gettable_params)},
    {OSSL_FUNC_PROVIDER_GET_PARAMS, FN(get_params)},
    {OSSL_FUNC_PROVIDER_QUERY_OPERATION, FN(query_operation)},
    {OSSL_FUNC_PROVIDER_GET_REASON_STRINGS, FN(get_reason_strings)},
    {OSSL_FUNC_PROVIDER_GET_CAPABILITIES, FN(get_capabilities)},
    {OSSL_FUNC_PROVIDER_SELF_TEST, FN(self_test)},
    {0, NULL},
};

/* Configuration -------------------------------------------------------------
 */

mlkem_keyfile_type mlkp_form_by_name(const char *name) {
  if (name == NULL) return (mlkem_keyfile_type)0;
  if (OPENSSL_strcasecmp(name, "seed") == 0) return MLKEM_KEYFILE_SEED;
  if (OPENSSL_strcasecmp(name, "expanded") == 0) return MLKEM_KEYFILE_EXPANDED;
  if (OPENSSL_strcasecmp(name, "both") == 0) return MLKEM_KEYFILE_BOTH;
  return (mlkem_keyfile_type)0;
}

/* The provider's section of the configuration (provider-base(7), "Core
 * parameters"): private_key_form = seed | expanded | both. Another value
 * does not keep the provider from loading (a typo must not take
 * post-quantum TLS away from a server): it is kept, and every private key
 * encoder refuses to write until an encoder parameter names a form. */
static void read_config(mlkp_provctx *prov,
                        OSSL_FUNC_core_get_params_fn *core_get_params) {
  char *form = NULL;
  OSSL_PARAM p[2];
  p[0] = OSSL_PARAM_construct_utf8_ptr(MLKP_PARAM_PRIVATE_KEY_FORM, &form, 0);
  p[1] = OSSL_PARAM_construct_end();
  prov->private_form = MLKEM_KEYFILE_SEED;
  if (core_get_params == NULL || !core_get_params(prov->handle, p) ||
      form == NULL)
    return;
  prov->private_form = mlkp_form_by_name(form);
  if (prov->private_form == 0)
    OPENSSL_strlcpy(prov->bad_form, form, sizeof prov->bad_form);
}

/* The OIDs of the key types, named for OpenSSL's object table (OBJ_*), so
 * that certificates and key files show their names. The short and long
 * names are OpenSSL 3.5's for ML-KEM; where the OID is known already
 * (3.5 and later) the core leaves it as it is. */
static void register_oids(const OSSL_CORE_HANDLE *handle,
                          OSSL_FUNC_core_obj_create_fn *obj_create) {
  static const char *const oids[][3] = {
      {"2.16.840.1.101.3.4.4.1", "id-alg-ml-kem-512", "ML-KEM-512"},
      {"2.16.840.1.101.3.4.4.2", "id-alg-ml-kem-768", "ML-KEM-768"},
      {"2.16.840.1.101.3.4.4.3", "id-alg-ml-kem-1024", "ML-KEM-1024"},
      {MLKP_OID_XWING, "X-Wing", "X-Wing"},
  };
  size_t i;
  if (obj_create == NULL) return;
  for (i = 0; i < sizeof oids / sizeof oids[0]; i++)
    (void)obj_create(handle, oids[i][0], oids[i][1], oids[i][2]);
}

/* Entry point -------------------------------------------------------------- */

/* The module is compiled with hidden visibility; this is its one export
 * (the version script keeps everything else local, too). */
#if defined(__GNUC__) || defined(__clang__)
#define MLKP_EXPORT __attribute__((visibility("default")))
#else
#define MLKP_EXPORT
#endif

MLKP_EXPORT OSSL_provider_init_fn OSSL_provider_init;

MLKP_EXPORT int OSSL_provider_init(const OSSL_CORE_HANDLE *handle,
                                   const OSSL_DISPATCH *in,
                                   const OSSL_DISPATCH **out, void **provctx) {
  OSSL_FUNC_core_get_params_fn *core_get_params = NULL;
  OSSL_FUNC_core_obj_create_fn *core_obj_create = NULL;
  const OSSL_DISPATCH *f;
  mlkp_provctx *prov = OPENSSL_zalloc(sizeof *prov);
  if (prov == NULL) return 0;
  prov->handle = handle;
  for (f = in; f->function_id != 0; f++) {
    switch (f->function_id) {
      case OSSL_FUNC_CORE_GET_PARAMS:
        core_get_params = OSSL_FUNC_core_get_params(f);
        break;
      case OSSL_FUNC_CORE_OBJ_CREATE:
        core_obj_create = OSSL_FUNC_core_obj_create(f);
        break;
      case OSSL_FUNC_CORE_NEW_ERROR:
        prov->core_new_error = OSSL_FUNC_core_new_error(f);
        break;
      case OSSL_FUNC_CORE_SET_ERROR_DEBUG:
        prov->core_set_error_debug = OSSL_FUNC_core_set_error_debug(f);
        break;
      case OSSL_FUNC_CORE_VSET_ERROR:
        prov->core_vset_error = OSSL_FUNC_core_vset_error(f);
        break;
      case OSSL_FUNC_BIO_READ_EX:
        prov->bio_read_ex = OSSL_FUNC_BIO_read_ex(f);
        break;
      case OSSL_FUNC_BIO_WRITE_EX:
        prov->bio_write_ex = OSSL_FUNC_BIO_write_ex(f);
        break;
      default:
        break;
    }
  }
  if (prov->core_new_error == NULL || prov->core_set_error_debug == NULL ||
      prov->core_vset_error == NULL)
    prov->core_new_error = NULL; /* errors are then not reported */
  read_config(prov, core_get_params);
  prov->libctx = OSSL_LIB_CTX_new_child(handle, in);
  if (prov->libctx == NULL) {
    OPENSSL_free(prov);
    return 0;
  }
  register_oids(handle, core_obj_create);
  *out = provider_functions;
  *provctx = prov;
  return 1;
}
