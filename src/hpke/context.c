/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * context.c - a context's seal and open (@spec{RFC9180, sec. 5.2}): the nonce
 * is base_nonce XOR I2OSP(seq, Nn), the sequence number counts messages.
 * It is kept in 64 bits, shorter than the 96-bit nonce as the section
 * allows, and refused once exhausted (MessageLimitReachedError).
 */
#include <string.h>

#include "platform/ct.h"
#include "hpke/hpke.h"
#include "mlkem_hazmat.h"

/* ComputeNonce(seq): the sequence number, big-endian, in the nonce's last
 * eight bytes, XORed with the base nonce. */
static void compute_nonce(uint8_t nonce[MLKEM_AEAD_NONCE_BYTES],
                          const mlkem_hpke_context_state *st) {
  size_t i;
  memcpy(nonce, st->base_nonce, MLKEM_AEAD_NONCE_BYTES);
  for (i = 0; i < 8; i++)
    nonce[MLKEM_AEAD_NONCE_BYTES - 1 - i] ^= (uint8_t)(st->seq >> (8 * i));
}

/* Whether a message may be sealed or opened: a key, and a sequence number
 * that can still count up (IncrementSeq's check, made before the AEAD so
 * that a refused call changes nothing). */
static int usable(const mlkem_hpke_context_state *st) {
  if (st->nk == 0) return MLKEM_HPKE_ERR_EXPORT_ONLY;
  if (st->seq == UINT64_MAX) return MLKEM_HPKE_ERR_MESSAGE_LIMIT;
  return MLKEM_OK;
}

int mlkem_hpke_ctx_seal(mlkem_hpke_context_state *st, uint8_t *ct,
                        const uint8_t *aad, size_t aad_len, const uint8_t *pt,
                        size_t pt_len) {
  uint8_t nonce[MLKEM_AEAD_NONCE_BYTES];
  int err = usable(st);
  if (err != MLKEM_OK) return err;
  compute_nonce(nonce, st);
  err = mlkem_aead_seal(st->aead, ct, st->key, st->nk, nonce, aad, aad_len, pt,
                        pt_len);
  if (err == MLKEM_OK) st->seq++;
  mlkem_zeroize(nonce, sizeof nonce);
  return err;
}

int mlkem_hpke_ctx_open(mlkem_hpke_context_state *st, uint8_t *pt,
                        const uint8_t *aad, size_t aad_len, const uint8_t *ct,
                        size_t ct_len) {
  uint8_t nonce[MLKEM_AEAD_NONCE_BYTES];
  int err = usable(st);
  if (err != MLKEM_OK) return err;
  compute_nonce(nonce, st);
  err = mlkem_aead_open(st->aead, pt, st->key, st->nk, nonce, aad, aad_len, ct,
                        ct_len);
  /* Whether the tag matched is public (the caller learns it anyway). */
  MLKEM_CT_UNPOISON(&err, sizeof err);
  if (err == MLKEM_OK) st->seq++;
  mlkem_zeroize(nonce, sizeof nonce);
  return err;
}
