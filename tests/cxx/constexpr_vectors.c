/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * constexpr_vectors.c - writes the C++ header of published vectors that
 * test_cxx_constexpr.cpp checks in constant expressions (static_assert),
 * taken from the vector files at build time so that no expected value is
 * typed in by hand:
 *
 *  - the NIST KAT record count = 0 of ML-KEM-512 (pq-crystals-kyber,
 *    PQCkemKAT_1632.rsp): d || z and m drawn from the AES-256 CTR_DRBG
 *    seeded with the record's seed, as PQCgenKAT_kem draws them; pk, sk,
 *    ct and ss as the file gives them (the seed 001's compile-time
 *    demonstration uses the same record);
 *  - for each of ML-KEM-512, -768 and -1024, from NIST's ACVP files: the
 *    first keyGen test; the first encapsulation test; the first
 *    decapsulation test of each reason ("valid decapsulation", "modified
 *    ciphertext": implicit rejection); the first encapsulationKeyCheck and
 *    decapsulationKeyCheck tests with testPassed false.
 *
 * Usage: constexpr_vectors OUT.hpp (the vectors from MLKEM_VECTOR_DIR).
 * Exits non-zero, writing nothing usable, if a record is missing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aes256_ctr_drbg.h"
#include "json.h"
#include "kv_text.h"
#include "test_util.h"

static FILE *out;
static int failed;

static void fail(const char *what) {
  fprintf(stderr, "constexpr_vectors: %s\n", what);
  failed = 1;
}

/* "  static constexpr bytes<N> NAME = {0x.., ...};" */
static void emit_bytes(const char *name, const uint8_t *p, size_t n) {
  fprintf(out, "  static constexpr bytes<%zu> %s = {", n, name);
  for (size_t i = 0; i < n; i++) {
    fprintf(out, "%s0x%02x", i % 12 == 0 ? "\n      " : " ", p[i]);
    if (i + 1 < n) fputc(',', out);
  }
  fprintf(out, "};\n");
}

static void emit_hex(const char *name, const char *hex) {
  static uint8_t buf[4096];
  size_t len = hex != NULL ? strlen(hex) : 0;
  size_t n = len / 2;
  if (hex == NULL || len % 2 != 0 || n > sizeof buf ||
      test_hex_decode(buf, sizeof buf, hex, len) != n) {
    fail(name);
    return;
  }
  emit_bytes(name, buf, n);
}

static json_value *read_json(const char *rel) {
  size_t len = 0;
  char *text = test_read_file(test_vector_path(rel), &len);
  char err[200];
  json_value *root =
      text != NULL ? json_parse(text, len, err, sizeof err) : NULL;
  free(text);
  if (root == NULL) fail(rel);
  return root;
}

/* The first test of set's group for function (NULL: keyGen) whose
 * reason is reason (NULL: any) and, when passed is 0 or 1, whose
 * testPassed is passed. */
static const json_value *find_test(const json_value *root, const char *set,
                                   const char *function, const char *reason,
                                   int passed) {
  const json_value *groups = json_get(root, "testGroups");
  for (size_t g = 0; groups != NULL && g < groups->count; g++) {
    const json_value *grp = groups->items[g];
    const char *ps = json_get_string(grp, "parameterSet");
    const char *fn = json_get_string(grp, "function");
    if (ps == NULL || strcmp(ps, set) != 0) continue;
    if (function != NULL && (fn == NULL || strcmp(fn, function) != 0)) continue;
    const json_value *tests = json_get(grp, "tests");
    for (size_t i = 0; tests != NULL && i < tests->count; i++) {
      const json_value *t = tests->items[i];
      const char *r = json_get_string(t, "reason");
      int p = -1;
      if (reason != NULL && (r == NULL || strcmp(r, reason) != 0)) continue;
      if (passed >= 0 && (!json_get_bool(t, "testPassed", &p) || p != passed)) {
        continue;
      }
      return t;
    }
  }
  fail(function != NULL ? function : "keyGen");
  return NULL;
}

static void emit_tcid(const char *name, const json_value *t) {
  double id = -1;
  if (t == NULL || !json_get_number(t, "tcId", &id)) fail("tcId");
  fprintf(out, "  static constexpr long %s = %ld;\n", name, (long)id);
}

static void emit_acvp(const json_value *keygen, const json_value *encdec,
                      int set) {
  char name[32];
  snprintf(name, sizeof name, "ML-KEM-%d", set);
  fprintf(out, "\n/* %s, NIST ACVP (nist-acvp-server) */\ntemplate <>\n", name);
  fprintf(out, "struct acvp<%d> {\n", set);

  const json_value *t = find_test(keygen, name, NULL, NULL, -1);
  emit_tcid("keygen_tcid", t);
  uint8_t seed[64];
  const char *d = json_get_string(t, "d"), *z = json_get_string(t, "z");
  if (d == NULL || z == NULL || test_hex_decode(seed, 32, d, 64) != 32 ||
      test_hex_decode(seed + 32, 32, z, 64) != 32) {
    fail("keyGen d, z");
  }
  emit_bytes("keygen_seed", seed, 64); /* d || z */
  emit_hex("keygen_ek", json_get_string(t, "ek"));
  emit_hex("keygen_dk", json_get_string(t, "dk"));

  t = find_test(encdec, name, "encapsulation", NULL, -1);
  emit_tcid("encaps_tcid", t);
  emit_hex("encaps_ek", json_get_string(t, "ek"));
  emit_hex("encaps_m", json_get_string(t, "m"));
  emit_hex("encaps_c", json_get_string(t, "c"));
  emit_hex("encaps_k", json_get_string(t, "k"));

  static const char *const reasons[2][2] = {
      {"valid", "valid decapsulation"},
      {"modified", "modified ciphertext"},
  };
  for (int i = 0; i < 2; i++) {
    char field[64];
    t = find_test(encdec, name, "decapsulation", reasons[i][1], -1);
    snprintf(field, sizeof field, "decaps_%s_tcid", reasons[i][0]);
    emit_tcid(field, t);
    snprintf(field, sizeof field, "decaps_%s_dk", reasons[i][0]);
    emit_hex(field, json_get_string(t, "dk"));
    snprintf(field, sizeof field, "decaps_%s_c", reasons[i][0]);
    emit_hex(field, json_get_string(t, "c"));
    snprintf(field, sizeof field, "decaps_%s_k", reasons[i][0]);
    emit_hex(field, json_get_string(t, "k"));
  }

  t = find_test(encdec, name, "encapsulationKeyCheck", NULL, 0);
  emit_tcid("invalid_ek_tcid", t);
  emit_hex("invalid_ek", json_get_string(t, "ek"));
  t = find_test(encdec, name, "decapsulationKeyCheck", NULL, 0);
  emit_tcid("invalid_dk_tcid", t);
  emit_hex("invalid_dk", json_get_string(t, "dk"));
  fprintf(out, "};\n");
}

/* Record count = 0 of the pq-crystals KAT file of ML-KEM-512. */
static void emit_nist_kat(void) {
  const char *rel = "pq-crystals-kyber/standard/nistkat/PQCkemKAT_1632.rsp";
  size_t len = 0;
  char *text = test_read_file(test_vector_path(rel), &len);
  if (text == NULL) {
    fail(rel);
    return;
  }
  text_reader r;
  text_reader_init(&r, text, len);
  const char *line;
  size_t n;
  uint8_t entropy[48];
  int have_seed = 0;
  fprintf(out,
          "\n/* ML-KEM-512, the NIST KAT record count = 0 of\n"
          " * pq-crystals-kyber/standard/nistkat/PQCkemKAT_1632.rsp: d || z "
          "and m\n * from its AES-256 CTR_DRBG seed, as PQCgenKAT_kem draws "
          "them. */\nstruct nist_kat_512 {\n");
  while (text_next_line(&r, &line, &n)) {
    kv_line kv;
    if (text_is_blank_or_comment(line, n) || !kv_split(line, n, &kv)) continue;
    if (kv_name_is(&kv, "seed")) {
      have_seed = kv_hex_exact(&kv, entropy, sizeof entropy);
      ctr_drbg drbg;
      uint8_t seed[64], m[32];
      ctr_drbg_init(&drbg, entropy, NULL);
      ctr_drbg_generate(&drbg, seed, sizeof seed);
      ctr_drbg_generate(&drbg, m, sizeof m);
      emit_bytes("seed", seed, sizeof seed);
      emit_bytes("m", m, sizeof m);
    } else if (have_seed && (kv_name_is(&kv, "pk") || kv_name_is(&kv, "sk") ||
                             kv_name_is(&kv, "ct") || kv_name_is(&kv, "ss"))) {
      char hex[8192], name[8];
      if (kv.value_len >= sizeof hex || kv.name_len >= sizeof name) {
        fail("KAT field");
        break;
      }
      memcpy(hex, kv.value, kv.value_len);
      hex[kv.value_len] = '\0';
      memcpy(name, kv.name, kv.name_len);
      name[kv.name_len] = '\0';
      emit_hex(name, hex);
      if (kv_name_is(&kv, "ss")) break; /* the end of record 0 */
    }
  }
  if (!have_seed) fail("KAT record 0");
  fprintf(out, "};\n");
  free(text);
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: constexpr_vectors OUT.hpp\n");
    return 2;
  }
  out = fopen(argv[1], "w");
  if (out == NULL) {
    perror(argv[1]);
    return 1;
  }
  fprintf(out,
          "/* Generated by tests/cxx/constexpr_vectors.c from the files of "
          "tests/vectors/;\n * do not edit. */\n"
          "#include <array>\n#include <cstddef>\n#include <cstdint>\n\n"
          "namespace constexpr_vectors {\n\ntemplate <std::size_t N>\n"
          "using bytes = std::array<std::uint8_t, N>;\n\n"
          "template <int Set>\nstruct acvp;\n");
  emit_nist_kat();
  json_value *keygen = read_json(
      "nist-acvp-server/ML-KEM-keyGen-FIPS203/internalProjection.json");
  json_value *encdec = read_json(
      "nist-acvp-server/ML-KEM-encapDecap-FIPS203/internalProjection.json");
  if (keygen != NULL && encdec != NULL) {
    emit_acvp(keygen, encdec, 512);
    emit_acvp(keygen, encdec, 768);
    emit_acvp(keygen, encdec, 1024);
  }
  json_free(keygen);
  json_free(encdec);
  fprintf(out, "\n}  // namespace constexpr_vectors\n");
  if (fclose(out) != 0) failed = 1;
  if (failed) remove(argv[1]);
  return failed;
}
