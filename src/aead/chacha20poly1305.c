/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * aead/chacha20poly1305.c - the AEAD construction of @spec{RFC8439, sec. 2.8}
 * over an implementation's ChaCha20 and Poly1305 (chacha20poly1305.h):
 * argument and length checks, the one-time key, the MAC's layout, the
 * constant-time tag comparison, and wiping.
 *
 * Block 0 of the stream gives the Poly1305 key (@spec{RFC8439, sec. 2.6}) and
 * blocks 1, 2, ... encrypt. A message of at most HEAD_BYTES comes from the same
 * call as block 0: the SIMD implementations make four or eight blocks per
 * step, so block 0 and a short message cost one step instead of two
 * (AVX2, 64 bytes: 960 rdtsc ticks a seal; 1,950 with block 0 on its own
 * and the message as a body, whose larger stack scrub is part of the
 * difference; AMD EPYC Zen 3). A longer one is the body, from block 1: an
 * implementation's bulk function first (AVX2: ChaCha20 and Poly1305 in
 * one pass over whole 512-byte steps), then its ChaCha20 and Poly1305 one
 * after the other, in BODY_CHUNK pieces that stay in the L1 cache between
 * the two.
 */
#include "aead/chacha20poly1305.h"

#include <string.h>

#include "platform/bytes.h"
#include "platform/ct.h"
#include "mlkem.h"

/* Blocks 1 .. 3: what one four-block step makes beside block 0. */
#define HEAD_BYTES (3 * MLKEM_CHACHA20_BLOCK_BYTES)
/* A multiple of 64 (ChaCha20 blocks) and of 16 (Poly1305 blocks). */
#define BODY_CHUNK 4096

/* After seal and open, the stack their callees used is zeroed: the
 * compiler spills keystream, key words and Poly1305 values there, which
 * mlkem_zeroize cannot reach (test_zeroize finds them otherwise). A short
 * message's callees stay within MLKEM_SCRUB_BYTES (AVX2, gcc 12 -O3, from
 * -fstack-usage: the ChaCha20 entry 288 bytes and its four-block step
 * 376); the body's reach BODY_SCRUB_BYTES (the AVX2 seal's bulk function
 * 2,400 bytes, the eight-block ChaCha20 steps inlined there with their
 * spills, and below it 272 more). */
#define BODY_SCRUB_BYTES 4096

#if defined(__GNUC__) || defined(__clang__)
__attribute__((noinline))
#endif
static void
scrub_body_stack(void) {
  uint8_t area[BODY_SCRUB_BYTES];
  mlkem_zeroize(area, sizeof area);
}

/* The scrub for a message of len bytes (public). */
static void scrub_after(size_t len) {
  if (len > HEAD_BYTES)
    scrub_body_stack();
  else
    mlkem_scrub_stack();
}

static int pt_too_long(size_t len) {
#if SIZE_MAX > 0xFFFFFFFFu
  return (uint64_t)len > MLKEM_CHACHA20POLY1305_MAX_PT;
#else
  (void)len; /* 2^32 - 1 bytes and less are always allowed */
  return 0;
#endif
}

void mlkem_chacha20poly1305_key_init_impl(
    mlkem_chacha20poly1305_key *key, const uint8_t k[32],
    const mlkem_chacha20poly1305_impl *impl) {
  unsigned i;
  key->impl = impl;
  for (i = 0; i < 8; i++) key->k[i] = mlkem_load32_le(k + 4 * i);
}

void mlkem_chacha20poly1305_key_init(mlkem_chacha20poly1305_key *key,
                                     const uint8_t k[32]) {
  mlkem_chacha20poly1305_key_init_impl(key, k,
                                       mlkem_chacha20poly1305_impl_get());
}

void mlkem_chacha20poly1305_key_wipe(mlkem_chacha20poly1305_key *key) {
  mlkem_zeroize(key, sizeof *key);
}

/* buf[0 .. 64) <- keystream block 0, buf[64 .. 64 + head) <- in[0 ..
 * head) XOR blocks 1, 2, ... (head <= HEAD_BYTES; 0: block 0 only). */
static void head_blocks(const mlkem_chacha20poly1305_impl *impl,
                        uint8_t buf[64 + HEAD_BYTES],
                        const mlkem_chacha20_state *st, const uint8_t *in,
                        size_t head) {
  memset(buf, 0, 64);
  if (head > 0) memcpy(buf + 64, in, head);
  impl->chacha20(buf, buf, 64 + head, st);
}

/* @spec{RFC8439, sec. 2.8}: a string of the MAC's input, then zeros to a
 * multiple of 16 bytes. */
