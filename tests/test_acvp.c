/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_acvp.c - the NIST ACVP ML-KEM vectors (tests/vectors/nist-acvp-server,
 * internalProjection.json of ML-KEM-keyGen-FIPS203 and
 * ML-KEM-encapDecap-FIPS203):
 *
 *  - keyGen: keygen_derand(d || z) gives ek and dk;
 *  - encapsulation: encaps_derand(ek, m) gives c and k;
 *  - decapsulation: decaps(dk, c) gives k, for valid and for modified
 *    ciphertexts (implicit rejection, never an error);
 *  - encapsulationKeyCheck: check_ek agrees with testPassed, and
 *    encaps_derand fails with MLKEM_ERR_INVALID_EK and zeroed outputs
 *    exactly when testPassed is false;
 *  - decapsulationKeyCheck: check_dk agrees with testPassed, and decaps
 *    fails with MLKEM_ERR_INVALID_DK and a zeroed secret exactly when
 *    testPassed is false.
 * Each vector checks the expanded keys too (expanded_checks.h): the
 * expansion from the seed equals that of the published dk, encaps and
 * decaps on the expanded keys give the published c and k (or, in the key
 * checks, those of the plain functions), and a key that fails a check is
 * refused at expansion with a zeroed output.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "expanded_checks.h"
#include "json.h"
#include "mlkem.h"
#include "test_util.h"

#define MAX_EK MLKEM1024_EK_BYTES
#define MAX_DK MLKEM1024_DK_BYTES
#define MAX_CT MLKEM1024_CT_BYTES

static json_value *load_json(const char *rel) {
  char err[200];
  size_t len;
  char *text = test_read_file(test_vector_path(rel), &len);
  json_value *root = json_parse(text, len, err, sizeof err);
  free(text);
  if (root == NULL) {
    fprintf(stderr, "%s: %s\n", rel, err);
    CHECK_MSG(0, "vector file is valid JSON");
  }
  return root;
}

/* A failure message naming the vector: "<what> tcId <n>: <detail>". */
static char msgbuf[256];
static const char *msg(const char *what, long tcid, const char *detail) {
  snprintf(msgbuf, sizeof msgbuf, "%s tcId %ld: %s", what, tcid, detail);
  return msgbuf;
}

/* Decodes the hex string member key of t into out, which must come out as
 * exactly len bytes. Records a failure and returns 0 otherwise. */
static int get_hex(const json_value *t, const char *key, uint8_t *out,
                   size_t len, const char *what, long tcid) {
  const char *s = json_get_string(t, key);
  char detail[96];
  if (s == NULL || strlen(s) != 2 * len ||
      test_hex_decode(out, len, s, 2 * len) != len) {
    snprintf(detail, sizeof detail,
             "field '%s' missing or not %zu bytes of hex", key, len);
    CHECK_MSG(0, msg(what, tcid, detail));
    return 0;
  }
  return 1;
}

static long get_tcid(const json_value *t) {
  double d;
  if (!json_get_number(t, "tcId", &d)) {
    CHECK_MSG(0, "test case has a numeric tcId");
    return -1;
  }
  return (long)d;
}

/* The parameter set of a group, via mlkem_kem_by_name. */
static const mlkem_kem *group_kem(const json_value *g, const char *file) {
  const char *ps = json_get_string(g, "parameterSet");
  const mlkem_kem *kem = ps != NULL ? mlkem_kem_by_name(ps) : NULL;
  if (kem == NULL) {
    fprintf(stderr, "%s: group with unknown parameterSet '%s'\n", file,
            ps != NULL ? ps : "(missing)");
    CHECK_MSG(0, "every test group names a known parameterSet");
  } else {
    CHECK_MSG(strcmp(kem->name, ps) == 0,
              "descriptor name equals the ACVP parameterSet");
  }
  return kem;
}

static const json_value *group_tests(const json_value *g) {
  const json_value *tests = json_get(g, "tests");
  if (tests == NULL || tests->type != JSON_ARRAY) {
    CHECK_MSG(0, "every test group has a tests array");
    return NULL;
  }
  return tests;
}

static const json_value *file_groups(const json_value *root, const char *mode) {
  const json_value *groups = json_get(root, "testGroups");
  const char *alg = json_get_string(root, "algorithm");
  const char *m = json_get_string(root, "mode");
  const char *rev = json_get_string(root, "revision");
  CHECK_MSG(alg != NULL && strcmp(alg, "ML-KEM") == 0, "algorithm is ML-KEM");
  CHECK_MSG(m != NULL && strcmp(m, mode) == 0, "mode is as expected");
  CHECK_MSG(rev != NULL && strcmp(rev, "FIPS203") == 0, "revision is FIPS203");
  if (groups == NULL || groups->type != JSON_ARRAY || groups->count == 0) {
    CHECK_MSG(0, "file has a non-empty testGroups array");
    return NULL;
  }
  return groups;
}

