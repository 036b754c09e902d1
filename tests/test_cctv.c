/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_cctv.c - the C2SP/CCTV ML-KEM vectors (tests/vectors/c2sp-cctv):
 *
 *  - strcmp/: decaps(dk, c) == K for a ciphertext whose re-encryption
 *    shares an early zero byte with c (catches strcmp-style comparison);
 *  - pull-13 unluckysample/ (final FIPS 203): keygen_derand(d || z) gives
 *    ek and dk, encaps_derand(ek, m) gives c and K, decaps(dk, c) gives K;
 *    the matrix seed needs more than 575 bytes of SHAKE-128 in SampleNTT;
 *  - main-branch unluckysample/ and intermediate/: their key generation is
 *    FIPS 203 ipd (G(d) without k), so only Encaps on the given ek and
 *    Decaps on the given dk are tested;
 *  - modulus/: every encapsulation key has a coefficient >= q and must be
 *    refused by check_ek and by encaps_derand (MLKEM_ERR_INVALID_EK, both
 *    outputs zeroed).
 * Every vector checks the expanded keys the same way (expanded_checks.h):
 * encaps and decaps on them give c and K, the expansion from d || z that
 * of dk, and expand_ek refuses every key of modulus/.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "expanded_checks.h"
#include "kv_text.h"
#include "mlkem.h"
#include "test_util.h"

#define MAX_EK MLKEM1024_EK_BYTES
#define MAX_DK MLKEM1024_DK_BYTES
#define MAX_CT MLKEM1024_CT_BYTES

static const char *const set_names[3] = {"ML-KEM-512", "ML-KEM-768",
                                         "ML-KEM-1024"};

static char msgbuf[300];
static const char *msg(const char *file, const char *what) {
  snprintf(msgbuf, sizeof msgbuf, "%s: %s", file, what);
  return msgbuf;
}

/* A "name = value" file held in memory. */
typedef struct {
  const char *rel;
  char *text;
  size_t len;
} kv_file;

static void kv_file_load(kv_file *f, const char *rel) {
  f->rel = rel;
  f->text = test_read_file(test_vector_path(rel), &f->len);
}

/* Decodes the FIRST line named name as exactly want bytes of hex. Records
 * a failure and returns 0 if there is none or it is malformed. */
static int kv_file_hex(const kv_file *f, const char *name, uint8_t *out,
                       size_t want) {
  text_reader rd;
  const char *line;
  size_t len;
  char detail[128];
  text_reader_init(&rd, f->text, f->len);
  while (text_next_line(&rd, &line, &len)) {
    kv_line kv;
    if (kv_split(line, len, &kv) && kv_name_is(&kv, name)) {
      if (kv_hex_exact(&kv, out, want)) return 1;
      break;
    }
  }
  snprintf(detail, sizeof detail, "field '%s' present as %zu bytes of hex",
           name, want);
  CHECK_MSG(0, msg(f->rel, detail));
  return 0;
}

/* Checks that every non-blank line is "name = value" and that the names are
 * exactly the given list, each once (for the small one-vector files). */
static void kv_file_expect_fields(const kv_file *f, const char *const *names,
                                  size_t count) {
  unsigned seen[16] = {0};
  text_reader rd;
  const char *line;
  size_t len, i;
  text_reader_init(&rd, f->text, f->len);
  while (text_next_line(&rd, &line, &len)) {
    kv_line kv;
    if (text_is_blank_or_comment(line, len)) continue;
    if (!kv_split(line, len, &kv)) {
      CHECK_MSG(0, msg(f->rel, "every line is 'name = value'"));
      continue;
    }
    for (i = 0; i < count; i++) {
      if (kv_name_is(&kv, names[i])) break;
    }
    if (i == count) {
      CHECK_MSG(0, msg(f->rel, "no unexpected field"));
      continue;
    }
    seen[i]++;
  }
  for (i = 0; i < count; i++) {
    CHECK_MSG(seen[i] == 1, msg(f->rel, "each expected field appears once"));
  }
}

/* ---------------------------------------------------------------------- */

