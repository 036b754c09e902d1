/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * aead/chacha20poly1305.h - the ChaCha20-Poly1305 AEAD of @spec{RFC8439}
 * (@spec{RFC8439, sec. 2.8}), HPKE's AEAD 0x0003 (@spec{RFC9180, sec. 7.3}).
 * Internal: the public mlkem_aead_seal / mlkem_aead_open (mlkem_hazmat.h) and
 * HPKE call it.
 *
 * seal: the one-time Poly1305 key is the first 32 bytes of ChaCha20 block
 * 0 under the key and nonce (@spec{RFC8439, sec. 2.6}); the plaintext is
 * encrypted with blocks 1, 2, ... (@spec{RFC8439, sec. 2.4}); the tag is
 * Poly1305 of
 *   aad || zeros to a multiple of 16 || ciphertext || zeros to a multiple
 *   of 16 || LE64(aad_len) || LE64(ciphertext length),
 * appended to the ciphertext. open computes the same tag over the
 * received ciphertext as it decrypts it (one pass: each part is MACed
 * before its plaintext is written), compares it with the received tag in
 * constant time, and if they differ zeroes the whole output before it
 * returns: no plaintext of a forged or altered message is returned
 * (during the call the output buffer, which the caller gave to open, may
 * hold some).
 *
 * Lengths (@spec{RFC8439, sec. 2.8}): the plaintext at most P_MAX = 2^38 - 64
 * bytes (2^32 - 1 blocks after block 0, so the 32-bit counter never wraps);
 * the associated data any size_t length. Longer inputs are refused with
 * MLKEM_ERR_AEAD_LENGTH before anything is read or written.
 *
 * Two forms, the same computation:
 *  - one-shot, mlkem_chacha20poly1305_seal / _open, with the 32-byte key;
 *  - keyed, for many messages under one key (an HPKE context,
 *    @spec{RFC9180, sec. 5.2}, seals or opens each message with a fresh nonce):
 *    mlkem_chacha20poly1305_key_init loads the key once into a
 *    mlkem_chacha20poly1305_key, then _key_seal / _key_open per message,
 *    and _key_wipe at the end. ChaCha20 has no key schedule, so the saving
 *    is small (the key's byte order, the choice of implementation); the
 *    form exists so that HPKE treats both AEAD families alike. The
 *    one-shot functions are this form on a key that lives for one call.
 *
 * Implementations: one per instruction set, chosen once per process
 * (chacha20poly1305_select.c) following the ML-KEM backend as the AES and
 * SHA-2 code does: the portable backend gets the portable code, avx2 and
 * avx512 the AVX2 code (8 ChaCha20 blocks in parallel, Poly1305 four
 * blocks in parallel), neon and neon-sha3 the NEON ChaCha20 with the
 * scalar Poly1305. An AVX-512 implementation would be one more table
 * (docs/ARCHITECTURE.md). Every implementation gives identical outputs;
 * the tests run each against the portable one.
 *
 * Constant time: no branch or index depends on the key, the plaintext,
 * the keystream or the tags; only the lengths and the outcome of the tag
 * comparison (the function's public result) are branched on.
 */
#ifndef MLKEM_AEAD_CHACHA20POLY1305_H
#define MLKEM_AEAD_CHACHA20POLY1305_H

#include <stddef.h>
#include <stdint.h>

#include "aead/chacha20.h"
#include "aead/poly1305.h"

#define MLKEM_CHACHA20POLY1305_KEY_BYTES 32
#define MLKEM_CHACHA20POLY1305_NONCE_BYTES 12
#define MLKEM_CHACHA20POLY1305_TAG_BYTES 16
/* P_MAX of @spec{RFC8439, sec. 2.8}, the longest plaintext: 2^38 - 64. */
#define MLKEM_CHACHA20POLY1305_MAX_PT ((((uint64_t)1) << 38) - 64)

/* The bulk of a message body, where an implementation does better than
 * its ChaCha20 and then its Poly1305 (AVX2: the two stitched, one pass
 * over the data). seal: out = in XOR the keystream from block st->w[12],
 * and out absorbed into mac; open: in absorbed into mac, and out = in XOR
 * the keystream, each 64 bytes of in read before the same 64 bytes of out
 * are written (so out == in works). Either takes a leading part of len, a
 * multiple of 64 bytes (possibly none), and returns its length; the
 * caller does the rest. */
typedef size_t (*mlkem_chacha20poly1305_bulk_fn)(uint8_t *out,
                                                 const uint8_t *in, size_t len,
                                                 const mlkem_chacha20_state *st,
                                                 mlkem_poly1305 *mac);

/* One implementation: its ChaCha20, its Poly1305 block loop, and its bulk
 * functions (NULL: none). */
typedef struct mlkem_chacha20poly1305_impl {
  const char *name;
  mlkem_chacha20_xor_fn chacha20;
  mlkem_poly1305_blocks_fn poly1305_blocks;
  mlkem_chacha20poly1305_bulk_fn seal_bulk, open_bulk;
} mlkem_chacha20poly1305_impl;

extern const mlkem_chacha20poly1305_impl mlkem_chacha20poly1305_portable;
extern const mlkem_chacha20poly1305_impl mlkem_chacha20poly1305_avx2;
extern const mlkem_chacha20poly1305_impl mlkem_chacha20poly1305_neon;

/* The AVX2 bulk functions (chacha20poly1305_avx2.c). */
size_t mlkem_chacha20poly1305_seal_bulk_avx2(uint8_t *out, const uint8_t *in,
                                             size_t len,
                                             const mlkem_chacha20_state *st,
                                             mlkem_poly1305 *mac);
size_t mlkem_chacha20poly1305_open_bulk_avx2(uint8_t *out, const uint8_t *in,
                                             size_t len,
                                             const mlkem_chacha20_state *st,
                                             mlkem_poly1305 *mac);

/* The implementation for this process. Never NULL. */
const mlkem_chacha20poly1305_impl *mlkem_chacha20poly1305_impl_get(void);

/* Every implementation built in and usable on this CPU, portable first;
 * writes up to cap pointers to list and returns how many. */
size_t mlkem_chacha20poly1305_impls(const mlkem_chacha20poly1305_impl **list,
                                    size_t cap);

/* A key loaded for many messages, and the implementation that will run
 * them. Holds the key: wipe it with mlkem_chacha20poly1305_key_wipe. */
typedef struct {
  const mlkem_chacha20poly1305_impl *impl;
  uint32_t k[8]; /* the key as little-endian words (@spec{RFC8439, sec. 2.3}) */
} mlkem_chacha20poly1305_key;

/* Loads the 32-byte key k for the process's implementation, or for impl
 * (tests, benchmarks). */
void mlkem_chacha20poly1305_key_init(mlkem_chacha20poly1305_key *key,
                                     const uint8_t k[32]);
void mlkem_chacha20poly1305_key_init_impl(
    mlkem_chacha20poly1305_key *key, const uint8_t k[32],
    const mlkem_chacha20poly1305_impl *impl);

/* Zeroes the key. */
void mlkem_chacha20poly1305_key_wipe(mlkem_chacha20poly1305_key *key);

/* seal: writes the ciphertext (pt_len bytes) and then the tag (16 bytes)
 * to ct, pt_len + 16 bytes in all. ct == pt (in place, the buffer having
 * room for the tag) is allowed; any other overlap of ct with pt, aad,
 * nonce or key is not. Returns
 *   0 (MLKEM_OK);
 *   MLKEM_ERR_NULL_ARGUMENT if key, nonce or ct is NULL, or aad or pt is
 *     NULL with a nonzero length: ct (if not NULL) is zeroed;
 *   MLKEM_ERR_AEAD_LENGTH if pt_len > 2^38 - 64: nothing is written.
 * A NULL aad or pt with length 0 is an empty string. */
int mlkem_chacha20poly1305_key_seal(const mlkem_chacha20poly1305_key *key,
                                    uint8_t *ct, const uint8_t nonce[12],
                                    const uint8_t *aad, size_t aad_len,
                                    const uint8_t *pt, size_t pt_len);

/* open: ct is a ciphertext followed by its 16-byte tag (ct_len bytes);
 * writes the plaintext, ct_len - 16 bytes, to pt. pt == ct is allowed;
 * any other overlap is not. Returns
 *   0 (MLKEM_OK);
 *   MLKEM_ERR_AEAD_TAG if the tag does not authenticate ct and aad under
 *     the key and nonce: all ct_len - 16 bytes of pt are zeroed (in place,
 *     the ciphertext is lost; the tag after it is left);
 *   MLKEM_ERR_NULL_ARGUMENT if key or nonce is NULL, or pt, ct or aad is
 *     NULL with a nonzero length: pt (if not NULL) is zeroed;
 *   MLKEM_ERR_AEAD_LENGTH if ct_len < 16 or ct_len - 16 > 2^38 - 64:
 *     nothing is written. */
int mlkem_chacha20poly1305_key_open(const mlkem_chacha20poly1305_key *key,
                                    uint8_t *pt, const uint8_t nonce[12],
                                    const uint8_t *aad, size_t aad_len,
                                    const uint8_t *ct, size_t ct_len);

/* The one-shot forms (AEAD.md's interface): the same as above with the
 * 32-byte key, loaded for this call and wiped after it. A NULL key is
 * MLKEM_ERR_NULL_ARGUMENT. */
int mlkem_chacha20poly1305_seal(uint8_t *ct, const uint8_t key[32],
                                const uint8_t nonce[12], const uint8_t *aad,
                                size_t aad_len, const uint8_t *pt,
                                size_t pt_len);
int mlkem_chacha20poly1305_open(uint8_t *pt, const uint8_t key[32],
                                const uint8_t nonce[12], const uint8_t *aad,
                                size_t aad_len, const uint8_t *ct,
                                size_t ct_len);

#endif
