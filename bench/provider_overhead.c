/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * provider_overhead.c - the provider's cost over the library it wraps
 * (make bench-tls): ML-KEM-768 encapsulation and decapsulation through
 * EVP_PKEY_encapsulate / EVP_PKEY_decapsulate against mlkem768_encaps /
 * mlkem768_decaps called directly, side by side in one run on one pinned
 * CPU.
 *
 * Two EVP figures per operation: with the EVP_PKEY_CTX made and
 * initialised once ("ctx reused": the provider's own cost per call), and
 * with a new context per call (EVP_PKEY_CTX_new_from_pkey, _init, the call,
 * _free: what libssl does once per handshake). Each pass times every
 * variant in turn, one call at a time (rdtsc on x86-64); the figures are
 * the median over all calls and the lowest median of a pass.
 *
 * For scale, the same two ways for an algorithm of OpenSSL's own default
 * provider, X25519 key agreement (EVP_PKEY_derive): what a new context per
 * call costs there is libcrypto's, not any provider's.
 *
 *   mlkem_provider_overhead [--module-dir DIR] [--iterations N] [--passes P]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <openssl/provider.h>

#include "mlkem.h"
#include "programs.h"

enum {
  V_ENC_DIRECT,
  V_ENC_EVP,
  V_ENC_EVP_NEWCTX,
  V_DEC_DIRECT,
  V_DEC_EVP,
  V_DEC_EVP_NEWCTX,
  V_REF_EVP,
  V_REF_EVP_NEWCTX,
  V_COUNT
};
static const char *const names[V_COUNT] = {
    "encaps: mlkem768_encaps",
    "encaps: EVP, ctx reused",
    "encaps: EVP, new ctx per call",
    "decaps: mlkem768_decaps",
    "decaps: EVP, ctx reused",
    "decaps: EVP, new ctx per call",
    "X25519 derive (default provider), ctx reused",
    "X25519 derive (default provider), new ctx per call"};

static OSSL_LIB_CTX *lib;
static EVP_PKEY *pkey;
static EVP_PKEY_CTX *enc_ctx, *dec_ctx, *ref_ctx;
static EVP_PKEY *ref_key, *ref_peer;
static uint8_t ek[MLKEM768_EK_BYTES], dk[MLKEM768_DK_BYTES];
static uint8_t ct[MLKEM768_CT_BYTES], ss[MLKEM_SS_BYTES];

static void die(const char *what) {
  fprintf(stderr, "mlkem_provider_overhead: %s\n", what);
  ERR_print_errors_fp(stderr);
  exit(1);
}

static int run(int v) {
  size_t ctlen = sizeof ct, sslen = sizeof ss, reflen = sizeof ss;
  EVP_PKEY_CTX *c;
  int ok;
  switch (v) {
    case V_ENC_DIRECT:
      return mlkem768_encaps(ct, ss, ek) == MLKEM_OK;
    case V_ENC_EVP:
      return EVP_PKEY_encapsulate(enc_ctx, ct, &ctlen, ss, &sslen) > 0;
    case V_ENC_EVP_NEWCTX:
      c = EVP_PKEY_CTX_new_from_pkey(lib, pkey, NULL);
      ok = c != NULL && EVP_PKEY_encapsulate_init(c, NULL) > 0 &&
           EVP_PKEY_encapsulate(c, ct, &ctlen, ss, &sslen) > 0;
      EVP_PKEY_CTX_free(c);
      return ok;
    case V_DEC_DIRECT:
      return mlkem768_decaps(ss, ct, dk) == MLKEM_OK;
    case V_DEC_EVP:
      return EVP_PKEY_decapsulate(dec_ctx, ss, &sslen, ct, sizeof ct) > 0;
    case V_DEC_EVP_NEWCTX:
      c = EVP_PKEY_CTX_new_from_pkey(lib, pkey, NULL);
      ok = c != NULL && EVP_PKEY_decapsulate_init(c, NULL) > 0 &&
           EVP_PKEY_decapsulate(c, ss, &sslen, ct, sizeof ct) > 0;
      EVP_PKEY_CTX_free(c);
      return ok;
    case V_REF_EVP:
      return EVP_PKEY_derive(ref_ctx, ss, &reflen) > 0;
    default:
      c = EVP_PKEY_CTX_new_from_pkey(lib, ref_key, NULL);
      ok = c != NULL && EVP_PKEY_derive_init(c) > 0 &&
           EVP_PKEY_derive_set_peer_ex(c, ref_peer, 0) > 0 &&
           EVP_PKEY_derive(c, ss, &reflen) > 0;
      EVP_PKEY_CTX_free(c);
      return ok;
  }
}

static int cmp_u64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return (x > y) - (x < y);
}

static uint64_t median(uint64_t *v, size_t n) {
  qsort(v, n, sizeof *v, cmp_u64);
  return v[n / 2];
}

