/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_provider_threads.c - the provider module loaded, used and unloaded
 * as applications do it, and used from several threads at once (argv[1]
 * is the module's directory):
 *
 *  - loaded twice into one library context (one provider, two
 *    references): usable until the last unload;
 *  - loaded into two library contexts at once, one freed while the other
 *    goes on;
 *  - loaded and unloaded again and again;
 *  - THREADS threads each generating keys, encapsulating and decapsulating
 *    with every algorithm, and all of them encapsulating to one shared
 *    public key while one thread decapsulates with its private key, every
 *    secret checked against the other side's.
 *
 * ctest runs it plainly and, where valgrind is installed, under Helgrind
 * (provider_threads_helgrind, tests/provider/helgrind.sh): no data race in
 * the module. argv[2] sets the rounds per thread (3; 1 under Helgrind),
 * argv[3] "threads" runs the threads alone (under Helgrind).
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/provider.h>

#include "test_util.h"

#define THREADS 4
#define MAX_ROUNDS 8

static int rounds = 3; /* argv[2]; fewer under Helgrind */

static const char *const algs[] = {
    "ML-KEM-512",     "ML-KEM-768",        "ML-KEM-1024",        "X-Wing",
    "X25519MLKEM768", "SecP256r1MLKEM768", "SecP384r1MLKEM1024",
};
#define NALGS (sizeof algs / sizeof algs[0])

static const char *module_dir;

/* A library context with the module and the default provider (which the
 * EC hybrids' halves need). NULL if they do not load. */
static OSSL_LIB_CTX *new_ctx(OSSL_PROVIDER **mlkem, OSSL_PROVIDER **dflt) {
  OSSL_LIB_CTX *ctx = OSSL_LIB_CTX_new();
  if (ctx == NULL ||
      OSSL_PROVIDER_set_default_search_path(ctx, module_dir) != 1 ||
      (*mlkem = OSSL_PROVIDER_load(ctx, "mlkem-provider")) == NULL ||
      (*dflt = OSSL_PROVIDER_load(ctx, "default")) == NULL) {
    ERR_print_errors_fp(stderr);
    OSSL_LIB_CTX_free(ctx);
    return NULL;
  }
  return ctx;
}

/* (OpenSSL 3.0's EVP_PKEY_Q_keygen knows only its own key types.) */
static EVP_PKEY *keygen(OSSL_LIB_CTX *ctx, const char *alg) {
  EVP_PKEY *key = NULL;
  EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_name(ctx, alg, NULL);
  if (c == NULL || EVP_PKEY_keygen_init(c) <= 0 ||
      EVP_PKEY_keygen(c, &key) <= 0)
    key = NULL;
  EVP_PKEY_CTX_free(c);
  return key;
}

static int encaps(OSSL_LIB_CTX *ctx, EVP_PKEY *pk, uint8_t *ct, size_t *ctlen,
                  uint8_t *ss, size_t *sslen) {
  EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_pkey(ctx, pk, NULL);
  int ok = c != NULL && EVP_PKEY_encapsulate_init(c, NULL) > 0 &&
           EVP_PKEY_encapsulate(c, ct, ctlen, ss, sslen) > 0;
  EVP_PKEY_CTX_free(c);
  return ok;
}

static int decaps(OSSL_LIB_CTX *ctx, EVP_PKEY *sk, const uint8_t *ct,
                  size_t ctlen, uint8_t *ss, size_t *sslen) {
  EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_pkey(ctx, sk, NULL);
  int ok = c != NULL && EVP_PKEY_decapsulate_init(c, NULL) > 0 &&
           EVP_PKEY_decapsulate(c, ss, sslen, ct, ctlen) > 0;
  EVP_PKEY_CTX_free(c);
  return ok;
}

/* One key pair of alg, one encapsulation to it and its decapsulation:
 * 1 if both sides have the same secret. */
static int exchange(OSSL_LIB_CTX *ctx, const char *alg) {
  uint8_t ct[2048], ss[128], ss2[128];
  size_t ctlen = sizeof ct, sslen = sizeof ss, sslen2 = sizeof ss2;
  EVP_PKEY *key = keygen(ctx, alg);
  int ok = key != NULL && encaps(ctx, key, ct, &ctlen, ss, &sslen) &&
           decaps(ctx, key, ct, ctlen, ss2, &sslen2) && sslen == sslen2 &&
           memcmp(ss, ss2, sslen) == 0;
  EVP_PKEY_free(key);
  return ok;
}

static int exchange_all(OSSL_LIB_CTX *ctx) {
  size_t i;
  int ok = 1;
  for (i = 0; i < NALGS; i++) ok &= exchange(ctx, algs[i]);
  return ok;
}

static void test_load_twice(void) {
  OSSL_PROVIDER *m1, *d, *m2;
  OSSL_LIB_CTX *ctx = new_ctx(&m1, &d);
  CHECK(ctx != NULL);
  if (ctx == NULL) return;
  m2 = OSSL_PROVIDER_load(ctx, "mlkem-provider");
  CHECK(m2 != NULL && OSSL_PROVIDER_available(ctx, "mlkem-provider"));
  CHECK(exchange_all(ctx));
  CHECK(OSSL_PROVIDER_unload(m1) == 1);
  CHECK_MSG(OSSL_PROVIDER_available(ctx, "mlkem-provider") && exchange_all(ctx),
            "after one of two unloads the module still works");
  CHECK(OSSL_PROVIDER_unload(m2) == 1);
  CHECK_MSG(keygen(ctx, "ML-KEM-768") == NULL,
            "after the last unload its algorithms are gone");
  ERR_clear_error();
  OSSL_PROVIDER_unload(d);
  OSSL_LIB_CTX_free(ctx);
}

static void test_two_contexts(void) {
  OSSL_PROVIDER *m1 = NULL, *d1 = NULL, *m2 = NULL, *d2 = NULL;
  OSSL_LIB_CTX *a = new_ctx(&m1, &d1), *b = new_ctx(&m2, &d2);
  CHECK(a != NULL && b != NULL);
  if (a == NULL || b == NULL) return;
  CHECK(exchange_all(a) && exchange_all(b));
  OSSL_PROVIDER_unload(m1);
  OSSL_PROVIDER_unload(d1);
  OSSL_LIB_CTX_free(a);
  CHECK_MSG(exchange_all(b), "a second context works after the first is gone");
  OSSL_PROVIDER_unload(m2);
  OSSL_PROVIDER_unload(d2);
  OSSL_LIB_CTX_free(b);
}

static void test_load_unload_cycles(void) {
  int i, ok = 1;
  for (i = 0; i < 20; i++) {
    OSSL_PROVIDER *m, *d;
    OSSL_LIB_CTX *ctx = new_ctx(&m, &d);
    if (ctx == NULL) {
      ok = 0;
      break;
    }
    ok &= exchange(ctx, algs[i % NALGS]);
    OSSL_PROVIDER_unload(m);
    OSSL_PROVIDER_unload(d);
    OSSL_LIB_CTX_free(ctx);
  }
  CHECK_MSG(ok, "20 loads and unloads, each used");
}

/* Threads ---------------------------------------------------------------- */

typedef struct {
  OSSL_LIB_CTX *ctx;
  EVP_PKEY *shared; /* every thread encapsulates to it */
  int index;
  int ok;
  uint8_t ct[MAX_ROUNDS][2048];
  size_t ctlen[MAX_ROUNDS];
  uint8_t ss[MAX_ROUNDS][128];
  size_t sslen[MAX_ROUNDS];
} worker;

static void *work(void *arg) {
  worker *w = arg;
  int r;
  size_t i;
  w->ok = 1;
  for (r = 0; r < rounds; r++) {
    for (i = 0; i < NALGS; i++)
      w->ok &= exchange(w->ctx, algs[(i + (size_t)w->index) % NALGS]);
    w->ctlen[r] = sizeof w->ct[r];
    w->sslen[r] = sizeof w->ss[r];
    w->ok &= encaps(w->ctx, w->shared, w->ct[r], &w->ctlen[r], w->ss[r],
                    &w->sslen[r]);
  }
  return NULL;
}

static void test_threads(void) {
  OSSL_PROVIDER *m, *d;
  OSSL_LIB_CTX *ctx = new_ctx(&m, &d);
  pthread_t th[THREADS];
  static worker w[THREADS];
  EVP_PKEY *shared;
  int t, r, ok = 1, all_ok = 1;
  CHECK(ctx != NULL);
  if (ctx == NULL) return;
  shared = keygen(ctx, "X25519MLKEM768");
  CHECK(shared != NULL);
  for (t = 0; t < THREADS; t++) {
    w[t].ctx = ctx;
    w[t].shared = shared;
    w[t].index = t;
    CHECK(pthread_create(&th[t], NULL, work, &w[t]) == 0);
  }
  for (t = 0; t < THREADS; t++) {
    CHECK(pthread_join(th[t], NULL) == 0);
    all_ok &= w[t].ok;
  }
  CHECK_MSG(all_ok, "every thread's exchanges agree");
  /* The shared key's holder decapsulates what every thread made. */
  for (t = 0; t < THREADS; t++) {
    for (r = 0; r < rounds; r++) {
      uint8_t ss[128];
      size_t sslen = sizeof ss;
      ok &= decaps(ctx, shared, w[t].ct[r], w[t].ctlen[r], ss, &sslen) &&
            sslen == w[t].sslen[r] && memcmp(ss, w[t].ss[r], sslen) == 0;
    }
  }
  CHECK_MSG(ok, "encapsulations to one shared key from every thread agree");
  printf("%d threads x %d rounds x %zu algorithms\n", THREADS, rounds, NALGS);
  EVP_PKEY_free(shared);
  OSSL_PROVIDER_unload(m);
  OSSL_PROVIDER_unload(d);
  OSSL_LIB_CTX_free(ctx);
}

int main(int argc, char **argv) {
  if (argc < 2 || argc > 4) {
    fprintf(stderr, "usage: %s MODULE_DIR [ROUNDS [threads]]\n", argv[0]);
    return 2;
  }
  module_dir = argv[1];
  if (argc >= 3) rounds = atoi(argv[2]);
  if (rounds < 1 || rounds > MAX_ROUNDS) rounds = 1;
  if (argc < 4 || strcmp(argv[3], "threads") != 0) {
    test_load_twice();
    test_two_contexts();
    test_load_unload_cycles();
  }
  test_threads();
  return test_summary("test_provider_threads");
}
