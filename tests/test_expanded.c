/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_expanded.c - the expanded keys of mlkem.h (expand_dk, expand_ek and
 * the operations on them) against the plain functions, and their refusals.
 * The published vectors run through them in test_acvp, test_cctv,
 * test_nistkat and test_pqckat (expanded_checks.h); this file checks, on
 * the backend in use (run once per backend with MLKEM_BACKEND), for every
 * parameter set:
 *
 *  - on random key pairs: expand_dk_from_seed(seed) = expand_dk(dk);
 *    encaps_expanded_derand gives encaps_derand's ciphertext and secret
 *    for every m; decaps_expanded gives decaps' secret for valid
 *    ciphertexts, for random ones and for altered ones, and that secret
 *    is J(z || c) (recomputed here) whenever the ciphertext is not the
 *    encapsulation's; encaps_expanded and decaps_expanded agree;
 *  - an expanded key works wherever it is copied (any alignment);
 *  - the checks of FIPS 203 section 7 run at expansion: a dk whose H(ek)
 *    is wrong, and a dk whose ek fails the modulus check although its
 *    H(ek) matches (decaps itself accepts that one: section 7.3 has no
 *    modulus check), are refused by expand_dk; an ek failing the modulus
 *    check by expand_ek; outputs zeroed;
 *  - the header: each of its 8 bytes altered (among them the backend, the
 *    version and the set), a key of another set, an expanded ek given as
 *    an expanded dk and the reverse, and a wiped key are refused with
 *    MLKEM_ERR_EXPANDED_KEY and zeroed outputs;
 *  - keys expanded by every other backend usable here, in a child process
 *    that forces it with MLKEM_BACKEND, are refused; those of a child on
 *    this backend are accepted and are byte for byte this process's;
 *  - NULL arguments, and the wipe (all bytes zero, nothing beyond).
 */
#if defined(__unix__) || defined(__APPLE__)
#define _POSIX_C_SOURCE 200809L
#include <sys/wait.h>
#include <unistd.h>
#define HAVE_FORK 1
#else
#define HAVE_FORK 0
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kem_schemes.h"
#include "mlkem.h"
#include "test_util.h"

#define MAX_EK MLKEM1024_EK_BYTES
#define MAX_DK MLKEM1024_DK_BYTES
#define MAX_CT MLKEM1024_CT_BYTES
#define MAX_XDK MLKEM1024_EXPANDED_DK_BYTES
#define MAX_XEK MLKEM1024_EXPANDED_EK_BYTES

/* The header byte that names the backend (src/fips203/kem.c, the layout). */
#define HEADER_BACKEND 6

static uint8_t ek[MAX_EK], dk[MAX_DK], bad[MAX_DK];
static uint8_t xdk[MAX_XDK], xdk2[MAX_XDK], xek[MAX_XEK];
/* Room for a copy at any offset below 64. */
static uint8_t moved[MAX_XDK + 64];

/* Every expanded-key result equals the plain function's, on random keys,
 * messages and ciphertexts. */