static void test_strcmp(const mlkem_kem *kem) {
  static const char *const fields[] = {"dk", "c", "K"};
  char rel[128];
  uint8_t dk[MAX_DK], c[MAX_CT], k_want[32], k[32];
  kv_file f;
  snprintf(rel, sizeof rel, "c2sp-cctv/ML-KEM/strcmp/%s.txt", kem->name);
  kv_file_load(&f, rel);
  kv_file_expect_fields(&f, fields, 3);
  if (kv_file_hex(&f, "dk", dk, kem->dk_bytes) &&
      kv_file_hex(&f, "c", c, kem->ct_bytes) &&
      kv_file_hex(&f, "K", k_want, 32)) {
    CHECK_MSG(kem->check_dk(dk) == MLKEM_OK, msg(rel, "check_dk accepts dk"));
    CHECK_MSG(kem->decaps(k, c, dk) == MLKEM_OK, msg(rel, "decaps returns 0"));
    CHECK_MEM(k, k_want, 32, msg(rel, "decaps(dk, c) == K"));
    xcheck_decaps(kem, dk, c, k_want, rel);
  }
  printf("cctv strcmp %s: 1 vector checked\n", kem->name);
  free(f.text);
}

/* full: also run key generation from d and z (final FIPS 203 files only). */
static void test_unlucky(const mlkem_kem *kem, const char *dir, int full,
                         const char *label) {
  static const char *const fields[] = {"d", "z", "ek", "dk", "m", "K", "c"};
  char rel[160];
  uint8_t seed[64], ek_want[MAX_EK], dk_want[MAX_DK], m[32], k_want[32],
      c_want[MAX_CT];
  uint8_t ek[MAX_EK], dk[MAX_DK], c[MAX_CT], k[32];
  kv_file f;
  snprintf(rel, sizeof rel, "c2sp-cctv/%s/%s.txt", dir, kem->name);
  kv_file_load(&f, rel);
  kv_file_expect_fields(&f, fields, 7);
  if (kv_file_hex(&f, "d", seed, 32) && kv_file_hex(&f, "z", seed + 32, 32) &&
      kv_file_hex(&f, "ek", ek_want, kem->ek_bytes) &&
      kv_file_hex(&f, "dk", dk_want, kem->dk_bytes) &&
      kv_file_hex(&f, "m", m, 32) && kv_file_hex(&f, "K", k_want, 32) &&
      kv_file_hex(&f, "c", c_want, kem->ct_bytes)) {
    if (full) {
      CHECK_MSG(kem->keygen_derand(ek, dk, seed) == MLKEM_OK,
                msg(rel, "keygen_derand returns 0"));
      CHECK_MEM(ek, ek_want, kem->ek_bytes, msg(rel, "KeyGen ek"));
      CHECK_MEM(dk, dk_want, kem->dk_bytes, msg(rel, "KeyGen dk"));
      xcheck_from_seed(kem, seed, dk_want, rel);
    }
    CHECK_MSG(kem->encaps_derand(c, k, ek_want, m) == MLKEM_OK,
              msg(rel, "encaps_derand returns 0"));
    CHECK_MEM(c, c_want, kem->ct_bytes, msg(rel, "Encaps c"));
    CHECK_MEM(k, k_want, 32, msg(rel, "Encaps K"));
    CHECK_MSG(kem->decaps(k, c_want, dk_want) == MLKEM_OK,
              msg(rel, "decaps returns 0"));
    CHECK_MEM(k, k_want, 32, msg(rel, "Decaps K"));
    xcheck_encaps(kem, ek_want, m, c_want, k_want, rel);
    xcheck_decaps(kem, dk_want, c_want, k_want, rel);
  }
  printf("cctv %s %s: 1 vector checked (%s)\n", label, kem->name,
         full ? "KeyGen, Encaps, Decaps" : "Encaps, Decaps");
  free(f.text);
}

static void test_intermediate(const mlkem_kem *kem) {
  char rel[128];
  uint8_t ek[MAX_EK], dk[MAX_DK], m[32], k_want[32], c_want[MAX_CT];
  uint8_t c[MAX_CT], k[32];
  kv_file f;
  snprintf(rel, sizeof rel, "c2sp-cctv/ML-KEM/intermediate/%s.txt", kem->name);
  kv_file_load(&f, rel);
  /* Labels repeat in these files ("r", "dkPKE"); "ek", "dk", "m", "K" and
   * "c" appear once, and the first occurrence is used. */
  if (kv_file_hex(&f, "ek", ek, kem->ek_bytes) &&
      kv_file_hex(&f, "dk", dk, kem->dk_bytes) && kv_file_hex(&f, "m", m, 32) &&
      kv_file_hex(&f, "K", k_want, 32) &&
      kv_file_hex(&f, "c", c_want, kem->ct_bytes)) {
    CHECK_MSG(kem->check_ek(ek) == MLKEM_OK, msg(rel, "check_ek accepts ek"));
    CHECK_MSG(kem->check_dk(dk) == MLKEM_OK, msg(rel, "check_dk accepts dk"));
    CHECK_MSG(kem->encaps_derand(c, k, ek, m) == MLKEM_OK,
              msg(rel, "encaps_derand returns 0"));
    CHECK_MEM(c, c_want, kem->ct_bytes, msg(rel, "Encaps c"));
    CHECK_MEM(k, k_want, 32, msg(rel, "Encaps K"));
    CHECK_MSG(kem->decaps(k, c_want, dk) == MLKEM_OK,
              msg(rel, "decaps returns 0"));
    CHECK_MEM(k, k_want, 32, msg(rel, "Decaps K"));
    xcheck_encaps(kem, ek, m, c_want, k_want, rel);
    xcheck_decaps(kem, dk, c_want, k_want, rel);
  }
  printf(
      "cctv intermediate (ipd file, Encaps/Decaps only) %s: 1 vector "
      "checked\n",
      kem->name);
  free(f.text);
}

