/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_nistkat.c - the NIST-style known-answer tests PQCkemKAT_*.rsp: of
 * the pq-crystals reference for ML-KEM (tests/vectors/pq-crystals-kyber),
 * and of its round-3 branch for Kyber512/768/1024
 * (tests/vectors/giacomopope-kyber-py).
 *
 * Each record gives only a 48-byte seed for NIST's AES-256 CTR_DRBG. With
 * the DRBG instantiated from that seed, the draws of the reference's key
 * generation give the seed of keygen_derand: for ML-KEM one 64-byte draw,
 * d || z; for round 3 two 32-byte draws, d and then z (the DRBG updates
 * its state after every call, so the two are not the same). The next
 * 32-byte draw gives the coins of encaps_derand (ML-KEM's m; round 3
 * hashes them into m). The test checks pk, sk, ct and ss of all 100
 * records per parameter set, and that decaps(sk, ct) gives ss; for ML-KEM
 * the same on the expanded keys (expanded_checks.h).
 *
 * It first checks the test's own AES-256 against the FIPS 197 example and
 * its DRBG against the record seeds themselves: NIST's generator draws each
 * record's seed from a DRBG instantiated with the bytes 0x00..0x2F.
 *
 * Then liboqs' KAT hashes (tests/vectors/liboqs/kats.json): liboqs keeps,
 * per KEM, the SHA-256 of the generator's text without its header, for
 * the first record ("single") and for all 100 ("all"). The test writes
 * that text from the library's own outputs (keygen_derand, then
 * encaps_derand to the pk it made) and compares the two hashes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aes256_ctr_drbg.h"
#include "expanded_checks.h"
#include "kv_text.h"
#include "json.h"
#include "mlkem.h"
#include "mlkem_kyber.h"
#include "sha2/sha2.h"
#include "test_util.h"

#define MAX_EK MLKEM1024_EK_BYTES
#define MAX_DK MLKEM1024_DK_BYTES
#define MAX_CT MLKEM1024_CT_BYTES
#define RECORDS 100

static void test_aes256(void) {
  /* FIPS 197, Appendix C.3 (AES-256): key 00 01 .. 1f, plaintext
   * 00 11 22 .. ff. */
  static const char *ct_hex = "8ea2b7ca516745bfeafc49904b496089";
  uint8_t key[32], pt[16], want[16], got[16];
  aes256_ctx ctx;
  unsigned i;
  for (i = 0; i < 32; i++) key[i] = (uint8_t)i;
  for (i = 0; i < 16; i++) pt[i] = (uint8_t)(0x11 * i);
  CHECK(test_hex_decode(want, 16, ct_hex, 32) == 16);
  aes256_init(&ctx, key);
  aes256_encrypt_block(&ctx, got, pt);
  CHECK_MEM(got, want, 16, "AES-256 FIPS 197 C.3 example");
}

static char msgbuf[256];
static const char *msg(const char *set, unsigned long count, const char *what) {
  snprintf(msgbuf, sizeof msgbuf, "%s count %lu: %s", set, count, what);
  return msgbuf;
}

typedef struct {
  unsigned long count;
  uint8_t seed[48];
  uint8_t pk[MAX_EK], sk[MAX_DK], ct[MAX_CT], ss[32];
  unsigned have; /* bit per field, in file order */
} record;

enum { H_SEED = 1, H_PK = 2, H_SK = 4, H_CT = 8, H_SS = 16, H_ALL = 31 };

/* One .rsp file: its set, the name of its liboqs entry, and how many
 * draws the reference's key generation makes (1: d || z; 2: d, then z). */
typedef struct {
  const char *rel;
  const char *set;
  const char *oqs_name;
  unsigned keygen_draws;
} kat_file;

