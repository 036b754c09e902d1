/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * key_schedule.c - HPKE's key schedule and secret export:
 * @spec{RFC9180, sec. 5.1 and 5.3} for the two-stage KDFs (HKDF), and
 * @spec{HPKE-HPKE, sec. 5.1} (CombineSecrets_OneStage) and 5.3
 * (Export_OneStage) for the one-stage ones.
 */
#include <string.h>

#include "platform/ct.h"
#include "hpke/hpke.h"

static mlkem_span span(const void *p, size_t len) {
  mlkem_span s;
  s.p = (const uint8_t *)p;
  s.len = len;
  return s;
}

/* CombineSecrets_TwoStage: psk_id_hash, info_hash, secret, then the key,
 * base_nonce and exporter_secret expanded from it. */
static void combine_two_stage(mlkem_hpke_context_state *st,
                              const mlkem_hpke_kdf *kdf,
                              const mlkem_hpke_suite_id *sid, uint8_t mode,
                              mlkem_span ss, mlkem_span info, mlkem_span psk,
                              mlkem_span psk_id) {
  uint8_t ksc[1 + 2 * 64], secret[64];
  mlkem_span in[1];
  mlkem_hmac_ctx keyed;
  ksc[0] = mode;
  in[0] = psk_id;
  mlkem_hpke_labeled_extract(kdf, sid, ksc + 1, NULL, 0, "psk_id_hash", in, 1);
  in[0] = info;
  mlkem_hpke_labeled_extract(kdf, sid, ksc + 1 + kdf->nh, NULL, 0, "info_hash",
                             in, 1);
  in[0] = psk;
  mlkem_hpke_labeled_extract(kdf, sid, secret, ss.p, ss.len, "secret", in, 1);
  in[0] = span(ksc, 1 + 2 * (size_t)kdf->nh);
  /* The three expansions of secret share its keyed HMAC state. Cannot
   * fail: Nk, Nn, Nh are far below 255 Nh. The export-only AEAD's key and
   * base_nonce are empty (Nk = Nn = 0), and so skipped. */
  mlkem_hmac_init(&keyed, kdf->alg, secret, kdf->nh);
  if (st->nk != 0) {
    (void)mlkem_hpke_labeled_expand_keyed(kdf, sid, st->key, st->nk, &keyed,
                                          "key", in, 1);
    (void)mlkem_hpke_labeled_expand_keyed(kdf, sid, st->base_nonce,
                                          sizeof st->base_nonce, &keyed,
                                          "base_nonce", in, 1);
  }
  (void)mlkem_hpke_labeled_expand_keyed(kdf, sid, st->exporter_secret, kdf->nh,
                                        &keyed, "exp", in, 1);
  mlkem_hmac_wipe(&keyed);
  mlkem_zeroize(secret, sizeof secret);
  mlkem_zeroize(ksc, sizeof ksc);
}

/* CombineSecrets_OneStage: one LabeledDerive of Nk + Nn + Nh bytes over
 * lengthPrefixed(psk) || lengthPrefixed(shared_secret), with the context
 * mode || lengthPrefixed(psk_id) || lengthPrefixed(info). */
static void combine_one_stage(mlkem_hpke_context_state *st,
                              const mlkem_hpke_kdf *kdf,
                              const mlkem_hpke_suite_id *sid, uint8_t mode,
                              mlkem_span ss, mlkem_span info, mlkem_span psk,
                              mlkem_span psk_id) {
  uint8_t pre[4][2], secret[32 + 12 + 64];
  const size_t nn = st->nk != 0 ? sizeof st->base_nonce : 0;
  const size_t n = st->nk + nn + kdf->nh;
  mlkem_span secrets[4], context[5];
  pre[0][0] = (uint8_t)(psk.len >> 8);
  pre[0][1] = (uint8_t)psk.len;
  pre[1][0] = (uint8_t)(ss.len >> 8);
  pre[1][1] = (uint8_t)ss.len;
  pre[2][0] = (uint8_t)(psk_id.len >> 8);
  pre[2][1] = (uint8_t)psk_id.len;
  pre[3][0] = (uint8_t)(info.len >> 8);
  pre[3][1] = (uint8_t)info.len;
  secrets[0] = span(pre[0], 2);
  secrets[1] = psk;
  secrets[2] = span(pre[1], 2);
  secrets[3] = ss;
  context[0] = span(&mode, 1);
  context[1] = span(pre[2], 2);
  context[2] = psk_id;
  context[3] = span(pre[3], 2);
  context[4] = info;
  (void)mlkem_hpke_labeled_derive(kdf, sid, secret, n, secrets, 4, "secret",
                                  context, 5);
  memcpy(st->key, secret, st->nk);
  memcpy(st->base_nonce, secret + st->nk, nn);
  memcpy(st->exporter_secret, secret + st->nk + nn, kdf->nh);
  mlkem_zeroize(secret, sizeof secret);
}