/* 1 if some 12-bit coefficient of the t-part of ek is >= q. */
static int has_large_coefficient(const uint8_t *ek, size_t ek_bytes) {
  size_t i, tbytes = ek_bytes - 32;
  for (i = 0; i + 3 <= tbytes; i += 3) {
    unsigned a = ek[i] | (unsigned)(ek[i + 1] & 0x0F) << 8;
    unsigned b = (unsigned)ek[i + 1] >> 4 | (unsigned)ek[i + 2] << 4;
    if (a >= 3329 || b >= 3329) return 1;
  }
  return 0;
}

static void test_modulus(const mlkem_kem *kem, unsigned long expected_lines) {
  char rel[128], what[200];
  uint8_t ek[MAX_EK], m[32], c[MAX_CT], k[32];
  text_reader rd;
  const char *line;
  size_t len, flen;
  unsigned long n = 0;
  char *text;
  test_rng rng;
  snprintf(rel, sizeof rel, "c2sp-cctv/ML-KEM/modulus/%s.txt", kem->name);
  test_rng_init(&rng, "test_cctv modulus m");
  test_rng_bytes(&rng, m, sizeof m);
  text = test_read_file(test_vector_path(rel), &flen);
  text_reader_init(&rd, text, flen);
  while (text_next_line(&rd, &line, &len)) {
    int rc;
    if (len == 0) continue;
    n++;
    snprintf(what, sizeof what, "%s line %lu", rel, rd.lineno);
    if (len != 2 * kem->ek_bytes ||
        test_hex_decode(ek, kem->ek_bytes, line, len) != kem->ek_bytes) {
      CHECK_MSG(0, msg(what, "line is one encapsulation key in hex"));
      continue;
    }
    CHECK_MSG(has_large_coefficient(ek, kem->ek_bytes),
              msg(what, "vector has a coefficient >= q (data sanity)"));
    CHECK_MSG(kem->check_ek(ek) == MLKEM_ERR_INVALID_EK,
              msg(what, "check_ek rejects with MLKEM_ERR_INVALID_EK"));
    memset(c, 0xA5, sizeof c);
    memset(k, 0xA5, sizeof k);
    rc = kem->encaps_derand(c, k, ek, m);
    CHECK_MSG(rc == MLKEM_ERR_INVALID_EK,
              msg(what, "encaps_derand fails with MLKEM_ERR_INVALID_EK"));
    CHECK_MSG(test_all_bytes(c, kem->ct_bytes, 0),
              msg(what, "encaps_derand zeroes c"));
    CHECK_MSG(test_all_bytes(k, 32, 0),
              msg(what, "encaps_derand zeroes the secret"));
    xcheck_bad_ek(kem, ek, what);
  }
  printf("cctv modulus %s: %lu vectors checked\n", kem->name, n);
  CHECK_MSG(n == expected_lines, msg(rel,
                                     "file has the documented number "
                                     "of keys"));
  free(text);
}

int main(void) {
  /* Lines per modulus file, from the upstream data (775, 780, 1040). */
  static const unsigned long modulus_lines[3] = {775, 780, 1040};
  int i;
  test_backend_banner();
  for (i = 0; i < 3; i++) {
    const mlkem_kem *kem = mlkem_kem_by_name(set_names[i]);
    CHECK_MSG(kem != NULL, "mlkem_kem_by_name knows the parameter set");
    if (kem == NULL) continue;
    test_strcmp(kem);
    test_unlucky(kem, "pull-13/ML-KEM/unluckysample", 1,
                 "unluckysample (pull-13, final)");
    test_unlucky(kem, "ML-KEM/unluckysample", 0, "unluckysample (main, ipd)");
    test_intermediate(kem);
    test_modulus(kem, modulus_lines[i]);
  }
  return test_summary("test_cctv");
}