static int kem_index(const mlkem_kem *kem) {
  int i;
  for (i = 0; mlkem_kems[i] != NULL; i++) {
    if (mlkem_kems[i] == kem) return i;
  }
  return -1;
}

/* ---------------------------------------------------------------------- */

static void test_keygen(void) {
  static const char *file =
      "nist-acvp-server/ML-KEM-keyGen-FIPS203/internalProjection.json";
  uint8_t seed[64], ek_want[MAX_EK], dk_want[MAX_DK], ek[MAX_EK], dk[MAX_DK];
  unsigned long seen[3] = {0, 0, 0};
  json_value *root = load_json(file);
  const json_value *groups;
  size_t gi, ti;
  int i;
  if (root == NULL) return;
  groups = file_groups(root, "keyGen");
  for (gi = 0; groups != NULL && gi < groups->count; gi++) {
    const json_value *g = groups->items[gi];
    const mlkem_kem *kem = group_kem(g, file);
    const json_value *tests = group_tests(g);
    unsigned long n = 0;
    if (kem == NULL || tests == NULL) continue;
    for (ti = 0; ti < tests->count; ti++) {
      const json_value *t = tests->items[ti];
      long tc = get_tcid(t);
      int rc;
      n++;
      if (!get_hex(t, "d", seed, 32, "keyGen", tc) ||
          !get_hex(t, "z", seed + 32, 32, "keyGen", tc) ||
          !get_hex(t, "ek", ek_want, kem->ek_bytes, "keyGen", tc) ||
          !get_hex(t, "dk", dk_want, kem->dk_bytes, "keyGen", tc)) {
        continue;
      }
      rc = kem->keygen_derand(ek, dk, seed);
      CHECK_MSG(rc == MLKEM_OK, msg("keyGen", tc, "keygen_derand returns 0"));
      CHECK_MEM(ek, ek_want, kem->ek_bytes, msg("keyGen", tc, "ek"));
      CHECK_MEM(dk, dk_want, kem->dk_bytes, msg("keyGen", tc, "dk"));
      CHECK_MSG(kem->check_ek(ek) == MLKEM_OK,
                msg("keyGen", tc, "check_ek accepts the generated ek"));
      CHECK_MSG(kem->check_dk(dk) == MLKEM_OK,
                msg("keyGen", tc, "check_dk accepts the generated dk"));
      xcheck_from_seed(kem, seed, dk_want, msg("keyGen", tc, "seed"));
    }
    printf("acvp keyGen %s: %lu vectors checked\n", kem->name, n);
    if (kem_index(kem) >= 0) seen[kem_index(kem)] += n;
  }
  for (i = 0; i < 3; i++) {
    CHECK_MSG(seen[i] > 0, "keyGen file has vectors for every parameter set");
  }
  json_free(root);
}

/* ---------------------------------------------------------------------- */

enum { F_ENCAPS, F_DECAPS, F_EKCHECK, F_DKCHECK, F_COUNT };
static const char *const function_names[F_COUNT] = {
    "encapsulation", "decapsulation", "encapsulationKeyCheck",
    "decapsulationKeyCheck"};

static void encapsulation_case(const mlkem_kem *kem, const json_value *t,
                               long tc) {
  static const char *w = "encapsulation";
  uint8_t ek[MAX_EK], dk[MAX_DK], m[32], c_want[MAX_CT], k_want[32];
  uint8_t c[MAX_CT], k[32], k2[32];
  int rc;
  if (!get_hex(t, "ek", ek, kem->ek_bytes, w, tc) ||
      !get_hex(t, "m", m, 32, w, tc) ||
      !get_hex(t, "c", c_want, kem->ct_bytes, w, tc) ||
      !get_hex(t, "k", k_want, 32, w, tc)) {
    return;
  }
  rc = kem->encaps_derand(c, k, ek, m);
  CHECK_MSG(rc == MLKEM_OK, msg(w, tc, "encaps_derand returns 0"));
  CHECK_MEM(c, c_want, kem->ct_bytes, msg(w, tc, "c"));
  CHECK_MEM(k, k_want, 32, msg(w, tc, "k"));
  xcheck_encaps(kem, ek, m, c_want, k_want, msg(w, tc, "ek"));
  /* The internal projection also gives the matching dk. */
  if (json_get(t, "dk") != NULL && get_hex(t, "dk", dk, kem->dk_bytes, w, tc)) {
    rc = kem->decaps(k2, c_want, dk);
    CHECK_MSG(rc == MLKEM_OK, msg(w, tc, "decaps with the matching dk"));
    CHECK_MEM(k2, k_want, 32, msg(w, tc, "decaps(dk, c) equals k"));
    xcheck_decaps(kem, dk, c_want, k_want, msg(w, tc, "dk"));
  }
}

