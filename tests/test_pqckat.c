/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_pqckat.c - the post-quantum-cryptography/KAT ML-KEM vectors
 * (tests/vectors/post-quantum-cryptography-KAT, the first 100 records of
 * each kat_MLKEM_*.rsp):
 *
 *   keygen_derand(d || z) gives pk and sk;
 *   encaps_derand(pk, msg) gives ct and ss;
 *   decaps(sk, ct) gives ss;
 *   decaps(sk, ct_n) gives ss_n (implicit rejection of an invalid
 *   ciphertext: a pseudorandom key, not an error);
 *   the same for the expanded keys (expanded_checks.h).
 *
 * Field order in these files is count, z, d, msg, seed, pk, sk, ct_n, ss_n,
 * ct, ss: z comes before d, and the invalid-ciphertext pair comes before
 * the valid one. The test also checks that z, d and msg are the first three
 * 32-byte outputs of the AES-256 CTR_DRBG instantiated with the record's
 * seed, as the upstream README describes, and that each record's seed is
 * the next 48-byte output of the generator's top-level DRBG.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aes256_ctr_drbg.h"
#include "kv_text.h"
#include "expanded_checks.h"
#include "mlkem.h"
#include "test_util.h"

#define MAX_EK MLKEM1024_EK_BYTES
#define MAX_DK MLKEM1024_DK_BYTES
#define MAX_CT MLKEM1024_CT_BYTES
#define RECORDS 100

/* The top-level DRBG entropy of the upstream generator (upstream
 * MLKEM/README.md); every record's seed is drawn from it in turn. */
static const char *top_entropy_hex =
    "60496cd0a12512800a79161189b055ac3996ad24e578d3c5fc57c1e60fa2eb4e"
    "550d08e51e9db7b67f1a616681d9182d";

enum {
  F_COUNT,
  F_Z,
  F_D,
  F_MSG,
  F_SEED,
  F_PK,
  F_SK,
  F_CTN,
  F_SSN,
  F_CT,
  F_SS,
  F_NUM
};
static const char *const field_names[F_NUM] = {
    "count", "z", "d", "msg", "seed", "pk", "sk", "ct_n", "ss_n", "ct", "ss"};

typedef struct {
  unsigned long count;
  uint8_t z[32], d[32], msg[32], seed[48];
  uint8_t pk[MAX_EK], sk[MAX_DK], ct_n[MAX_CT], ss_n[32], ct[MAX_CT], ss[32];
  int next; /* index of the next expected field */
} record;

static char msgbuf[256];
static const char *msg(const char *set, unsigned long count, const char *what) {
  snprintf(msgbuf, sizeof msgbuf, "%s count %lu: %s", set, count, what);
  return msgbuf;
}

static void check_record(const mlkem_kem *kem, const record *r, ctr_drbg *top) {
  const char *set = kem->name;
  uint8_t seed[64], want_seed[48], drawn[32];
  uint8_t pk[MAX_EK], sk[MAX_DK], ct[MAX_CT], ss[32];
  ctr_drbg drbg;

  /* Provenance of the inputs. */
  ctr_drbg_generate(top, want_seed, 48);
  CHECK_MEM(r->seed, want_seed, 48,
            msg(set, r->count, "seed is the next top-level DRBG output"));
  ctr_drbg_init(&drbg, r->seed, NULL);
  ctr_drbg_generate(&drbg, drawn, 32);
  CHECK_MEM(drawn, r->z, 32, msg(set, r->count, "z drawn from seed"));
  ctr_drbg_generate(&drbg, drawn, 32);
  CHECK_MEM(drawn, r->d, 32, msg(set, r->count, "d drawn from seed"));
  ctr_drbg_generate(&drbg, drawn, 32);
  CHECK_MEM(drawn, r->msg, 32, msg(set, r->count, "msg drawn from seed"));

  /* The KEM. The seed of keygen_derand is d || z, d first. */
  memcpy(seed, r->d, 32);
  memcpy(seed + 32, r->z, 32);
  CHECK_MSG(kem->keygen_derand(pk, sk, seed) == MLKEM_OK,
            msg(set, r->count, "keygen_derand returns 0"));
  CHECK_MEM(pk, r->pk, kem->ek_bytes, msg(set, r->count, "pk"));
  CHECK_MEM(sk, r->sk, kem->dk_bytes, msg(set, r->count, "sk"));

  CHECK_MSG(kem->encaps_derand(ct, ss, r->pk, r->msg) == MLKEM_OK,
            msg(set, r->count, "encaps_derand returns 0"));
  CHECK_MEM(ct, r->ct, kem->ct_bytes, msg(set, r->count, "ct"));
  CHECK_MEM(ss, r->ss, 32, msg(set, r->count, "ss"));

  CHECK_MSG(kem->decaps(ss, r->ct, r->sk) == MLKEM_OK,
            msg(set, r->count, "decaps(sk, ct) returns 0"));
  CHECK_MEM(ss, r->ss, 32, msg(set, r->count, "decaps(sk, ct) == ss"));

  CHECK_MSG(kem->decaps(ss, r->ct_n, r->sk) == MLKEM_OK,
            msg(set, r->count, "decaps(sk, ct_n) returns 0"));
  CHECK_MEM(ss, r->ss_n, 32, msg(set, r->count, "decaps(sk, ct_n) == ss_n"));
  xcheck_from_seed(kem, seed, r->sk, msg(set, r->count, "d || z"));
  xcheck_encaps(kem, r->pk, r->msg, r->ct, r->ss, msg(set, r->count, "pk"));
  xcheck_decaps(kem, r->sk, r->ct, r->ss, msg(set, r->count, "sk, ct"));
  xcheck_decaps(kem, r->sk, r->ct_n, r->ss_n, msg(set, r->count, "sk, ct_n"));
}

