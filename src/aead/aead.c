/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * aead.c - mlkem_aead_seal and mlkem_aead_open (mlkem_hazmat.h): the
 * argument checks every AEAD shares, then the family by HPKE's identifier
 * (@spec{RFC9180, sec. 7.3}): AES-GCM (gcm.h) or ChaCha20-Poly1305
 * (chacha20poly1305.h, in builds that have it). The families check their
 * own length limits.
 */
#include <string.h>

#include "aead/gcm.h"
#include "platform/ct.h"
#include "mlkem_hazmat.h"
#ifdef MLKEM_HAVE_CHACHA20POLY1305
#include "aead/chacha20poly1305.h"
#endif

_Static_assert(MLKEM_AEAD_NONCE_BYTES == MLKEM_GCM_NONCE_BYTES &&
                   MLKEM_AEAD_TAG_BYTES == MLKEM_GCM_TAG_BYTES,
               "AES-GCM's nonce and tag are HPKE's Nn and Nt");
_Static_assert(MLKEM_AEAD_AES_128_GCM_KEY_BYTES == MLKEM_AES128_KEYBYTES &&
                   MLKEM_AEAD_AES_256_GCM_KEY_BYTES == MLKEM_AES256_KEYBYTES,
               "AES-GCM key lengths");

/* The key length of aead, or 0 for an identifier this build lacks. */
static size_t key_bytes(uint16_t aead) {
  switch (aead) {
    case MLKEM_AEAD_AES_128_GCM:
      return MLKEM_AEAD_AES_128_GCM_KEY_BYTES;
    case MLKEM_AEAD_AES_256_GCM:
      return MLKEM_AEAD_AES_256_GCM_KEY_BYTES;
#ifdef MLKEM_HAVE_CHACHA20POLY1305
    case MLKEM_AEAD_CHACHA20_POLY1305:
      return MLKEM_AEAD_CHACHA20_POLY1305_KEY_BYTES;
#endif
    default:
      return 0;
  }
}

/* The checks before any family runs: pointers, identifier, key length. */
static int check(uint16_t aead, const uint8_t *out, size_t out_len,
                 const uint8_t *key, size_t key_len, const uint8_t *nonce,
                 const uint8_t *aad, size_t aad_len, const uint8_t *in,
                 size_t in_len) {
  if ((out == NULL && out_len != 0) || key == NULL || nonce == NULL ||
      (aad == NULL && aad_len != 0) || (in == NULL && in_len != 0))
    return MLKEM_ERR_NULL_ARGUMENT;
  if (key_bytes(aead) == 0) return MLKEM_ERR_UNSUPPORTED;
  if (key_len != key_bytes(aead)) return MLKEM_ERR_AEAD_LENGTH;
  return MLKEM_OK;
}

/* The family of aead (checked) seals in into out, or opens it. */
static int family(int opening, uint16_t aead, uint8_t *out, const uint8_t *key,
                  size_t key_len, const uint8_t *nonce, const uint8_t *aad,
                  size_t aad_len, const uint8_t *in, size_t in_len) {
#ifdef MLKEM_HAVE_CHACHA20POLY1305
  if (aead == MLKEM_AEAD_CHACHA20_POLY1305)
    return opening ? mlkem_chacha20poly1305_open(out, key, nonce, aad, aad_len,
                                                 in, in_len)
                   : mlkem_chacha20poly1305_seal(out, key, nonce, aad, aad_len,
                                                 in, in_len);
#else
  (void)aead;
#endif
  return opening ? mlkem_aes_gcm_open(out, key, key_len, nonce, aad, aad_len,
                                      in, in_len)
                 : mlkem_aes_gcm_seal(out, key, key_len, nonce, aad, aad_len,
                                      in, in_len);
}

int mlkem_aead_seal(uint16_t aead, uint8_t *ct, const uint8_t *key,
                    size_t key_len, const uint8_t nonce[MLKEM_AEAD_NONCE_BYTES],
                    const uint8_t *aad, size_t aad_len, const uint8_t *pt,
                    size_t pt_len) {
  /* ct is never empty (it holds the tag): NULL is refused. */
  const int err = ct == NULL ? MLKEM_ERR_NULL_ARGUMENT
                             : check(aead, ct, 1, key, key_len, nonce, aad,
                                     aad_len, pt, pt_len);
  if (err == MLKEM_OK)
    return family(0, aead, ct, key, key_len, nonce, aad, aad_len, pt, pt_len);
  if (ct != NULL && pt_len <= SIZE_MAX - MLKEM_AEAD_TAG_BYTES)
    memset(ct, 0, pt_len + MLKEM_AEAD_TAG_BYTES);
  return err;
}

int mlkem_aead_open(uint16_t aead, uint8_t *pt, const uint8_t *key,
                    size_t key_len, const uint8_t nonce[MLKEM_AEAD_NONCE_BYTES],
                    const uint8_t *aad, size_t aad_len, const uint8_t *ct,
                    size_t ct_len) {
  const size_t pt_len =
      ct_len >= MLKEM_AEAD_TAG_BYTES ? ct_len - MLKEM_AEAD_TAG_BYTES : 0;
  int err =
      check(aead, pt, pt_len, key, key_len, nonce, aad, aad_len, ct, ct_len);
  if (err == MLKEM_OK && ct_len < MLKEM_AEAD_TAG_BYTES)
    err = MLKEM_ERR_AEAD_LENGTH;
  if (err == MLKEM_OK)
    return family(1, aead, pt, key, key_len, nonce, aad, aad_len, ct, ct_len);
  if (pt != NULL && pt_len != 0) mlkem_zeroize(pt, pt_len);
  return err;
}