static void test_agree(const mlkem_kem *kem, test_rng *rng) {
  uint8_t seed[MLKEM_SEED_BYTES], m[MLKEM_MSG_BYTES];
  uint8_t ct[MAX_CT], ct2[MAX_CT], c[MAX_CT];
  uint8_t ss[MLKEM_SS_BYTES], ss2[MLKEM_SS_BYTES], want[MLKEM_SS_BYTES];
  const uint8_t *z;
  unsigned key, i;
  for (key = 0; key < 8; key++) {
    test_rng_bytes(rng, seed, sizeof seed);
    CHECK(kem->keygen_derand(ek, dk, seed) == MLKEM_OK);
    z = dk + kem->dk_bytes - 32;
    CHECK(kem->expand_dk(xdk, dk) == MLKEM_OK);
    CHECK(kem->expand_dk_from_seed(xdk2, seed) == MLKEM_OK);
    CHECKF(memcmp(xdk, xdk2, kem->expanded_dk_bytes) == 0,
           "%s: expand_dk_from_seed differs from expand_dk of its dk",
           kem->name);
    CHECK(kem->expand_ek(xek, ek) == MLKEM_OK);
    for (i = 0; i < 6; i++) {
      test_rng_bytes(rng, m, sizeof m);
      CHECK(kem->encaps_derand(ct, ss, ek, m) == MLKEM_OK);
      CHECK(kem->encaps_expanded_derand(ct2, ss2, xek, m) == MLKEM_OK);
      CHECKF(memcmp(ct, ct2, kem->ct_bytes) == 0 && memcmp(ss, ss2, 32) == 0,
             "%s: encaps_expanded_derand differs from encaps_derand",
             kem->name);
      CHECK(kem->decaps_expanded(ss2, ct, xdk) == MLKEM_OK);
      CHECKF(memcmp(ss, ss2, 32) == 0,
             "%s: decaps_expanded of a valid ciphertext is not its secret",
             kem->name);
      /* Implicit rejection: one flipped bit, then random bytes. */
      memcpy(c, ct, kem->ct_bytes);
      c[(i * 131) % kem->ct_bytes] ^= (uint8_t)(1u << (i % 8));
      if (i >= 3) test_rng_bytes(rng, c, kem->ct_bytes);
      CHECK(kem->decaps(ss, c, dk) == MLKEM_OK);
      CHECK(kem->decaps_expanded(ss2, c, xdk) == MLKEM_OK);
      test_scheme_rejection_key(SCHEME_FIPS203, want, z, c, kem->ct_bytes);
      CHECKF(memcmp(ss, ss2, 32) == 0 && memcmp(ss2, want, 32) == 0,
             "%s: decaps_expanded of an altered ciphertext is not J(z || c)",
             kem->name);
    }
    /* Randomized encapsulation to the expanded ek, decapsulated both
     * ways. */
    CHECK(kem->encaps_expanded(ct, ss, xek) == MLKEM_OK);
    CHECK(kem->decaps(ss2, ct, dk) == MLKEM_OK);
    CHECK(memcmp(ss, ss2, 32) == 0);
    CHECK(kem->decaps_expanded(ss2, ct, xdk) == MLKEM_OK);
    CHECK(memcmp(ss, ss2, 32) == 0);
    /* A copy at any offset (the caller's buffers need no alignment). */
    for (i = 1; i < 64; i += 21) {
      memcpy(moved + i, xdk, kem->expanded_dk_bytes);
      CHECK(kem->decaps_expanded(ss2, ct, moved + i) == MLKEM_OK);
      CHECKF(memcmp(ss, ss2, 32) == 0,
             "%s: decaps_expanded on a copy at offset %u", kem->name, i);
      memcpy(moved + i, xek, kem->expanded_ek_bytes);
      test_rng_bytes(rng, m, sizeof m);
      CHECK(kem->encaps_derand(ct, ss, ek, m) == MLKEM_OK);
      CHECK(kem->encaps_expanded_derand(ct2, ss2, moved + i, m) == MLKEM_OK);
      CHECKF(memcmp(ct, ct2, kem->ct_bytes) == 0 && memcmp(ss, ss2, 32) == 0,
             "%s: encaps_expanded_derand on a copy at offset %u", kem->name, i);
    }
  }
  printf(
      "  %s: 8 keys: expansions, 48 encapsulations and 48 implicit "
      "rejections as the plain functions'\n",
      kem->name);
}

/* 12-bit coefficient i of an encoded polynomial vector, set to v. */
static void set12(uint8_t *p, unsigned i, unsigned v) {
  uint8_t *b = p + 3 * (i / 2);
  if (i % 2 == 0) {
    b[0] = (uint8_t)v;
    b[1] = (uint8_t)((b[1] & 0xF0) | (v >> 8));
  } else {
    b[1] = (uint8_t)((b[1] & 0x0F) | (v << 4));
    b[2] = (uint8_t)(v >> 4);
  }
}

