/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_hpke_vectors.c - HPKE (include/mlkem_hpke.h) against the published
 * test vectors, per backend (tests/vectors/hpke/, README there):
 *
 *  - cfrg-rfc9180-x25519.json: RFC 9180's own vectors (the CFRG's
 *    test-vectors.json) for DHKEM(X25519, HKDF-SHA256): every mode (base,
 *    PSK, Auth, AuthPSK), HKDF-SHA256 and -SHA512, every AEAD;
 *  - go-hpke-pq.json and hpkewg-hpke-pq-53273fb.json: draft-ietf-hpke-pq's
 *    vectors as Go 1.26 ships them and as the draft's repository has them
 *    (base mode; ML-KEM, X-Wing, DHKEM with the one-stage KDFs);
 *  - go-rfc9180.json: Go's accumulated form of RFC 9180's base-mode
 *    vectors (1,000 seals of SHAKE128-drawn aad and plaintext hashed into
 *    16 bytes, and 1,000 exports of lengths 0..999).
 *
 * For a KEM this library has: DeriveKeyPair(ikmR) (and ikmS) gives skRm
 * and pkRm; the private key's public key is pkRm; the sender's setup from
 * ikmE gives enc; both contexts hold the vector's key, base_nonce and
 * exporter_secret; every encryption is sealed to its ct and opened back
 * in sequence; every export is the vector's on both sides; the
 * export-only AEAD refuses seal and open. For a KEM it has not (the NIST
 * curves, X448), the key schedule alone from the vector's shared_secret
 * (an internal function), then the same encryptions and exports: so the
 * KDFs and AEADs of those vectors are checked too. Nothing is skipped: a
 * vector whose AEAD this build lacks (ChaCha20-Poly1305 without it) fails.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hpke/hpke.h"
#include "json.h"
#include "mlkem_hpke.h"
#include "sha3/sha3.h"
#include "test_util.h"

#define MAXB 2048

typedef struct {
  uint8_t b[MAXB];
  size_t len;
} buf;

static const char *cur_file;
static unsigned long nvec, nenc, nexp, nks_only, nna;

/* The hex string v[key] into out; 0 if missing or malformed. */
static int hex_field(const json_value *v, const char *key, buf *out) {
  const char *s = json_get_string(v, key);
  out->len = 0;
  if (s == NULL) return 0;
  out->len = test_hex_decode(out->b, MAXB, s, strlen(s));
  return out->len * 2 == strlen(s);
}

static int num_field(const json_value *v, const char *key, unsigned long *n) {
  double d;
  if (!json_get_number(v, key, &d)) return 0;
  *n = (unsigned long)d;
  return 1;
}

/* Go's drawRandomInput: one byte n, then n bytes, from the SHAKE128
 * stream. */
static size_t draw(mlkem_keccak_ctx *src, uint8_t *out) {
  uint8_t n;
  mlkem_keccak_squeeze(src, &n, 1);
  mlkem_keccak_squeeze(src, out, n);
  return n;
}

static void shake128_start(mlkem_keccak_ctx *x) {
  mlkem_shake128_init(x);
}

