/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * bench_openssl.c - the OpenSSL peer of make bench-compare for X25519: the
 * system's libcrypto (OpenSSL 3, its x86-64 assembly for the field
 * arithmetic of the ladder), through EVP.
 *
 * x25519 (the shared secret, X25519(k, u) with the peer's u): by default
 * from the peer's public key as bytes, as it arrives: EVP_PKEY from the
 * raw public key, a derivation context on our private key object, the
 * peer set (OpenSSL checks the point here), EVP_PKEY_derive, everything
 * freed. With --with-prepared, EVP_PKEY_derive alone on a context prepared
 * once with the peer set, as `openssl speed ecdhx25519` times it: the
 * nearest EVP gets to the ladder's own cost.
 *
 * x25519_base (the public key, X25519(k, 9)): EVP_PKEY_new_raw_private_key
 * (which computes the public key as it imports the private key), then
 * EVP_PKEY_get_raw_public_key, then the key freed.
 *
 * The inputs are bench/bench.c's: our scalar 7, 8, 9, 0, ...; the peer's
 * public key is that of the scalar 1, 2, 3, 0, ....
 *
 * Timing: bench/bench.c's method, restated here as the Go and Python
 * harnesses restate it (bench/compare/README.md): warm-up of per_pass/4+10
 * calls per case, passes cycling through the cases, the monotonic clock
 * read before rdtsc and after it, the median and quartiles of all calls
 * and the lowest per-pass median, written as bench.c's JSON.
 *
 * Usage: bench-openssl [--iterations N] [--passes P] [--json FILE]
 *                      [--with-prepared]
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/opensslv.h>

#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#define TICK_UNIT "rdtsc ticks"
static uint64_t ticks(void) {
  return __rdtsc();
}
#else
#define TICK_UNIT "ns (no cycle counter)"
static uint64_t now_ns(void);
static uint64_t ticks(void) {
  return now_ns();
}
#endif

static uint64_t now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static void fail(const char *what) {
  fprintf(stderr, "harness check failed: %s\n", what);
  exit(1);
}

static const uint8_t our_scalar[32] = {7, 8, 9};
static const uint8_t peer_scalar[32] = {1, 2, 3};
static uint8_t peer_public[32], sink[32];
static EVP_PKEY *our_key;
static EVP_PKEY_CTX *prepared;

/* The public key of scalar k: X25519(k, 9), RFC 7748 section 6.1. */
static void public_key(uint8_t out[32], const uint8_t k[32]) {
  size_t len = 32;
  EVP_PKEY *key = EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, k, 32);
  if (key == NULL || EVP_PKEY_get_raw_public_key(key, out, &len) != 1 ||
      len != 32)
    fail("public key");
  EVP_PKEY_free(key);
}

static void derive_on(EVP_PKEY_CTX *ctx, uint8_t out[32]) {
  size_t len = 32;
  if (EVP_PKEY_derive(ctx, out, &len) != 1 || len != 32) fail("derive");
}

/* A derivation context on key with the peer's public key set. */
static EVP_PKEY_CTX *context_for(EVP_PKEY *key, const uint8_t peer[32]) {
  EVP_PKEY *pk = EVP_PKEY_new_raw_public_key(EVP_PKEY_X25519, NULL, peer, 32);
  EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new(key, NULL);
  if (pk == NULL || ctx == NULL || EVP_PKEY_derive_init(ctx) != 1 ||
      EVP_PKEY_derive_set_peer(ctx, pk) != 1)
    fail("derivation context");
  EVP_PKEY_free(pk); /* the context holds its own reference */
  return ctx;
}

static void shared(EVP_PKEY *key, const uint8_t peer[32], uint8_t out[32]) {
  EVP_PKEY_CTX *ctx = context_for(key, peer);
  derive_on(ctx, out);
  EVP_PKEY_CTX_free(ctx);
}

static void run_shared(void) {
  shared(our_key, peer_public, sink);
}

static void run_shared_prepared(void) {
  derive_on(prepared, sink);
}

static void run_base(void) {
  public_key(sink, our_scalar);
}

typedef struct {
  const char *op;
  void (*run)(void);
  uint64_t median, p25, p75, best, ns_median;
} bench_case;

static int cmp_u64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return (x > y) - (x < y);
}

static uint64_t quantile(uint64_t *v, size_t n, size_t num, size_t den) {
  qsort(v, n, sizeof *v, cmp_u64);
  return v[(num * n) / den];
}

static void *xmalloc(size_t n) {
  void *p = malloc(n);
  if (p == NULL) fail("out of memory");
  return p;
}

static void measure(bench_case *cases, size_t ncases, size_t per_pass,
                    size_t passes) {
  size_t total = per_pass * passes, i, p, k;
  uint64_t *t = xmalloc(ncases * total * sizeof *t);
  uint64_t *ns = xmalloc(ncases * total * sizeof *ns);
  uint64_t *pass = xmalloc(per_pass * sizeof *pass);
  for (i = 0; i < ncases; i++) {
    cases[i].best = UINT64_MAX;
    for (k = 0; k < per_pass / 4 + 10; k++) cases[i].run();
  }
  for (p = 0; p < passes; p++) {
    for (i = 0; i < ncases; i++) {
      uint64_t *ti = t + i * total + p * per_pass;
      uint64_t *ni = ns + i * total + p * per_pass;
      uint64_t med;
      for (k = 0; k < per_pass; k++) {
        uint64_t n0 = now_ns(), t0 = ticks();
        cases[i].run();
        ti[k] = ticks() - t0;
        ni[k] = now_ns() - n0;
      }
      memcpy(pass, ti, per_pass * sizeof *pass);
      med = quantile(pass, per_pass, 1, 2);
      if (med < cases[i].best) cases[i].best = med;
    }
  }
  for (i = 0; i < ncases; i++) {
    uint64_t *ti = t + i * total;
    cases[i].median = quantile(ti, total, 1, 2);
    cases[i].p25 = ti[total / 4];
    cases[i].p75 = ti[(3 * total) / 4];
    cases[i].ns_median = quantile(ns + i * total, total, 1, 2);
  }
  free(t);
  free(ns);
  free(pass);
}

