/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_nistkat.c - the NIST-style known-answer tests PQCkemKAT_*.rsp of the
 * pq-crystals reference (tests/vectors/pq-crystals-kyber).
 *
 * Each record gives only a 48-byte seed for NIST's AES-256 CTR_DRBG. With
 * the DRBG instantiated from that seed, one 64-byte draw gives d || z for
 * keygen_derand and the next 32-byte draw gives m for encaps_derand. The
 * test checks pk, sk, ct and ss of all 100 records per parameter set, and
 * that decaps(sk, ct) gives ss.
 *
 * It first checks the test's own AES-256 against the FIPS 197 example and
 * its DRBG against the record seeds themselves: NIST's generator draws each
 * record's seed from a DRBG instantiated with the bytes 0x00..0x2F.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aes256_ctr_drbg.h"
#include "kv_text.h"
#include "mlkem.h"
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

static void check_record(const mlkem_kem *kem, const record *r,
                         ctr_drbg *seed_drbg) {
  const char *set = kem->name;
  uint8_t expected_seed[48], dz[64], m[32];
  uint8_t pk[MAX_EK], sk[MAX_DK], ct[MAX_CT], ss[32], ss2[32];
  ctr_drbg drbg;

  /* The record's seed is the next 48-byte draw of the seed DRBG. */
  ctr_drbg_generate(seed_drbg, expected_seed, 48);
  CHECK_MEM(r->seed, expected_seed, 48,
            msg(set, r->count, "seed is the next output of the seed DRBG"));

  ctr_drbg_init(&drbg, r->seed, NULL);
  ctr_drbg_generate(&drbg, dz, 64);
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
}

static void test_file(const char *rel, const char *set_name) {
  const mlkem_kem *kem = mlkem_kem_by_name(set_name);
  uint8_t entropy[48];
  ctr_drbg seed_drbg;
  text_reader rd;
  const char *line;
  size_t len, flen;
  char *text;
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

  text = test_read_file(test_vector_path(rel), &flen);
  text_reader_init(&rd, text, flen);
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
        if (r->have == H_ALL) check_record(kem, r, &seed_drbg);
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
  free(text);
  free(r);
}

int main(void) {
  test_backend_banner();
  test_aes256();
  test_file("pq-crystals-kyber/standard/nistkat/PQCkemKAT_1632.rsp",
            "ML-KEM-512");
  test_file("pq-crystals-kyber/standard/nistkat/PQCkemKAT_2400.rsp",
            "ML-KEM-768");
  test_file("pq-crystals-kyber/standard/nistkat/PQCkemKAT_3168.rsp",
            "ML-KEM-1024");
  return test_summary("test_nistkat");
}
