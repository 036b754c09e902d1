/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_util.h - the few helpers every test program shares: checks that
 * count and report, hex decoding, and a deterministic random generator.
 *
 * A test program calls CHECK(...) / CHECKF(...) / CHECK_MEM(...) as often
 * as it likes and ends with `return test_summary("name");`, which prints
 * "name: N passed, M failed" and returns non-zero if anything failed.
 */
#ifndef MLKEM_TEST_UTIL_H
#define MLKEM_TEST_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "sha2/sha2.h"

extern unsigned long test_passed;
extern unsigned long test_failed;

void test_check(int ok, const char *file, int line, const char *what);
void test_check_mem(const void *got, const void *want, size_t len,
                    const char *file, int line, const char *what);
int test_summary(const char *name);

/* Exit code that ctest reads as "skipped" (SKIP_RETURN_CODE). */
#define TEST_SKIP 77

/* Prints the backend in use. If MLKEM_BACKEND forced one that is not
 * available here, says so and exits with TEST_SKIP: a run forced onto a
 * backend this CPU lacks is reported as not run, never as passed. */
void test_backend_banner(void);

/* For the differential tests: calls run(be) for each SIMD backend built
 * into the library and usable on this CPU (avx2, avx512; neon, whose
 * operations neon-sha3 shares), after printing "NAME vs portable, bit for
 * bit:"; the others are reported as not compared. */
struct mlkem_backend;
void test_each_simd_backend(void (*run)(const struct mlkem_backend *be));

#define CHECK(cond) test_check(!!(cond), __FILE__, __LINE__, #cond)
#define CHECK_MSG(cond, msg) test_check(!!(cond), __FILE__, __LINE__, (msg))
#define CHECK_MEM(got, want, len, what) \
  test_check_mem((got), (want), (len), __FILE__, __LINE__, (what))

/* CHECKF(cond, fmt, ...): CHECK with a printf-style failure message. The
 * message is formatted (into test_msgbuf, truncated to its size) only if
 * cond is false; a passing check is recorded under the text of cond. */
#define TEST_MSGBUF_LEN 512
extern char test_msgbuf[TEST_MSGBUF_LEN];
#define CHECKF(cond, ...)                                             \
  do {                                                                \
    int ok_ = !!(cond);                                               \
    if (!ok_) snprintf(test_msgbuf, sizeof test_msgbuf, __VA_ARGS__); \
    test_check(ok_, __FILE__, __LINE__, ok_ ? #cond : test_msgbuf);   \
  } while (0)

/* The byte the API tests prefill output buffers with, so that zeroed and
 * untouched bytes can be told apart. */
#define TEST_FILL 0xAA

/* How many of `full` random trials a test runs: all of them, or a tenth
 * (at least one) when MLKEM_TEST_QUICK is set to 1. The sanitizer suites
 * (make sanitize) set it: they look for memory errors and undefined
 * behaviour, which the code paths show, and the paths are the same with
 * fewer random inputs. So does the suite under emulation (make
 * test-aarch64), where each trial costs several times more: the NEON code
 * runs the same paths, and every published vector still runs in full.
 * The native, uninstrumented builds run every trial. */
unsigned long test_trials(unsigned long full);

/* 1 if MLKEM_TEST_QUICK is set to 1 (see test_trials), else 0. */
int test_quick(void);

/* 1 if all len bytes at p equal v (also for len = 0), else 0. */
int test_all_bytes(const uint8_t *p, size_t len, uint8_t v);

/* Decodes hex (either case) into out; returns the number of bytes written,
 * or (size_t)-1 if the text is not hex or longer than cap bytes. */
size_t test_hex_decode(uint8_t *out, size_t cap, const char *hex,
                       size_t hexlen);

/* Reads a whole file into a malloc'd, NUL-terminated buffer (tests may use
 * the heap; the library may not). Exits with a message if it cannot. */
char *test_read_file(const char *path, size_t *len);

/* Directory holding the test vectors: $MLKEM_VECTOR_DIR if set, else the
 * compile-time MLKEM_VECTOR_DIR. Returns path joined with rel in a static
 * buffer (valid until the next call). */
const char *test_vector_path(const char *rel);

/* Lays the len bytes at in out as the sponge scheduler hands a block to a
 * sink (sha3.h): byte j in byte j % 8 of the little-endian word
 * lane[stride * (j / 8)]. Every other byte of the words lane[0 ..
 * words - 1] (the words in between, and the bytes after len in the last
 * one) is fill. */
void test_lanes_from_bytes(uint64_t *lane, size_t words, size_t stride,
                           const uint8_t *in, size_t len, uint8_t fill);

/* Starts a SHA-256 of a test's own transcript (test_sha256_hex_line), not
 * of anything under test, with the fastest implementation the CPU has
 * (the last of mlkem_sha2_impls: the SHA instructions where present)
 * whatever backend the run forces. With MLKEM_BACKEND=portable the
 * library's choice is the portable code, and hashing a round-3
 * test_vectors transcript (70-130 MB of hex) took a fifth of that test's
 * time under AddressSanitizer. Every implementation is checked against
 * the vectors by test_sha2, and the transcript's sum against the
 * published one. */
void test_sha256_init_fast(mlkem_sha256_ctx *ctx);

/* Hashes the text line "<label><hex of p[0..len)>\n" into h, hex in
 * upper case if upper, else lower: for the tests that compare the SHA-256
 * of a program's text output with a published one (test_nistkat,
 * test_kyber_vectors). */
void test_sha256_hex_line(mlkem_sha256_ctx *h, const char *label,
                          const uint8_t *p, size_t len, int upper);

/* Deterministic generator for random test inputs (SHAKE128 of a label). */
typedef struct test_rng test_rng;
struct test_rng {
  uint64_t s[25];
  unsigned pos;
};
void test_rng_init(test_rng *rng, const char *label);
void test_rng_bytes(test_rng *rng, uint8_t *out, size_t len);
uint32_t test_rng_u32(test_rng *rng);

/* A fast generator (xoshiro256**) seeded from test_rng(label), for tests
 * that need far more random bytes than SHAKE produces quickly. */
typedef struct {
  uint64_t s[4];
} test_fast_rng;
void test_fast_rng_init(test_fast_rng *rng, const char *label);
uint64_t test_fast_rng_next(test_fast_rng *rng);

#endif