/* The checks of section 7 run at expansion, and refusals zero out. */
static void test_checks(const mlkem_kem *kem) {
  static const uint8_t seed[MLKEM_SEED_BYTES] = {7, 7, 7};
  uint8_t ct[MAX_CT], ss[MLKEM_SS_BYTES];
  const size_t pke = 384 * kem->rank;
  CHECK(kem->keygen_derand(ek, dk, seed) == MLKEM_OK);

  /* H(ek) in dk altered: the hash check. */
  memcpy(bad, dk, kem->dk_bytes);
  bad[kem->dk_bytes - 64] ^= 1;
  memset(xdk, TEST_FILL, sizeof xdk);
  CHECK(kem->expand_dk(xdk, bad) == MLKEM_ERR_INVALID_DK);
  CHECK(test_all_bytes(xdk, kem->expanded_dk_bytes, 0));
  CHECK(test_all_bytes(xdk + kem->expanded_dk_bytes,
                       sizeof xdk - kem->expanded_dk_bytes, TEST_FILL));

  /* The ek in dk with a coefficient of q, and H(ek) recomputed to match:
   * decaps accepts it (section 7.3 checks only the hash), expand_dk runs
   * the modulus check as well and refuses it. */
  memcpy(bad, dk, kem->dk_bytes);
  set12(bad + pke, 5, 3329);
  test_scheme_h(SCHEME_FIPS203, bad + pke + kem->ek_bytes, bad + pke,
                kem->ek_bytes);
  CHECK(kem->check_dk(bad) == MLKEM_OK);
  CHECK(kem->encaps_derand(ct, ss, ek, seed) == MLKEM_OK);
  CHECK(kem->decaps(ss, ct, bad) == MLKEM_OK);
  memset(xdk, TEST_FILL, sizeof xdk);
  CHECK(kem->expand_dk(xdk, bad) == MLKEM_ERR_INVALID_DK);
  CHECK(test_all_bytes(xdk, kem->expanded_dk_bytes, 0));

  /* An ek failing the modulus check, in its last coefficient. */
  memcpy(bad, ek, kem->ek_bytes);
  set12(bad, 256 * kem->rank - 1, 4095);
  memset(xek, TEST_FILL, sizeof xek);
  CHECK(kem->expand_ek(xek, bad) == MLKEM_ERR_INVALID_EK);
  CHECK(test_all_bytes(xek, kem->expanded_ek_bytes, 0));
  CHECK(test_all_bytes(xek + kem->expanded_ek_bytes,
                       sizeof xek - kem->expanded_ek_bytes, TEST_FILL));
}

/* Every operation on x (an expanded dk when dk_kind, else an expanded ek)
 * is refused with MLKEM_ERR_EXPANDED_KEY and zeroed outputs. */
static void expect_refused(const mlkem_kem *kem, const uint8_t *x, int dk_kind,
                           const char *what) {
  static const uint8_t m[MLKEM_MSG_BYTES] = {1};
  uint8_t ct[MAX_CT], ss[MLKEM_SS_BYTES];
  int rc;
  if (dk_kind) {
    memset(ct, 0x33, sizeof ct);
    memset(ss, TEST_FILL, sizeof ss);
    rc = kem->decaps_expanded(ss, ct, x);
    CHECKF(rc == MLKEM_ERR_EXPANDED_KEY && test_all_bytes(ss, 32, 0),
           "%s: decaps_expanded on %s: %d", kem->name, what, rc);
    return;
  }
  memset(ct, TEST_FILL, sizeof ct);
  memset(ss, TEST_FILL, sizeof ss);
  rc = kem->encaps_expanded_derand(ct, ss, x, m);
  CHECKF(rc == MLKEM_ERR_EXPANDED_KEY && test_all_bytes(ct, kem->ct_bytes, 0) &&
             test_all_bytes(ss, 32, 0),
         "%s: encaps_expanded_derand on %s: %d", kem->name, what, rc);
  memset(ct, TEST_FILL, sizeof ct);
  memset(ss, TEST_FILL, sizeof ss);
  rc = kem->encaps_expanded(ct, ss, x);
  CHECKF(rc == MLKEM_ERR_EXPANDED_KEY && test_all_bytes(ct, kem->ct_bytes, 0) &&
             test_all_bytes(ss, 32, 0),
         "%s: encaps_expanded on %s: %d", kem->name, what, rc);
}

