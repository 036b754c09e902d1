/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * labeled.c - HPKE's labeled KDF calls: LabeledExtract and LabeledExpand
 * on HKDF (@spec{RFC9180, sec. 4}), LabeledDerive on SHAKE and TurboSHAKE
 * (@spec{HPKE-HPKE, sec. 4} with
 * @spec{HPKE-PQ, sec. 5}'s Derive: SHAKE<n>(M = ikm, d = 8L), TurboSHAKE<n>(M =
 * ikm, D = 0x1F, L)). The labeled inputs are lists of byte strings handed to
 * the hash as they are: nothing is copied into a buffer of its own.
 */
#include <string.h>

#include "platform/ct.h"
#include "platform/str.h"
#include "hpke/hpke.h"
#include "sha3/sha3.h"

static const uint8_t version_label[7] = {'H', 'P', 'K', 'E', '-', 'v', '1'};

/* I2OSP(n, 2). */
static void i2osp2(uint8_t out[2], size_t n) {
  out[0] = (uint8_t)(n >> 8);
  out[1] = (uint8_t)n;
}

static mlkem_span span(const void *p, size_t len) {
  mlkem_span s;
  s.p = (const uint8_t *)p;
  s.len = len;
  return s;
}

/* The most pieces of ikm or info a labeled call takes (the callers pass at
 * most three). */
#define MAX_PARTS 8

void mlkem_hpke_labeled_extract(const mlkem_hpke_kdf *kdf,
                                const mlkem_hpke_suite_id *sid, uint8_t *prk,
                                const uint8_t *salt, size_t salt_len,
                                const char *label, const mlkem_span *ikm,
                                size_t nikm) {
  /* labeled_ikm = "HPKE-v1" || suite_id || label || ikm */
  mlkem_span parts[3 + MAX_PARTS];
  size_t n = 0, i;
  parts[n++] = span(version_label, sizeof version_label);
  parts[n++] = span(sid->b, sid->len);
  parts[n++] = span(label, mlkem_str_len(label));
  for (i = 0; i < nikm && i < MAX_PARTS; i++) parts[n++] = ikm[i];
  mlkem_hkdf_extract(kdf->alg, prk, salt, salt_len, parts, n);
}

int mlkem_hpke_labeled_expand_keyed(const mlkem_hpke_kdf *kdf,
                                    const mlkem_hpke_suite_id *sid,
                                    uint8_t *out, size_t len,
                                    const mlkem_hmac_ctx *keyed,
                                    const char *label, const mlkem_span *info,
                                    size_t ninfo) {
  /* labeled_info = I2OSP(L, 2) || "HPKE-v1" || suite_id || label || info */
  mlkem_span parts[4 + MAX_PARTS];
  uint8_t l2[2];
  size_t n = 0, i;
  if (len > 0xFFFF || len > 255 * (size_t)kdf->nh) return -1;
  i2osp2(l2, len);
  parts[n++] = span(l2, 2);
  parts[n++] = span(version_label, sizeof version_label);
  parts[n++] = span(sid->b, sid->len);
  parts[n++] = span(label, mlkem_str_len(label));
  for (i = 0; i < ninfo && i < MAX_PARTS; i++) parts[n++] = info[i];
  return mlkem_hkdf_expand_keyed(out, len, keyed, parts, n);
}

int mlkem_hpke_labeled_expand(const mlkem_hpke_kdf *kdf,
                              const mlkem_hpke_suite_id *sid, uint8_t *out,
                              size_t len, const uint8_t *prk, const char *label,
                              const mlkem_span *info, size_t ninfo) {
  mlkem_hmac_ctx keyed;
  int err;
  mlkem_hmac_init(&keyed, kdf->alg, prk, kdf->nh);
  err = mlkem_hpke_labeled_expand_keyed(kdf, sid, out, len, &keyed, label, info,
                                        ninfo);
  mlkem_hmac_wipe(&keyed);
  return err;
}

static void xof_absorb(const mlkem_hpke_kdf *kdf, mlkem_keccak_ctx *x,
                       const uint8_t *p, size_t len) {
  if (kdf->turbo)
    mlkem_turboshake_absorb(x, p, len);
  else
    mlkem_keccak_absorb(x, p, len);
}

int mlkem_hpke_labeled_derive(const mlkem_hpke_kdf *kdf,
                              const mlkem_hpke_suite_id *sid, uint8_t *out,
                              size_t len, const mlkem_span *ikm, size_t nikm,
                              const char *label, const mlkem_span *context,
                              size_t ncontext) {
  /* labeled_ikm = ikm || "HPKE-v1" || suite_id || lengthPrefixed(label)
   *               || I2OSP(L, 2) || context */
  mlkem_keccak_ctx x;
  uint8_t l2[2];
  size_t i, label_len = mlkem_str_len(label);
  if (len > 0xFFFF) return -1;
  /* Both XOFs end the message with the domain byte 0x1F: SHAKE's
   * (@spec{FIPS202} 6.2) and the D that @spec{HPKE-PQ} gives TurboSHAKE. */
  mlkem_keccak_init(&x, kdf->rate, MLKEM_DS_SHAKE);
  for (i = 0; i < nikm; i++) xof_absorb(kdf, &x, ikm[i].p, ikm[i].len);
  xof_absorb(kdf, &x, version_label, sizeof version_label);
  xof_absorb(kdf, &x, sid->b, sid->len);
  i2osp2(l2, label_len);
  xof_absorb(kdf, &x, l2, 2);
  xof_absorb(kdf, &x, (const uint8_t *)label, label_len);
  i2osp2(l2, len);
  xof_absorb(kdf, &x, l2, 2);
  for (i = 0; i < ncontext; i++)
    xof_absorb(kdf, &x, context[i].p, context[i].len);
  mlkem_keccak_finalize(&x);
  if (kdf->turbo)
    mlkem_turboshake_squeeze(&x, out, len);
  else
    mlkem_keccak_squeeze(&x, out, len);
  mlkem_zeroize(&x, sizeof x);
  return 0;
}

int mlkem_hpke_derive_seed(uint16_t kem, uint8_t *seed, size_t n,
                           const uint8_t *ikm, size_t ikm_len) {
  mlkem_hpke_suite_id sid;
  mlkem_span in = span(ikm, ikm_len);
  mlkem_hpke_kem_suite_id(&sid, kem);
  return mlkem_hpke_labeled_derive(&mlkem_hpke_kdf_shake256, &sid, seed, n, &in,
                                   1, "DeriveKeyPair", NULL, 0);
}

/* The suite_id strings (@spec{RFC9180, sec. 4.1 and 5.1}). */

void mlkem_hpke_kem_suite_id(mlkem_hpke_suite_id *sid, uint16_t kem) {
  memcpy(sid->b, "KEM", 3);
  sid->b[3] = (uint8_t)(kem >> 8);
  sid->b[4] = (uint8_t)kem;
  sid->len = 5;
}

void mlkem_hpke_full_suite_id(mlkem_hpke_suite_id *sid, mlkem_hpke_suite s) {
  memcpy(sid->b, "HPKE", 4);
  sid->b[4] = (uint8_t)(s.kem >> 8);
  sid->b[5] = (uint8_t)s.kem;
  sid->b[6] = (uint8_t)(s.kdf >> 8);
  sid->b[7] = (uint8_t)s.kdf;
  sid->b[8] = (uint8_t)(s.aead >> 8);
  sid->b[9] = (uint8_t)s.aead;
  sid->len = 10;
}
