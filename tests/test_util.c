/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* test_util.c - shared helpers of the test programs (see test_util.h). */
#include "test_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/backend.h"
#include "platform/cpu.h"
#include "mlkem.h"
#include "sha2/sha2.h"
#include "sha3/sha3.h"

unsigned long test_passed;
unsigned long test_failed;
char test_msgbuf[TEST_MSGBUF_LEN];

void test_check(int ok, const char *file, int line, const char *what) {
  if (ok) {
    test_passed++;
    return;
  }
  test_failed++;
  if (test_failed <= 50)
    fprintf(stderr, "%s:%d: FAILED: %s\n", file, line, what);
}

void test_check_mem(const void *got, const void *want, size_t len,
                    const char *file, int line, const char *what) {
  const uint8_t *g = got, *w = want;
  size_t i;
  for (i = 0; i < len && g[i] == w[i]; i++) {
  }
  if (i == len) {
    test_passed++;
    return;
  }
  test_failed++;
  if (test_failed <= 50)
    fprintf(stderr,
            "%s:%d: FAILED: %s differs at byte %zu of %zu "
            "(got %02x, want %02x)\n",
            file, line, what, i, len, g[i], w[i]);
}

int test_quick(void) {
  const char *quick = getenv("MLKEM_TEST_QUICK");
  return quick != NULL && strcmp(quick, "1") == 0;
}

unsigned long test_trials(unsigned long full) {
  if (!test_quick()) return full;
  return full / 10 > 0 ? full / 10 : 1;
}

int test_all_bytes(const uint8_t *p, size_t len, uint8_t v) {
  size_t i;
  for (i = 0; i < len; i++)
    if (p[i] != v) return 0;
  return 1;
}

int test_summary(const char *name) {
  printf("%s: %lu passed, %lu failed\n", name, test_passed, test_failed);
  return test_failed != 0 || test_passed == 0;
}

void test_backend_banner(void) {
  const char *forced = getenv("MLKEM_BACKEND");
  const char *name = mlkem_backend_name();
  if (strcmp(name, "unavailable") == 0) {
    printf(
        "backend %s is not available here (not built in, or not "
        "supported by this CPU): not run\n",
        forced != NULL ? forced : "(none)");
    exit(TEST_SKIP);
  }
  printf(
      "backend: %s%s\n", name,
      forced != NULL && forced[0] != '\0' ? " (forced by MLKEM_BACKEND)" : "");
}

/* One SIMD backend: compared if built in (b not NULL) and usable here. */
static void each_one(void (*run)(const mlkem_backend *be),
                     const mlkem_backend *b, int usable, const char *name) {
  if (b == NULL || !usable) {
    printf("%s backend not built/not available: not compared\n", name);
    CHECK_MSG(1, "backend not available");
    return;
  }
  printf("%s vs portable, bit for bit:\n", b->name);
  run(b);
}

void test_each_simd_backend(void (*run)(const mlkem_backend *be)) {
#ifdef MLKEM_HAVE_AVX2
  each_one(run, &mlkem_backend_avx2, mlkem_cpu_has_avx2(), "avx2");
#else
  each_one(run, NULL, 0, "avx2");
#endif
#ifdef MLKEM_HAVE_AVX512
  each_one(run, &mlkem_backend_avx512, mlkem_cpu_has_avx512(), "avx512");
#else
  each_one(run, NULL, 0, "avx512");
#endif
#ifdef MLKEM_HAVE_NEON
  /* neon-sha3 shares every backend operation (only its Keccak differs,
   * compared in test_sha3). */
  each_one(run, &mlkem_backend_neon, 1, "neon");
#else
  each_one(run, NULL, 0, "neon");
#endif
}

