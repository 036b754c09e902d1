/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_gcm.c - AES-128-GCM and AES-256-GCM (src/aead/gcm.h) and the AEAD
 * functions of mlkem_hazmat.h: every GCM implementation usable on this
 * CPU, and the one the dispatch chose for the backend in use (run once
 * per backend, MLKEM_BACKEND).
 *
 * Expected values come from outside this library: NIST's CAVP GCM vectors
 * (tests/vectors/nist-cavp-gcm/, gcmtestvectors.zip: every record with a
 * 96-bit IV, 10,500 of them, for both key sizes, all plaintext, aad and
 * tag lengths), each through every implementation and through
 * mlkem_aead_seal / mlkem_aead_open:
 *  - an encryption record (gcmEncryptExtIV*): the ciphertext must be CT
 *    and the tag's first Taglen bits Tag; with 128-bit tags the sealed
 *    message must open to PT, and fail with one bit of it flipped;
 *  - a decryption record (gcmDecrypt*): with 128-bit tags, open must give
 *    PT, or fail with MLKEM_ERR_AEAD_TAG and zeros where the record says
 *    FAIL. Records with shorter tags (the API takes 16-byte tags only) are
 *    checked through seal: the keystream (the ciphertext of zeros) gives
 *    the plaintext P', whose sealing must give a tag beginning with Tag
 *    exactly when the record is not FAIL, and then P' = PT.
 * tests/aead_openssl.c compares the same functions with OpenSSL's EVP.
 * The rest compares every implementation with the portable one (random
 * keys, nonces, aad; every length 0..4096 and some large ones, in place
 * and not), and checks the refusals: altered tags, ciphertexts, aad and
 * nonces, and the argument checks, each with zeroed outputs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aead/gcm.h"
#include "cpu.h"
#include "kv_text.h"
#include "mlkem.h"
#include "mlkem_hazmat.h"
#include "test_util.h"

#define MAX_IMPLS 8
#define MAX_FIELD 512 /* bytes of a CAVP field (PT up to 408 bits) */

static const mlkem_gcm_impl *impls[MAX_IMPLS];
static size_t nimpls;

static uint16_t aead_id(size_t key_len) {
  return key_len == 16 ? MLKEM_AEAD_AES_128_GCM : MLKEM_AEAD_AES_256_GCM;
}

/* Seals with impl (NULL: mlkem_aead_seal, the dispatched one). */
static int seal_with(const mlkem_gcm_impl *impl, uint8_t *ct,
                     const uint8_t *key, size_t key_len, const uint8_t *nonce,
                     const uint8_t *aad, size_t aad_len, const uint8_t *pt,
                     size_t pt_len) {
  mlkem_aes_gcm_key k;
  int r;
  if (impl == NULL)
    return mlkem_aead_seal(aead_id(key_len), ct, key, key_len, nonce, aad,
                           aad_len, pt, pt_len);
  r = mlkem_aes_gcm_init_impl(&k, key, key_len, impl);
  if (r == MLKEM_OK)
    r = mlkem_aes_gcm_seal_key(&k, ct, nonce, aad, aad_len, pt, pt_len);
  mlkem_aes_gcm_wipe(&k);
  return r;
}

static int open_with(const mlkem_gcm_impl *impl, uint8_t *pt,
                     const uint8_t *key, size_t key_len, const uint8_t *nonce,
                     const uint8_t *aad, size_t aad_len, const uint8_t *ct,
                     size_t ct_len) {
  mlkem_aes_gcm_key k;
  int r;
  if (impl == NULL)
    return mlkem_aead_open(aead_id(key_len), pt, key, key_len, nonce, aad,
                           aad_len, ct, ct_len);
  r = mlkem_aes_gcm_init_impl(&k, key, key_len, impl);
  if (r == MLKEM_OK)
    r = mlkem_aes_gcm_open_key(&k, pt, nonce, aad, aad_len, ct, ct_len);
  mlkem_aes_gcm_wipe(&k);
  return r;
}

static const char *impl_name(const mlkem_gcm_impl *impl) {
  return impl != NULL ? impl->name : "mlkem_aead_*";
}

/* ---- NIST CAVP ---------------------------------------------------------- */

