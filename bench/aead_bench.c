/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * aead_bench.c - the mlkem_aead_bench program (make bench-aead, through
 * scripts/bench_aead.py): AES-128-GCM and AES-256-GCM seal and open per
 * implementation usable on this CPU, on messages of 64 B, 1 KiB and
 * 16 KiB (--sizes), with no aad, next to OpenSSL's EVP interface where
 * the program is built with it (MLKEM_BENCH_OPENSSL).
 *
 * Rows:
 *  - "<impl> seal" / "open": mlkem_aes_gcm_seal_key / _open_key with the
 *    key expanded once (as an HPKE context does, and as OpenSSL reuses its
 *    EVP context), a fresh nonce per message;
 *  - "mlkem_aead_seal": the public one-shot function (the dispatched
 *    implementation), which expands the key in every call;
 *  - "openssl EVP seal" / "open" (OpenSSL's libcrypto, the same messages):
 *    per message EVP_EncryptInit_ex with the nonce only, EVP_EncryptUpdate,
 *    EVP_EncryptFinal_ex and the tag (EVP_CTRL_GCM_GET_TAG), or the
 *    decryption with the tag set and checked;
 *  - "openssl EVP update": EVP_EncryptUpdate alone on the same context
 *    without a new nonce or a tag, which is what `openssl speed -evp
 *    aes-128-gcm` times (its figure comes from the script's run of it).
 *
 * Method: each sample times `reps` calls (enough for about 20 us) with the
 * tick counter (rdtsc on x86-64) and CLOCK_MONOTONIC and divides by reps;
 * a pass takes the median of SAMPLES samples of every row in turn, so that
 * the rows share whatever load the machine has; the figure reported is the
 * lowest of the passes' medians (the quietest), with the highest for the
 * spread. Ticks per byte are rdtsc ticks (the nominal clock, not core
 * cycles under frequency scaling) over the message length.
 *
 * Usage: mlkem_aead_bench [--passes P] [--sizes N,N,...] [--json FILE]
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aead/gcm.h"
#include "mlkem.h"
#include "mlkem_hazmat.h"
#include "programs.h"

#ifdef MLKEM_BENCH_OPENSSL
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/opensslv.h>
#endif

#define SAMPLES 31
#define MAX_ROWS 128
#define MAX_SIZES 8
#define MAX_LEN 65536

typedef struct bench_row bench_row;
struct bench_row {
  char impl[40], op[24];
  size_t key_len, len;
  int (*run)(bench_row *row);
  const void *ctx;
  size_t reps;
  uint64_t best_ticks, worst_ticks, best_ns, worst_ns;
};

static bench_row rows[MAX_ROWS];
static size_t nrows;

static uint8_t key_bytes[32], nonce[12];
static uint8_t msg[MAX_LEN + 16], sealed[2][MAX_LEN + 16], out[MAX_LEN + 16];
static mlkem_aes_gcm_key keys[8][2];
static uint64_t counter;

/* A fresh nonce per message: the first 8 bytes count messages. */
static void next_nonce(void) {
  unsigned i;
  counter++;
  for (i = 0; i < 8; i++) nonce[i] = (uint8_t)(counter >> (8 * i));
}

static int run_seal_key(bench_row *r) {
  next_nonce();
  return mlkem_aes_gcm_seal_key((const mlkem_aes_gcm_key *)r->ctx, out, nonce,
                                NULL, 0, msg, r->len);
}

/* Opens the message sealed under nonce 0 (sealed[key_len == 32]). */
static int run_open_key(bench_row *r) {
  static const uint8_t zero[12] = {0};
  return mlkem_aes_gcm_open_key((const mlkem_aes_gcm_key *)r->ctx, out, zero,
                                NULL, 0, sealed[r->key_len == 32], r->len + 16);
}

/* The key setup alone: AES key expansion, H and its powers. */
static mlkem_aes_gcm_key scratch_key;
static int run_init(bench_row *r) {
  return mlkem_aes_gcm_init_impl(&scratch_key, key_bytes, r->key_len,
                                 (const mlkem_gcm_impl *)r->ctx);
}

static int run_aead_seal(bench_row *r) {
  next_nonce();
  return mlkem_aead_seal(
      r->key_len == 16 ? MLKEM_AEAD_AES_128_GCM : MLKEM_AEAD_AES_256_GCM, out,
      key_bytes, r->key_len, nonce, NULL, 0, msg, r->len);
}

#ifdef MLKEM_BENCH_OPENSSL
static EVP_CIPHER_CTX *evp_enc[2], *evp_dec[2], *evp_upd[2];

static int run_evp_seal(bench_row *r) {
  EVP_CIPHER_CTX *c = evp_enc[r->key_len == 32];
  int n = 0, m = 0;
  next_nonce();
  if (EVP_EncryptInit_ex(c, NULL, NULL, NULL, nonce) != 1 ||
      EVP_EncryptUpdate(c, out, &n, msg, (int)r->len) != 1 ||
      EVP_EncryptFinal_ex(c, out + n, &m) != 1 ||
      EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_GCM_GET_TAG, 16, out + r->len) != 1)
    return -1;
  return 0;
}

static int run_evp_open(bench_row *r) {
  static const uint8_t zero[12] = {0};
  EVP_CIPHER_CTX *c = evp_dec[r->key_len == 32];
  uint8_t *in = sealed[r->key_len == 32];
  int n = 0, m = 0;
  if (EVP_DecryptInit_ex(c, NULL, NULL, NULL, zero) != 1 ||
      EVP_DecryptUpdate(c, out, &n, in, (int)r->len) != 1 ||
      EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_GCM_SET_TAG, 16, in + r->len) != 1 ||
      EVP_DecryptFinal_ex(c, out + n, &m) != 1)
    return -1;
  return 0;
}