/* The encryptions and exports of a vector on the two contexts. */
static void run_messages(const json_value *v, mlkem_hpke_sender *s,
                         mlkem_hpke_recipient *r, const char *name) {
  const json_value *encs = json_get(v, "encryptions");
  const json_value *exps = json_get(v, "exports");
  static uint8_t ct[MAXB + 16], pt[MAXB + 16], out[MAXB];
  buf aad, ptv, ctv, ctxv, want;
  size_t i;
  int export_only = s->s.aead == MLKEM_HPKE_AEAD_EXPORT_ONLY;
  if (export_only) {
    CHECKF(mlkem_hpke_sender_seal(s, ct, 16, NULL, 0, NULL, 0) ==
               MLKEM_HPKE_ERR_EXPORT_ONLY,
           "%s: export-only context refuses seal", name);
    CHECKF(mlkem_hpke_recipient_open(r, NULL, 0, NULL, 0, ct, 16) ==
               MLKEM_HPKE_ERR_EXPORT_ONLY,
           "%s: export-only context refuses open", name);
  }
  for (i = 0; encs != NULL && i < encs->count; i++) {
    const json_value *e = encs->items[i];
    if (!hex_field(e, "aad", &aad) || !hex_field(e, "pt", &ptv) ||
        !hex_field(e, "ct", &ctv) || ctv.len != ptv.len + 16) {
      CHECKF(0, "%s: encryption %zu well formed", name, i);
      continue;
    }
    CHECKF(mlkem_hpke_sender_seal(s, ct, ctv.len, aad.b, aad.len, ptv.b,
                                  ptv.len) == 0,
           "%s: seal %zu", name, i);
    CHECKF(memcmp(ct, ctv.b, ctv.len) == 0, "%s: ciphertext %zu", name, i);
    CHECKF(mlkem_hpke_recipient_open(r, pt, ptv.len, aad.b, aad.len, ctv.b,
                                     ctv.len) == 0 &&
               memcmp(pt, ptv.b, ptv.len) == 0,
           "%s: open %zu", name, i);
    nenc++;
  }
  for (i = 0; exps != NULL && i < exps->count; i++) {
    const json_value *e = exps->items[i];
    unsigned long L;
    if (!hex_field(e, "exporter_context", &ctxv) || !num_field(e, "L", &L) ||
        !hex_field(e, "exported_value", &want) || want.len != L) {
      CHECKF(0, "%s: export %zu well formed", name, i);
      continue;
    }
    CHECKF(mlkem_hpke_sender_export(s, out, L, ctxv.b, ctxv.len) == 0 &&
               memcmp(out, want.b, L) == 0,
           "%s: sender export %zu", name, i);
    CHECKF(mlkem_hpke_recipient_export(r, out, L, ctxv.b, ctxv.len) == 0 &&
               memcmp(out, want.b, L) == 0,
           "%s: recipient export %zu", name, i);
    nexp++;
  }
}

/* Go's accumulated encryptions and exports (crypto/hpke hpke_test.go's
 * method, restated: the streams are SHAKE128 of the empty string). */
static void run_accumulated(const json_value *v, mlkem_hpke_sender *s,
                            mlkem_hpke_recipient *r, const char *name) {
  static uint8_t aad[256], pt[256], ct[256 + 16], back[1000], out[1000];
  mlkem_keccak_ctx src, sink;
  buf want;
  uint8_t got[16];
  unsigned l;
  if (s->s.aead != MLKEM_HPKE_AEAD_EXPORT_ONLY &&
      hex_field(v, "encryptions_accumulated", &want)) {
    int ok = 1;
    shake128_start(&src);
    mlkem_keccak_finalize(&src);
    shake128_start(&sink);
    for (l = 0; l < 1000; l++) {
      size_t na = draw(&src, aad), np = draw(&src, pt);
      ok &= mlkem_hpke_sender_seal(s, ct, np + 16, aad, na, pt, np) == 0;
      mlkem_keccak_absorb(&sink, ct, np + 16);
      ok &= mlkem_hpke_recipient_open(r, back, np, aad, na, ct, np + 16) == 0;
      ok &= memcmp(back, pt, np) == 0;
    }
    mlkem_keccak_finalize(&sink);
    mlkem_keccak_squeeze(&sink, got, 16);
    CHECKF(ok && want.len == 16 && memcmp(got, want.b, 16) == 0,
           "%s: 1,000 accumulated encryptions", name);
    nenc += 1000;
  }
  if (hex_field(v, "exports_accumulated", &want)) {
    int ok = 1;
    shake128_start(&src);
    mlkem_keccak_finalize(&src);
    shake128_start(&sink);
    for (l = 0; l < 1000; l++) {
      size_t nc = draw(&src, aad);
      ok &= mlkem_hpke_sender_export(s, out, l, aad, nc) == 0;
      mlkem_keccak_absorb(&sink, out, l);
      ok &= mlkem_hpke_recipient_export(r, back, l, aad, nc) == 0 &&
            memcmp(back, out, l) == 0;
    }
    mlkem_keccak_finalize(&sink);
    mlkem_keccak_squeeze(&sink, got, 16);
    CHECKF(ok && want.len == 16 && memcmp(got, want.b, 16) == 0,
           "%s: 1,000 accumulated exports", name);
    nexp += 1000;
  }
}