/* Ticks per second against the monotonic clock over 100 ms. */
static double tick_rate(void) {
  uint64_t n0 = now_ns(), t0 = ticks(), n1, t1;
  do {
    n1 = now_ns();
  } while (n1 - n0 < 100000000u);
  t1 = ticks();
  return (double)(t1 - t0) * 1e9 / (double)(n1 - n0);
}

int main(int argc, char **argv) {
  size_t iterations = 2000, passes = 10, i;
  const char *json = NULL;
  int with_prepared = 0;
  bench_case cases[2] = {{"x25519", run_shared, 0, 0, 0, 0, 0},
                         {"x25519_base", run_base, 0, 0, 0, 0, 0}};
  uint8_t check[32], our_public[32];
  EVP_PKEY *peer_key;
  double hz;
  for (i = 1; i < (size_t)argc; i++) {
    if (strcmp(argv[i], "--iterations") == 0 && i + 1 < (size_t)argc)
      iterations = strtoul(argv[++i], NULL, 10);
    else if (strcmp(argv[i], "--passes") == 0 && i + 1 < (size_t)argc)
      passes = strtoul(argv[++i], NULL, 10);
    else if (strcmp(argv[i], "--json") == 0 && i + 1 < (size_t)argc)
      json = argv[++i];
    else if (strcmp(argv[i], "--with-prepared") == 0)
      with_prepared = 1;
    else {
      fprintf(stderr,
              "usage: %s [--iterations N] [--passes P] [--json FILE] "
              "[--with-prepared]\n",
              argv[0]);
      return 2;
    }
  }
  if (iterations < 1000 || passes < 1 || iterations % passes != 0 ||
      iterations / passes < 50) {
    fprintf(stderr,
            "at least 1000 iterations, in passes of at least 50 that "
            "divide them\n");
    return 2;
  }

  /* Both directions agree: X25519(a, X25519(b, 9)) = X25519(b, X25519(a,
   * 9)), computed through the calls timed below. */
  our_key = EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, our_scalar, 32);
  peer_key =
      EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, peer_scalar, 32);
  if (our_key == NULL || peer_key == NULL) fail("private key");
  public_key(peer_public, peer_scalar);
  public_key(our_public, our_scalar);
  shared(peer_key, our_public, check);
  EVP_PKEY_free(peer_key);
  run_shared();
  if (memcmp(check, sink, 32) != 0) fail("the two sides' secrets differ");
  if (with_prepared) {
    prepared = context_for(our_key, peer_public);
    cases[0].run = run_shared_prepared;
  }

  hz = tick_rate();
  measure(cases, 2, iterations / passes, passes);
  printf(
      "OpenSSL %s, %s: median of %zu calls per operation in %zu passes "
      "(%s; ns)\n",
      OpenSSL_version(OPENSSL_VERSION_STRING),
      with_prepared ? "EVP_PKEY_derive on a prepared context" : "EVP",
      iterations, passes, TICK_UNIT);
  for (i = 0; i < 2; i++)
    printf("| X25519 | %s | %llu (%llu ns) | quietest pass %llu |\n",
           cases[i].op, (unsigned long long)cases[i].median,
           (unsigned long long)cases[i].ns_median,
           (unsigned long long)cases[i].best);
  if (json != NULL) {
    FILE *f = fopen(json, "w");
    if (f == NULL) {
      perror(json);
      return 1;
    }
    fprintf(f,
            "{\n  \"library\": \"OpenSSL %s\",\n  \"backend\": \"%s\",\n"
            "  \"tick_unit\": \"%s\",\n  \"iterations\": %zu,\n"
            "  \"passes\": %zu,\n  \"tick_hz\": %.0f,\n  \"results\": [\n",
            OpenSSL_version(OPENSSL_VERSION_STRING),
            "libcrypto's own CPU dispatch", TICK_UNIT, iterations, passes, hz);
    for (i = 0; i < 2; i++)
      fprintf(f,
              "    {\"set\": \"X25519\", \"op\": \"%s\", \"ticks_median\": "
              "%llu, \"ticks_p25\": %llu, \"ticks_p75\": %llu, "
              "\"ticks_best_pass_median\": %llu, \"ns_median\": %llu}%s\n",
              cases[i].op, (unsigned long long)cases[i].median,
              (unsigned long long)cases[i].p25,
              (unsigned long long)cases[i].p75,
              (unsigned long long)cases[i].best,
              (unsigned long long)cases[i].ns_median, i == 0 ? "," : "");
    fprintf(f, "  ]\n}\n");
    fclose(f);
  }
  if (prepared != NULL) EVP_PKEY_CTX_free(prepared);
  EVP_PKEY_free(our_key);
  return 0;
}