/* Returns 1 for a modified ciphertext, 0 for a valid one, -1 if unknown. */
static int decapsulation_case(const mlkem_kem *kem, const json_value *t,
                              long tc) {
  static const char *w = "decapsulation";
  uint8_t dk[MAX_DK], c[MAX_CT], k_want[32], k[32];
  const char *reason = json_get_string(t, "reason");
  int modified = -1, rc;
  if (reason != NULL && strcmp(reason, "valid decapsulation") == 0) {
    modified = 0;
  } else if (reason != NULL && strcmp(reason, "modified ciphertext") == 0) {
    modified = 1;
  }
  if (!get_hex(t, "dk", dk, kem->dk_bytes, w, tc) ||
      !get_hex(t, "c", c, kem->ct_bytes, w, tc) ||
      !get_hex(t, "k", k_want, 32, w, tc)) {
    return modified;
  }
  rc = kem->decaps(k, c, dk);
  CHECK_MSG(rc == MLKEM_OK, msg(w, tc,
                                "decaps returns 0 (also for a "
                                "modified ciphertext)"));
  CHECK_MEM(k, k_want, 32, msg(w, tc, "k"));
  xcheck_decaps(kem, dk, c, k_want, msg(w, tc, "dk"));
  return modified;
}

/* Returns testPassed (0/1), or -1 if the field is missing. */
static int ek_check_case(const mlkem_kem *kem, const json_value *t, long tc,
                         const uint8_t m[32]) {
  static const char *w = "encapsulationKeyCheck";
  uint8_t ek[MAX_EK], dk[MAX_DK], c[MAX_CT], k[32], k2[32];
  int passed, rc;
  if (!json_get_bool(t, "testPassed", &passed)) {
    CHECK_MSG(0, msg(w, tc, "boolean testPassed present"));
    return -1;
  }
  if (!get_hex(t, "ek", ek, kem->ek_bytes, w, tc)) return passed;
  rc = kem->check_ek(ek);
  CHECK_MSG(rc == (passed ? MLKEM_OK : MLKEM_ERR_INVALID_EK),
            msg(w, tc,
                passed ? "check_ek accepts a valid ek"
                       : "check_ek rejects with MLKEM_ERR_INVALID_EK"));
  memset(c, 0xA5, sizeof c);
  memset(k, 0xA5, sizeof k);
  rc = kem->encaps_derand(c, k, ek, m);
  if (passed) {
    CHECK_MSG(rc == MLKEM_OK, msg(w, tc, "encaps_derand accepts a valid ek"));
    xcheck_encaps(kem, ek, m, c, k, msg(w, tc, "ek"));
    if (json_get(t, "dk") != NULL &&
        get_hex(t, "dk", dk, kem->dk_bytes, w, tc)) {
      CHECK_MSG(kem->decaps(k2, c, dk) == MLKEM_OK,
                msg(w, tc, "decaps with the matching dk"));
      CHECK_MEM(k2, k, 32, msg(w, tc, "decaps(dk, encaps(ek)) round trip"));
    }
  } else {
    CHECK_MSG(rc == MLKEM_ERR_INVALID_EK,
              msg(w, tc, "encaps_derand fails with MLKEM_ERR_INVALID_EK"));
    CHECK_MSG(test_all_bytes(c, kem->ct_bytes, 0),
              msg(w, tc, "encaps_derand zeroes c on an invalid ek"));
    CHECK_MSG(test_all_bytes(k, 32, 0),
              msg(w, tc, "encaps_derand zeroes the secret on an invalid ek"));
    xcheck_bad_ek(kem, ek, msg(w, tc, "ek"));
  }
  return passed;
}