typedef struct {
  unsigned long keylen, ivlen, ptlen, aadlen, taglen; /* bits */
  uint8_t key[32], iv[12], pt[MAX_FIELD], aad[MAX_FIELD], ct[MAX_FIELD],
      tag[16];
  int fail;
  unsigned long count;
} cavp_record;

/* One encryption record through impl. */
static void cavp_encrypt(const mlkem_gcm_impl *impl, const cavp_record *v,
                         const char *file) {
  static uint8_t sealed[MAX_FIELD + 16], opened[MAX_FIELD];
  const size_t kl = v->keylen / 8, pl = v->ptlen / 8, al = v->aadlen / 8,
               tl = v->taglen / 8;
  int r = seal_with(impl, sealed, v->key, kl, v->iv, v->aad, al, v->pt, pl);
  CHECKF(r == MLKEM_OK && memcmp(sealed, v->ct, pl) == 0 &&
             memcmp(sealed + pl, v->tag, tl) == 0,
         "%s: %s Count %lu (PT %lu, AAD %lu, Tag %lu bits): seal differs",
         impl_name(impl), file, v->count, v->ptlen, v->aadlen, v->taglen);
  if (tl != 16) return;
  memset(opened, TEST_FILL, sizeof opened);
  r = open_with(impl, opened, v->key, kl, v->iv, v->aad, al, sealed, pl + 16);
  CHECKF(r == MLKEM_OK && memcmp(opened, v->pt, pl) == 0,
         "%s: %s Count %lu: open of the sealed message", impl_name(impl), file,
         v->count);
  sealed[(v->count * 7) % (pl + 16)] ^= (uint8_t)(1u << (v->count % 8));
  memset(opened, TEST_FILL, sizeof opened);
  r = open_with(impl, opened, v->key, kl, v->iv, v->aad, al, sealed, pl + 16);
  CHECKF(r == MLKEM_ERR_AEAD_TAG && test_all_bytes(opened, pl, 0) &&
             test_all_bytes(opened + pl, sizeof opened - pl, TEST_FILL),
         "%s: %s Count %lu: a flipped bit must fail with zeros",
         impl_name(impl), file, v->count);
}

/* One decryption record through impl. */
static void cavp_decrypt(const mlkem_gcm_impl *impl, const cavp_record *v,
                         const char *file) {
  static uint8_t msg[MAX_FIELD + 16], got[MAX_FIELD + 16], zeros[MAX_FIELD];
  uint8_t p[MAX_FIELD];
  const size_t kl = v->keylen / 8, pl = v->ptlen / 8, al = v->aadlen / 8,
               tl = v->taglen / 8;
  size_t i;
  int r, tag_ok;
  /* Through seal: P' = CT ^ keystream, then its tag. */
  r = seal_with(impl, got, v->key, kl, v->iv, v->aad, al, zeros, pl);
  for (i = 0; i < pl; i++) p[i] = (uint8_t)(v->ct[i] ^ got[i]);
  r |= seal_with(impl, got, v->key, kl, v->iv, v->aad, al, p, pl);
  tag_ok = memcmp(got + pl, v->tag, tl) == 0;
  CHECKF(r == MLKEM_OK && memcmp(got, v->ct, pl) == 0 && tag_ok == !v->fail &&
             (v->fail || memcmp(p, v->pt, pl) == 0),
         "%s: %s Count %lu (PT %lu, AAD %lu, Tag %lu bits, %s): through "
         "seal",
         impl_name(impl), file, v->count, v->ptlen, v->aadlen, v->taglen,
         v->fail ? "FAIL" : "PASS");
  if (tl != 16) return;
  memcpy(msg, v->ct, pl);
  memcpy(msg + pl, v->tag, 16);
  memset(got, TEST_FILL, sizeof got);
  r = open_with(impl, got, v->key, kl, v->iv, v->aad, al, msg, pl + 16);
  if (v->fail)
    CHECKF(r == MLKEM_ERR_AEAD_TAG && test_all_bytes(got, pl, 0) &&
               test_all_bytes(got + pl, sizeof got - pl, TEST_FILL),
           "%s: %s Count %lu: FAIL record must fail with zeros",
           impl_name(impl), file, v->count);
  else
    CHECKF(r == MLKEM_OK && memcmp(got, v->pt, pl) == 0 &&
               test_all_bytes(got + pl, sizeof got - pl, TEST_FILL),
           "%s: %s Count %lu: open gives PT", impl_name(impl), file, v->count);
}

