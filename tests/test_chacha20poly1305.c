/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_chacha20poly1305.c - ChaCha20, Poly1305 and the ChaCha20-Poly1305
 * AEAD (src/aead/): every implementation usable on this CPU, and the one
 * chosen for the backend in use (run once per backend, MLKEM_BACKEND).
 *
 * Expected values come from outside this library:
 *  - RFC 8439: the quarter-round vectors of Sections 2.1.1 and 2.2.1 (in
 *    this file), and the 28 vectors of Sections 2.3.2 - 2.8.2 and
 *    Appendix A (tests/vectors/rfc8439/, checked against pyca/cryptography
 *    when transcribed);
 *  - Wycheproof's chacha20_poly1305_test.json (tests/vectors/wycheproof/):
 *    all 325 tests, valid ones sealed and opened, invalid ones refused;
 *  - a Poly1305 written here from the definition (Section 2.5) with
 *    schoolbook multi-precision arithmetic in 32-bit limbs (ref_poly1305
 *    below), on random keys and messages and on the largest values the
 *    clamping allows.
 * Then every implementation against the portable one: ChaCha20 on random
 * keys, nonces, counters (to the 2^32 wrap) and lengths; Poly1305 on random
 * messages absorbed in one call or several; the AEAD on random keys,
 * nonces, aad and every length from 0 to 1,100 bytes, random ones to 4 KiB
 * and a few large ones, out of place and in place. Altered tags,
 * ciphertexts, aad and nonces must be refused with an all-zero output;
 * the argument checks and the length limit are checked last.
 * tests/chacha20poly1305_interop.c compares with OpenSSL.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aead/chacha20_rounds.h"
#include "aead/chacha20poly1305.h"
#include "json.h"
#include "kv_text.h"
#include "mlkem.h"
#include "test_util.h"

#define MAX_IMPLS 8
#define MAX_VEC 512 /* the longest RFC 8439 record is 375 bytes */

static const mlkem_chacha20poly1305_impl *impls[MAX_IMPLS];
static size_t nimpls;

/* ---- helpers: one implementation's primitives ----------------------- */

static void chacha(const mlkem_chacha20poly1305_impl *impl, uint8_t *out,
                   const uint8_t *in, size_t len, const uint8_t key[32],
                   const uint8_t nonce[12], uint32_t ctr) {
  mlkem_chacha20_state st;
  mlkem_chacha20_state_init(&st, key, nonce, ctr);
  impl->chacha20(out, in, len, &st);
}

/* Poly1305 of m with impl's block loop, the full blocks split into calls
 * of at most `step` blocks (0: one call). */
static void poly(const mlkem_chacha20poly1305_impl *impl, uint8_t tag[16],
                 const uint8_t *m, size_t len, const uint8_t key[32],
                 size_t step) {
  mlkem_poly1305 st;
  size_t full = len / 16, done = 0;
  mlkem_poly1305_init(&st, key);
  while (done < full) {
    size_t n = step == 0 || full - done < step ? full - done : step;
    impl->poly1305_blocks(&st, m + 16 * done, n);
    done += n;
  }
  mlkem_poly1305_final(&st, tag, m + 16 * full, len % 16);
}

static int seal(const mlkem_chacha20poly1305_impl *impl, uint8_t *ct,
                const uint8_t key[32], const uint8_t nonce[12],
                const uint8_t *aad, size_t aad_len, const uint8_t *pt,
                size_t pt_len) {
  mlkem_chacha20poly1305_key k;
  int rc;
  mlkem_chacha20poly1305_key_init_impl(&k, key, impl);
  rc = mlkem_chacha20poly1305_key_seal(&k, ct, nonce, aad, aad_len, pt, pt_len);
  mlkem_chacha20poly1305_key_wipe(&k);
  return rc;
}

static int open_(const mlkem_chacha20poly1305_impl *impl, uint8_t *pt,
                 const uint8_t key[32], const uint8_t nonce[12],
                 const uint8_t *aad, size_t aad_len, const uint8_t *ct,
                 size_t ct_len) {
  mlkem_chacha20poly1305_key k;
  int rc;
  mlkem_chacha20poly1305_key_init_impl(&k, key, impl);
  rc = mlkem_chacha20poly1305_key_open(&k, pt, nonce, aad, aad_len, ct, ct_len);
  mlkem_chacha20poly1305_key_wipe(&k);
  return rc;
}

static void random_bytes(test_fast_rng *rng, uint8_t *p, size_t n) {
  size_t i;
  for (i = 0; i < n; i++) p[i] = (uint8_t)test_fast_rng_next(rng);
}

/* ---- a reference Poly1305 (Section 2.5), multi-precision ------------- */

/* Numbers as REF_LIMBS 32-bit little-endian limbs (320 bits): h < 2^131
 * and r < 2^124 give products below 2^255. */
#define REF_LIMBS 10

static void ref_from_bytes(uint32_t x[REF_LIMBS], const uint8_t *b, size_t n) {
  size_t i;
  memset(x, 0, REF_LIMBS * sizeof x[0]);
  for (i = 0; i < n; i++) x[i / 4] |= (uint32_t)b[i] << (8 * (i % 4));
}

static void ref_add(uint32_t x[REF_LIMBS], const uint32_t y[REF_LIMBS]) {
  uint64_t c = 0;
  unsigned i;
  for (i = 0; i < REF_LIMBS; i++) {
    c += (uint64_t)x[i] + y[i];
    x[i] = (uint32_t)c;
    c >>= 32;
  }
}