/* The header decides: any byte of it altered, a key of another set or of
 * the other kind, a wiped key. */
static void test_header(const mlkem_kem *kem, const mlkem_kem *other) {
  static const uint8_t seed[MLKEM_SEED_BYTES] = {9, 9};
  static uint8_t big[MAX_XDK + 16];
  unsigned i;
  char what[64];
  CHECK(kem->keygen_derand(ek, dk, seed) == MLKEM_OK);
  CHECK(kem->expand_dk(xdk, dk) == MLKEM_OK);
  CHECK(kem->expand_ek(xek, ek) == MLKEM_OK);
  for (i = 0; i < 8; i++) {
    snprintf(what, sizeof what, "header byte %u altered", i);
    xdk[i] ^= 0x01;
    expect_refused(kem, xdk, 1, what);
    xdk[i] ^= 0x01;
    xek[i] ^= 0x80;
    expect_refused(kem, xek, 0, what);
    xek[i] ^= 0x80;
  }
  /* Another backend's key, as far as the header says (the real thing,
   * from other processes, is test_other_backends'). */
  for (i = 0; i < 8; i++) {
    xdk[HEADER_BACKEND] = (uint8_t)(xdk[HEADER_BACKEND] + 1 + i);
    expect_refused(kem, xdk, 1, "another backend id");
    xdk[HEADER_BACKEND] = (uint8_t)(xdk[HEADER_BACKEND] - 1 - i);
  }
  /* The other kind, in a buffer large enough for either. */
  memset(big, 0, sizeof big);
  memcpy(big, xek, kem->expanded_ek_bytes);
  expect_refused(kem, big, 1, "an expanded ek");
  memcpy(big, xdk, kem->expanded_dk_bytes);
  expect_refused(kem, big, 0, "an expanded dk");
  /* Another set's. */
  memset(big, 0, sizeof big);
  CHECK(other->keygen_derand(ek, dk, seed) == MLKEM_OK);
  CHECK(other->expand_dk(big, dk) == MLKEM_OK);
  expect_refused(kem, big, 1, "another set's expanded dk");
  memset(big, 0, sizeof big);
  CHECK(other->expand_ek(big, ek) == MLKEM_OK);
  expect_refused(kem, big, 0, "another set's expanded ek");
  /* The unchanged keys still work. */
  {
    uint8_t ct[MAX_CT], ss[32], ss2[32];
    CHECK(kem->encaps_expanded(ct, ss, xek) == MLKEM_OK);
    CHECK(kem->decaps_expanded(ss2, ct, xdk) == MLKEM_OK);
    CHECK(memcmp(ss, ss2, 32) == 0);
  }
  /* The wipe: every byte zero, nothing beyond; the key is then
   * refused. */
  memset(big, TEST_FILL, sizeof big);
  memcpy(big, xdk, kem->expanded_dk_bytes);
  kem->expanded_dk_wipe(big);
  CHECK(test_all_bytes(big, kem->expanded_dk_bytes, 0));
  CHECK(test_all_bytes(big + kem->expanded_dk_bytes,
                       sizeof big - kem->expanded_dk_bytes, TEST_FILL));
  expect_refused(kem, big, 1, "a wiped expanded dk");
  kem->expanded_dk_wipe(NULL);
}