static int bracket(const char *line, size_t len, const char *name,
                   unsigned long *out) {
  size_t n = strlen(name);
  char buf[32];
  if (len < n + 4 || line[0] != '[' || memcmp(line + 1, name, n) != 0 ||
      memcmp(line + 1 + n, " = ", 3) != 0 || len - n - 4 >= sizeof buf)
    return 0;
  memcpy(buf, line + n + 4, len - n - 4);
  buf[len - n - 4] = '\0';
  *out = strtoul(buf, NULL, 10);
  return 1;
}

static void hex_field(const kv_line *kv, uint8_t *out, unsigned long bits,
                      const char *file, unsigned long lineno) {
  if (!kv_hex_exact(kv, out, bits / 8)) {
    fprintf(stderr, "%s:%lu: bad hex field\n", file, lineno);
    exit(2);
  }
}

/* Runs every record of one file through every implementation and the
 * public functions; returns the number of records. */
static unsigned long run_cavp(const char *name, int decrypting) {
  char rel[96];
  size_t flen, llen, k;
  char *text;
  const char *line;
  text_reader rd;
  cavp_record v;
  unsigned long records = 0;
  snprintf(rel, sizeof rel, "nist-cavp-gcm/%s", name);
  text = test_read_file(test_vector_path(rel), &flen);
  text_reader_init(&rd, text, flen);
  memset(&v, 0, sizeof v);
  while (text_next_line(&rd, &line, &llen)) {
    kv_line kv;
    if (bracket(line, llen, "Keylen", &v.keylen) ||
        bracket(line, llen, "IVlen", &v.ivlen) ||
        bracket(line, llen, "PTlen", &v.ptlen) ||
        bracket(line, llen, "AADlen", &v.aadlen) ||
        bracket(line, llen, "Taglen", &v.taglen))
      continue;
    if (text_is_blank_or_comment(line, llen)) continue;
    if (llen == 4 && memcmp(line, "FAIL", 4) == 0) {
      v.fail = 1;
    } else if (kv_split(line, llen, &kv)) {
      if (kv_name_is(&kv, "Count")) {
        kv_ulong(&kv, &v.count);
        v.fail = 0;
        continue;
      }
      if (kv_name_is(&kv, "Key"))
        hex_field(&kv, v.key, v.keylen, name, rd.lineno);
      if (kv_name_is(&kv, "IV")) hex_field(&kv, v.iv, v.ivlen, name, rd.lineno);
      if (kv_name_is(&kv, "AAD"))
        hex_field(&kv, v.aad, v.aadlen, name, rd.lineno);
      if (kv_name_is(&kv, "CT")) hex_field(&kv, v.ct, v.ptlen, name, rd.lineno);
      if (kv_name_is(&kv, "PT")) hex_field(&kv, v.pt, v.ptlen, name, rd.lineno);
      if (kv_name_is(&kv, "Tag"))
        hex_field(&kv, v.tag, v.taglen, name, rd.lineno);
      /* The last field of a record: Tag (encryption), PT (decryption). */
      if (!(decrypting ? kv_name_is(&kv, "PT") : kv_name_is(&kv, "Tag")))
        continue;
    } else {
      fprintf(stderr, "%s:%lu: unexpected line\n", name, rd.lineno);
      exit(2);
    }
    /* A complete record. The files hold only 96-bit IVs (the README). */
    if (v.ivlen != 96 || v.ptlen > 8 * MAX_FIELD || v.aadlen > 8 * MAX_FIELD ||
        v.ptlen % 8 != 0 || v.aadlen % 8 != 0 || v.taglen % 8 != 0 ||
        v.taglen > 128) {
      fprintf(stderr, "%s:%lu: a record this test cannot take\n", name,
              rd.lineno);
      exit(2);
    }
    for (k = 0; k <= nimpls; k++) {
      const mlkem_gcm_impl *impl = k < nimpls ? impls[k] : NULL;
      if (decrypting)
        cavp_decrypt(impl, &v, name);
      else
        cavp_encrypt(impl, &v, name);
    }
    records++;
  }
  free(text);
  return records;
}

