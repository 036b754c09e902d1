/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * chacha20poly1305_bench.c - the mlkem_chacha20poly1305_bench program (make
 * bench-chacha20poly1305): ChaCha20-Poly1305 seal and open per
 * implementation usable on this CPU (src/aead/), and, in the same run,
 * OpenSSL's EVP ChaCha20-Poly1305 where the program was built with
 * OpenSSL 3 (MLKEM_BENCH_OPENSSL), for messages of 64 B to 16 KiB; plus
 * ChaCha20 and Poly1305 alone over 16 KiB, to show where the time goes.
 *
 * OpenSSL rows:
 *  - "EVP update" is what `openssl speed -evp chacha20-poly1305` times:
 *    EVP_EncryptUpdate in place on a context whose key and nonce were set
 *    once (ChaCha20 and Poly1305 over the message; no nonce, no AAD, no
 *    tag per message). The ratio to OpenSSL's figure uses this row, so our
 *    seal (a whole message: one-time key, AAD, tag) is compared with the
 *    cheaper thing.
 *  - "EVP seal" / "EVP open" are whole messages on a context whose key was
 *    set once: a new nonce, 13 bytes of AAD, the data, the tag.
 * Our rows seal and open with a key loaded once (mlkem_chacha20poly1305_
 * key: what an HPKE context holds) and 13 bytes of AAD (a TLS record's).
 *
 * Method: each sample times REPS calls back to back (REPS from the message
 * size, about 32 KiB of data a sample) and divides by REPS; a pass takes
 * the median of SAMPLES samples of every case in turn, starting from a
 * different case each pass (the cases interleave, so that load from other
 * processes falls on all of them alike); the figure reported is the lowest
 * of the passes' medians (the quietest pass) with the highest beside it
 * for the spread. Ticks are rdtsc (x86-64; the virtual counter on AArch64),
 * converted to ns with the tick rate measured over the run; "ticks/B" is
 * rdtsc ticks per byte (TSC cycles, not core cycles: the core may run
 * faster or slower than the TSC). Pinned to one CPU as mlkem_bench is.
 *
 * Usage: mlkem_chacha20poly1305_bench [--passes P] [--csv FILE]
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aead/chacha20poly1305.h"
#include "mlkem.h"
#include "programs.h"

#ifdef MLKEM_BENCH_OPENSSL
#include <openssl/evp.h>
#endif

#define SAMPLES 31
#define MAX_CASES 96
#define MAX_LEN 16384
#define AAD_LEN 13

static const size_t sizes[] = {64, 256, 1024, 8192, 16384};
#define NSIZES (sizeof sizes / sizeof sizes[0])

typedef struct {
  char name[64];
  const char *who; /* implementation, or "openssl" */
  const char *op;
  size_t len;
  void (*run)(const void *ctx, size_t len);
  const void *ctx;
  unsigned reps;
  uint64_t best, worst;
} bench_case;

static bench_case cases[MAX_CASES];
static size_t ncases;

static uint8_t key_bytes[32], nonce[12], aad[AAD_LEN];
static uint8_t msg[MAX_LEN + 16], sealed[MAX_LEN + 16], out[MAX_LEN + 16];
static mlkem_chacha20poly1305_key keys[8];
static size_t nkeys;
static volatile int sink;

static void add_case(const char *who, const char *op, size_t len,
                     void (*run)(const void *, size_t), const void *ctx) {
  bench_case *c;
  size_t reps = 32768 / (len > 0 ? len : 1);
  if (ncases == MAX_CASES) return;
  c = &cases[ncases++];
  snprintf(c->name, sizeof c->name, "%-8s %-24s %6zu B", who, op, len);
  c->who = who;
  c->op = op;
  c->len = len;
  c->run = run;
  c->ctx = ctx;
  c->reps = (unsigned)(reps < 2 ? 2 : reps > 256 ? 256 : reps);
  c->best = UINT64_MAX;
  c->worst = 0;
}

/* ---- this library ---------------------------------------------------- */

static void run_seal(const void *key, size_t len) {
  sink +=
      mlkem_chacha20poly1305_key_seal(key, out, nonce, aad, AAD_LEN, msg, len);
}

/* Opens the message sealed for the case (prepared before timing). */
static void run_open(const void *key, size_t len) {
  sink += mlkem_chacha20poly1305_key_open(key, out, nonce, aad, AAD_LEN, sealed,
                                          len + 16);
}

static void run_chacha20(const void *key, size_t len) {
  const mlkem_chacha20poly1305_key *k = key;
  mlkem_chacha20_state st;
  unsigned i;
  for (i = 0; i < 16; i++) st.w[i] = i;
  for (i = 0; i < 8; i++) st.w[4 + i] = k->k[i];
  k->impl->chacha20(out, msg, len, &st);
}

static void run_poly1305(const void *key, size_t len) {
  const mlkem_chacha20poly1305_key *k = key;
  mlkem_poly1305 st;
  mlkem_poly1305_init(&st, key_bytes);
  k->impl->poly1305_blocks(&st, msg, len / 16);
  mlkem_poly1305_final(&st, out, NULL, 0);
}

/* ---- OpenSSL --------------------------------------------------------- */

#ifdef MLKEM_BENCH_OPENSSL
static EVP_CIPHER_CTX *evp_update, *evp_seal, *evp_open;

static void run_evp_update(const void *unused, size_t len) {
  int outl;
  (void)unused;
  sink += EVP_EncryptUpdate(evp_update, msg, &outl, msg, (int)len);
}

static void run_evp_seal(const void *unused, size_t len) {
  int outl;
  (void)unused;
  EVP_EncryptInit_ex(evp_seal, NULL, NULL, NULL, nonce);
  EVP_EncryptUpdate(evp_seal, NULL, &outl, aad, AAD_LEN);
  EVP_EncryptUpdate(evp_seal, out, &outl, msg, (int)len);
  EVP_EncryptFinal_ex(evp_seal, out + len, &outl);
  sink += EVP_CIPHER_CTX_ctrl(evp_seal, EVP_CTRL_AEAD_GET_TAG, 16, out + len);
}

static void run_evp_open(const void *unused, size_t len) {
  int outl;
  (void)unused;
  EVP_DecryptInit_ex(evp_open, NULL, NULL, NULL, nonce);
  EVP_DecryptUpdate(evp_open, NULL, &outl, aad, AAD_LEN);
  EVP_DecryptUpdate(evp_open, out, &outl, sealed, (int)len);
  EVP_CIPHER_CTX_ctrl(evp_open, EVP_CTRL_AEAD_SET_TAG, 16,
                      (void *)(sealed + len));
  sink += EVP_DecryptFinal_ex(evp_open, out + len, &outl);
}

static int evp_setup(void) {
  evp_update = EVP_CIPHER_CTX_new();
  evp_seal = EVP_CIPHER_CTX_new();
  evp_open = EVP_CIPHER_CTX_new();
  if (evp_update == NULL || evp_seal == NULL || evp_open == NULL) return 0;
  return EVP_EncryptInit_ex(evp_update, EVP_chacha20_poly1305(), NULL,
                            key_bytes, nonce) == 1 &&
         EVP_EncryptInit_ex(evp_seal, EVP_chacha20_poly1305(), NULL, key_bytes,
                            NULL) == 1 &&
         EVP_DecryptInit_ex(evp_open, EVP_chacha20_poly1305(), NULL, key_bytes,
                            NULL) == 1;
}
#endif

/* ---- timing ---------------------------------------------------------- */

static void measure(bench_case *c) {
  uint64_t v[SAMPLES];
  size_t i, r;
  /* Open's input: this length's message, sealed (untimed). */
  if (c->run == run_open)
    mlkem_chacha20poly1305_key_seal(c->ctx, sealed, nonce, aad, AAD_LEN, msg,
                                    c->len);
#ifdef MLKEM_BENCH_OPENSSL
  if (c->run == run_evp_open)
    mlkem_chacha20poly1305_key_seal(&keys[0], sealed, nonce, aad, AAD_LEN, msg,
                                    c->len);
#endif
  c->run(c->ctx, c->len); /* warm */
  for (i = 0; i < SAMPLES; i++) {
    uint64_t t0 = mlkem_bench_ticks();
    for (r = 0; r < c->reps; r++) c->run(c->ctx, c->len);
    v[i] = (mlkem_bench_ticks() - t0) / c->reps;
  }
  mlkem_bench_sort(v, SAMPLES);
  if (v[SAMPLES / 2] < c->best) c->best = v[SAMPLES / 2];
  if (v[SAMPLES / 2] > c->worst) c->worst = v[SAMPLES / 2];
}

#ifdef MLKEM_BENCH_OPENSSL
/* A measured case by name (the ratio table against OpenSSL). */
static const bench_case *find(const char *who, const char *op, size_t len) {
  size_t i;
  for (i = 0; i < ncases; i++)
    if (strcmp(cases[i].who, who) == 0 && strcmp(cases[i].op, op) == 0 &&
        cases[i].len == len)
      return &cases[i];
  return NULL;
}
#endif

int main(int argc, char **argv) {
  const mlkem_chacha20poly1305_impl *impls[8];
  size_t nimpls = mlkem_chacha20poly1305_impls(impls, 8), i, s;
  unsigned passes = 9, p;
  const char *csv_path = NULL;
  uint64_t t_start, ns_start, t_end, ns_end;
  double ticks_per_ns;
#ifdef MLKEM_BENCH_OPENSSL
  int have_openssl = 0;
#endif
  for (i = 1; i < (size_t)argc; i++) {
    if (strcmp(argv[i], "--passes") == 0 && i + 1 < (size_t)argc)
      passes = (unsigned)strtoul(argv[++i], NULL, 10);
    else if (strcmp(argv[i], "--csv") == 0 && i + 1 < (size_t)argc)
      csv_path = argv[++i];
    else {
      fprintf(stderr, "usage: %s [--passes P] [--csv FILE]\n", argv[0]);
      return 2;
    }
  }
  if (passes == 0) passes = 1;
  for (i = 0; i < sizeof msg; i++) msg[i] = (uint8_t)(i * 31 + 7);
  for (i = 0; i < 32; i++) key_bytes[i] = (uint8_t)(i * 17 + 1);
  for (i = 0; i < 12; i++) nonce[i] = (uint8_t)(i + 100);
  for (i = 0; i < AAD_LEN; i++) aad[i] = (uint8_t)(i + 200);
  mlkem_bench_pin();

  nkeys = nimpls;
  for (i = 0; i < nimpls; i++)
    mlkem_chacha20poly1305_key_init_impl(&keys[i], key_bytes, impls[i]);
#ifdef MLKEM_BENCH_OPENSSL
  have_openssl = evp_setup();
  if (!have_openssl)
    printf("OpenSSL EVP setup failed: its rows are left out\n");
#endif
  for (s = 0; s < NSIZES; s++) {
    for (i = 0; i < nimpls; i++) {
      add_case(impls[i]->name, "seal", sizes[s], run_seal, &keys[i]);
      add_case(impls[i]->name, "open", sizes[s], run_open, &keys[i]);
    }
#ifdef MLKEM_BENCH_OPENSSL
    if (have_openssl) {
      add_case("openssl", "EVP update (speed -evp)", sizes[s], run_evp_update,
               NULL);
      add_case("openssl", "EVP seal", sizes[s], run_evp_seal, NULL);
      add_case("openssl", "EVP open", sizes[s], run_evp_open, NULL);
    }
#endif
  }
  for (i = 0; i < nimpls; i++) {
    add_case(impls[i]->name, "ChaCha20 alone", MAX_LEN, run_chacha20, &keys[i]);
    add_case(impls[i]->name, "Poly1305 alone", MAX_LEN, run_poly1305, &keys[i]);
  }

  t_start = mlkem_bench_ticks();
  ns_start = mlkem_bench_now_ns();
  for (p = 0; p < passes; p++)
    for (i = 0; i < ncases; i++) measure(&cases[(i + p * 7) % ncases]);
  t_end = mlkem_bench_ticks();
  ns_end = mlkem_bench_now_ns();
  ticks_per_ns = (double)(t_end - t_start) / (double)(ns_end - ns_start);

  printf(
      "ChaCha20-Poly1305 (mlkem %s, backend %s): lowest / highest of %u pass "
      "medians, %s per call (%d samples a pass), %.3f ticks/ns; AAD %d "
      "bytes\n",
      mlkem_version(), mlkem_backend_name(), passes, mlkem_bench_tick_unit(),
      SAMPLES, ticks_per_ns, AAD_LEN);
  printf("  %-44s %9s %9s %9s %8s %9s\n", "case", "lowest", "highest", "ns",
         "ticks/B", "MB/s");
  for (i = 0; i < ncases; i++) {
    const bench_case *c = &cases[i];
    double ns = (double)c->best / ticks_per_ns;
    printf("  %-44s %9llu %9llu %9.0f %8.3f %9.0f\n", c->name,
           (unsigned long long)c->best, (unsigned long long)c->worst, ns,
           (double)c->best / (double)c->len, (double)c->len * 1e3 / ns);
  }
#ifdef MLKEM_BENCH_OPENSSL
  if (have_openssl) {
    printf(
        "\nThroughput against OpenSSL %s in this run (OpenSSL's ticks / ours, "
        "lowest pass medians; above 1: faster than OpenSSL):\n",
        OpenSSL_version(OPENSSL_VERSION_STRING));
    for (i = 0; i < nimpls; i++) {
      for (s = 0; s < NSIZES; s++) {
        const bench_case *us = find(impls[i]->name, "seal", sizes[s]);
        const bench_case *uo = find(impls[i]->name, "open", sizes[s]);
        const bench_case *eu =
            find("openssl", "EVP update (speed -evp)", sizes[s]);
        const bench_case *es = find("openssl", "EVP seal", sizes[s]);
        const bench_case *eo = find("openssl", "EVP open", sizes[s]);
        printf(
            "  %-8s %6zu B: seal vs EVP update %.2f, seal vs EVP seal %.2f, "
            "open vs EVP open %.2f\n",
            impls[i]->name, sizes[s], (double)eu->best / (double)us->best,
            (double)es->best / (double)us->best,
            (double)eo->best / (double)uo->best);
      }
    }
  }
#endif
  if (csv_path != NULL) {
    FILE *f = fopen(csv_path, "w");
    if (f == NULL) {
      perror(csv_path);
      return 1;
    }
    fprintf(f, "who,op,bytes,ticks_lowest,ticks_highest,ns,ticks_per_byte\n");
    for (i = 0; i < ncases; i++)
      fprintf(f, "%s,%s,%zu,%llu,%llu,%.0f,%.4f\n", cases[i].who, cases[i].op,
              cases[i].len, (unsigned long long)cases[i].best,
              (unsigned long long)cases[i].worst,
              (double)cases[i].best / ticks_per_ns,
              (double)cases[i].best / (double)cases[i].len);
    fclose(f);
  }
  for (i = 0; i < nkeys; i++) mlkem_chacha20poly1305_key_wipe(&keys[i]);
#ifdef MLKEM_BENCH_OPENSSL
  EVP_CIPHER_CTX_free(evp_update);
  EVP_CIPHER_CTX_free(evp_seal);
  EVP_CIPHER_CTX_free(evp_open);
#endif
  return 0;
}
