/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * aead/poly1305.h - the Poly1305 one-time authenticator of @spec{RFC8439}
 * (@spec{RFC8439, sec. 2.5}), for ChaCha20-Poly1305 (chacha20poly1305.h).
 * Internal.
 *
 * The tag of a message m under a 32-byte one-time key (r, s) is
 *   ((sum over the 16-byte blocks c_i of m of c_i r^(q - i + 1)) mod p + s)
 *     mod 2^128,   p = 2^130 - 5,
 * each block read little-endian with a one appended above its last byte
 * (2^128 for a full block), r "clamped" (@spec{RFC8439, sec. 2.5.1}). It is
 * computed block by block, h <- (h + c_i) r mod p.
 *
 * The state keeps h in three 64-bit words, partly reduced, and r, s as
 * the key gave them. The blocks are absorbed by an implementation
 * (poly1305_portable.c: radix 2^64 in scalar code; poly1305_avx2.c: four
 * blocks at a time in radix 2^26 with r^1 .. r^4, which it computes the
 * first time it needs them and keeps in the state); the last partial
 * block and the tag are common code. Constant time: no branch or index
 * depends on the key, the message or the tag; lengths are public.
 */
#ifndef MLKEM_AEAD_POLY1305_H
#define MLKEM_AEAD_POLY1305_H

#include <stddef.h>
#include <stdint.h>

#define MLKEM_POLY1305_KEY_BYTES 32
#define MLKEM_POLY1305_TAG_BYTES 16
#define MLKEM_POLY1305_BLOCK_BYTES 16

/* Holds the key and h: wipe it (mlkem_poly1305_final does). */
typedef struct {
  /* h = h[0] + h[1] 2^64 + h[2] 2^128, with h[2] <= 4 between calls. */
  uint64_t h[3];
  uint64_t r[2]; /* r, clamped (@spec{RFC8439, sec. 2.5.1}) */
  uint64_t s[2];
  /* For the SIMD implementations: limb j (26 bits) of r^(i+1) mod p in
   * pow26[i][j], valid when have_pow26 is 1 (public: it says only whether
   * a long run of blocks was absorbed before). */
  uint32_t pow26[4][5];
  uint32_t have_pow26;
} mlkem_poly1305;

/* Starts a MAC under the one-time key (r || s, @spec{RFC8439, sec. 2.5}). */
void mlkem_poly1305_init(mlkem_poly1305 *st, const uint8_t key[32]);

/* Absorbs nblocks full 16-byte blocks of m (each with 2^128 added). The
 * implementations: */
typedef void (*mlkem_poly1305_blocks_fn)(mlkem_poly1305 *st, const uint8_t *m,
                                         size_t nblocks);
void mlkem_poly1305_blocks_portable(mlkem_poly1305 *st, const uint8_t *m,
                                    size_t nblocks);
void mlkem_poly1305_blocks_avx2(mlkem_poly1305 *st, const uint8_t *m,
                                size_t nblocks);

/* Absorbs the last len < 16 bytes of the message, if len > 0 (a partial
 * block: the one appended above its last byte, @spec{RFC8439, sec. 2.5.1}), and
 * writes the tag. Wipes the state. */
void mlkem_poly1305_final(mlkem_poly1305 *st, uint8_t tag[16],
                          const uint8_t *last, size_t len);

/* For the SIMD implementations: fills pow26 and sets have_pow26. */
void mlkem_poly1305_powers26(mlkem_poly1305 *st);

#endif