static void test_cavp(void) {
  static const char *const files[4] = {
      "gcmEncryptExtIV128.rsp", "gcmEncryptExtIV256.rsp", "gcmDecrypt128.rsp",
      "gcmDecrypt256.rsp"};
  unsigned i;
  for (i = 0; i < 4; i++) {
    unsigned long n = run_cavp(files[i], i >= 2);
    printf("  %s: %lu records\n", files[i], n);
    /* 175 sections of 15 records with 96-bit IVs per file. */
    CHECKF(n == 2625, "%s: %lu records read, 2625 expected", files[i], n);
  }
}

/* ---- every implementation against portable ----------------------------- */

#define MAX_LEN 4096
#define BIG_LEN (1u << 20)

static uint8_t pt_buf[BIG_LEN + 64], want[BIG_LEN + 64], got[BIG_LEN + 64],
    back[BIG_LEN + 64];

static void random_bytes(test_fast_rng *rng, uint8_t *p, size_t n) {
  size_t i;
  for (i = 0; i < n; i++) p[i] = (uint8_t)test_fast_rng_next(rng);
}

/* One message: portable's sealing is the reference; every other
 * implementation and the dispatched one must seal to it, into a separate
 * buffer and in place, and open it back, in place and not. */
static void one_message(test_fast_rng *rng, size_t len, size_t aad_len,
                        size_t key_len) {
  uint8_t key[32], nonce[12], aad[300];
  size_t k;
  random_bytes(rng, key, key_len);
  random_bytes(rng, nonce, 12);
  random_bytes(rng, aad, aad_len);
  random_bytes(rng, pt_buf, len);
  CHECK(seal_with(&mlkem_gcm_portable, want, key, key_len, nonce, aad, aad_len,
                  pt_buf, len) == MLKEM_OK);
  for (k = 1; k <= nimpls; k++) {
    const mlkem_gcm_impl *impl = k < nimpls ? impls[k] : NULL;
    int r;
    memset(got, TEST_FILL, len + 32);
    r = seal_with(impl, got, key, key_len, nonce, aad, aad_len, pt_buf, len);
    CHECKF(r == MLKEM_OK && memcmp(got, want, len + 16) == 0 &&
               test_all_bytes(got + len + 16, 16, TEST_FILL),
           "%s vs portable: seal of %zu bytes, aad %zu, key %zu",
           impl_name(impl), len, aad_len, key_len);
    memcpy(got, pt_buf, len);
    r = seal_with(impl, got, key, key_len, nonce, aad, aad_len, got, len);
    CHECKF(r == MLKEM_OK && memcmp(got, want, len + 16) == 0,
           "%s: seal in place of %zu bytes", impl_name(impl), len);
    memset(back, TEST_FILL, len + 16);
    r = open_with(impl, back, key, key_len, nonce, aad, aad_len, want,
                  len + 16);
    CHECKF(r == MLKEM_OK && memcmp(back, pt_buf, len) == 0 &&
               test_all_bytes(back + len, 16, TEST_FILL),
           "%s: open of %zu bytes", impl_name(impl), len);
    r = open_with(impl, got, key, key_len, nonce, aad, aad_len, got, len + 16);
    CHECKF(r == MLKEM_OK && memcmp(got, pt_buf, len) == 0,
           "%s: open in place of %zu bytes", impl_name(impl), len);
  }
  /* Portable opens its own. */
  CHECK(open_with(&mlkem_gcm_portable, back, key, key_len, nonce, aad, aad_len,
                  want, len + 16) == MLKEM_OK &&
        memcmp(back, pt_buf, len) == 0);
}

static void test_against_portable(void) {
  test_fast_rng rng;
  size_t len;
  static const size_t big[] = {4097, 8191, 16384, 65536 + 13, BIG_LEN + 7};
  unsigned i;
  test_fast_rng_init(&rng, "gcm vs portable");
  printf("  every length 0..%d, then", MAX_LEN);
  for (len = 0; len <= MAX_LEN; len++) {
    if (test_quick() && len > 300 && len % 37 != 0) continue;
    one_message(&rng, len, (size_t)(test_fast_rng_next(&rng) % 80),
                len % 3 == 2 ? 16 : 32);
  }
  for (i = 0; i < sizeof big / sizeof big[0]; i++) {
    if (test_quick() && big[i] > 70000) continue;
    printf(" %zu", big[i]);
    one_message(&rng, big[i], 300, i % 2 == 0 ? 16 : 32);
  }
  printf(" bytes\n");
}