static void ref_mul(uint32_t x[REF_LIMBS], const uint32_t y[REF_LIMBS]) {
  uint32_t out[2 * REF_LIMBS];
  unsigned i, j;
  memset(out, 0, sizeof out);
  for (i = 0; i < REF_LIMBS; i++) {
    uint64_t c = 0;
    for (j = 0; j < REF_LIMBS; j++) {
      c += (uint64_t)x[i] * y[j] + out[i + j];
      out[i + j] = (uint32_t)c;
      c >>= 32;
    }
    out[i + REF_LIMBS] = (uint32_t)c;
  }
  memcpy(x, out, REF_LIMBS * sizeof x[0]); /* the product is below 2^320 */
}

/* x mod p, p = 2^130 - 5: x = lo + 2^130 hi = lo + 5 hi, until hi = 0,
 * then subtract p while x >= p. */
static void ref_mod_p(uint32_t x[REF_LIMBS]) {
  static const uint32_t p[REF_LIMBS] = {0xfffffffbu, 0xffffffffu, 0xffffffffu,
                                        0xffffffffu, 3};
  for (;;) {
    uint32_t hi[REF_LIMBS], five[REF_LIMBS] = {5};
    unsigned i, nonzero = 0;
    /* hi = x >> 130: bit 130 + 32 i is bit 2 of limb 4 + i. */
    for (i = 0; i < REF_LIMBS; i++) {
      uint64_t w = i + 4 < REF_LIMBS ? x[i + 4] >> 2 : 0;
      if (i + 5 < REF_LIMBS) w |= (uint64_t)x[i + 5] << 30;
      hi[i] = (uint32_t)w;
      nonzero |= hi[i];
    }
    if (nonzero == 0) break;
    x[4] &= 3;
    for (i = 5; i < REF_LIMBS; i++) x[i] = 0;
    ref_mul(hi, five);
    ref_add(x, hi);
  }
  for (;;) {
    int i, ge = 1;
    for (i = REF_LIMBS - 1; i >= 0; i--) {
      if (x[i] != p[i]) {
        ge = x[i] > p[i];
        break;
      }
    }
    if (!ge) break;
    {
      int64_t b = 0;
      for (i = 0; i < REF_LIMBS; i++) {
        b += (int64_t)x[i] - p[i];
        x[i] = (uint32_t)b;
        b = b < 0 ? -1 : 0;
      }
    }
  }
}

static void ref_poly1305(uint8_t tag[16], const uint8_t *m, size_t len,
                         const uint8_t key[32]) {
  static const uint8_t clamp[16] = {0xff, 0xff, 0xff, 0x0f, 0xfc, 0xff,
                                    0xff, 0x0f, 0xfc, 0xff, 0xff, 0x0f,
                                    0xfc, 0xff, 0xff, 0x0f};
  uint32_t h[REF_LIMBS], r[REF_LIMBS], s[REF_LIMBS], c[REF_LIMBS];
  uint8_t rb[16], blk[17];
  size_t i;
  for (i = 0; i < 16; i++) rb[i] = key[i] & clamp[i];
  ref_from_bytes(r, rb, 16);
  ref_from_bytes(s, key + 16, 16);
  memset(h, 0, sizeof h);
  while (len > 0) {
    size_t n = len < 16 ? len : 16;
    memset(blk, 0, sizeof blk);
    memcpy(blk, m, n);
    blk[n] = 1;
    ref_from_bytes(c, blk, n + 1);
    ref_add(h, c);
    ref_mul(h, r);
    ref_mod_p(h);
    m += n;
    len -= n;
  }
  ref_add(h, s);
  for (i = 0; i < 16; i++) tag[i] = (uint8_t)(h[i / 4] >> (8 * (i % 4)));
}

/* ---- RFC 8439: the quarter round (2.1.1, 2.2.1) ---------------------- */

#define ROL32(v, n) ((uint32_t)((v) << (n)) | ((v) >> (32 - (n))))
#define CHACHA_ADD(a, b) ((uint32_t)((a) + (b)))
#define CHACHA_XOR(a, b) ((a) ^ (b))
#define CHACHA_ROL16(a) ROL32(a, 16)
#define CHACHA_ROL12(a) ROL32(a, 12)
#define CHACHA_ROL8(a) ROL32(a, 8)
#define CHACHA_ROL7(a) ROL32(a, 7)

static void test_quarter_round(void) {
  uint32_t a = 0x11111111u, b = 0x01020304u, c = 0x9b8d6f43u, d = 0x01234567u;
  uint32_t s[16] = {0x879531e0u, 0xc5ecf37du, 0x516461b1u, 0xc9a62f8au,
                    0x44c20ef3u, 0x3390af7fu, 0xd9fc690bu, 0x2a5f714cu,
                    0x53372767u, 0xb00a5631u, 0x974c541au, 0x359e9963u,
                    0x5c971061u, 0x3d631689u, 0x2098d9d6u, 0x91dbd320u};
  uint32_t want[16];
  CHACHA_QUARTER_ROUND(a, b, c, d);
  CHECKF(a == 0xea2a92f4u && b == 0xcb1cf8ceu && c == 0x4581472eu &&
             d == 0x5881c4bbu,
         "RFC 8439 2.1.1 quarter round: %08x %08x %08x %08x", a, b, c, d);
  memcpy(want, s, sizeof want);
  want[2] = 0xbdb886dcu;
  want[7] = 0xcfacafd2u;
  want[8] = 0xe46bea80u;
  want[13] = 0xccc07c79u;
  CHACHA_QUARTER_ROUND(s[2], s[7], s[8], s[13]);
  CHECK_MEM(s, want, sizeof s, "RFC 8439 2.2.1 QUARTERROUND(2, 7, 8, 13)");
}