int mlkem_hpke_key_schedule(mlkem_hpke_context_state *st, mlkem_hpke_suite s,
                            uint8_t mode, const uint8_t *ss, size_t ss_len,
                            const uint8_t *info, size_t info_len,
                            const mlkem_hpke_psk *psk) {
  const mlkem_hpke_kdf *kdf = mlkem_hpke_kdf_get(s.kdf);
  const mlkem_hpke_aead *aead = mlkem_hpke_aead_get(s.aead);
  mlkem_hpke_suite_id sid;
  mlkem_span p = span(NULL, 0), pid = span(NULL, 0);
  if (psk != NULL) {
    p = span(psk->psk, psk->psk_len);
    pid = span(psk->psk_id, psk->psk_id_len);
  }
  /* The one-stage KDFs' two-byte length prefixes
   * (@spec{HPKE-HPKE, sec. 7.2.1}). */
  if (!kdf->two_stage && (info_len > MLKEM_HPKE_ONE_STAGE_MAX_INPUT ||
                          p.len > MLKEM_HPKE_ONE_STAGE_MAX_INPUT ||
                          pid.len > MLKEM_HPKE_ONE_STAGE_MAX_INPUT))
    return MLKEM_HPKE_ERR_LENGTH;
  memset(st, 0, sizeof *st);
  st->kem = s.kem;
  st->kdf = s.kdf;
  st->aead = s.aead;
  st->mode = mode;
  st->nk = aead->nk;
  st->nh = kdf->nh;
  mlkem_hpke_full_suite_id(&sid, s);
  if (kdf->two_stage)
    combine_two_stage(st, kdf, &sid, mode, span(ss, ss_len),
                      span(info, info_len), p, pid);
  else
    combine_one_stage(st, kdf, &sid, mode, span(ss, ss_len),
                      span(info, info_len), p, pid);
  st->magic = MLKEM_HPKE_CTX_MAGIC;
  return MLKEM_OK;
}

int mlkem_hpke_export(const mlkem_hpke_context_state *st, uint8_t *out,
                      size_t len, const uint8_t *ctx, size_t ctx_len) {
  const mlkem_hpke_kdf *kdf = mlkem_hpke_kdf_get(st->kdf);
  mlkem_hpke_suite_id sid;
  mlkem_hpke_suite s;
  mlkem_span in = span(ctx, ctx_len);
  s.kem = st->kem;
  s.kdf = st->kdf;
  s.aead = st->aead;
  mlkem_hpke_full_suite_id(&sid, s);
  if (kdf->two_stage)
    return mlkem_hpke_labeled_expand(kdf, &sid, out, len, st->exporter_secret,
                                     "sec", &in, 1) == 0
               ? MLKEM_OK
               : MLKEM_HPKE_ERR_LENGTH;
  /* Export_OneStage's ikm is the exporter secret, Nh bytes; the exporter
   * context has no length prefix, so no limit. */
  {
    mlkem_span ikm = span(st->exporter_secret, kdf->nh);
    return mlkem_hpke_labeled_derive(kdf, &sid, out, len, &ikm, 1, "sec", &in,
                                     1) == 0
               ? MLKEM_OK
               : MLKEM_HPKE_ERR_LENGTH;
  }
}