static int dk_check_case(const mlkem_kem *kem, const json_value *t, long tc,
                         const uint8_t *c) {
  static const char *w = "decapsulationKeyCheck";
  uint8_t dk[MAX_DK], k[32];
  int passed, rc;
  if (!json_get_bool(t, "testPassed", &passed)) {
    CHECK_MSG(0, msg(w, tc, "boolean testPassed present"));
    return -1;
  }
  if (!get_hex(t, "dk", dk, kem->dk_bytes, w, tc)) return passed;
  rc = kem->check_dk(dk);
  CHECK_MSG(rc == (passed ? MLKEM_OK : MLKEM_ERR_INVALID_DK),
            msg(w, tc,
                passed ? "check_dk accepts a valid dk"
                       : "check_dk rejects with MLKEM_ERR_INVALID_DK"));
  memset(k, 0xA5, sizeof k);
  rc = kem->decaps(k, c, dk);
  if (passed) {
    CHECK_MSG(rc == MLKEM_OK, msg(w, tc, "decaps accepts a valid dk"));
    xcheck_decaps(kem, dk, c, k, msg(w, tc, "dk"));
  } else {
    CHECK_MSG(rc == MLKEM_ERR_INVALID_DK,
              msg(w, tc, "decaps fails with MLKEM_ERR_INVALID_DK"));
    CHECK_MSG(test_all_bytes(k, 32, 0),
              msg(w, tc, "decaps zeroes the secret on an invalid dk"));
    xcheck_bad_dk(kem, dk, msg(w, tc, "dk"));
  }
  return passed;
}

static void test_encap_decap(void) {
  static const char *file =
      "nist-acvp-server/ML-KEM-encapDecap-FIPS203/internalProjection.json";
  unsigned long seen[F_COUNT][3];
  uint8_t m[32], c[MAX_CT];
  test_rng rng;
  json_value *root = load_json(file);
  const json_value *groups;
  size_t gi, ti;
  int f, i;
  memset(seen, 0, sizeof seen);
  /* Inputs the key-check cases need but the vectors do not give: an m for
   * encaps and a ciphertext for decaps (any bytes will do). */
  test_rng_init(&rng, "test_acvp key checks");
  test_rng_bytes(&rng, m, sizeof m);
  test_rng_bytes(&rng, c, sizeof c);
  if (root == NULL) return;
  groups = file_groups(root, "encapDecap");
  for (gi = 0; groups != NULL && gi < groups->count; gi++) {
    const json_value *g = groups->items[gi];
    const mlkem_kem *kem = group_kem(g, file);
    const json_value *tests = group_tests(g);
    const char *fn = json_get_string(g, "function");
    unsigned long n = 0, n_a = 0, n_b = 0;
    if (kem == NULL || tests == NULL) continue;
    for (f = 0; f < F_COUNT; f++) {
      if (fn != NULL && strcmp(fn, function_names[f]) == 0) break;
    }
    if (f == F_COUNT) {
      fprintf(stderr, "%s: group with unknown function '%s'\n", file,
              fn != NULL ? fn : "(missing)");
      CHECK_MSG(0, "every encapDecap group has a known function");
      continue;
    }
    for (ti = 0; ti < tests->count; ti++) {
      const json_value *t = tests->items[ti];
      long tc = get_tcid(t);
      int r = 0;
      n++;
      switch (f) {
        case F_ENCAPS:
          encapsulation_case(kem, t, tc);
          break;
        case F_DECAPS:
          r = decapsulation_case(kem, t, tc);
          if (r < 0) {
            CHECK_MSG(0, msg("decapsulation", tc,
                             "reason is 'valid "
                             "decapsulation' or 'modified ciphertext'"));
          }
          break;
        case F_EKCHECK:
          r = ek_check_case(kem, t, tc, m);
          break;
        default:
          r = dk_check_case(kem, t, tc, c);
          break;
      }
      /* n_a: valid cases (decapsulation: valid ciphertext; key checks:
       * testPassed true); n_b: the others. */
      if (f == F_DECAPS) {
        if (r == 0) n_a++;
        if (r == 1) n_b++;
      } else if (f != F_ENCAPS) {
        if (r == 1) n_a++;
        if (r == 0) n_b++;
      }
    }
    switch (f) {
      case F_ENCAPS:
        printf("acvp %s %s: %lu vectors checked\n", fn, kem->name, n);
        break;
      case F_DECAPS:
        printf(
            "acvp %s %s: %lu vectors checked (%lu valid, %lu modified "
            "ciphertext)\n",
            fn, kem->name, n, n_a, n_b);
        break;
      default:
        printf(
            "acvp %s %s: %lu vectors checked (%lu valid, %lu invalid "
            "key)\n",
            fn, kem->name, n, n_a, n_b);
        break;
    }
    if (kem_index(kem) >= 0) seen[f][kem_index(kem)] += n;
  }
  for (f = 0; f < F_COUNT; f++) {
    for (i = 0; i < 3; i++) {
      CHECK_MSG(seen[f][i] > 0,
                "encapDecap file has vectors for every "
                "function and parameter set");
    }
  }
  json_free(root);
}

int main(void) {
  test_backend_banner();
  test_keygen();
  test_encap_decap();
  return test_summary("test_acvp");
}