/* ---- RFC 8439: the vectors of tests/vectors/rfc8439 ------------------ */

typedef struct {
  char section[16], kind[16];
  uint8_t key[32], nonce[12];
  unsigned long counter;
  uint8_t aad[MAX_VEC], pt[MAX_VEC], ct[MAX_VEC], ks[MAX_VEC];
  uint8_t msg[MAX_VEC], otk[32], tag[16];
  size_t aad_len, pt_len, ct_len, ks_len, msg_len;
} rfc_record;

/* A hex field of any length up to cap ("-": empty); 0 if malformed. */
static int hex_field(const kv_line *kv, uint8_t *out, size_t cap, size_t *len) {
  if (kv->value_len == 1 && kv->value[0] == '-') {
    *len = 0;
    return 1;
  }
  *len = test_hex_decode(out, cap, kv->value, kv->value_len);
  return *len != (size_t)-1;
}

static void rfc_check_block(const rfc_record *v) {
  uint8_t zero[MAX_VEC], got[MAX_VEC];
  mlkem_chacha20_state st;
  size_t k;
  memset(zero, 0, sizeof zero);
  mlkem_chacha20_state_init(&st, v->key, v->nonce, (uint32_t)v->counter);
  mlkem_chacha20_block(got, &st);
  CHECKF(v->ks_len == 64 && memcmp(got, v->ks, 64) == 0,
         "RFC 8439 %s: mlkem_chacha20_block", v->section);
  for (k = 0; k < nimpls; k++) {
    chacha(impls[k], got, zero, v->ks_len, v->key, v->nonce,
           (uint32_t)v->counter);
    CHECKF(memcmp(got, v->ks, v->ks_len) == 0, "RFC 8439 %s: keystream, %s",
           v->section, impls[k]->name);
  }
}

static void rfc_check_chacha20(const rfc_record *v) {
  uint8_t got[MAX_VEC];
  size_t k;
  for (k = 0; k < nimpls; k++) {
    chacha(impls[k], got, v->pt, v->pt_len, v->key, v->nonce,
           (uint32_t)v->counter);
    CHECKF(v->pt_len == v->ct_len && memcmp(got, v->ct, v->ct_len) == 0,
           "RFC 8439 %s: encryption, %s", v->section, impls[k]->name);
    memcpy(got, v->ct, v->ct_len);
    chacha(impls[k], got, got, v->ct_len, v->key, v->nonce,
           (uint32_t)v->counter);
    CHECKF(memcmp(got, v->pt, v->pt_len) == 0,
           "RFC 8439 %s: decryption in place, %s", v->section, impls[k]->name);
  }
}

static void rfc_check_poly1305(const rfc_record *v) {
  uint8_t got[16];
  size_t k;
  ref_poly1305(got, v->msg, v->msg_len, v->key);
  CHECKF(memcmp(got, v->tag, 16) == 0, "RFC 8439 %s: reference Poly1305",
         v->section);
  for (k = 0; k < nimpls; k++) {
    poly(impls[k], got, v->msg, v->msg_len, v->key, 0);
    CHECKF(memcmp(got, v->tag, 16) == 0, "RFC 8439 %s: Poly1305, %s",
           v->section, impls[k]->name);
    poly(impls[k], got, v->msg, v->msg_len, v->key, 5);
    CHECKF(memcmp(got, v->tag, 16) == 0,
           "RFC 8439 %s: Poly1305 in calls of 5 blocks, %s", v->section,
           impls[k]->name);
  }
}

static void rfc_check_polykey(const rfc_record *v) {
  uint8_t zero[64], got[64];
  size_t k;
  memset(zero, 0, sizeof zero);
  for (k = 0; k < nimpls; k++) {
    chacha(impls[k], got, zero, 64, v->key, v->nonce, 0);
    CHECKF(memcmp(got, v->otk, 32) == 0,
           "RFC 8439 %s: one-time key (block 0), %s", v->section,
           impls[k]->name);
  }
}

static void rfc_check_aead(const rfc_record *v) {
  uint8_t got[MAX_VEC + 16], want[MAX_VEC + 16], back[MAX_VEC + 16];
  size_t k, n = v->pt_len;
  unsigned bit, refused = 0;
  memcpy(want, v->ct, n);
  memcpy(want + n, v->tag, 16);
  for (k = 0; k < nimpls; k++) {
    const char *name = impls[k]->name;
    CHECKF(seal(impls[k], got, v->key, v->nonce, v->aad, v->aad_len, v->pt,
                n) == MLKEM_OK &&
               memcmp(got, want, n + 16) == 0,
           "RFC 8439 %s: seal, %s", v->section, name);
    memcpy(got, v->pt, n);
    CHECKF(seal(impls[k], got, v->key, v->nonce, v->aad, v->aad_len, got, n) ==
                   MLKEM_OK &&
               memcmp(got, want, n + 16) == 0,
           "RFC 8439 %s: seal in place, %s", v->section, name);
    memset(back, TEST_FILL, sizeof back);
    CHECKF(open_(impls[k], back, v->key, v->nonce, v->aad, v->aad_len, want,
                 n + 16) == MLKEM_OK &&
               memcmp(back, v->pt, n) == 0 &&
               test_all_bytes(back + n, 16, TEST_FILL),
           "RFC 8439 %s: open, %s", v->section, name);
    memcpy(got, want, n + 16);
    CHECKF(open_(impls[k], got, v->key, v->nonce, v->aad, v->aad_len, got,
                 n + 16) == MLKEM_OK &&
               memcmp(got, v->pt, n) == 0,
           "RFC 8439 %s: open in place, %s", v->section, name);
    for (bit = 0; bit < 128; bit++) {
      int rc;
      memcpy(got, want, n + 16);
      got[n + bit / 8] ^= (uint8_t)(1u << (bit % 8));
      memset(back, TEST_FILL, sizeof back);
      rc = open_(impls[k], back, v->key, v->nonce, v->aad, v->aad_len, got,
                 n + 16);
      refused += rc == MLKEM_ERR_AEAD_TAG && test_all_bytes(back, n, 0);
    }
  }
  CHECKF(refused == 128 * nimpls,
         "RFC 8439 %s: %u of %zu opens with a tag bit flipped refused with "
         "a zeroed output",
         v->section, refused, 128 * nimpls);
}