int main(int argc, char **argv) {
  const char *module_dir = MLKEM_PROVIDER_DIR;
  size_t iterations = 2000, passes = 10, i, p;
  uint64_t *all[V_COUNT], *pass, best[V_COUNT], med[V_COUNT];
  OSSL_PARAM params[2];
  EVP_PKEY_CTX *kctx;
  int v;
  for (i = 1; i < (size_t)argc; i++) {
    if (strcmp(argv[i], "--module-dir") == 0 && i + 1 < (size_t)argc) {
      module_dir = argv[++i];
    } else if (strcmp(argv[i], "--iterations") == 0 && i + 1 < (size_t)argc) {
      iterations = (size_t)atol(argv[++i]);
    } else if (strcmp(argv[i], "--passes") == 0 && i + 1 < (size_t)argc) {
      passes = (size_t)atol(argv[++i]);
    } else {
      fprintf(stderr,
              "usage: %s [--module-dir DIR] [--iterations N] [--passes P]\n",
              argv[0]);
      return 2;
    }
  }
  if (iterations < 1 || passes < 1) die("bad counts");
  lib = OSSL_LIB_CTX_new();
  if (lib == NULL ||
      OSSL_PROVIDER_set_default_search_path(lib, module_dir) != 1 ||
      OSSL_PROVIDER_load(lib, "mlkem-provider") == NULL ||
      OSSL_PROVIDER_load(lib, "default") == NULL)
    die("cannot load mlkem-provider and the default provider");
  mlkem_bench_pin();
  /* One key pair, the same for both paths: the library's, imported. */
  if (mlkem768_keygen(ek, dk) != MLKEM_OK) die("keygen failed");
  params[0] = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, dk,
                                                sizeof dk);
  params[1] = OSSL_PARAM_construct_end();
  kctx = EVP_PKEY_CTX_new_from_name(lib, "ML-KEM-768", NULL);
  if (kctx == NULL || EVP_PKEY_fromdata_init(kctx) <= 0 ||
      EVP_PKEY_fromdata(kctx, &pkey, EVP_PKEY_KEYPAIR, params) <= 0)
    die("cannot import the key");
  EVP_PKEY_CTX_free(kctx);
  enc_ctx = EVP_PKEY_CTX_new_from_pkey(lib, pkey, NULL);
  dec_ctx = EVP_PKEY_CTX_new_from_pkey(lib, pkey, NULL);
  if (enc_ctx == NULL || dec_ctx == NULL ||
      EVP_PKEY_encapsulate_init(enc_ctx, NULL) <= 0 ||
      EVP_PKEY_decapsulate_init(dec_ctx, NULL) <= 0)
    die("cannot make the EVP contexts");
  ref_key = EVP_PKEY_Q_keygen(lib, NULL, "X25519");
  ref_peer = EVP_PKEY_Q_keygen(lib, NULL, "X25519");
  ref_ctx =
      ref_key != NULL ? EVP_PKEY_CTX_new_from_pkey(lib, ref_key, NULL) : NULL;
  if (ref_ctx == NULL || ref_peer == NULL ||
      EVP_PKEY_derive_init(ref_ctx) <= 0 ||
      EVP_PKEY_derive_set_peer_ex(ref_ctx, ref_peer, 0) <= 0)
    die("cannot make the X25519 reference");
  for (v = 0; v < V_COUNT; v++) {
    all[v] = malloc(iterations * passes * sizeof(uint64_t));
    if (all[v] == NULL) die("out of memory");
    best[v] = UINT64_MAX;
  }
  pass = malloc(iterations * sizeof(uint64_t));
  if (pass == NULL) die("out of memory");
  for (v = 0; v < V_COUNT; v++)
    for (i = 0; i < 200; i++)
      if (!run(v)) die("an operation failed");
  for (p = 0; p < passes; p++) {
    for (v = 0; v < V_COUNT; v++) {
      for (i = 0; i < iterations; i++) {
        uint64_t t0 = mlkem_bench_ticks();
        if (!run(v)) die("an operation failed");
        pass[i] = mlkem_bench_ticks() - t0;
      }
      memcpy(all[v] + p * iterations, pass, iterations * sizeof *pass);
      med[v] = median(pass, iterations);
      if (med[v] < best[v]) best[v] = med[v];
    }
  }
  for (v = 0; v < V_COUNT; v++) med[v] = median(all[v], iterations * passes);
  printf(
      "ML-KEM-768 through the provider against the library, %zu passes "
      "of %zu calls (%s, backend %s):\n",
      passes, iterations, mlkem_bench_tick_unit(), mlkem_backend_name());
  printf(
      "| operation | median | lowest pass median | vs direct (X25519: "
      "vs ctx reused) |\n"
      "|---|---|---|---|\n");
  for (v = 0; v < V_COUNT; v++) {
    int base = v < V_DEC_DIRECT ? V_ENC_DIRECT
               : v < V_REF_EVP  ? V_DEC_DIRECT
                                : V_REF_EVP;
    printf("| %s | %llu | %llu | %+.1f %% |\n", names[v],
           (unsigned long long)med[v], (unsigned long long)best[v],
           100.0 * ((double)med[v] / (double)med[base] - 1.0));
  }
  for (v = 0; v < V_COUNT; v++) free(all[v]);
  free(pass);
  EVP_PKEY_CTX_free(enc_ctx);
  EVP_PKEY_CTX_free(dec_ctx);
  EVP_PKEY_CTX_free(ref_ctx);
  EVP_PKEY_free(pkey);
  EVP_PKEY_free(ref_key);
  EVP_PKEY_free(ref_peer);
  OSSL_LIB_CTX_free(lib);
  return 0;
}