static void check_state(const json_value *v, const mlkem_hpke_context_state *st,
                        const char *name, const char *side) {
  buf key, nonce, exp;
  if (hex_field(v, "key", &key))
    CHECKF(key.len == st->nk && memcmp(key.b, st->key, key.len) == 0,
           "%s: %s key", name, side);
  if (hex_field(v, "base_nonce", &nonce))
    CHECKF((nonce.len == 0 || nonce.len == 12) &&
               memcmp(nonce.b, st->base_nonce, nonce.len) == 0,
           "%s: %s base_nonce", name, side);
  if (hex_field(v, "exporter_secret", &exp))
    CHECKF(
        exp.len == st->nh && memcmp(exp.b, st->exporter_secret, exp.len) == 0,
        "%s: %s exporter_secret", name, side);
}

/* The key pair of ikm[field] is (sk[skfield], pk[pkfield]); imported. */
static int derive_and_import(const json_value *v, uint16_t kem,
                             const char *ikmf, const char *skf, const char *pkf,
                             mlkem_hpke_private_key *sk,
                             mlkem_hpke_public_key *pk, const char *name) {
  static uint8_t dpk[MLKEM_HPKE_MAX_PK_BYTES], pkb[MLKEM_HPKE_MAX_PK_BYTES];
  uint8_t dsk[MLKEM_HPKE_MAX_SK_BYTES];
  buf ikm, skm, pkm;
  size_t npk, nsk;
  if (!hex_field(v, ikmf, &ikm) || !hex_field(v, skf, &skm) ||
      !hex_field(v, pkf, &pkm) || mlkem_hpke_kem_sizes(kem, &npk, &nsk, NULL)) {
    CHECKF(0, "%s: %s, %s, %s present", name, ikmf, skf, pkf);
    return 0;
  }
  CHECKF(
      mlkem_hpke_derive_keypair(kem, dpk, npk, dsk, nsk, ikm.b, ikm.len) == 0 &&
          skm.len == nsk && pkm.len == npk && memcmp(dsk, skm.b, nsk) == 0 &&
          memcmp(dpk, pkm.b, npk) == 0,
      "%s: DeriveKeyPair(%s) gives %s and %s", name, ikmf, skf, pkf);
  CHECKF(mlkem_hpke_private_key_import(sk, kem, skm.b, skm.len) == 0 &&
             mlkem_hpke_private_key_public(sk, pkb, npk) == 0 &&
             memcmp(pkb, pkm.b, npk) == 0,
         "%s: the public key of %s is %s", name, skf, pkf);
  CHECKF(mlkem_hpke_public_key_import(pk, kem, pkm.b, pkm.len) == 0,
         "%s: %s imported", name, pkf);
  return 1;
}