static void rfc_run(const rfc_record *v) {
  if (strcmp(v->kind, "block") == 0)
    rfc_check_block(v);
  else if (strcmp(v->kind, "chacha20") == 0)
    rfc_check_chacha20(v);
  else if (strcmp(v->kind, "poly1305") == 0)
    rfc_check_poly1305(v);
  else if (strcmp(v->kind, "polykey") == 0)
    rfc_check_polykey(v);
  else if (strcmp(v->kind, "aead") == 0)
    rfc_check_aead(v);
  else
    CHECKF(0, "RFC 8439 %s: unknown kind \"%s\"", v->section, v->kind);
}

static void test_rfc8439(void) {
  static rfc_record v;
  static const char rel[] = "rfc8439/rfc8439.txt";
  size_t len, dummy, n_seen = 0;
  char *text = test_read_file(test_vector_path(rel), &len);
  text_reader rd;
  const char *line;
  size_t ll;
  int open_rec = 0, ok = 1;
  text_reader_init(&rd, text, len);
  for (;;) {
    int more = text_next_line(&rd, &line, &ll);
    kv_line kv;
    if (!more || (ll == 0 && open_rec)) {
      if (open_rec) {
        CHECKF(ok, "%s: record %s is malformed (line %lu)", rel, v.section,
               rd.lineno);
        if (ok) rfc_run(&v);
        n_seen++;
      }
      open_rec = 0;
      if (!more) break;
      continue;
    }
    if (text_is_blank_or_comment(line, ll)) continue;
    if (!kv_split(line, ll, &kv)) {
      CHECKF(0, "%s:%lu: not \"name = value\"", rel, rd.lineno);
      continue;
    }
    if (!open_rec) {
      memset(&v, 0, sizeof v);
      open_rec = 1;
      ok = 1;
    }
#define FIELD(name) kv_name_is(&kv, name)
    if (FIELD("section") && kv.value_len < sizeof v.section)
      memcpy(v.section, kv.value, kv.value_len);
    else if (FIELD("kind") && kv.value_len < sizeof v.kind)
      memcpy(v.kind, kv.value, kv.value_len);
    else if (FIELD("key"))
      ok &= kv_hex_exact(&kv, v.key, 32);
    else if (FIELD("nonce"))
      ok &= kv_hex_exact(&kv, v.nonce, 12);
    else if (FIELD("counter"))
      ok &= kv_ulong(&kv, &v.counter);
    else if (FIELD("aad"))
      ok &= hex_field(&kv, v.aad, sizeof v.aad, &v.aad_len);
    else if (FIELD("plaintext"))
      ok &= hex_field(&kv, v.pt, sizeof v.pt, &v.pt_len);
    else if (FIELD("ciphertext"))
      ok &= hex_field(&kv, v.ct, sizeof v.ct, &v.ct_len);
    else if (FIELD("keystream"))
      ok &= hex_field(&kv, v.ks, sizeof v.ks, &v.ks_len);
    else if (FIELD("msg"))
      ok &= hex_field(&kv, v.msg, sizeof v.msg, &v.msg_len);
    else if (FIELD("otk"))
      ok &= kv_hex_exact(&kv, v.otk, 32);
    else if (FIELD("tag"))
      ok &= hex_field(&kv, v.tag, 16, &dummy) && dummy == 16;
    else
      ok = 0;
#undef FIELD
  }
  free(text);
  CHECKF(n_seen == 28, "%s: %zu records, want 28", rel, n_seen);
  printf("RFC 8439: %zu vectors, %zu implementation(s)\n", n_seen, nimpls);
}

/* ---- Wycheproof ------------------------------------------------------ */

static int hex_member(const json_value *t, const char *name, uint8_t *out,
                      size_t cap, size_t *len) {
  const char *h = json_get_string(t, name);
  if (h == NULL) return 0;
  *len = test_hex_decode(out, cap, h, strlen(h));
  return *len != (size_t)-1;
}