static void mac_padded(mlkem_poly1305 *mac, mlkem_poly1305_blocks_fn blocks,
                       const uint8_t *p, size_t len) {
  size_t full = len / 16, rest = len % 16;
  if (full > 0) blocks(mac, p, full);
  if (rest > 0) {
    uint8_t b[16];
    memset(b, 0, sizeof b);
    memcpy(b, p + 16 * full, rest);
    blocks(mac, b, 1);
    mlkem_zeroize(b, sizeof b);
  }
}

/* The MAC's last block, the two lengths as 64-bit little-endian numbers,
 * and the tag. */
static void mac_finish(mlkem_poly1305 *mac, mlkem_poly1305_blocks_fn blocks,
                       size_t aad_len, size_t ct_len, uint8_t tag[16]) {
  uint8_t b[16];
  mlkem_store64_le(b, (uint64_t)aad_len);
  mlkem_store64_le(b + 8, (uint64_t)ct_len);
  blocks(mac, b, 1);
  mlkem_poly1305_final(mac, tag, NULL, 0);
}

/* The body of seal or of open: out = in XOR the keystream from block
 * st->w[12], the ciphertext (seal: out; open: in) padded to 16 bytes
 * absorbed into mac, the implementation's bulk function first. open MACs
 * each piece before decrypting it (out == in works). Advances st->w[12]. */
static void body(const mlkem_chacha20poly1305_impl *impl, int opening,
                 uint8_t *out, const uint8_t *in, size_t len,
                 mlkem_chacha20_state *st, mlkem_poly1305 *mac) {
  mlkem_chacha20poly1305_bulk_fn bulk =
      opening ? impl->open_bulk : impl->seal_bulk;
  size_t done = bulk != NULL ? bulk(out, in, len, st, mac) : 0;
  for (;;) {
    size_t n;
    st->w[12] += (uint32_t)(done / MLKEM_CHACHA20_BLOCK_BYTES);
    out += done, in += done, len -= done;
    if (len == 0) break;
    n = len < BODY_CHUNK ? len : BODY_CHUNK;
    if (opening) mac_padded(mac, impl->poly1305_blocks, in, n);
    impl->chacha20(out, in, n, st);
    if (!opening) mac_padded(mac, impl->poly1305_blocks, out, n);
    done = n;
  }
}

/* The checks before seal: an error code, with ct zeroed where that is
 * possible, or 0. */
static int seal_checks(int have_key, uint8_t *ct, const uint8_t *nonce,
                       const uint8_t *aad, size_t aad_len, const uint8_t *pt,
                       size_t pt_len) {
  if (!have_key || nonce == NULL || ct == NULL || (aad == NULL && aad_len) ||
      (pt == NULL && pt_len)) {
    if (ct != NULL && !pt_too_long(pt_len))
      memset(ct, 0, pt_len + MLKEM_CHACHA20POLY1305_TAG_BYTES);
    return MLKEM_ERR_NULL_ARGUMENT;
  }
  return pt_too_long(pt_len) ? MLKEM_ERR_AEAD_LENGTH : MLKEM_OK;
}

static int open_checks(int have_key, uint8_t *pt, const uint8_t *nonce,
                       const uint8_t *aad, size_t aad_len, const uint8_t *ct,
                       size_t ct_len) {
  const size_t tag = MLKEM_CHACHA20POLY1305_TAG_BYTES;
  int len_ok = ct_len >= tag && !pt_too_long(ct_len - tag);
  if (!have_key || nonce == NULL || (ct == NULL && ct_len) ||
      (aad == NULL && aad_len) || (pt == NULL && ct_len > tag)) {
    if (pt != NULL && len_ok) memset(pt, 0, ct_len - tag);
    return MLKEM_ERR_NULL_ARGUMENT;
  }
  return len_ok ? MLKEM_OK : MLKEM_ERR_AEAD_LENGTH;
}

int mlkem_chacha20poly1305_key_seal(const mlkem_chacha20poly1305_key *key,
                                    uint8_t *ct, const uint8_t nonce[12],
                                    const uint8_t *aad, size_t aad_len,
                                    const uint8_t *pt, size_t pt_len) {
  const mlkem_chacha20poly1305_impl *impl;
  uint8_t buf[64 + HEAD_BYTES];
  mlkem_chacha20_state st;
  mlkem_poly1305 mac;
  size_t head = pt_len <= HEAD_BYTES ? pt_len : 0;
  int rc = seal_checks(key != NULL, ct, nonce, aad, aad_len, pt, pt_len);
  if (rc != MLKEM_OK) return rc;
  impl = key->impl;
  mlkem_chacha20_state_init_words(&st, key->k, nonce, 0);
  head_blocks(impl, buf, &st, pt, head);
  mlkem_poly1305_init(&mac, buf);
  mac_padded(&mac, impl->poly1305_blocks, aad, aad_len);
  if (head > 0) {
    memcpy(ct, buf + 64, head);
    mac_padded(&mac, impl->poly1305_blocks, ct, head);
  } else if (pt_len > 0) {
    st.w[12] = 1;
    body(impl, 0, ct, pt, pt_len, &st, &mac);
  }
  mac_finish(&mac, impl->poly1305_blocks, aad_len, pt_len, ct + pt_len);
  mlkem_zeroize(buf, sizeof buf);
  mlkem_zeroize(&st, sizeof st);
  scrub_after(pt_len);
  return MLKEM_OK;
}