/* NULL is refused, every other output zeroed. */
static void test_null(const mlkem_kem *kem) {
  static const uint8_t seed[MLKEM_SEED_BYTES] = {5};
  uint8_t ct[MAX_CT], ss[MLKEM_SS_BYTES], m[MLKEM_MSG_BYTES] = {2};
  CHECK(kem->keygen_derand(ek, dk, seed) == MLKEM_OK);
  memset(xdk, TEST_FILL, sizeof xdk);
  CHECK(kem->expand_dk(xdk, NULL) == MLKEM_ERR_NULL_ARGUMENT);
  CHECK(test_all_bytes(xdk, kem->expanded_dk_bytes, 0));
  CHECK(kem->expand_dk(NULL, dk) == MLKEM_ERR_NULL_ARGUMENT);
  memset(xdk, TEST_FILL, sizeof xdk);
  CHECK(kem->expand_dk_from_seed(xdk, NULL) == MLKEM_ERR_NULL_ARGUMENT);
  CHECK(test_all_bytes(xdk, kem->expanded_dk_bytes, 0));
  CHECK(kem->expand_dk_from_seed(NULL, seed) == MLKEM_ERR_NULL_ARGUMENT);
  memset(xek, TEST_FILL, sizeof xek);
  CHECK(kem->expand_ek(xek, NULL) == MLKEM_ERR_NULL_ARGUMENT);
  CHECK(test_all_bytes(xek, kem->expanded_ek_bytes, 0));
  CHECK(kem->expand_ek(NULL, ek) == MLKEM_ERR_NULL_ARGUMENT);

  CHECK(kem->expand_dk(xdk, dk) == MLKEM_OK);
  CHECK(kem->expand_ek(xek, ek) == MLKEM_OK);
  memset(ss, TEST_FILL, sizeof ss);
  CHECK(kem->decaps_expanded(ss, ct, NULL) == MLKEM_ERR_NULL_ARGUMENT);
  CHECK(test_all_bytes(ss, 32, 0));
  memset(ss, TEST_FILL, sizeof ss);
  CHECK(kem->decaps_expanded(ss, NULL, xdk) == MLKEM_ERR_NULL_ARGUMENT);
  CHECK(test_all_bytes(ss, 32, 0));
  CHECK(kem->decaps_expanded(NULL, ct, xdk) == MLKEM_ERR_NULL_ARGUMENT);
  memset(ct, TEST_FILL, sizeof ct);
  memset(ss, TEST_FILL, sizeof ss);
  CHECK(kem->encaps_expanded_derand(ct, ss, xek, NULL) ==
        MLKEM_ERR_NULL_ARGUMENT);
  CHECK(test_all_bytes(ct, kem->ct_bytes, 0) && test_all_bytes(ss, 32, 0));
  memset(ct, TEST_FILL, sizeof ct);
  memset(ss, TEST_FILL, sizeof ss);
  CHECK(kem->encaps_expanded_derand(ct, ss, NULL, m) ==
        MLKEM_ERR_NULL_ARGUMENT);
  CHECK(test_all_bytes(ct, kem->ct_bytes, 0) && test_all_bytes(ss, 32, 0));
  memset(ss, TEST_FILL, sizeof ss);
  CHECK(kem->encaps_expanded(NULL, ss, xek) == MLKEM_ERR_NULL_ARGUMENT);
  CHECK(test_all_bytes(ss, 32, 0));
  memset(ct, TEST_FILL, sizeof ct);
  CHECK(kem->encaps_expanded(ct, NULL, xek) == MLKEM_ERR_NULL_ARGUMENT);
  CHECK(test_all_bytes(ct, kem->ct_bytes, 0));
}

/* ---- keys expanded by other backends, in child processes ---- */

static const char *const backend_names[] = {"portable", "avx2", "avx512",
                                            "neon", "neon-sha3"};
#define N_BACKENDS (sizeof backend_names / sizeof backend_names[0])
#define N_SETS 3

/* What a child wrote: its status (0 keys made, 77 backend unusable) and
 * the expanded dk and ek of the fixed seed for every set. */
typedef struct {
  int status;
  uint8_t xdk[N_SETS][MAX_XDK];
  uint8_t xek[N_SETS][MAX_XEK];
} child_keys;

static child_keys from_child[N_BACKENDS];
static const uint8_t cross_seed[MLKEM_SEED_BYTES] = {0x42, 0x43};

#if HAVE_FORK
/* Writes all of buf to fd; 0 on success. */
static int write_all(int fd, const void *buf, size_t len) {
  const uint8_t *p = buf;
  while (len > 0) {
    ssize_t n = write(fd, p, len);
    if (n <= 0) return -1;
    p += n;
    len -= (size_t)n;
  }
  return 0;
}

static int read_all(int fd, void *buf, size_t len) {
  uint8_t *p = buf;
  while (len > 0) {
    ssize_t n = read(fd, p, len);
    if (n <= 0) return -1;
    p += n;
    len -= (size_t)n;
  }
  return 0;
}