static int run_evp_update(bench_row *r) {
  int n = 0;
  return EVP_EncryptUpdate(evp_upd[r->key_len == 32], out, &n, msg,
                           (int)r->len) == 1
             ? 0
             : -1;
}

static EVP_CIPHER_CTX *evp_ctx(size_t key_len, int enc) {
  EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
  const EVP_CIPHER *ciph =
      key_len == 16 ? EVP_aes_128_gcm() : EVP_aes_256_gcm();
  static const uint8_t zero[12] = {0};
  if (c == NULL ||
      EVP_CipherInit_ex(c, ciph, NULL, key_bytes, zero, enc) != 1) {
    fprintf(stderr, "aead_bench: OpenSSL EVP setup failed\n");
    exit(1);
  }
  return c;
}
#endif

static void add_row(const char *impl, const char *op, size_t key_len,
                    size_t len, int (*run)(bench_row *), const void *ctx) {
  bench_row *r;
  if (nrows == MAX_ROWS) return;
  r = &rows[nrows++];
  snprintf(r->impl, sizeof r->impl, "%s", impl);
  snprintf(r->op, sizeof r->op, "%s", op);
  r->key_len = key_len;
  r->len = len;
  r->run = run;
  r->ctx = ctx;
  /* About 20 us a sample at ~1 byte per tick. */
  r->reps = 20000 / (len + 200) + 1;
  r->best_ticks = r->best_ns = UINT64_MAX;
  r->worst_ticks = r->worst_ns = 0;
}

static void measure(bench_row *r) {
  uint64_t t[SAMPLES], ns[SAMPLES];
  size_t i, k;
  for (i = 0; i < SAMPLES; i++) {
    uint64_t t0 = mlkem_bench_ticks(), n0 = mlkem_bench_now_ns();
    for (k = 0; k < r->reps; k++)
      if (r->run(r) != 0) {
        fprintf(stderr, "aead_bench: %s %s failed\n", r->impl, r->op);
        exit(1);
      }
    t[i] = (mlkem_bench_ticks() - t0) / r->reps;
    ns[i] = (mlkem_bench_now_ns() - n0) / r->reps;
  }
  mlkem_bench_sort(t, SAMPLES);
  mlkem_bench_sort(ns, SAMPLES);
  if (t[SAMPLES / 2] < r->best_ticks) r->best_ticks = t[SAMPLES / 2];
  if (t[SAMPLES / 2] > r->worst_ticks) r->worst_ticks = t[SAMPLES / 2];
  if (ns[SAMPLES / 2] < r->best_ns) r->best_ns = ns[SAMPLES / 2];
  if (ns[SAMPLES / 2] > r->worst_ns) r->worst_ns = ns[SAMPLES / 2];
}

