/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * aead/chacha20.h - the ChaCha20 stream cipher of @spec{RFC8439}
 * (@spec{RFC8439, sec. 2.3}, the block function; @spec{RFC8439, sec. 2.4},
 * encryption), for ChaCha20-Poly1305 (chacha20poly1305.h). Internal.
 *
 * A stream is named by its initial state (@spec{RFC8439, sec. 2.3}): the four
 * constants, the key as eight little-endian words, the 32-bit block
 * counter, and the 96-bit nonce as three little-endian words. Block j of
 * the stream is the block function of that state with the counter word
 * replaced by ctr + j (mod 2^32: the counter never carries into the
 * nonce; the AEAD keeps its messages short enough that it never wraps).
 *
 * Implementations (one per instruction set: chacha20_portable.c,
 * chacha20_avx2.c, chacha20_neon.c) XOR the keystream into a buffer. The
 * rounds themselves are written once, in chacha20_rounds.h, over the
 * vector type of each. Constant time: the rounds are additions, XORs and
 * rotations by constants; lengths are public.
 */
#ifndef MLKEM_AEAD_CHACHA20_H
#define MLKEM_AEAD_CHACHA20_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "platform/ct.h"

#define MLKEM_CHACHA20_KEY_BYTES 32
#define MLKEM_CHACHA20_NONCE_BYTES 12
#define MLKEM_CHACHA20_BLOCK_BYTES 64

/* The constants of @spec{RFC8439, sec. 2.3}: "expand 32-byte k" as
 * little-endian words. */
#define MLKEM_CHACHA20_C0 0x61707865u
#define MLKEM_CHACHA20_C1 0x3320646eu
#define MLKEM_CHACHA20_C2 0x79622d32u
#define MLKEM_CHACHA20_C3 0x6b206574u

/* The initial state of a stream: w[0..3] the constants, w[4..11] the key,
 * w[12] the counter of the first block, w[13..15] the nonce. Holds the
 * key: wipe it when done. */
typedef struct {
  uint32_t w[16];
} mlkem_chacha20_state;

/* Writes the state for a 32-byte key, a 12-byte nonce and a first block
 * counter (@spec{RFC8439, sec. 2.3}); or for the key already read as eight
 * little-endian words. */
void mlkem_chacha20_state_init(mlkem_chacha20_state *st, const uint8_t key[32],
                               const uint8_t nonce[12], uint32_t ctr);
void mlkem_chacha20_state_init_words(mlkem_chacha20_state *st,
                                     const uint32_t key[8],
                                     const uint8_t nonce[12], uint32_t ctr);

/* out[i] = in[i] XOR keystream byte i, for i < len, from block st->w[12]
 * of the stream of st (len need not be a multiple of 64; the keystream of
 * a last partial block is discarded). out == in is allowed; other
 * overlaps are not. The state is not changed. */
typedef void (*mlkem_chacha20_xor_fn)(uint8_t *out, const uint8_t *in,
                                      size_t len,
                                      const mlkem_chacha20_state *st);

void mlkem_chacha20_xor_portable(uint8_t *out, const uint8_t *in, size_t len,
                                 const mlkem_chacha20_state *st);
void mlkem_chacha20_xor_avx2(uint8_t *out, const uint8_t *in, size_t len,
                             const mlkem_chacha20_state *st);
void mlkem_chacha20_xor_neon(uint8_t *out, const uint8_t *in, size_t len,
                             const mlkem_chacha20_state *st);

/* The block function (@spec{RFC8439, sec. 2.3.2}): the 64 bytes of keystream
 * block st->w[12], serialized little-endian. */
void mlkem_chacha20_block(uint8_t out[64], const mlkem_chacha20_state *st);

/* For the SIMD implementations: the last len < 256 bytes from block ctr
 * with their four-block step (out = in XOR blocks ctr .. ctr + 3, 256
 * bytes), through a buffer whose keystream of the discarded bytes is
 * wiped. */
typedef void (*mlkem_chacha20_blocks4_fn)(uint8_t *out, const uint8_t *in,
                                          const uint32_t w[16], uint32_t ctr);
static inline void mlkem_chacha20_xor_last(uint8_t *out, const uint8_t *in,
                                           size_t len, const uint32_t w[16],
                                           uint32_t ctr,
                                           mlkem_chacha20_blocks4_fn blocks4) {
  uint8_t buf[256];
  memcpy(buf, in, len);
  blocks4(buf, buf, w, ctr);
  memcpy(out, buf, len);
  mlkem_zeroize(buf, sizeof buf);
}

#endif
