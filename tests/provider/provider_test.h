/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * provider_test.h - what the provider's C tests (test_provider_evp.c,
 * test_provider_keyfile.c) share: a library context with the module and
 * OpenSSL's default provider, and checks of the error queue.
 */
#ifndef MLKEM_PROVIDER_TEST_H
#define MLKEM_PROVIDER_TEST_H

#include <openssl/provider.h>
#include <openssl/types.h>

/* A new library context with the module (from module_dir) and the default
 * provider loaded into it; NULL, with the errors printed and a failed
 * check, if either does not load. */
OSSL_LIB_CTX *ptest_load(const char *module_dir, OSSL_PROVIDER **mlkem,
                         OSSL_PROVIDER **dflt);

/* Unloads both and frees the context. */
void ptest_unload(OSSL_LIB_CTX *libctx, OSSL_PROVIDER *mlkem,
                  OSSL_PROVIDER *dflt);

/* 1 if the queue's last error carries the provider's reason text (its
 * reason strings, provider/mlkem_provider.c); the queue is then
 * cleared. */
int ptest_error_is(const char *reason);

/* A check that the error queue is empty (what names the part of the
 * test); the queue is then cleared. */
void ptest_no_error(const char *what);

#endif