/* In a child that has not used the library yet: force the backend, make
 * the keys and send them. */
static int child_expand(const char *backend, int fd) {
  static child_keys keys;
  static uint8_t cek[MAX_EK], cdk[MAX_DK];
  unsigned s;
  if (setenv("MLKEM_BACKEND", backend, 1) != 0) return 1;
  keys.status = strcmp(mlkem_backend_name(), backend) == 0 ? 0 : 77;
  for (s = 0; keys.status == 0 && s < N_SETS; s++) {
    const mlkem_kem *kem = mlkem_kems[s];
    if (kem->keygen_derand(cek, cdk, cross_seed) != MLKEM_OK ||
        kem->expand_dk(keys.xdk[s], cdk) != MLKEM_OK ||
        kem->expand_ek(keys.xek[s], cek) != MLKEM_OK)
      keys.status = 1;
  }
  return write_all(fd, &keys, sizeof keys) == 0 ? 0 : 1;
}

/* Before this process uses the library (it chooses its backend once, on
 * first use): one child per backend name. */
static void run_children(void) {
  unsigned b;
  for (b = 0; b < N_BACKENDS; b++) {
    int fds[2], status;
    pid_t pid;
    from_child[b].status = -1;
    fflush(stdout);
    if (pipe(fds) != 0) continue;
    pid = fork();
    if (pid == 0) {
      close(fds[0]);
      _exit(child_expand(backend_names[b], fds[1]));
    }
    close(fds[1]);
    if (pid > 0 && read_all(fds[0], &from_child[b], sizeof from_child[b]) != 0)
      from_child[b].status = -1;
    close(fds[0]);
    if (pid > 0) waitpid(pid, &status, 0);
  }
}
#else
static void run_children(void) {
  unsigned b;
  for (b = 0; b < N_BACKENDS; b++) from_child[b].status = 77;
}
#endif

static void test_other_backends(void) {
  const char *mine = mlkem_backend_name();
  unsigned b, s, refused = 0, same = 0;
  for (b = 0; b < N_BACKENDS; b++) {
    int is_mine = strcmp(backend_names[b], mine) == 0;
    CHECKF(from_child[b].status == 0 || from_child[b].status == 77,
           "a child process on backend %s failed", backend_names[b]);
    CHECKF(!is_mine || from_child[b].status == 0,
           "a child process on this backend (%s) made no keys", mine);
    if (from_child[b].status != 0) continue;
    for (s = 0; s < N_SETS; s++) {
      const mlkem_kem *kem = mlkem_kems[s];
      if (is_mine) {
        /* The same backend in another process: the same bytes, which
         * work. */
        CHECK(kem->keygen_derand(ek, dk, cross_seed) == MLKEM_OK);
        CHECK(kem->expand_dk(xdk, dk) == MLKEM_OK);
        CHECK(kem->expand_ek(xek, ek) == MLKEM_OK);
        CHECKF(
            memcmp(xdk, from_child[b].xdk[s], kem->expanded_dk_bytes) == 0 &&
                memcmp(xek, from_child[b].xek[s], kem->expanded_ek_bytes) == 0,
            "%s: a key expanded by another process on %s differs", kem->name,
            mine);
        same++;
      } else {
        char what[80];
        snprintf(what, sizeof what, "a key expanded by backend %s",
                 backend_names[b]);
        expect_refused(kem, from_child[b].xdk[s], 1, what);
        expect_refused(kem, from_child[b].xek[s], 0, what);
        refused++;
      }
    }
  }
  printf(
      "keys expanded in other processes: %u sets from other backends "
      "refused, %u from %s accepted\n",
      refused, same, mine);
}

int main(void) {
  test_rng rng;
  unsigned s;
  run_children();
  test_backend_banner();
  test_rng_init(&rng, "test_expanded");
  for (s = 0; s < N_SETS; s++) {
    const mlkem_kem *kem = mlkem_kems[s];
    test_agree(kem, &rng);
    test_checks(kem);
    test_header(kem, mlkem_kems[(s + 1) % N_SETS]);
    test_null(kem);
  }
  test_other_backends();
  return test_summary("test_expanded");
}