static void test_wycheproof(void) {
  static const char rel[] = "wycheproof/chacha20_poly1305_test.json";
  static uint8_t key[64], iv[64], aad[1024], msg[2048], ct[2048 + 16], tag[64],
      got[2048 + 16];
  char err[200];
  size_t len, g, t, k;
  char *text = test_read_file(test_vector_path(rel), &len);
  json_value *root = json_parse(text, len, err, sizeof err);
  const json_value *groups;
  unsigned long valid = 0, invalid = 0, by_interface = 0, bad = 0;
  double declared = 0;
  free(text);
  if (root == NULL) {
    CHECKF(0, "%s: %s", rel, err);
    return;
  }
  groups = json_get(root, "testGroups");
  CHECKF(json_get_number(root, "numberOfTests", &declared), "%s", rel);
  for (g = 0; groups != NULL && g < groups->count; g++) {
    const json_value *tests = json_get(groups->items[g], "tests");
    double iv_bits = 0;
    json_get_number(groups->items[g], "ivSize", &iv_bits);
    for (t = 0; tests != NULL && t < tests->count; t++) {
      const json_value *tc = tests->items[t];
      const char *result = json_get_string(tc, "result");
      size_t klen, ivlen, alen, mlen, clen, tlen;
      double id = 0;
      int is_valid;
      json_get_number(tc, "tcId", &id);
      if (result == NULL || !hex_member(tc, "key", key, sizeof key, &klen) ||
          !hex_member(tc, "iv", iv, sizeof iv, &ivlen) ||
          !hex_member(tc, "aad", aad, sizeof aad, &alen) ||
          !hex_member(tc, "msg", msg, sizeof msg, &mlen) ||
          !hex_member(tc, "ct", ct, sizeof ct - 16, &clen) ||
          !hex_member(tc, "tag", tag, sizeof tag, &tlen) || klen != 32 ||
          (ivlen == 12 && tlen != 16) || clen != mlen ||
          (strcmp(result, "valid") != 0 && strcmp(result, "invalid") != 0)) {
        CHECKF(0, "%s: test %.0f is malformed or has result \"%s\"", rel, id,
               result ? result : "(none)");
        continue;
      }
      is_valid = strcmp(result, "valid") == 0;
      if (ivlen != 12) {
        /* The interface takes a 12-byte nonce; such a test cannot be
         * expressed, and must be one the library ought to refuse. */
        CHECKF(!is_valid && (size_t)iv_bits == 8 * ivlen,
               "%s: test %.0f has a %zu-byte nonce and is not invalid", rel, id,
               ivlen);
        by_interface++;
        continue;
      }
      memcpy(ct + clen, tag, 16);
      for (k = 0; k < nimpls; k++) {
        int rc;
        if (is_valid) {
          rc = seal(impls[k], got, key, iv, alen ? aad : NULL, alen,
                    mlen ? msg : NULL, mlen);
          if (rc != MLKEM_OK || memcmp(got, ct, clen + 16) != 0) {
            if (bad++ < 10)
              CHECKF(0, "Wycheproof %.0f: seal, %s", id, impls[k]->name);
          }
        }
        memset(got, TEST_FILL, sizeof got);
        rc = open_(impls[k], got, key, iv, alen ? aad : NULL, alen, ct,
                   clen + 16);
        if (is_valid
                ? rc != MLKEM_OK || memcmp(got, msg, mlen) != 0
                : rc != MLKEM_ERR_AEAD_TAG || !test_all_bytes(got, mlen, 0)) {
          if (bad++ < 10)
            CHECKF(0, "Wycheproof %.0f (%s): open returned %d, %s", id, result,
                   rc, impls[k]->name);
        }
      }
      valid += is_valid;
      invalid += !is_valid;
    }
  }
  json_free(root);
  CHECKF(bad == 0, "Wycheproof: %lu failures", bad);
  CHECKF(valid + invalid + by_interface == (unsigned long)declared &&
             valid == 256 && invalid == 60 && by_interface == 9,
         "Wycheproof: %lu valid, %lu invalid, %lu other nonce sizes of %.0f",
         valid, invalid, by_interface, declared);
  printf(
      "Wycheproof ChaCha20-Poly1305: %lu valid and %lu invalid tests run, %lu "
      "with nonces of other sizes refused by the interface\n",
      valid, invalid, by_interface);
}

/* ---- the reference Poly1305 on extreme and random values -------------- */

static void test_poly1305_reference(void) {
  static uint8_t m[16 * 300 + 15];
  uint8_t key[32], want[16], got[16];
  test_fast_rng rng;
  unsigned long iter, runs = test_trials(600), bad = 0;
  size_t k;
  test_fast_rng_init(&rng, "poly1305 reference");
  for (iter = 0; iter < runs; iter++) {
    size_t len = (size_t)(test_fast_rng_next(&rng) % sizeof m);
    random_bytes(&rng, key, 32);
    random_bytes(&rng, m, len);
    switch (iter % 4) {
      case 0: /* the largest r and message blocks: every limb at its top */
        memset(key, 0xff, 16);
        memset(m, 0xff, len);
        break;
      case 1: /* the largest r, s and blocks just below or at p's bits */
        memset(key, 0xff, 32);
        break;
      default:
        break;
    }
    ref_poly1305(want, m, len, key);
    for (k = 0; k < nimpls; k++) {
      poly(impls[k], got, m, len, key, 0);
      if (memcmp(got, want, 16) != 0 && bad++ < 5)
        CHECKF(0, "Poly1305 of %zu bytes differs from the reference, %s", len,
               impls[k]->name);
      poly(impls[k], got, m, len, key, 1 + iter % 37);
      if (memcmp(got, want, 16) != 0 && bad++ < 5)
        CHECKF(0, "Poly1305 of %zu bytes in calls of %lu blocks, %s", len,
               1 + iter % 37, impls[k]->name);
    }
  }
  CHECKF(bad == 0, "Poly1305: %lu results differ from the reference", bad);
  printf("Poly1305: %lu messages against the reference, %lu differ\n", runs,
         bad);
}

/* ---- every implementation against portable ---------------------------- */

