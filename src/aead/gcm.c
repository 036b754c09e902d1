/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * gcm.c - GCM-AE and GCM-AD (@spec{SP800-38D, Alg. 4 and 5}) with a
 * 96-bit IV over an implementation's whole blocks (gcm.h): the aad and the
 * length block through its GHASH, the plaintext's whole blocks through its
 * stitched CTR + GHASH, and here the single blocks: H, E_K(J0) and the
 * keystream of a last partial block, made by one call of the AES
 * implementation's ctr_group.
 *
 * The implementations keep round keys, keystream and GHASH state in
 * vector registers, which the compiler may spill to their frames below
 * ours: every public function ends with one scrub of the stack below it
 * (mlkem_scrub_stack_wide, about 100 ticks; the steps inside do not scrub
 * on their own, so that a one-shot call pays for one) and of the vector
 * registers (ct.h).
 */
#include "aead/gcm.h"

#include <string.h>

#include "platform/bytes.h"
#include "platform/ct.h"
#include "mlkem.h"

/* The end of every public function (above). */
static void scrub(void) {
  mlkem_scrub_stack_wide();
  mlkem_scrub_vector_registers();
}

/* Hs = y V_H mod g* (gcm.h): H read big-endian, shifted left one bit, and
 * g*'s low terms y^127 + y^126 + y^121 + 1 added when bit 127 falls out.
 * H is secret: the choice is a mask. */
static void ghash_key(uint64_t hs[2], const uint8_t h[16]) {
  const uint64_t hi = mlkem_load64_be(h), lo = mlkem_load64_be(h + 8);
  const uint64_t fold = mlkem_value_barrier_u64(0 - (hi >> 63));
  hs[0] = (hi << 1 | lo >> 63) ^ (fold & 0xC200000000000000u);
  hs[1] = (lo << 1) ^ (fold & 1);
}

static int key_init(mlkem_aes_gcm_key *k, const uint8_t *key, size_t key_len,
                    const mlkem_gcm_impl *impl) {
  static const uint8_t zero_nonce[MLKEM_GCM_NONCE_BYTES] = {0};
  const uint8_t *nonce = zero_nonce;
  const uint32_t zero_ctr = 0;
  uint8_t h[16];
  uint8_t *hp = h;
  uint64_t hs[2];
  if (key_len != MLKEM_AES128_KEYBYTES && key_len != MLKEM_AES256_KEYBYTES) {
    mlkem_zeroize(k, sizeof *k);
    return MLKEM_ERR_AEAD_LENGTH;
  }
  k->impl = impl;
  mlkem_aes_expand_unscrubbed(&k->aes, key, key_len, impl->aes);
  /* @spec{SP800-38D, Alg. 4}, step 1: H = CIPH_K(0^128), the counter block 0^96
   * ||
   * BE32(0). */
  impl->aes->ctr_group(&k->aes, &nonce, &zero_ctr, &hp, 1);
  ghash_key(hs, h);
  impl->init(k, hs);
  mlkem_zeroize(h, sizeof h);
  mlkem_zeroize(hs, sizeof hs);
  return MLKEM_OK;
}

int mlkem_aes_gcm_init_impl(mlkem_aes_gcm_key *k, const uint8_t *key,
                            size_t key_len, const mlkem_gcm_impl *impl) {
  const int err = key_init(k, key, key_len, impl);
  scrub();
  return err;
}

int mlkem_aes_gcm_init(mlkem_aes_gcm_key *k, const uint8_t *key,
                       size_t key_len) {
  return mlkem_aes_gcm_init_impl(k, key, key_len, mlkem_gcm_impl_get());
}

void mlkem_aes_gcm_wipe(mlkem_aes_gcm_key *k) {
  mlkem_zeroize(k, sizeof *k);
}

/* Zeroes an output of n bytes (p may be NULL when n is 0). */
static void zero_output(uint8_t *p, size_t n) {
  if (n != 0) mlkem_zeroize(p, n);
}

/* Within @spec{SP800-38D, sec. 5.2.1.1}'s limits (gcm.h); also pt_len + 16
 * must be a size (on 32-bit hosts the limit on P is above SIZE_MAX). */
static int lengths_ok(size_t aad_len, size_t pt_len) {
#if SIZE_MAX > 0xFFFFFFFFu
  if ((uint64_t)aad_len > MLKEM_GCM_MAX_AAD_BYTES ||
      (uint64_t)pt_len > MLKEM_GCM_MAX_PT_BYTES)
    return 0;
#else
  (void)aad_len; /* a 32-bit size is below both limits */
#endif
  return pt_len <= SIZE_MAX - MLKEM_GCM_TAG_BYTES;
}