static void check_record(const mlkem_kem *kem, const kat_file *f,
                         const record *r, ctr_drbg *seed_drbg,
                         mlkem_sha256_ctx *text) {
  const char *set = kem->name;
  uint8_t expected_seed[48], dz[64], m[32];
  uint8_t pk[MAX_EK], sk[MAX_DK], ct[MAX_CT], ss[32], ss2[32];
  char line[64];
  ctr_drbg drbg;

  /* The record's seed is the next 48-byte draw of the seed DRBG. */
  ctr_drbg_generate(seed_drbg, expected_seed, 48);
  CHECK_MEM(r->seed, expected_seed, 48,
            msg(set, r->count, "seed is the next output of the seed DRBG"));

  ctr_drbg_init(&drbg, r->seed, NULL);
  if (f->keygen_draws == 1) {
    ctr_drbg_generate(&drbg, dz, 64);
  } else {
    ctr_drbg_generate(&drbg, dz, 32);
    ctr_drbg_generate(&drbg, dz + 32, 32);
  }
  ctr_drbg_generate(&drbg, m, 32);

  CHECK_MSG(kem->keygen_derand(pk, sk, dz) == MLKEM_OK,
            msg(set, r->count, "keygen_derand returns 0"));
  CHECK_MEM(pk, r->pk, kem->ek_bytes, msg(set, r->count, "pk"));
  CHECK_MEM(sk, r->sk, kem->dk_bytes, msg(set, r->count, "sk"));
  /* Encapsulate with the expected pk so that a KeyGen failure does not
   * hide an Encaps result. */
  CHECK_MSG(kem->encaps_derand(ct, ss, r->pk, m) == MLKEM_OK,
            msg(set, r->count, "encaps_derand returns 0"));
  CHECK_MEM(ct, r->ct, kem->ct_bytes, msg(set, r->count, "ct"));
  CHECK_MEM(ss, r->ss, 32, msg(set, r->count, "ss"));
  CHECK_MSG(kem->decaps(ss2, r->ct, r->sk) == MLKEM_OK,
            msg(set, r->count, "decaps returns 0"));
  CHECK_MEM(ss2, r->ss, 32, msg(set, r->count, "decaps(sk, ct) == ss"));
  xcheck_from_seed(kem, dz, r->sk, msg(set, r->count, "d || z"));
  xcheck_encaps(kem, r->pk, m, r->ct, r->ss, msg(set, r->count, "pk"));
  xcheck_decaps(kem, r->sk, r->ct, r->ss, msg(set, r->count, "sk"));

  /* The record's text from the library's own keys, as liboqs hashes it:
   * records separated by a blank line. */
  CHECK_MSG(kem->encaps_derand(ct, ss, pk, m) == MLKEM_OK,
            msg(set, r->count, "encaps_derand to the new pk returns 0"));
  snprintf(line, sizeof line, "%scount = %lu\n", r->count == 0 ? "" : "\n",
           r->count);
  mlkem_sha256_update(text, (const uint8_t *)line, strlen(line));
  test_sha256_hex_line(text, "seed = ", r->seed, 48, 1);
  test_sha256_hex_line(text, "pk = ", pk, kem->ek_bytes, 1);
  test_sha256_hex_line(text, "sk = ", sk, kem->dk_bytes, 1);
  test_sha256_hex_line(text, "ct = ", ct, kem->ct_bytes, 1);
  test_sha256_hex_line(text, "ss = ", ss, 32, 1);
}

/* The text's SHA-256 against liboqs' entry for the file's KEM. */
static void check_oqs_hash(const kat_file *f, const char *which,
                           mlkem_sha256_ctx *text) {
  static json_value *kats;
  const json_value *entry;
  const char *want_hex;
  uint8_t got[32], want[32];
  char what[128];
  mlkem_sha256_final(text, got);
  if (kats == NULL) {
    size_t len;
    char *json = test_read_file(test_vector_path("liboqs/kats.json"), &len);
    kats = json_parse(json, len, NULL, 0);
    free(json);
    CHECK_MSG(kats != NULL, "liboqs/kats.json parses");
    if (kats == NULL) return;
  }
  entry = json_get(kats, f->oqs_name);
  want_hex = json_get_string(entry, which);
  snprintf(what, sizeof what, "liboqs %s \"%s\" KAT hash", f->oqs_name, which);
  CHECK_MSG(want_hex != NULL && test_hex_decode(want, 32, want_hex, 64) == 32,
            what);
  if (want_hex != NULL) CHECK_MEM(got, want, 32, what);
}