static void test_chacha20_random(void) {
  static uint8_t in[4200], want[4200], got[4200];
  uint8_t key[32], nonce[12];
  test_fast_rng rng;
  unsigned long iter, runs = test_trials(1500), bad = 0;
  size_t k;
  test_fast_rng_init(&rng, "chacha20 random");
  for (iter = 0; iter < runs; iter++) {
    size_t len = iter < 1100 ? iter : (size_t)(test_fast_rng_next(&rng) % 4200);
    size_t nb = (len + 63) / 64;
    uint32_t ctr = (uint32_t)test_fast_rng_next(&rng);
    /* Some runs end exactly at block 2^32 - 1, some cross the wrap. */
    if (iter % 5 == 0) ctr = (uint32_t)(0xFFFFFFFFu - nb + 1);
    if (iter % 5 == 1) ctr = 0xFFFFFFFFu - (uint32_t)(iter % 7);
    random_bytes(&rng, key, 32);
    random_bytes(&rng, nonce, 12);
    random_bytes(&rng, in, len);
    chacha(&mlkem_chacha20poly1305_portable, want, in, len, key, nonce, ctr);
    for (k = 1; k < nimpls; k++) {
      memset(got, TEST_FILL, sizeof got);
      chacha(impls[k], got, in, len, key, nonce, ctr);
      if ((memcmp(got, want, len) != 0 ||
           !test_all_bytes(got + len, sizeof got - len, TEST_FILL)) &&
          bad++ < 5)
        CHECKF(0, "%s: ChaCha20 of %zu bytes from block %u differs",
               impls[k]->name, len, ctr);
      memcpy(got, in, len);
      chacha(impls[k], got, got, len, key, nonce, ctr);
      if (memcmp(got, want, len) != 0 && bad++ < 5)
        CHECKF(0, "%s: ChaCha20 in place of %zu bytes differs", impls[k]->name,
               len);
    }
  }
  CHECKF(bad == 0, "ChaCha20: %lu runs differ from portable", bad);
  printf("ChaCha20: %zu implementation(s) vs portable on %lu runs\n",
         nimpls - 1, runs);
}

/* One AEAD case with every implementation against portable; in place too. */
static unsigned long aead_case(test_fast_rng *rng, uint8_t *pt, uint8_t *want,
                               uint8_t *got, size_t len, size_t aad_len,
                               int in_place) {
  static uint8_t aad[2048];
  uint8_t key[32], nonce[12];
  unsigned long bad = 0;
  size_t k;
  random_bytes(rng, key, 32);
  random_bytes(rng, nonce, 12);
  random_bytes(rng, aad, aad_len);
  random_bytes(rng, pt, len);
  if (seal(&mlkem_chacha20poly1305_portable, want, key, nonce, aad, aad_len, pt,
           len) != MLKEM_OK)
    return 1;
  for (k = 0; k < nimpls; k++) {
    int rc;
    if (in_place) {
      memcpy(got, pt, len);
      rc = seal(impls[k], got, key, nonce, aad, aad_len, got, len);
    } else {
      rc = seal(impls[k], got, key, nonce, aad, aad_len, pt, len);
    }
    if (rc != MLKEM_OK || memcmp(got, want, len + 16) != 0) {
      if (bad++ < 3)
        CHECKF(0, "%s: seal of %zu bytes (aad %zu%s) differs from portable",
               impls[k]->name, len, aad_len, in_place ? ", in place" : "");
      continue;
    }
    if (in_place)
      rc = open_(impls[k], got, key, nonce, aad, aad_len, got, len + 16);
    else
      rc = open_(impls[k], got, key, nonce, aad, aad_len, want, len + 16);
    if (rc != MLKEM_OK || memcmp(got, pt, len) != 0) {
      if (bad++ < 3)
        CHECKF(0, "%s: open of %zu bytes (aad %zu%s) fails", impls[k]->name,
               len, aad_len, in_place ? ", in place" : "");
    }
  }
  return bad;
}

static void test_aead_random(void) {
  static const size_t large[] = {65536 + 13, 262144, (1u << 20) + 7};
  size_t max = (1u << 20) + 7;
  uint8_t *pt = malloc(max), *want = malloc(max + 16), *got = malloc(max + 16);
  test_fast_rng rng;
  unsigned long iter, runs = test_trials(1400), bad = 0, cases = 0;
  size_t i;
  if (pt == NULL || want == NULL || got == NULL) {
    CHECK_MSG(0, "out of memory");
    return;
  }
  test_fast_rng_init(&rng, "chacha20poly1305 random");
  for (iter = 0; iter < runs; iter++) {
    /* Every length to 1,100 bytes (all of them without MLKEM_TEST_QUICK),
     * then random ones to 4 KiB. */
    size_t len = iter < 1100 && !test_quick()
                     ? iter
                     : (size_t)(test_fast_rng_next(&rng) % 4097);
    size_t aad_len = iter % 7 == 0 ? (size_t)(test_fast_rng_next(&rng) % 2048)
                                   : (size_t)(test_fast_rng_next(&rng) % 70);
    bad += aead_case(&rng, pt, want, got, len, aad_len, (int)(iter % 3 == 0));
    cases++;
  }
  for (i = 0; i < sizeof large / sizeof large[0]; i++) {
    bad += aead_case(&rng, pt, want, got, large[i], 33, 0);
    bad += aead_case(&rng, pt, want, got, large[i], 1000, 1);
    cases += 2;
  }
  CHECKF(bad == 0, "AEAD: %lu cases differ from portable", bad);
  printf("ChaCha20-Poly1305: %zu implementation(s) vs portable, %lu cases\n",
         nimpls, cases);
  free(pt);
  free(want);
  free(got);
}