/* GHASH over the aad zero-padded to whole blocks (@spec{SP800-38D, Alg. 4},
 * step 5). */
static void ghash_padded(const mlkem_aes_gcm_key *k, uint8_t x[16],
                         const uint8_t *p, size_t len) {
  uint8_t last[16] = {0};
  size_t whole = len / 16;
  if (whole != 0) k->impl->ghash(k, x, p, whole);
  if (len % 16 != 0) {
    memcpy(last, p + 16 * whole, len % 16);
    k->impl->ghash(k, x, last, 1);
  }
}

/* The single blocks of one message: E_K(J0) (counter 1) to ej0 and, if the
 * message ends in a partial block, its keystream (counter 2 + whole) to
 * ks. */
static void single_blocks(const mlkem_aes_gcm_key *k, const uint8_t *nonce,
                          size_t whole, int partial, uint8_t ej0[16],
                          uint8_t ks[16]) {
  const uint8_t *nonces[2];
  uint32_t ctr[2];
  uint8_t *dst[2];
  nonces[0] = nonces[1] = nonce;
  ctr[0] = 1;
  ctr[1] = (uint32_t)(2 + whole); /* below 2^32 within the limits */
  dst[0] = ej0;
  dst[1] = ks;
  k->aes.impl->ctr_group(&k->aes, nonces, ctr, dst, partial ? 2 : 1);
}

/* @spec{SP800-38D, Alg. 4}, step 5's last block, [len(A)]_64 || [len(C)]_64 in
 * bits, then step 6: T = E_K(J0) ^ S. */
static void finish_tag(const mlkem_aes_gcm_key *k, uint8_t x[16],
                       const uint8_t ej0[16], size_t aad_len, size_t len,
                       uint8_t tag[16]) {
  uint8_t lens[16];
  unsigned i;
  mlkem_store64_be(lens, (uint64_t)aad_len << 3);
  mlkem_store64_be(lens + 8, (uint64_t)len << 3);
  k->impl->ghash(k, x, lens, 1);
  for (i = 0; i < 16; i++) tag[i] = (uint8_t)(x[i] ^ ej0[i]);
}

static int seal_message(const mlkem_aes_gcm_key *k, uint8_t *ct,
                        const uint8_t *nonce, const uint8_t *aad,
                        size_t aad_len, const uint8_t *pt, size_t pt_len) {
  uint8_t x[16] = {0}, ej0[16], ks[16], last[16] = {0};
  const size_t whole = pt_len / 16, rest = pt_len % 16;
  size_t i;
  if (!lengths_ok(aad_len, pt_len)) {
    if (pt_len <= SIZE_MAX - MLKEM_GCM_TAG_BYTES)
      zero_output(ct, pt_len + MLKEM_GCM_TAG_BYTES);
    return MLKEM_ERR_AEAD_LENGTH;
  }
  single_blocks(k, nonce, whole, rest != 0, ej0, ks);
  ghash_padded(k, x, aad, aad_len);
  if (whole != 0) k->impl->crypt(k, x, nonce, 2, ct, pt, whole, 0);
  if (rest != 0) {
    /* @spec{SP800-38D, Alg. 3} step 6's partial block; GHASH over it
     * zero-padded (in place, pt and ct are the same bytes: read before
     * written). */
    for (i = 0; i < rest; i++) last[i] = (uint8_t)(pt[16 * whole + i] ^ ks[i]);
    memcpy(ct + 16 * whole, last, rest);
    k->impl->ghash(k, x, last, 1);
  }
  finish_tag(k, x, ej0, aad_len, pt_len, ct + pt_len);
  mlkem_zeroize(x, sizeof x);
  mlkem_zeroize(ej0, sizeof ej0);
  mlkem_zeroize(ks, sizeof ks);
  mlkem_zeroize(last, sizeof last);
  return MLKEM_OK;
}