int mlkem_chacha20poly1305_key_open(const mlkem_chacha20poly1305_key *key,
                                    uint8_t *pt, const uint8_t nonce[12],
                                    const uint8_t *aad, size_t aad_len,
                                    const uint8_t *ct, size_t ct_len) {
  const mlkem_chacha20poly1305_impl *impl;
  uint8_t buf[64 + HEAD_BYTES], tag[16], bad;
  mlkem_chacha20_state st;
  mlkem_poly1305 mac;
  size_t n, head;
  int rc = open_checks(key != NULL, pt, nonce, aad, aad_len, ct, ct_len);
  if (rc != MLKEM_OK) return rc;
  impl = key->impl;
  n = ct_len - MLKEM_CHACHA20POLY1305_TAG_BYTES;
  head = n <= HEAD_BYTES ? n : 0;
  mlkem_chacha20_state_init_words(&st, key->k, nonce, 0);
  head_blocks(impl, buf, &st, ct, head);
  mlkem_poly1305_init(&mac, buf);
  mac_padded(&mac, impl->poly1305_blocks, aad, aad_len);
  if (head > 0) {
    /* MACed first: the plaintext may overwrite it (in place). */
    mac_padded(&mac, impl->poly1305_blocks, ct, head);
    memcpy(pt, buf + 64, head);
  } else if (n > 0) {
    st.w[12] = 1;
    body(impl, 1, pt, ct, n, &st, &mac);
  }
  mac_finish(&mac, impl->poly1305_blocks, aad_len, n, tag);
  bad = mlkem_ct_memneq(tag, ct + n, MLKEM_CHACHA20POLY1305_TAG_BYTES);
  /* Whether the message is authentic is the function's result
   * (@spec{RFC8439, sec. 2.8}): public. */
  MLKEM_CT_UNPOISON(&bad, sizeof bad);
  if (bad) {
    if (n > 0) mlkem_zeroize(pt, n);
    rc = MLKEM_ERR_AEAD_TAG;
  }
  mlkem_zeroize(buf, sizeof buf);
  mlkem_zeroize(&st, sizeof st);
  mlkem_zeroize(tag, sizeof tag);
  scrub_after(n);
  return rc;
}

/* A one-shot call: the checks' result rc, or f on the key loaded for it. */
typedef int (*keyed_fn)(const mlkem_chacha20poly1305_key *key, uint8_t *out,
                        const uint8_t nonce[12], const uint8_t *aad,
                        size_t aad_len, const uint8_t *in, size_t in_len);
static int one_shot(int rc, keyed_fn f, uint8_t *out, const uint8_t key[32],
                    const uint8_t nonce[12], const uint8_t *aad, size_t aad_len,
                    const uint8_t *in, size_t in_len) {
  mlkem_chacha20poly1305_key k;
  if (rc != MLKEM_OK) return rc;
  mlkem_chacha20poly1305_key_init(&k, key);
  rc = f(&k, out, nonce, aad, aad_len, in, in_len);
  mlkem_chacha20poly1305_key_wipe(&k);
  return rc;
}

int mlkem_chacha20poly1305_seal(uint8_t *ct, const uint8_t key[32],
                                const uint8_t nonce[12], const uint8_t *aad,
                                size_t aad_len, const uint8_t *pt,
                                size_t pt_len) {
  return one_shot(seal_checks(key != NULL, ct, nonce, aad, aad_len, pt, pt_len),
                  mlkem_chacha20poly1305_key_seal, ct, key, nonce, aad, aad_len,
                  pt, pt_len);
}

int mlkem_chacha20poly1305_open(uint8_t *pt, const uint8_t key[32],
                                const uint8_t nonce[12], const uint8_t *aad,
                                size_t aad_len, const uint8_t *ct,
                                size_t ct_len) {
  return one_shot(open_checks(key != NULL, pt, nonce, aad, aad_len, ct, ct_len),
                  mlkem_chacha20poly1305_key_open, pt, key, nonce, aad, aad_len,
                  ct, ct_len);
}