static int hexval(int c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

size_t test_hex_decode(uint8_t *out, size_t cap, const char *hex,
                       size_t hexlen) {
  size_t i;
  if (hexlen % 2 != 0 || hexlen / 2 > cap) return (size_t)-1;
  for (i = 0; i < hexlen / 2; i++) {
    int hi = hexval((unsigned char)hex[2 * i]);
    int lo = hexval((unsigned char)hex[2 * i + 1]);
    if (hi < 0 || lo < 0) return (size_t)-1;
    out[i] = (uint8_t)(hi << 4 | lo);
  }
  return hexlen / 2;
}

char *test_read_file(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  char *buf;
  long n;
  if (f == NULL || fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0 ||
      fseek(f, 0, SEEK_SET) != 0) {
    fprintf(stderr, "cannot read %s\n", path);
    exit(2);
  }
  buf = malloc((size_t)n + 1);
  if (buf == NULL || fread(buf, 1, (size_t)n, f) != (size_t)n) {
    fprintf(stderr, "cannot read %s\n", path);
    exit(2);
  }
  fclose(f);
  buf[n] = '\0';
  if (len != NULL) *len = (size_t)n;
  return buf;
}

const char *test_vector_path(const char *rel) {
  static char buf[4096];
  const char *dir = getenv("MLKEM_VECTOR_DIR");
#ifdef MLKEM_VECTOR_DIR
  if (dir == NULL) dir = MLKEM_VECTOR_DIR;
#endif
  if (dir == NULL) dir = "tests/vectors";
  snprintf(buf, sizeof buf, "%s/%s", dir, rel);
  return buf;
}

void test_rng_init(test_rng *rng, const char *label) {
  mlkem_keccak_ctx ctx;
  mlkem_shake128_init(&ctx);
  mlkem_keccak_absorb(&ctx, (const uint8_t *)label, strlen(label));
  mlkem_keccak_finalize(&ctx);
  memcpy(rng->s, ctx.s, sizeof rng->s);
  mlkem_keccakf1600(rng->s);
  rng->pos = 0;
}

void test_rng_bytes(test_rng *rng, uint8_t *out, size_t len) {
  while (len > 0) {
    if (rng->pos == MLKEM_SHAKE128_RATE) {
      mlkem_keccakf1600(rng->s);
      rng->pos = 0;
    }
    out[0] = (uint8_t)(rng->s[rng->pos / 8] >> (8 * (rng->pos % 8)));
    rng->pos++;
    out++;
    len--;
  }
}

uint32_t test_rng_u32(test_rng *rng) {
  uint8_t b[4];
  test_rng_bytes(rng, b, 4);
  return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 |
         (uint32_t)b[3] << 24;
}

static uint64_t rotl64(uint64_t x, int r) {
  return (x << r) | (x >> (64 - r));
}

void test_fast_rng_init(test_fast_rng *rng, const char *label) {
  test_rng slow;
  uint8_t b[32];
  unsigned i, j;
  test_rng_init(&slow, label);
  test_rng_bytes(&slow, b, sizeof b);
  for (i = 0; i < 4; i++) {
    rng->s[i] = 0;
    for (j = 0; j < 8; j++) rng->s[i] |= (uint64_t)b[8 * i + j] << (8 * j);
  }
}

uint64_t test_fast_rng_next(test_fast_rng *rng) {
  uint64_t *xs = rng->s;
  uint64_t res = rotl64(xs[1] * 5, 7) * 9, t = xs[1] << 17;
  xs[2] ^= xs[0];
  xs[3] ^= xs[1];
  xs[1] ^= xs[2];
  xs[0] ^= xs[3];
  xs[2] ^= t;
  xs[3] = rotl64(xs[3], 45);
  return res;
}

void test_lanes_from_bytes(uint64_t *lane, size_t words, size_t stride,
                           const uint8_t *in, size_t len, uint8_t fill) {
  size_t j;
  memset(lane, fill, 8 * words);
  for (j = 0; j < len; j++) {
    uint64_t *w = &lane[stride * (j / 8)];
    *w = (*w & ~((uint64_t)0xFF << (8 * (j % 8)))) | (uint64_t)in[j]
                                                         << (8 * (j % 8));
  }
}

void test_sha256_init_fast(mlkem_sha256_ctx *ctx) {
  const mlkem_sha2_impl *impls[8];
  size_t n = mlkem_sha2_impls(impls, sizeof impls / sizeof impls[0]);
  mlkem_sha256_init_impl(ctx, impls[n - 1]);
}

void test_sha256_hex_line(mlkem_sha256_ctx *ctx, const char *label,
                          const uint8_t *p, size_t len, int upper) {
  const char *digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
  char buf[256];
  size_t i, n = 0;
  mlkem_sha256_update(ctx, (const uint8_t *)label, strlen(label));
  for (i = 0; i < len; i++) {
    buf[n++] = digits[p[i] >> 4];
    buf[n++] = digits[p[i] & 15];
    if (n == sizeof buf) {
      mlkem_sha256_update(ctx, (const uint8_t *)buf, n);
      n = 0;
    }
  }
  buf[n++] = '\n';
  mlkem_sha256_update(ctx, (const uint8_t *)buf, n);
}