static int open_message(const mlkem_aes_gcm_key *k, uint8_t *pt,
                        const uint8_t *nonce, const uint8_t *aad,
                        size_t aad_len, const uint8_t *ct, size_t ct_len) {
  uint8_t x[16] = {0}, ej0[16], ks[16], last[16] = {0}, tag[16], want[16];
  size_t pt_len, whole, rest, i;
  uint8_t differ;
  if (ct_len < MLKEM_GCM_TAG_BYTES) return MLKEM_ERR_AEAD_LENGTH;
  pt_len = ct_len - MLKEM_GCM_TAG_BYTES;
  if (!lengths_ok(aad_len, pt_len)) {
    zero_output(pt, pt_len);
    return MLKEM_ERR_AEAD_LENGTH;
  }
  whole = pt_len / 16;
  rest = pt_len % 16;
  /* @spec{SP800-38D, Alg. 5}: the tag read first (in place, pt may reach up to
   * it but not into it). */
  memcpy(tag, ct + pt_len, sizeof tag);
  single_blocks(k, nonce, whole, rest != 0, ej0, ks);
  ghash_padded(k, x, aad, aad_len);
  if (whole != 0) k->impl->crypt(k, x, nonce, 2, pt, ct, whole, 1);
  if (rest != 0) {
    memcpy(last, ct + 16 * whole, rest);
    k->impl->ghash(k, x, last, 1);
    for (i = 0; i < rest; i++) pt[16 * whole + i] = (uint8_t)(last[i] ^ ks[i]);
  }
  finish_tag(k, x, ej0, aad_len, pt_len, want);
  /* Step 8: the comparison reads all 16 bytes; whether they differ is the
   * result, public. */
  differ = mlkem_ct_memneq(want, tag, sizeof tag);
  MLKEM_CT_UNPOISON(&differ, sizeof differ);
  mlkem_zeroize(x, sizeof x);
  mlkem_zeroize(ej0, sizeof ej0);
  mlkem_zeroize(ks, sizeof ks);
  mlkem_zeroize(last, sizeof last);
  mlkem_zeroize(want, sizeof want);
  if (differ != 0) {
    zero_output(pt, pt_len);
    return MLKEM_ERR_AEAD_TAG;
  }
  return MLKEM_OK;
}

/* seal_message and open_message: out from in under k. */
typedef int (*message_fn)(const mlkem_aes_gcm_key *k, uint8_t *out,
                          const uint8_t *nonce, const uint8_t *aad,
                          size_t aad_len, const uint8_t *in, size_t in_len);

int mlkem_aes_gcm_seal_key(const mlkem_aes_gcm_key *k, uint8_t *ct,
                           const uint8_t nonce[MLKEM_GCM_NONCE_BYTES],
                           const uint8_t *aad, size_t aad_len,
                           const uint8_t *pt, size_t pt_len) {
  const int err = seal_message(k, ct, nonce, aad, aad_len, pt, pt_len);
  scrub();
  return err;
}

int mlkem_aes_gcm_open_key(const mlkem_aes_gcm_key *k, uint8_t *pt,
                           const uint8_t nonce[MLKEM_GCM_NONCE_BYTES],
                           const uint8_t *aad, size_t aad_len,
                           const uint8_t *ct, size_t ct_len) {
  const int err = open_message(k, pt, nonce, aad, aad_len, ct, ct_len);
  scrub();
  return err;
}

/* One message with a key expanded for it and wiped after; a wrong key
 * length zeroes out's out_len bytes (when out_fits: out_len is a
 * size). */
static int one_shot(message_fn fn, uint8_t *out, int out_fits, size_t out_len,
                    const uint8_t *key, size_t key_len, const uint8_t *nonce,
                    const uint8_t *aad, size_t aad_len, const uint8_t *in,
                    size_t in_len) {
  mlkem_aes_gcm_key k;
  int err = key_init(&k, key, key_len, mlkem_gcm_impl_get());
  if (err == MLKEM_OK)
    err = fn(&k, out, nonce, aad, aad_len, in, in_len);
  else if (out_fits)
    zero_output(out, out_len);
  mlkem_aes_gcm_wipe(&k);
  scrub();
  return err;
}

int mlkem_aes_gcm_seal(uint8_t *ct, const uint8_t *key, size_t key_len,
                       const uint8_t nonce[MLKEM_GCM_NONCE_BYTES],
                       const uint8_t *aad, size_t aad_len, const uint8_t *pt,
                       size_t pt_len) {
  return one_shot(seal_message, ct, pt_len <= SIZE_MAX - MLKEM_GCM_TAG_BYTES,
                  pt_len + MLKEM_GCM_TAG_BYTES, key, key_len, nonce, aad,
                  aad_len, pt, pt_len);
}

int mlkem_aes_gcm_open(uint8_t *pt, const uint8_t *key, size_t key_len,
                       const uint8_t nonce[MLKEM_GCM_NONCE_BYTES],
                       const uint8_t *aad, size_t aad_len, const uint8_t *ct,
                       size_t ct_len) {
  return one_shot(open_message, pt, ct_len >= MLKEM_GCM_TAG_BYTES,
                  ct_len - MLKEM_GCM_TAG_BYTES, key, key_len, nonce, aad,
                  aad_len, ct, ct_len);
}