static void test_file(const kat_file *f) {
  const char *rel = f->rel, *set_name = f->set;
  const mlkem_kem *kem = mlkem_kem_by_name(set_name);
  mlkem_sha256_ctx text, single;
  uint8_t entropy[48];
  ctr_drbg seed_drbg;
  text_reader rd;
  const char *line;
  size_t len, flen;
  char *text_file;
  record *r;
  unsigned long n = 0;
  int in_record = 0;
  unsigned i;

  CHECK_MSG(kem != NULL, "mlkem_kem_by_name knows the parameter set");
  if (kem == NULL) return;
  r = calloc(1, sizeof *r);
  if (r == NULL) abort();
  for (i = 0; i < 48; i++) entropy[i] = (uint8_t)i;
  ctr_drbg_init(&seed_drbg, entropy, NULL);
  test_sha256_init_fast(&text);

  text_file = test_read_file(test_vector_path(rel), &flen);
  text_reader_init(&rd, text_file, flen);
  for (;;) {
    kv_line kv;
    int more = text_next_line(&rd, &line, &len);
    /* A record ends at a blank line or at the end of the file. */
    if (!more || text_is_blank_or_comment(line, len)) {
      if (in_record) {
        CHECK_MSG(r->have == H_ALL,
                  msg(set_name, r->count, "record has seed, pk, sk, ct, ss"));
        CHECK_MSG(r->count == n,
                  msg(set_name, r->count, "records are numbered 0, 1, ..."));
        if (r->have == H_ALL) check_record(kem, f, r, &seed_drbg, &text);
        if (n == 0) {
          single = text;
          check_oqs_hash(f, "single", &single);
        }
        n++;
        in_record = 0;
      }
      if (!more) break;
      continue;
    }
    if (!kv_split(line, len, &kv)) {
      fprintf(stderr, "%s:%lu: not a 'name = value' line\n", rel, rd.lineno);
      CHECK_MSG(0, "every line of the .rsp file is understood");
      continue;
    }
    if (kv_name_is(&kv, "count")) {
      if (in_record) {
        CHECK_MSG(0, msg(set_name, r->count, "record ends with a blank line"));
      }
      memset(r, 0, sizeof *r);
      in_record = 1;
      CHECK_MSG(kv_ulong(&kv, &r->count), "count is a decimal number");
      continue;
    }
    if (!in_record) {
      fprintf(stderr, "%s:%lu: field outside a record\n", rel, rd.lineno);
      CHECK_MSG(0, "every field belongs to a record");
      continue;
    }
    {
      unsigned bit = 0;
      int ok = 0;
      if (kv_name_is(&kv, "seed")) {
        bit = H_SEED;
        ok = kv_hex_exact(&kv, r->seed, 48);
      } else if (kv_name_is(&kv, "pk")) {
        bit = H_PK;
        ok = kv_hex_exact(&kv, r->pk, kem->ek_bytes);
      } else if (kv_name_is(&kv, "sk")) {
        bit = H_SK;
        ok = kv_hex_exact(&kv, r->sk, kem->dk_bytes);
      } else if (kv_name_is(&kv, "ct")) {
        bit = H_CT;
        ok = kv_hex_exact(&kv, r->ct, kem->ct_bytes);
      } else if (kv_name_is(&kv, "ss")) {
        bit = H_SS;
        ok = kv_hex_exact(&kv, r->ss, 32);
      }
      if (bit == 0 || (r->have & bit) != 0 || !ok) {
        fprintf(stderr, "%s:%lu: unknown, repeated or malformed field\n", rel,
                rd.lineno);
        CHECK_MSG(0,
                  "every field is known, once per record, of the right "
                  "length");
        continue;
      }
      r->have |= bit;
    }
  }
  printf("nistkat %s (%s): %lu vectors checked\n", set_name, rel, n);
  CHECK_MSG(n == RECORDS, "the .rsp file has 100 records");
  check_oqs_hash(f, "all", &text);
  free(text_file);
  free(r);
}

static const kat_file files[] = {
    {"pq-crystals-kyber/standard/nistkat/PQCkemKAT_1632.rsp", "ML-KEM-512",
     "ML-KEM-512", 1},
    {"pq-crystals-kyber/standard/nistkat/PQCkemKAT_2400.rsp", "ML-KEM-768",
     "ML-KEM-768", 1},
    {"pq-crystals-kyber/standard/nistkat/PQCkemKAT_3168.rsp", "ML-KEM-1024",
     "ML-KEM-1024", 1},
    {"giacomopope-kyber-py/PQCkemKAT_1632.rsp", "Kyber512", "Kyber512", 2},
    {"giacomopope-kyber-py/PQCkemKAT_2400.rsp", "Kyber768", "Kyber768", 2},
    {"giacomopope-kyber-py/PQCkemKAT_3168.rsp", "Kyber1024", "Kyber1024", 2},
};

int main(void) {
  size_t i;
  test_backend_banner();
  test_aes256();
  for (i = 0; i < sizeof files / sizeof files[0]; i++) test_file(&files[i]);
  return test_summary("test_nistkat");
}
