/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * provider_test.c - the helpers of provider_test.h.
 */
#include "provider_test.h"

#include <stdio.h>
#include <string.h>

#include <openssl/err.h>

#include "test_util.h"

OSSL_LIB_CTX *ptest_load(const char *module_dir, OSSL_PROVIDER **mlkem,
                         OSSL_PROVIDER **dflt) {
  OSSL_LIB_CTX *libctx = OSSL_LIB_CTX_new();
  *mlkem = *dflt = NULL;
  if (libctx != NULL &&
      OSSL_PROVIDER_set_default_search_path(libctx, module_dir) == 1) {
    *mlkem = OSSL_PROVIDER_load(libctx, "mlkem-provider");
    *dflt = OSSL_PROVIDER_load(libctx, "default");
  }
  if (*mlkem == NULL || *dflt == NULL) {
    ERR_print_errors_fp(stderr);
    CHECK_MSG(0, "the module and the default provider load");
    ptest_unload(libctx, *mlkem, *dflt);
    return NULL;
  }
  return libctx;
}

void ptest_unload(OSSL_LIB_CTX *libctx, OSSL_PROVIDER *mlkem,
                  OSSL_PROVIDER *dflt) {
  if (mlkem != NULL) OSSL_PROVIDER_unload(mlkem);
  if (dflt != NULL) OSSL_PROVIDER_unload(dflt);
  OSSL_LIB_CTX_free(libctx);
}

int ptest_error_is(const char *reason) {
  unsigned long e = ERR_peek_last_error();
  const char *r = e != 0 ? ERR_reason_error_string(e) : NULL;
  int ok = r != NULL && strcmp(r, reason) == 0;
  if (!ok) {
    fprintf(stderr, "expected an error \"%s\", got: %s\n", reason,
            e == 0 ? "(none)" : (r != NULL ? r : "(no reason string)"));
    ERR_print_errors_fp(stderr);
  }
  ERR_clear_error();
  return ok;
}

void ptest_no_error(const char *what) {
  unsigned long e = ERR_peek_error();
  CHECKF(e == 0, "%s: no error on the queue", what);
  if (e != 0) ERR_print_errors_fp(stderr);
  ERR_clear_error();
}