static int read_field(const mlkem_kem *kem, record *r, int f,
                      const kv_line *kv) {
  switch (f) {
    case F_COUNT:
      return kv_ulong(kv, &r->count);
    case F_Z:
      return kv_hex_exact(kv, r->z, 32);
    case F_D:
      return kv_hex_exact(kv, r->d, 32);
    case F_MSG:
      return kv_hex_exact(kv, r->msg, 32);
    case F_SEED:
      return kv_hex_exact(kv, r->seed, 48);
    case F_PK:
      return kv_hex_exact(kv, r->pk, kem->ek_bytes);
    case F_SK:
      return kv_hex_exact(kv, r->sk, kem->dk_bytes);
    case F_CTN:
      return kv_hex_exact(kv, r->ct_n, kem->ct_bytes);
    case F_SSN:
      return kv_hex_exact(kv, r->ss_n, 32);
    case F_CT:
      return kv_hex_exact(kv, r->ct, kem->ct_bytes);
    default:
      return kv_hex_exact(kv, r->ss, 32);
  }
}

static void test_file(const char *rel, const char *set_name) {
  const mlkem_kem *kem = mlkem_kem_by_name(set_name);
  uint8_t top_entropy[48];
  ctr_drbg top;
  text_reader rd;
  const char *line;
  size_t len, flen;
  char *text;
  record *r;
  unsigned long n = 0;

  CHECK_MSG(kem != NULL, "mlkem_kem_by_name knows the parameter set");
  if (kem == NULL) return;
  r = calloc(1, sizeof *r);
  if (r == NULL) abort();
  CHECK(test_hex_decode(top_entropy, 48, top_entropy_hex, 96) == 48);
  ctr_drbg_init(&top, top_entropy, NULL);

  text = test_read_file(test_vector_path(rel), &flen);
  text_reader_init(&rd, text, flen);
  while (text_next_line(&rd, &line, &len)) {
    kv_line kv;
    if (text_is_blank_or_comment(line, len)) continue;
    if (!kv_split(line, len, &kv) || !kv_name_is(&kv, field_names[r->next])) {
      fprintf(stderr, "%s:%lu: expected field '%s'\n", rel, rd.lineno,
              field_names[r->next]);
      CHECK_MSG(0, "fields come in the documented order");
      /* Resynchronise at the next record. */
      r->next = 0;
      continue;
    }
    if (!read_field(kem, r, r->next, &kv)) {
      fprintf(stderr, "%s:%lu: malformed value of '%s'\n", rel, rd.lineno,
              field_names[r->next]);
      CHECK_MSG(0, "every value is well formed and of the right length");
      r->next = 0;
      continue;
    }
    if (++r->next == F_NUM) {
      CHECK_MSG(r->count == n,
                msg(set_name, r->count, "records are numbered 0, 1, ..."));
      check_record(kem, r, &top);
      n++;
      r->next = 0;
    }
  }
  CHECK_MSG(r->next == 0, "the file ends with a complete record");
  printf("pqckat %s (%s): %lu vectors checked\n", set_name, rel, n);
  CHECK_MSG(n == RECORDS, "the truncated file has 100 records");
  free(text);
  free(r);
}

int main(void) {
  test_backend_banner();
  test_file("post-quantum-cryptography-KAT/MLKEM/kat_MLKEM_512.rsp",
            "ML-KEM-512");
  test_file("post-quantum-cryptography-KAT/MLKEM/kat_MLKEM_768.rsp",
            "ML-KEM-768");
  test_file("post-quantum-cryptography-KAT/MLKEM/kat_MLKEM_1024.rsp",
            "ML-KEM-1024");
  return test_summary("test_pqckat");
}