/* ---- refusals ---------------------------------------------------------- */

static void test_altered(void) {
  static uint8_t pt[600], sealed[616], bent[616], out[616];
  uint8_t key[32], nonce[12], aad[40], nonce2[12], aad2[40];
  test_fast_rng rng;
  unsigned long refused = 0, tried = 0;
  size_t k, len;
  test_fast_rng_init(&rng, "chacha20poly1305 altered");
  for (len = 0; len <= 600; len += 100) {
    random_bytes(&rng, key, 32);
    random_bytes(&rng, nonce, 12);
    random_bytes(&rng, aad, sizeof aad);
    random_bytes(&rng, pt, len);
    for (k = 0; k < nimpls; k++) {
      size_t bit, which;
      seal(impls[k], sealed, key, nonce, aad, sizeof aad, pt, len);
      /* Every bit of the ciphertext and the tag (every 7th of a long
       * ciphertext), one at a time. */
      for (bit = 0; bit<8 * (len + 16); bit += len> 100 ? 7 : 1) {
        memcpy(bent, sealed, len + 16);
        bent[bit / 8] ^= (uint8_t)(1u << (bit % 8));
        memset(out, TEST_FILL, sizeof out);
        refused += open_(impls[k], out, key, nonce, aad, sizeof aad, bent,
                         len + 16) == MLKEM_ERR_AEAD_TAG &&
                   test_all_bytes(out, len, 0) &&
                   test_all_bytes(out + len, sizeof out - len, TEST_FILL);
        tried++;
      }
      /* The aad, the nonce, the aad's length, and a truncated message. */
      for (which = 0; which < 4; which++) {
        int rc;
        memcpy(aad2, aad, sizeof aad);
        memcpy(nonce2, nonce, sizeof nonce);
        if (which == 0) aad2[which * 7 % sizeof aad] ^= 0x80;
        if (which == 1) nonce2[11] ^= 1;
        memset(out, TEST_FILL, sizeof out);
        if (which == 2)
          rc = open_(impls[k], out, key, nonce, aad, sizeof aad - 1, sealed,
                     len + 16);
        else if (which == 3)
          rc = len > 0 ? open_(impls[k], out, key, nonce, aad, sizeof aad,
                               sealed, len + 15)
                       : MLKEM_ERR_AEAD_TAG;
        else
          rc = open_(impls[k], out, key, nonce2, aad2, sizeof aad, sealed,
                     len + 16);
        refused +=
            rc == MLKEM_ERR_AEAD_TAG &&
            test_all_bytes(out, which == 3 && len > 0 ? len - 1 : len, 0);
        tried++;
      }
      /* In place: the ciphertext turns into zeros, the tag stays. */
      memcpy(bent, sealed, len + 16);
      bent[len] ^= 1;
      refused += open_(impls[k], bent, key, nonce, aad, sizeof aad, bent,
                       len + 16) == MLKEM_ERR_AEAD_TAG &&
                 test_all_bytes(bent, len, 0) && bent[len] == (sealed[len] ^ 1);
      tried++;
    }
  }
  CHECKF(refused == tried,
         "altered messages: %lu of %lu refused with a zeroed output", refused,
         tried);
  printf("altered messages: %lu of %lu refused, outputs zeroed\n", refused,
         tried);
}