/* ---- refusals ------------------------------------------------------------ */

/* Every bit of a sealed message, and of the aad, the nonce and the key,
 * matters: each flipped bit (a sample of them) must fail with zeros. */
static void test_alterations(void) {
  enum { LEN = 45, AAD = 19 };
  uint8_t key[32], nonce[12], aad[AAD], pt[LEN], ct[LEN + 16], out[LEN + 16],
      x[LEN + 16];
  test_fast_rng rng;
  size_t k, bit;
  unsigned bad;
  test_fast_rng_init(&rng, "gcm alterations");
  random_bytes(&rng, key, 32);
  random_bytes(&rng, nonce, 12);
  random_bytes(&rng, aad, AAD);
  random_bytes(&rng, pt, LEN);
  for (k = 0; k <= nimpls; k++) {
    const mlkem_gcm_impl *impl = k < nimpls ? impls[k] : NULL;
    size_t kl;
    for (kl = 16; kl <= 32; kl += 16) {
      CHECK(seal_with(impl, ct, key, kl, nonce, aad, AAD, pt, LEN) == MLKEM_OK);
      bad = 0;
      for (bit = 0; bit < 8 * (LEN + 16); bit++) {
        memcpy(x, ct, sizeof ct);
        x[bit / 8] ^= (uint8_t)(1u << (bit % 8));
        memset(out, TEST_FILL, sizeof out);
        bad += open_with(impl, out, key, kl, nonce, aad, AAD, x, LEN + 16) !=
                   MLKEM_ERR_AEAD_TAG ||
               !test_all_bytes(out, LEN, 0) ||
               !test_all_bytes(out + LEN, 16, TEST_FILL);
        /* In place: the ciphertext's bytes are zeroed, the tag stays. */
        bad += open_with(impl, x, key, kl, nonce, aad, AAD, x, LEN + 16) !=
                   MLKEM_ERR_AEAD_TAG ||
               !test_all_bytes(x, LEN, 0);
      }
      for (bit = 0; bit < 8 * AAD; bit += 5) {
        uint8_t a2[AAD];
        memcpy(a2, aad, AAD);
        a2[bit / 8] ^= (uint8_t)(1u << (bit % 8));
        bad += open_with(impl, out, key, kl, nonce, a2, AAD, ct, LEN + 16) !=
                   MLKEM_ERR_AEAD_TAG ||
               !test_all_bytes(out, LEN, 0);
      }
      for (bit = 0; bit < 96; bit += 3) {
        uint8_t n2[12];
        memcpy(n2, nonce, 12);
        n2[bit / 8] ^= (uint8_t)(1u << (bit % 8));
        bad += open_with(impl, out, key, kl, n2, aad, AAD, ct, LEN + 16) !=
               MLKEM_ERR_AEAD_TAG;
      }
      for (bit = 0; bit < 8 * kl; bit += 7) {
        uint8_t k2[32];
        memcpy(k2, key, 32);
        k2[bit / 8] ^= (uint8_t)(1u << (bit % 8));
        bad += open_with(impl, out, k2, kl, nonce, aad, AAD, ct, LEN + 16) !=
               MLKEM_ERR_AEAD_TAG;
      }
      /* Shorter aad (a prefix), and the same bytes as plaintext. */
      bad += open_with(impl, out, key, kl, nonce, aad, AAD - 1, ct, LEN + 16) !=
             MLKEM_ERR_AEAD_TAG;
      /* A truncated message. */
      bad += open_with(impl, out, key, kl, nonce, aad, AAD, ct, LEN + 15) !=
             MLKEM_ERR_AEAD_TAG;
      CHECKF(bad == 0,
             "%s, %zu-byte key: %u alterations not refused with "
             "zeros",
             impl_name(impl), kl, bad);
    }
  }
}

