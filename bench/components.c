/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * components.c - the program mlkem_components (make bench-components),
 * for developers: the median cost of each building block of ML-KEM on
 * the backend in use
 * (the one MLKEM_BACKEND or the CPU chooses), in rdtsc ticks (the virtual
 * counter on AArch64, nanoseconds elsewhere) and nanoseconds:
 *
 *  - poly: every operation of the backend seam (src/backend/backend.h) on
 *    inputs within its contract: NTT, inverse NTT, the multiply-
 *    accumulate of one row (k = 2, 3, 4), the additions, ByteEncode_12 /
 *    ByteDecode_12, compress+encode and decode+decompress for every width
 *    (d = 1: the message), SamplePolyCBD for eta = 2 and 3, and the
 *    rejection step of SampleNTT on one SHAKE128 block (168 bytes);
 *  - keccak: Keccak-f[1600] one-way and, where the backend has them,
 *    four-way and eight-way (one call: 1, 4 or 8 states); SHA3-256 of an
 *    ek of each set, one-shot (what prepare_ek hashes); and the sponge
 *    scheduler's own work per step: ML-KEM-768's decapsulation list (H(ek),
 *    J, G, the matrix as plain SHAKE128 output, the noise: 53
 *    permutations), and decaps_expanded's (J, G, the noise: 17), run with
 *    permutations that do nothing but count their calls, so that only the
 *    scheduler's data movement and choices remain;
 *  - per set: SampleNTT for the whole matrix (k^2 jobs through the
 *    scheduler, with the rejection sinks), the noise of one encryption
 *    (2k + 1 PRFs through the scheduler and their CBD), and K-PKE KeyGen,
 *    Encrypt and Decrypt (mlkem_hazmat.h).
 *
 * Method (as mlkem_sym_bench's): a sample times REPS calls and divides by
 * REPS; a pass takes SAMPLES samples of every component in turn, so that
 * load from elsewhere falls on all alike. Reported: the median and
 * quartiles of all samples, the median of the quietest pass, and the
 * median ns. Printed as a table; --csv FILE writes the CSV of make bench
 * (programs.h), --json FILE the JSON.
 *
 * It times the library's internal operations (src/), so it is no part
 * of the mlkem command, which uses the public API only.
 *
 * Usage: mlkem_components [--passes P] [--csv FILE] [--json FILE]
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mlkem.h"
#include "mlkem_hazmat.h"
#include "backend/backend.h"
#include "programs.h"
#include "fips203/sample.h"
#include "fips203/symmetric.h"
#include "sha3/sha3.h"

#define REPS 8
#define SAMPLES 101
#define MAX_COMPONENTS 96

typedef struct {
  char group[16];
  char name[48];
  void (*run)(size_t arg);
  size_t arg;
  uint64_t t[SAMPLES * 64], ns[SAMPLES * 64]; /* every sample, all passes */
  size_t n;
  uint64_t best_pass;
} component;

static component *comps;
static size_t ncomps;
static const mlkem_backend *be;

static void add(const char *group, const char *name, void (*run)(size_t),
                size_t arg) {
  component *c;
  if (ncomps == MAX_COMPONENTS) return;
  c = &comps[ncomps++];
  snprintf(c->group, sizeof c->group, "%s", group);
  snprintf(c->name, sizeof c->name, "%s", name);
  c->run = run;
  c->arg = arg;
  c->n = 0;
  c->best_pass = UINT64_MAX;
}

/* ---- inputs ---- */

static mlkem_poly pa[MLKEM_K_MAX], pb[MLKEM_K_MAX], pr;
static uint8_t bytes[MLKEM_POLYBYTES], msg[32], prf[3 * 64];
static uint64_t lanes_in[25];
static MLKEM_ALIGN uint64_t states[8 * 25];

/* Coefficients in [0, q) from a simple generator (public test data). */
static void fill_poly(mlkem_poly *p, unsigned seed) {
  unsigned i;
  for (i = 0; i < MLKEM_N; i++)
    p->coeffs[i] = (int16_t)((i * 2654435761u + seed * 40503u) % MLKEM_Q);
}

/* ---- the poly group ---- */

static void run_ntt(size_t a) {
  (void)a;
  pr = pa[0];
  be->ntt(&pr);
}
static void run_invntt(size_t a) {
  (void)a;
  pr = pa[0];
  be->invntt(&pr);
}
static void run_basemul(size_t k) {
  be->basemul_acc(&pr, pa, pb, (unsigned)k, 0, MLKEM_N);
}
static void run_add_reduce(size_t a) {
  (void)a;
  pr = pa[1];
  be->add_reduce(&pr, &pa[0], 0, MLKEM_N);
}
static void run_add(size_t a) {
  (void)a;
  pr = pa[1];
  be->add(&pr, &pa[0]);
}
static void run_sub_from(size_t a) {
  (void)a;
  pr = pa[1];
  be->sub_from(&pr, &pa[0]);
}
static void run_encode12(size_t a) {
  (void)a;
  be->encode12(bytes, &pa[0], 0, MLKEM_N);
}
static void run_decode12(size_t a) {
  (void)a;
  (void)be->decode12(&pr, bytes);
}
static void run_compress(size_t d) {
  if (d == 1)
    be->compress_encode_msg(msg, &pa[0]);
  else
    be->compress_encode(bytes, &pa[0], (unsigned)d);
}
static void run_decompress(size_t d) {
  if (d == 1)
    be->decode_decompress_msg(&pr, msg);
  else
    be->decode_decompress(&pr, bytes, (unsigned)d);
}
static void run_cbd(size_t eta) {
  be->cbd(&pr, prf, (unsigned)eta);
}
static void run_rej(size_t a) {
  unsigned ctr = 0;
  (void)a;
  be->rej_uniform(&pr, &ctr, lanes_in, 1, MLKEM_SHAKE128_RATE);
}

/* ---- the keccak group ---- */

static void run_x1(size_t a) {
  (void)a;
  if (be->keccak->x1 != NULL)
    be->keccak->x1(states, 1);
  else
    mlkem_keccakf1600_strided(states, 1);
}
static void run_x4(size_t a) {
  (void)a;
  be->keccak->x4(states);
}
static void run_x8(size_t a) {
  (void)a;
  be->keccak->x8(states);
}
static uint8_t big[2048], out[64];
static void run_sha3_256(size_t len) {
  mlkem_sha3_256(out, big, len);
}

/* The scheduler with permutations that only count their calls. */
static unsigned long perm_calls;
static void noop_x1(uint64_t *s, size_t stride) {
  (void)s;
  (void)stride;
  perm_calls++;
}
static void noop_x(uint64_t *s) {
  (void)s;
  perm_calls++;
}
static mlkem_keccak_lanes noop_lanes;

/* ML-KEM-768's decapsulation list: H(ek), J(z || c), G, nine entries of
 * SHAKE128 (three blocks each, plain output), seven PRFs after G; with
 * `expanded`, decaps_expanded's: J, G and the PRFs. */
static uint8_t xof_in[9][34], xof_out[9][504], prf_out[7][128], jout[32],
    gout[64];
static void run_sched(size_t expanded) {
  mlkem_sponge_job jobs[20];
  unsigned n = 0, i;
  int g;
  if (!expanded) jobs[n++] = mlkem_job_h(big, MLKEM768_EK_BYTES, out);
  jobs[n++] = mlkem_job_j(big, 32, big + 32, MLKEM768_CT_BYTES, jout);
  g = (int)n;
  jobs[n++] = mlkem_job_g(big, 64, gout);
  for (i = 0; !expanded && i < 9; i++)
    jobs[n++] = mlkem_job_xof(xof_in[i], xof_out[i], sizeof xof_out[i]);
  for (i = 0; i < 7; i++) {
    jobs[n] = mlkem_job_prf(gout + 32, i, prf_out[i], 2);
    jobs[n++].after = (int8_t)g;
  }
  mlkem_sponge_run(jobs, n, &noop_lanes);
}

/* ---- per set ---- */

static const mlkem_kem *set_of(size_t k) {
  return mlkem_kems[k - 2];
}
static mlkem_poly matrix[MLKEM_K_MAX * MLKEM_K_MAX];
static mlkem_matrix_entry entries[MLKEM_K_MAX * MLKEM_K_MAX];
static void run_matrix(size_t k) {
  mlkem_sponge_job jobs[MLKEM_K_MAX * MLKEM_K_MAX];
  mlkem_job_list list = {jobs, 0, MLKEM_K_MAX * MLKEM_K_MAX};
  mlkem_matrix_jobs(&list, be, entries, matrix, (unsigned)k, big, 1);
  mlkem_hash_run(be, list.job, list.n);
}
static uint8_t noise[2 * MLKEM_K_MAX + 1][3 * 64];
static void run_noise(size_t k) {
  mlkem_sponge_job jobs[2 * MLKEM_K_MAX + 1];
  unsigned eta1 = k == 2 ? 3 : 2, i;
  for (i = 0; i < 2 * k + 1; i++)
    jobs[i] = mlkem_job_prf(big, i, noise[i], i < k ? eta1 : 2);
  mlkem_hash_run(be, jobs, (unsigned)(2 * k + 1));
  for (i = 0; i < 2 * k + 1; i++) be->cbd(&pr, noise[i], i < k ? eta1 : 2);
}
static uint8_t kek[MLKEM1024_EK_BYTES], kdk[MLKEM1024_KPKE_DK_BYTES];
static uint8_t kct[MLKEM1024_CT_BYTES], km[32];
typedef int (*kpke_keygen_fn)(uint8_t *, uint8_t *, const uint8_t *);
typedef int (*kpke_encrypt_fn)(uint8_t *, const uint8_t *, const uint8_t *,
                               const uint8_t *);
typedef int (*kpke_decrypt_fn)(uint8_t *, const uint8_t *, const uint8_t *);
static const kpke_keygen_fn kpke_keygen[3] = {
    mlkem512_kpke_keygen, mlkem768_kpke_keygen, mlkem1024_kpke_keygen};
static const kpke_encrypt_fn kpke_encrypt[3] = {
    mlkem512_kpke_encrypt, mlkem768_kpke_encrypt, mlkem1024_kpke_encrypt};
static const kpke_decrypt_fn kpke_decrypt[3] = {
    mlkem512_kpke_decrypt, mlkem768_kpke_decrypt, mlkem1024_kpke_decrypt};
static void run_kpke_keygen(size_t k) {
  (void)kpke_keygen[k - 2](kek, kdk, big);
}
static void run_kpke_encrypt(size_t k) {
  (void)kpke_encrypt[k - 2](kct, kek, km, big);
}
static void run_kpke_decrypt(size_t k) {
  (void)kpke_decrypt[k - 2](km, kdk, kct);
}

/* ---- measuring ---- */

static void measure(component *c) {
  uint64_t v[SAMPLES];
  size_t i, r;
  for (i = 0; i < SAMPLES; i++) {
    uint64_t n0 = mlkem_bench_now_ns(), t0 = mlkem_bench_ticks();
    for (r = 0; r < REPS; r++) c->run(c->arg);
    v[i] = (mlkem_bench_ticks() - t0) / REPS;
    c->ns[c->n] = (mlkem_bench_now_ns() - n0) / REPS;
    c->t[c->n++] = v[i];
  }
  mlkem_bench_sort(v, SAMPLES);
  if (v[SAMPLES / 2] < c->best_pass) c->best_pass = v[SAMPLES / 2];
}

static void make_components(void) {
  static const unsigned widths[5] = {1, 4, 5, 10, 11};
  char name[48];
  unsigned i, k;
  add("poly", "ntt", run_ntt, 0);
  add("poly", "invntt", run_invntt, 0);
  for (k = 2; k <= 4; k++) {
    snprintf(name, sizeof name, "basemul_acc k=%u (one row)", k);
    add("poly", name, run_basemul, k);
  }
  add("poly", "add_reduce", run_add_reduce, 0);
  add("poly", "add", run_add, 0);
  add("poly", "sub_from", run_sub_from, 0);
  add("poly", "encode12", run_encode12, 0);
  add("poly", "decode12", run_decode12, 0);
  for (i = 0; i < 5; i++) {
    snprintf(name, sizeof name, "compress_encode d=%u", widths[i]);
    add("poly", name, run_compress, widths[i]);
    snprintf(name, sizeof name, "decode_decompress d=%u", widths[i]);
    add("poly", name, run_decompress, widths[i]);
  }
  add("poly", "cbd eta=2", run_cbd, 2);
  add("poly", "cbd eta=3", run_cbd, 3);
  add("poly", "rej_uniform (168 B block)", run_rej, 0);
  add("keccak", "keccak x1 (one state)", run_x1, 0);
  if (be->keccak->x4 != NULL)
    add("keccak", "keccak x4 (four states)", run_x4, 0);
  if (be->keccak->x8 != NULL)
    add("keccak", "keccak x8 (eight states)", run_x8, 0);
  add("keccak", "sha3_256 800 B (ML-KEM-512 ek)", run_sha3_256, 800);
  add("keccak", "sha3_256 1184 B (ML-KEM-768 ek)", run_sha3_256, 1184);
  add("keccak", "sha3_256 1568 B (ML-KEM-1024 ek)", run_sha3_256, 1568);
  add("keccak", "scheduler, decaps list", run_sched, 0);
  add("keccak", "scheduler, decaps_expanded list", run_sched, 1);
  for (k = 2; k <= 4; k++) {
    const char *set = set_of(k)->name;
    add(set, "sample_matrix (SampleNTT, k^2)", run_matrix, k);
    add(set, "noise (2k+1 PRF + CBD)", run_noise, k);
    add(set, "kpke_keygen", run_kpke_keygen, k);
    add(set, "kpke_encrypt", run_kpke_encrypt, k);
    add(set, "kpke_decrypt", run_kpke_decrypt, k);
  }
}

static void prepare_inputs(void) {
  mlkem_keccak_ctx x;
  uint8_t block[MLKEM_SHAKE128_RATE];
  unsigned i;
  for (i = 0; i < MLKEM_K_MAX; i++) {
    fill_poly(&pa[i], 2 * i + 1);
    fill_poly(&pb[i], 2 * i + 2);
    be->ntt(&pb[i]); /* b of basemul_acc is an ntt output */
  }
  for (i = 0; i < sizeof big; i++) big[i] = (uint8_t)(i * 7 + 3);
  for (i = 0; i < sizeof prf; i++) prf[i] = (uint8_t)(i * 13 + 5);
  for (i = 0; i < 9; i++) memcpy(xof_in[i], big + i, 34);
  be->encode12(bytes, &pa[0], 0, MLKEM_N);
  memset(msg, 0x5A, sizeof msg);
  /* One SHAKE128 block as the rejection step reads it (stride 1). */
  mlkem_shake128_init(&x);
  mlkem_keccak_absorb(&x, big, 34);
  mlkem_keccak_finalize(&x);
  mlkem_keccak_squeeze(&x, block, sizeof block);
  memset(lanes_in, 0, sizeof lanes_in);
  memcpy(lanes_in, block, sizeof block);
  for (i = 0; i < 8 * 25; i++) states[i] = i * 0x9E3779B97F4A7C15ull;
  noop_lanes = *be->keccak;
  noop_lanes.x1 = noop_x1;
  if (noop_lanes.x4 != NULL) noop_lanes.x4 = noop_x;
  if (noop_lanes.x8 != NULL) noop_lanes.x8 = noop_x;
  /* A K-PKE key for Encrypt and Decrypt of every set: made at use. */
  km[0] = 1;
}

/* ---- output ---- */

typedef struct {
  uint64_t t[4]; /* median, p25, p75, quietest pass */
  uint64_t ns;
} summary;

static summary summarize(component *c) {
  summary s;
  mlkem_bench_sort(c->t, c->n);
  mlkem_bench_sort(c->ns, c->n);
  s.t[0] = c->t[c->n / 2];
  s.t[1] = c->t[c->n / 4];
  s.t[2] = c->t[(3 * c->n) / 4];
  s.t[3] = c->best_pass;
  s.ns = c->ns[c->n / 2];
  return s;
}

static void write_json(FILE *f, const summary *sum, unsigned passes) {
  size_t i;
  fprintf(f,
          "{\n  \"library\": \"mlkem %s\",\n  \"backend\": \"%s\",\n"
          "  \"tick_unit\": \"%s\",\n  \"passes\": %u,\n"
          "  \"samples_per_pass\": %d,\n  \"calls_per_sample\": %d,\n"
          "  \"components\": [\n",
          mlkem_version(), mlkem_backend_name(), mlkem_bench_tick_unit(),
          passes, SAMPLES, REPS);
  for (i = 0; i < ncomps; i++)
    fprintf(f,
            "    {\"set\": \"%s\", \"op\": \"%s\", \"ticks_median\": %llu, "
            "\"ticks_p25\": %llu, \"ticks_p75\": %llu, "
            "\"ticks_best_pass_median\": %llu, \"ns_median\": %llu}%s\n",
            comps[i].group, comps[i].name, (unsigned long long)sum[i].t[0],
            (unsigned long long)sum[i].t[1], (unsigned long long)sum[i].t[2],
            (unsigned long long)sum[i].t[3], (unsigned long long)sum[i].ns,
            i + 1 < ncomps ? "," : "");
  fprintf(f, "  ]\n}\n");
}

int main(int argc, char **argv) {
  const char *csv = NULL, *json = NULL;
  unsigned passes = 7, p;
  summary *sum;
  size_t i;
  FILE *cf = NULL, *jf = NULL;
  int a, rc = 0;
  for (a = 1; a < argc; a++) {
    unsigned long n;
    if (strcmp(argv[a], "--help") == 0 || strcmp(argv[a], "-h") == 0) {
      printf(
          "usage: %s [--passes P] [--csv FILE] [--json FILE]\n"
          "P from 1 to 64 (default 7)\n",
          argv[0]);
      return 0;
    } else if (strcmp(argv[a], "--passes") == 0 && a + 1 < argc) {
      if (mlkem_bench_number(argv[++a], 64, &n) != 0 || n < 1)
        return mlkem_bench_usage(argv[0], "--passes from 1 to 64 (not %s)",
                                 argv[a]);
      passes = (unsigned)n;
    } else if (strcmp(argv[a], "--csv") == 0 && a + 1 < argc) {
      csv = argv[++a];
    } else if (strcmp(argv[a], "--json") == 0 && a + 1 < argc) {
      json = argv[++a];
    } else {
      return mlkem_bench_usage(argv[0], "unknown option or missing value: %s",
                               argv[a]);
    }
  }
  if ((be = mlkem_backend_get()) == NULL) {
    printf(
        "backend %s is not available here (not built in, or not supported "
        "by this CPU): skipped\n",
        getenv("MLKEM_BACKEND"));
    return 0;
  }
  /* The output files first: one that cannot be written is reported
   * before measuring. */
  if ((csv != NULL && (cf = mlkem_bench_open(argv[0], csv)) == NULL) ||
      (json != NULL && (jf = mlkem_bench_open(argv[0], json)) == NULL)) {
    if (cf != NULL) fclose(cf);
    return 1;
  }
  comps = calloc(MAX_COMPONENTS, sizeof *comps);
  sum = calloc(MAX_COMPONENTS, sizeof *sum);
  if (comps == NULL || sum == NULL) {
    mlkem_bench_error(argv[0], "out of memory");
    return 1;
  }
  mlkem_bench_pin();
  prepare_inputs();
  make_components();
  for (i = 0; i < ncomps; i++) comps[i].run(comps[i].arg); /* warm-up */
  for (p = 0; p < passes; p++)
    for (i = 0; i < ncomps; i++) measure(&comps[i]);
  for (i = 0; i < ncomps; i++) sum[i] = summarize(&comps[i]);

  printf(
      "mlkem %s, backend %s: components, median of %u x %d samples of %d "
      "calls (%s; ns)\n",
      mlkem_version(), mlkem_backend_name(), passes, SAMPLES, REPS,
      mlkem_bench_tick_unit());
  printf("| group | component | median | quietest pass | ns |\n");
  printf("| --- | --- | ---: | ---: | ---: |\n");
  for (i = 0; i < ncomps; i++)
    printf("| %s | %s | %llu | %llu | %llu |\n", comps[i].group, comps[i].name,
           (unsigned long long)sum[i].t[0], (unsigned long long)sum[i].t[3],
           (unsigned long long)sum[i].ns);
  /* The scheduler per step: a list's time over its calls of a
   * permutation (one call a step), counted once. */
  for (i = 0; i < ncomps; i++) {
    if (comps[i].run != run_sched) continue;
    perm_calls = 0;
    run_sched(comps[i].arg);
    printf(
        "scheduler: %lu steps (permutation calls) for the %u permutations "
        "of ML-KEM-768's %s list: %llu %s per step (quietest pass)\n",
        perm_calls, comps[i].arg ? 17u : 53u,
        comps[i].arg ? "decaps_expanded" : "decaps",
        (unsigned long long)(perm_calls ? sum[i].t[3] / perm_calls : 0),
        mlkem_bench_tick_unit());
  }
  if (cf != NULL) {
    mlkem_bench_csv_header(cf);
    for (i = 0; i < ncomps; i++)
      mlkem_bench_csv_row(cf, comps[i].group, comps[i].name, sum[i].t,
                          sum[i].ns);
    if (mlkem_bench_close(argv[0], cf, csv, "CSV") != 0) rc = 1;
  }
  if (jf != NULL) {
    write_json(jf, sum, passes);
    if (mlkem_bench_close(argv[0], jf, json, "JSON") != 0) rc = 1;
  }
  free(comps);
  free(sum);
  return rc;
}