static size_t parse_sizes(const char *s, size_t *sizes) {
  size_t n = 0;
  while (*s != '\0' && n < MAX_SIZES) {
    char *end;
    unsigned long v = strtoul(s, &end, 10);
    if (end == s || v > MAX_LEN) break;
    sizes[n++] = (size_t)v;
    s = *end == ',' ? end + 1 : end;
  }
  return n;
}

int main(int argc, char **argv) {
  const mlkem_gcm_impl *impls[8];
  size_t nimpls = mlkem_gcm_impls(impls, 8);
  size_t sizes[MAX_SIZES] = {64, 1024, 16384}, nsizes = 3;
  unsigned passes = 7, p;
  const char *json = NULL;
  size_t i, k, s, kl;
  int a;
  for (a = 1; a + 1 < argc; a += 2) {
    if (strcmp(argv[a], "--passes") == 0)
      passes = (unsigned)strtoul(argv[a + 1], NULL, 10);
    else if (strcmp(argv[a], "--sizes") == 0)
      nsizes = parse_sizes(argv[a + 1], sizes);
    else if (strcmp(argv[a], "--json") == 0)
      json = argv[a + 1];
  }
  if (passes == 0 || nsizes == 0) {
    fprintf(stderr, "usage: %s [--passes P] [--sizes N,N,...] [--json FILE]\n",
            argv[0]);
    return 2;
  }
  for (i = 0; i < sizeof key_bytes; i++) key_bytes[i] = (uint8_t)(i * 29 + 3);
  for (i = 0; i < sizeof msg; i++) msg[i] = (uint8_t)(i * 31 + 7);
  mlkem_bench_pin();

  for (kl = 16; kl <= 32; kl += 16) {
    const int w = kl == 32;
    for (k = 0; k < nimpls; k++)
      if (mlkem_aes_gcm_init_impl(&keys[k][w], key_bytes, kl, impls[k]) != 0)
        return 1;
#ifdef MLKEM_BENCH_OPENSSL
    evp_enc[w] = evp_ctx(kl, 1);
    evp_dec[w] = evp_ctx(kl, 0);
    evp_upd[w] = evp_ctx(kl, 1);
#endif
  }
  for (kl = 16; kl <= 32; kl += 16)
    for (k = 0; k < nimpls; k++)
      add_row(impls[k]->name, "init", kl, 0, run_init, impls[k]);
  for (s = 0; s < nsizes; s++)
    for (kl = 16; kl <= 32; kl += 16) {
      const int w = kl == 32;
      for (k = 0; k < nimpls; k++) {
        add_row(impls[k]->name, "seal", kl, sizes[s], run_seal_key,
                &keys[k][w]);
        add_row(impls[k]->name, "open", kl, sizes[s], run_open_key,
                &keys[k][w]);
      }
      add_row("mlkem_aead_seal", "seal", kl, sizes[s], run_aead_seal, NULL);
#ifdef MLKEM_BENCH_OPENSSL
      add_row("openssl EVP", "seal", kl, sizes[s], run_evp_seal, NULL);
      add_row("openssl EVP", "open", kl, sizes[s], run_evp_open, NULL);
      add_row("openssl EVP", "update", kl, sizes[s], run_evp_update, NULL);
#endif
    }

  for (p = 0; p < passes; p++)
    for (i = 0; i < nrows; i++) {
      /* An open row opens sealed[], the message of its length sealed
       * under nonce 0 just before its samples. */
      if (rows[i].run == run_open_key
#ifdef MLKEM_BENCH_OPENSSL
          || rows[i].run == run_evp_open
#endif
      ) {
        static const uint8_t zero[12] = {0};
        const int w = rows[i].key_len == 32;
        if (mlkem_aead_seal(w ? MLKEM_AEAD_AES_256_GCM : MLKEM_AEAD_AES_128_GCM,
                            sealed[w], key_bytes, rows[i].key_len, zero, NULL,
                            0, msg, rows[i].len) != 0)
          return 1;
      }
      measure(&rows[i]);
    }

  printf(
      "AES-GCM, no aad: lowest / highest of %u pass medians per message "
      "(%d samples a pass), %s and ns; mlkem_aead_seal dispatches to %s\n",
      passes, SAMPLES, mlkem_bench_tick_unit(), mlkem_gcm_impl_get()->name);
#ifdef MLKEM_BENCH_OPENSSL
  printf("OpenSSL: %s\n", OpenSSL_version(OPENSSL_VERSION));
#endif
  printf("%-22s %-7s %-8s %6s %10s %10s %9s %8s %9s\n", "implementation", "op",
         "aead", "bytes", "ticks", "highest", "ns", "tick/B", "MB/s");
  for (i = 0; i < nrows; i++) {
    const bench_row *r = &rows[i];
    printf("%-22s %-7s %-8s %6zu %10llu %10llu %9llu %8.3f %9.0f\n", r->impl,
           r->op, r->key_len == 16 ? "AES-128" : "AES-256", r->len,
           (unsigned long long)r->best_ticks,
           (unsigned long long)r->worst_ticks, (unsigned long long)r->best_ns,
           r->len ? (double)r->best_ticks / (double)r->len : 0.0,
           r->best_ns ? (double)r->len * 1000.0 / (double)r->best_ns : 0.0);
  }
  if (json != NULL) {
    FILE *f = fopen(json, "w");
    if (f == NULL) {
      perror(json);
      return 1;
    }
    fprintf(f,
            "{\n  \"tick_unit\": \"%s\",\n  \"passes\": %u,\n"
            "  \"dispatched\": \"%s\",\n",
            mlkem_bench_tick_unit(), passes, mlkem_gcm_impl_get()->name);
#ifdef MLKEM_BENCH_OPENSSL
    fprintf(f, "  \"openssl\": \"%s\",\n", OpenSSL_version(OPENSSL_VERSION));
#endif
    fprintf(f, "  \"rows\": [\n");
    for (i = 0; i < nrows; i++) {
      const bench_row *r = &rows[i];
      fprintf(f,
              "    {\"impl\": \"%s\", \"op\": \"%s\", \"aead\": \"%s\", "
              "\"bytes\": %zu, \"ticks\": %llu, \"ticks_highest\": %llu, "
              "\"ns\": %llu, \"ns_highest\": %llu}%s\n",
              r->impl, r->op, r->key_len == 16 ? "AES-128-GCM" : "AES-256-GCM",
              r->len, (unsigned long long)r->best_ticks,
              (unsigned long long)r->worst_ticks,
              (unsigned long long)r->best_ns, (unsigned long long)r->worst_ns,
              i + 1 < nrows ? "," : "");
    }
    fprintf(f, "  ]\n}\n");
    fclose(f);
  }
  mlkem_aes_gcm_wipe(&scratch_key);
  for (k = 0; k < nimpls; k++) {
    mlkem_aes_gcm_wipe(&keys[k][0]);
    mlkem_aes_gcm_wipe(&keys[k][1]);
  }
#ifdef MLKEM_BENCH_OPENSSL
  for (i = 0; i < 2; i++) {
    EVP_CIPHER_CTX_free(evp_enc[i]);
    EVP_CIPHER_CTX_free(evp_dec[i]);
    EVP_CIPHER_CTX_free(evp_upd[i]);
  }
#endif
  return 0;
}