static void run_vector(const json_value *v, size_t index) {
  static mlkem_hpke_private_key skR, skS;
  static mlkem_hpke_public_key pkR, pkS;
  static uint8_t enc[MLKEM_HPKE_MAX_ENC_BYTES];
  mlkem_hpke_sender s;
  mlkem_hpke_recipient r;
  mlkem_hpke_suite suite;
  mlkem_hpke_psk psk, *pskp = NULL;
  unsigned long mode, kem, kdf, aead;
  buf info, ikmE, encv, pskv, pskid, ss;
  char name[128];
  int auth;
  if (!num_field(v, "mode", &mode) || !num_field(v, "kem_id", &kem) ||
      !num_field(v, "kdf_id", &kdf) || !num_field(v, "aead_id", &aead) ||
      !hex_field(v, "info", &info)) {
    CHECKF(0, "%s: vector %zu well formed", cur_file, index);
    return;
  }
  snprintf(name, sizeof name, "%s #%zu mode %lu kem %04lx kdf %04lx aead %04lx",
           cur_file, index, mode, kem, kdf, aead);
  suite.kem = (uint16_t)kem;
  suite.kdf = (uint16_t)kdf;
  suite.aead = (uint16_t)aead;
  auth = mode == MLKEM_HPKE_MODE_AUTH || mode == MLKEM_HPKE_MODE_AUTH_PSK;
  if (mode == MLKEM_HPKE_MODE_PSK || mode == MLKEM_HPKE_MODE_AUTH_PSK) {
    CHECKF(hex_field(v, "psk", &pskv) && hex_field(v, "psk_id", &pskid),
           "%s: psk and psk_id", name);
    psk.psk = pskv.b;
    psk.psk_len = pskv.len;
    psk.psk_id = pskid.b;
    psk.psk_id_len = pskid.len;
    pskp = &psk;
  }
  nvec++;
  if (mlkem_hpke_kem_get(suite.kem) != NULL) {
    if (!derive_and_import(v, suite.kem, "ikmR", "skRm", "pkRm", &skR, &pkR,
                           name))
      return;
    if (auth && !derive_and_import(v, suite.kem, "ikmS", "skSm", "pkSm", &skS,
                                   &pkS, name))
      return;
    if (!hex_field(v, "ikmE", &ikmE) || !hex_field(v, "enc", &encv)) {
      CHECKF(0, "%s: ikmE and enc", name);
      return;
    }
    CHECKF(mlkem_hpke_setup_sender_derand(
               &s, enc, encv.len, suite, &pkR, info.b, info.len, pskp,
               auth ? &skS : NULL, ikmE.b, ikmE.len) == 0 &&
               memcmp(enc, encv.b, encv.len) == 0,
           "%s: the sender's setup from ikmE gives enc", name);
    CHECKF(mlkem_hpke_setup_recipient(&r, suite, &skR, encv.b, encv.len, info.b,
                                      info.len, pskp, auth ? &pkS : NULL) == 0,
           "%s: the recipient's setup", name);
    CHECKF(mlkem_hpke_sender_mode(&s) == (int)mode &&
               mlkem_hpke_recipient_mode(&r) == (int)mode,
           "%s: the contexts' mode", name);
  } else {
    /* No such KEM here: the key schedule from the vector's secret. Go's
     * accumulated vectors of the NIST curves have none: nothing of them
     * can run here (counted and printed, not hidden). */
    if (!hex_field(v, "shared_secret", &ss)) {
      printf("%s: not applicable (a KEM not offered, no shared_secret)\n",
             name);
      nna++;
      nvec--;
      return;
    }
    CHECKF(mlkem_hpke_key_schedule(&s.s, suite, (uint8_t)mode, ss.b, ss.len,
                                   info.b, info.len, pskp) == 0,
           "%s: key schedule from shared_secret", name);
    r.s = s.s;
    nks_only++;
  }
  check_state(v, &s.s, name, "sender");
  check_state(v, &r.s, name, "recipient");
  run_messages(v, &s, &r, name);
  run_accumulated(v, &s, &r, name);
  mlkem_hpke_sender_wipe(&s);
  mlkem_hpke_recipient_wipe(&r);
}

static void run_file(const char *rel, unsigned long want_vectors,
                     unsigned long want_na) {
  size_t len, i;
  char err[128];
  char *text = test_read_file(test_vector_path(rel), &len);
  json_value *root = json_parse(text, len, err, sizeof err);
  unsigned long before = nvec, na_before = nna;
  cur_file = rel;
  if (root == NULL || root->type != JSON_ARRAY) {
    CHECKF(0, "%s is a JSON array (%s)", rel, err);
    free(text);
    return;
  }
  for (i = 0; i < root->count; i++) run_vector(root->items[i], i);
  printf("%s: %lu vectors run, %lu of KEMs not offered without a secret\n", rel,
         nvec - before, nna - na_before);
  CHECKF(nvec - before == want_vectors && nna - na_before == want_na,
         "%s: %lu vectors run, %lu not applicable", rel, want_vectors, want_na);
  json_free(root);
  free(text);
}

int main(void) {
  test_backend_banner();
  run_file("hpke/cfrg-rfc9180-x25519.json", 32, 0);
  run_file("hpke/go-rfc9180.json", 8, 16);
  run_file("hpke/go-hpke-pq.json", 13, 0);
  run_file("hpke/hpkewg-hpke-pq-53273fb.json", 13, 0);
  printf(
      "%lu vectors (%lu through the key schedule alone), %lu encryptions, "
      "%lu exports\n",
      nvec, nks_only, nenc, nexp);
  return test_summary("test_hpke_vectors");
}