static void test_arguments(void) {
  uint8_t key[32] = {1}, nonce[12] = {2}, aad[4] = {3}, pt[32] = {4};
  uint8_t ct[64], out[64], sealed[48];
  mlkem_chacha20poly1305_key k;
  size_t big = 0;
  int rc;
  mlkem_chacha20poly1305_key_init(&k, key);
  /* Empty strings may be NULL. */
  CHECK(mlkem_chacha20poly1305_seal(ct, key, nonce, NULL, 0, NULL, 0) ==
        MLKEM_OK);
  CHECK(mlkem_chacha20poly1305_open(NULL, key, nonce, NULL, 0, ct, 16) ==
        MLKEM_OK);
  /* NULL with a length: refused, the output zeroed. */
#define SEAL_NULL(expr)                                                  \
  do {                                                                   \
    memset(ct, TEST_FILL, sizeof ct);                                    \
    rc = (expr);                                                         \
    CHECKF(rc == MLKEM_ERR_NULL_ARGUMENT && test_all_bytes(ct, 48, 0) && \
               test_all_bytes(ct + 48, 16, TEST_FILL),                   \
           "%s: %d", #expr, rc);                                         \
  } while (0)
  SEAL_NULL(mlkem_chacha20poly1305_seal(ct, NULL, nonce, aad, 4, pt, 32));
  SEAL_NULL(mlkem_chacha20poly1305_seal(ct, key, NULL, aad, 4, pt, 32));
  SEAL_NULL(mlkem_chacha20poly1305_seal(ct, key, nonce, NULL, 4, pt, 32));
  SEAL_NULL(mlkem_chacha20poly1305_seal(ct, key, nonce, aad, 4, NULL, 32));
  SEAL_NULL(mlkem_chacha20poly1305_key_seal(NULL, ct, nonce, aad, 4, pt, 32));
  SEAL_NULL(mlkem_chacha20poly1305_key_seal(&k, ct, nonce, NULL, 4, pt, 32));
#undef SEAL_NULL
  CHECK(mlkem_chacha20poly1305_seal(NULL, key, nonce, aad, 4, pt, 32) ==
        MLKEM_ERR_NULL_ARGUMENT);
  CHECK(mlkem_chacha20poly1305_seal(ct, key, nonce, aad, 4, pt, 32) ==
        MLKEM_OK);
  memcpy(sealed, ct, sizeof sealed);
#define OPEN_NULL(expr)                                                   \
  do {                                                                    \
    memset(out, TEST_FILL, sizeof out);                                   \
    rc = (expr);                                                          \
    CHECKF(rc == MLKEM_ERR_NULL_ARGUMENT && test_all_bytes(out, 32, 0) && \
               test_all_bytes(out + 32, 32, TEST_FILL),                   \
           "%s: %d", #expr, rc);                                          \
  } while (0)
  OPEN_NULL(mlkem_chacha20poly1305_open(out, NULL, nonce, aad, 4, ct, 48));
  OPEN_NULL(mlkem_chacha20poly1305_open(out, key, NULL, aad, 4, ct, 48));
  OPEN_NULL(mlkem_chacha20poly1305_open(out, key, nonce, NULL, 4, ct, 48));
  OPEN_NULL(mlkem_chacha20poly1305_open(out, key, nonce, aad, 4, NULL, 48));
  OPEN_NULL(mlkem_chacha20poly1305_key_open(NULL, out, nonce, aad, 4, ct, 48));
#undef OPEN_NULL
  CHECK(mlkem_chacha20poly1305_open(NULL, key, nonce, aad, 4, ct, 48) ==
        MLKEM_ERR_NULL_ARGUMENT);
  memset(out, TEST_FILL, sizeof out);
  CHECK(mlkem_chacha20poly1305_key_open(&k, out, nonce, aad, 4, ct, 48) ==
            MLKEM_OK &&
        memcmp(out, pt, 32) == 0);
  /* Shorter than a tag: nothing written. */
  for (big = 0; big < 16; big++) {
    memset(out, TEST_FILL, sizeof out);
    CHECKF(mlkem_chacha20poly1305_open(out, key, nonce, aad, 4, ct, big) ==
                   MLKEM_ERR_AEAD_LENGTH &&
               test_all_bytes(out, sizeof out, TEST_FILL),
           "open of %zu bytes", big);
  }
  /* Beyond P_MAX = 2^38 - 64 (RFC 8439 Section 2.8): refused before
   * anything is read or written (the buffers are far shorter). */
  if (sizeof(size_t) > 4) {
    big = (size_t)MLKEM_CHACHA20POLY1305_MAX_PT + 1;
    memset(ct, TEST_FILL, sizeof ct);
    rc = mlkem_chacha20poly1305_seal(ct, key, nonce, aad, 4, pt, big);
    CHECKF(
        rc == MLKEM_ERR_AEAD_LENGTH && test_all_bytes(ct, sizeof ct, TEST_FILL),
        "seal of 2^38 - 63 bytes: %d", rc);
    memset(out, TEST_FILL, sizeof out);
    rc = mlkem_chacha20poly1305_open(out, key, nonce, aad, 4, ct, big + 16);
    CHECKF(rc == MLKEM_ERR_AEAD_LENGTH &&
               test_all_bytes(out, sizeof out, TEST_FILL),
           "open of 2^38 - 63 + 16 bytes: %d", rc);
    rc = mlkem_chacha20poly1305_seal(ct, key, nonce, aad, 4, pt, (size_t)-1);
    CHECKF(rc == MLKEM_ERR_AEAD_LENGTH, "seal of SIZE_MAX bytes: %d", rc);
    rc = mlkem_chacha20poly1305_open(out, key, nonce, aad, 4, ct, (size_t)-1);
    CHECKF(rc == MLKEM_ERR_AEAD_LENGTH, "open of SIZE_MAX bytes: %d", rc);
  }
  /* The one-shot and keyed forms agree; the wipe clears the key. */
  CHECK(mlkem_chacha20poly1305_key_seal(&k, out, nonce, aad, 4, pt, 32) ==
            MLKEM_OK &&
        memcmp(out, sealed, 48) == 0);
  mlkem_chacha20poly1305_key_wipe(&k);
  CHECK(test_all_bytes((const uint8_t *)&k, sizeof k, 0));
}

/* The implementation the process uses follows the backend. */
static void test_dispatch(void) {
  const char *be = mlkem_backend_name();
  const char *got = mlkem_chacha20poly1305_impl_get()->name;
  const char *want = "portable";
#ifdef MLKEM_HAVE_CHACHA20_AVX2
  if (strcmp(be, "avx2") == 0 || strcmp(be, "avx512") == 0) want = "avx2";
#endif
#ifdef MLKEM_HAVE_CHACHA20_NEON
  if (strcmp(be, "neon") == 0 || strcmp(be, "neon-sha3") == 0) want = "neon";
#endif
  CHECKF(strcmp(got, want) == 0, "backend %s uses %s, want %s", be, got, want);
  CHECK(nimpls >= 1 && impls[0] == &mlkem_chacha20poly1305_portable);
  printf("backend %s: ChaCha20-Poly1305 implementation %s\n", be, got);
}

int main(void) {
  size_t k;
  test_backend_banner();
  nimpls = mlkem_chacha20poly1305_impls(impls, MAX_IMPLS);
  printf("ChaCha20-Poly1305 implementations usable here:");
  for (k = 0; k < nimpls; k++) printf(" %s", impls[k]->name);
  printf("\n");
  test_dispatch();
  test_quarter_round();
  test_rfc8439();
  test_wycheproof();
  test_poly1305_reference();
  test_chacha20_random();
  test_aead_random();
  test_altered();
  test_arguments();
  return test_summary("test_chacha20poly1305");
}