/* The public functions' argument checks, each with zeroed outputs. */
static void test_arguments(void) {
  uint8_t key[32] = {1}, nonce[12] = {2}, aad[4] = {3}, pt[20] = {4}, ct[36],
          out[36];
  const uint16_t a128 = MLKEM_AEAD_AES_128_GCM, a256 = MLKEM_AEAD_AES_256_GCM;
#define SEAL_FAILS(want, ...)                                             \
  do {                                                                    \
    memset(ct, TEST_FILL, sizeof ct);                                     \
    CHECKF(mlkem_aead_seal(__VA_ARGS__) == (want) &&                      \
               test_all_bytes(ct, sizeof ct, 0),                          \
           "seal(%s) must fail with %s, ct zeroed", #__VA_ARGS__, #want); \
  } while (0)
  SEAL_FAILS(MLKEM_ERR_NULL_ARGUMENT, a128, ct, NULL, 16, nonce, aad, 4, pt,
             20);
  SEAL_FAILS(MLKEM_ERR_NULL_ARGUMENT, a128, ct, key, 16, NULL, aad, 4, pt, 20);
  SEAL_FAILS(MLKEM_ERR_NULL_ARGUMENT, a128, ct, key, 16, nonce, NULL, 4, pt,
             20);
  SEAL_FAILS(MLKEM_ERR_NULL_ARGUMENT, a128, ct, key, 16, nonce, aad, 4, NULL,
             20);
  SEAL_FAILS(MLKEM_ERR_UNSUPPORTED, 0x0000, ct, key, 16, nonce, aad, 4, pt, 20);
  SEAL_FAILS(MLKEM_ERR_UNSUPPORTED, 0xFFFF, ct, key, 16, nonce, aad, 4, pt, 20);
  SEAL_FAILS(MLKEM_ERR_AEAD_LENGTH, a128, ct, key, 32, nonce, aad, 4, pt, 20);
  SEAL_FAILS(MLKEM_ERR_AEAD_LENGTH, a256, ct, key, 16, nonce, aad, 4, pt, 20);
  SEAL_FAILS(MLKEM_ERR_AEAD_LENGTH, a256, ct, key, 24, nonce, aad, 4, pt, 20);
#ifndef MLKEM_HAVE_CHACHA20POLY1305
  SEAL_FAILS(MLKEM_ERR_UNSUPPORTED, MLKEM_AEAD_CHACHA20_POLY1305, ct, key, 32,
             nonce, aad, 4, pt, 20);
#endif
  CHECK(mlkem_aead_seal(a128, NULL, key, 16, nonce, aad, 4, pt, 20) ==
        MLKEM_ERR_NULL_ARGUMENT);
  /* NULL with a zero length is fine. */
  CHECK(mlkem_aead_seal(a128, ct, key, 16, nonce, NULL, 0, NULL, 0) ==
        MLKEM_OK);
  CHECK(mlkem_aead_open(a128, NULL, key, 16, nonce, NULL, 0, ct, 16) ==
        MLKEM_OK);
  /* An aad beyond SP 800-38D's limit (2^64 - 1 bits): refused before it
   * is read. (A plaintext beyond 2^36 - 32 bytes cannot be tried: its
   * output would be zeroed.) */
  if (sizeof(size_t) > 4) {
    const size_t huge = (size_t)(MLKEM_GCM_MAX_AAD_BYTES + 1);
    SEAL_FAILS(MLKEM_ERR_AEAD_LENGTH, a128, ct, key, 16, nonce, aad, huge, pt,
               20);
    memset(out, TEST_FILL, sizeof out);
    CHECK(mlkem_aead_open(a128, out, key, 16, nonce, aad, huge, ct, 36) ==
              MLKEM_ERR_AEAD_LENGTH &&
          test_all_bytes(out, 20, 0));
  }
  {
    mlkem_aes_gcm_key k;
    CHECK(mlkem_aes_gcm_init(&k, key, 20) == MLKEM_ERR_AEAD_LENGTH &&
          test_all_bytes((const uint8_t *)&k, sizeof k, 0));
  }

  CHECK(mlkem_aead_seal(a256, ct, key, 32, nonce, aad, 4, pt, 20) == MLKEM_OK);
#define OPEN_FAILS(want, len, ...)                                         \
  do {                                                                     \
    memset(out, TEST_FILL, sizeof out);                                    \
    CHECKF(mlkem_aead_open(__VA_ARGS__) == (want) &&                       \
               test_all_bytes(out, (len), 0) &&                            \
               test_all_bytes(out + (len), sizeof out - (len), TEST_FILL), \
           "open(%s) must fail with %s, pt zeroed", #__VA_ARGS__, #want);  \
  } while (0)
  OPEN_FAILS(MLKEM_ERR_NULL_ARGUMENT, 20, a256, out, NULL, 32, nonce, aad, 4,
             ct, 36);
  OPEN_FAILS(MLKEM_ERR_NULL_ARGUMENT, 20, a256, out, key, 32, NULL, aad, 4, ct,
             36);
  OPEN_FAILS(MLKEM_ERR_NULL_ARGUMENT, 20, a256, out, key, 32, nonce, NULL, 4,
             ct, 36);
  OPEN_FAILS(MLKEM_ERR_NULL_ARGUMENT, 20, a256, out, key, 32, nonce, aad, 4,
             NULL, 36);
  OPEN_FAILS(MLKEM_ERR_UNSUPPORTED, 20, 0x0004, out, key, 32, nonce, aad, 4, ct,
             36);
  OPEN_FAILS(MLKEM_ERR_AEAD_LENGTH, 20, a128, out, key, 32, nonce, aad, 4, ct,
             36);
  OPEN_FAILS(MLKEM_ERR_AEAD_LENGTH, 0, a256, out, key, 32, nonce, aad, 4, ct,
             15);
  OPEN_FAILS(MLKEM_ERR_AEAD_TAG, 20, a256, out, key, 32, nonce, aad, 3, ct, 36);
  CHECK(mlkem_aead_open(a256, NULL, key, 32, nonce, aad, 4, ct, 36) ==
        MLKEM_ERR_NULL_ARGUMENT);
  memset(out, TEST_FILL, sizeof out);
  CHECK(mlkem_aead_open(a256, out, key, 32, nonce, aad, 4, ct, 36) ==
            MLKEM_OK &&
        memcmp(out, pt, 20) == 0);
  CHECK(strcmp(mlkem_strerror(MLKEM_ERR_AEAD_TAG), "unknown error") != 0);
#undef SEAL_FAILS
#undef OPEN_FAILS
}

/* The dispatch follows the backend (gcm_select.c). */
static void test_choice(void) {
  const mlkem_gcm_impl *got_impl = mlkem_gcm_impl_get();
  const mlkem_gcm_impl *want_impl = &mlkem_gcm_portable;
  const char *be = mlkem_backend_name();
  if (strcmp(be, "portable") != 0) {
#ifdef MLKEM_HAVE_AESNI
    if (mlkem_cpu_has_aesni() && mlkem_cpu_has_pclmul())
      want_impl = &mlkem_gcm_x86_aesni;
#endif
#ifdef MLKEM_HAVE_VAES256
    if (mlkem_cpu_has_vaes() && mlkem_cpu_has_vpclmulqdq())
      want_impl = &mlkem_gcm_x86_vaes256;
#endif
#ifdef MLKEM_HAVE_ARM_AES
    if (mlkem_cpu_has_arm_aes() && mlkem_cpu_has_arm_pmull())
      want_impl = &mlkem_gcm_armv8;
#endif
  }
  printf("dispatched GCM implementation: %s (backend %s)\n", got_impl->name,
         be);
  CHECKF(got_impl == want_impl, "backend %s dispatches GCM to %s, expected %s",
         be, got_impl->name, want_impl->name);
}

int main(void) {
  size_t k;
  test_backend_banner();
  nimpls = mlkem_gcm_impls(impls, MAX_IMPLS);
  printf("GCM implementations usable here:");
  for (k = 0; k < nimpls; k++) printf(" %s", impls[k]->name);
  printf("\n");
  CHECK(nimpls >= 1 && impls[0] == &mlkem_gcm_portable);
  test_choice();
  test_arguments();
  test_cavp();
  test_alterations();
  test_against_portable();
  return test_summary("test_gcm");
}
