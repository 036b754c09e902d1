/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * aes.h - AES-128 and AES-256 (@spec{FIPS197}) in counter mode
 * (@spec{SP800-38A, sec. 6.5}): AES-256 for the XOF and PRF of Kyber's round-3
 * "90s" variant, both key sizes for AES-GCM (src/aead/gcm.h), whose hardware
 * implementations also take the round keys from here. Internal to the
 * library: the mlkem_ prefix, but not part of the public API.
 *
 * The counter block is a 12-byte nonce followed by a 32-bit big-endian
 * block counter, so block j of a stream is
 *   AES_K(nonce || BE32(j)),
 * the counter wrapping modulo 2^32 and never carrying into the nonce.
 * (@spec{SP800-38A}'s standard incrementing function with m = 32 bits,
 * @spec{SP800-38A, App. B.1}; Kyber-90s' counter, and GCM's inc32 with a 96-bit
 * IV, @spec{SP800-38D, sec. 7.1}.)
 *
 * Many streams at once. Kyber-90s draws its matrix from k^2 streams under
 * one key (rho) and its noise from several streams under another (sigma),
 * each a few hundred bytes: too short, one at a time, to keep a pipelined
 * AES unit busy (AES-NI needs about 8 independent blocks in flight, VAES
 * 16-32, the bitsliced code 4 per call). So the key is expanded once and
 * mlkem_aesctr_streams produces any number of streams together; the
 * implementations see one flat list of (stream, block) pairs and fill
 * their pipelines across stream boundaries. A caller that needs more of a
 * stream later (rejection sampling running short) asks for it again with
 * a later first block (`ctr`), and gets exactly the continuation.
 *
 * Constant time: no implementation branches on or indexes memory by the
 * key, the nonces or the output. The portable implementation is bitsliced
 * (no S-box table); the others use the CPU's AES instructions. Lengths and
 * the number of streams are public.
 */
#ifndef MLKEM_AES_H
#define MLKEM_AES_H

#include <stddef.h>
#include <stdint.h>

#include "platform/cbmc.h"

#define MLKEM_AES128_KEYBYTES 16
#define MLKEM_AES256_KEYBYTES 32
#define MLKEM_AES_BLOCKBYTES 16
#define MLKEM_AESCTR_NONCEBYTES 12
/* Nr of @spec{FIPS197, Table 4}: Nk + 6 for a key of Nk 32-bit words. */
#define MLKEM_AES128_ROUNDS 10
#define MLKEM_AES256_ROUNDS 14
#define MLKEM_AES_ROUNDS_OF(key_bytes) ((unsigned)(key_bytes) / 4 + 6)

struct mlkem_aes_impl;

/* An expanded key, in the form of the implementation that expanded it:
 * the rounds + 1 round keys as @spec{FIPS197} bytes (hardware implementations),
 * or bitsliced and repeated for four blocks (portable); room for
 * AES-256's 15. Holds secrets: wipe it with mlkem_aes_key_wipe when
 * done. */
typedef struct {
  const struct mlkem_aes_impl *impl;
  unsigned rounds; /* Nr: MLKEM_AES128_ROUNDS or MLKEM_AES256_ROUNDS */
  union {
    uint8_t rk[MLKEM_AES256_ROUNDS + 1][16];
    uint64_t bs[MLKEM_AES256_ROUNDS + 1][8];
  } u;
} mlkem_aes_key;

/* One implementation. expand fills key->u from the key k of 4 Nk bytes,
 * Nk = key->rounds - 6 (set by the caller). ctr_group writes `count`
 * keystream blocks (1 <= count <= width): block i is AES of nonce[i] (12
 * bytes) || BE32(ctr[i]),
 * written to dst[i] (16 bytes, any alignment). ctr_run, where not NULL,
 * writes the nblocks blocks of one stream from block ctr to dst
 * (contiguous), its counters made in registers: what most of a stream is,
 * without the per-block bookkeeping of a group (measured on AVX-512:
 * docs/ARCHITECTURE.md). */
typedef struct mlkem_aes_impl {
  const char *name;
  size_t width; /* blocks per call that keep its pipeline full */
  void (*expand)(mlkem_aes_key *key, const uint8_t *k);
  void (*ctr_group)(const mlkem_aes_key *key, const uint8_t *const nonce[],
                    const uint32_t ctr[], uint8_t *const dst[], size_t count);
  void (*ctr_run)(const mlkem_aes_key *key, const uint8_t *nonce, uint32_t ctr,
                  uint8_t *dst, size_t nblocks);
} mlkem_aes_impl;

/* The contract of every ctr_group (docs/PROOFS.md), for an implementation
 * of width W (at most 8: the portable one's; a wider one would need more
 * terms): a key of either size; count blocks, 1 <= count <= W, block i read
 * from nonce[i] (12 bytes) and ctr[i] and written to the 16 bytes at
 * dst[i], and nothing else written. Proven for the portable code
 * (proofs/aes/ctr_group.c); the hardware implementations are bound to it
 * by the differential tests. */
#define MLKEM_AES_GROUP_BLOCK_OK(i)                                \
  (count <= (i) || (readable(nonce[i], MLKEM_AESCTR_NONCEBYTES) && \
                    writable(dst[i], MLKEM_AES_BLOCKBYTES)))
#define MLKEM_AES_GROUP_BLOCK(i) \
  count > (i) : bytes(dst[i], MLKEM_AES_BLOCKBYTES)
#define MLKEM_AES_CTR_GROUP_CONTRACT(W) \
  __contract__(                                                           \
    requires(readable(key, sizeof *key) &&                                \
             (key->rounds == MLKEM_AES128_ROUNDS ||                       \
              key->rounds == MLKEM_AES256_ROUNDS) &&                      \
             1 <= count && count <= (W) && (W) <= 8 &&                    \
             readable(nonce, count * sizeof(nonce[0])) &&                 \
             readable(ctr, count * sizeof(ctr[0])) &&                     \
             readable(dst, count * sizeof(dst[0])) &&                     \
             MLKEM_AES_GROUP_BLOCK_OK(0) && MLKEM_AES_GROUP_BLOCK_OK(1) && \
             MLKEM_AES_GROUP_BLOCK_OK(2) && MLKEM_AES_GROUP_BLOCK_OK(3) && \
             MLKEM_AES_GROUP_BLOCK_OK(4) && MLKEM_AES_GROUP_BLOCK_OK(5) && \
             MLKEM_AES_GROUP_BLOCK_OK(6) && MLKEM_AES_GROUP_BLOCK_OK(7))   \
    assigns(MLKEM_AES_GROUP_BLOCK(0); MLKEM_AES_GROUP_BLOCK(1);           \
            MLKEM_AES_GROUP_BLOCK(2); MLKEM_AES_GROUP_BLOCK(3);           \
            MLKEM_AES_GROUP_BLOCK(4); MLKEM_AES_GROUP_BLOCK(5);           \
            MLKEM_AES_GROUP_BLOCK(6); MLKEM_AES_GROUP_BLOCK(7)))

/* The implementation for this process, following the ML-KEM backend (see
 * aes_select.c). Never NULL (the portable one when MLKEM_BACKEND forces a
 * backend that is not available). */
const mlkem_aes_impl *mlkem_aes_impl_get(void);

/* Every implementation built in and usable on this CPU, portable first;
 * writes up to cap pointers to list and returns how many. */
size_t mlkem_aes_impls(const mlkem_aes_impl **list, size_t cap);

/* Expands the key k of key_bytes bytes (@spec{FIPS197, sec. 5.2}), which must
 * be MLKEM_AES128_KEYBYTES or MLKEM_AES256_KEYBYTES, for the dispatched
 * implementation, or for impl. */
void mlkem_aes_expand(mlkem_aes_key *key, const uint8_t *k, size_t key_bytes);
void mlkem_aes_expand_impl(mlkem_aes_key *key, const uint8_t *k,
                           size_t key_bytes, const mlkem_aes_impl *impl);

/* mlkem_aes_expand_impl without its scrub of the stack below it (the
 * implementations' frames may hold round keys): for a caller that scrubs
 * once itself after more work (gcm.c). */
void mlkem_aes_expand_unscrubbed(mlkem_aes_key *key, const uint8_t *k,
                                 size_t key_bytes, const mlkem_aes_impl *impl);

/* Zeroes the expanded key. */
void mlkem_aes_key_wipe(mlkem_aes_key *key);

/* n CTR streams under one expanded key: writes bytes [16 ctr, 16 ctr + len)
 * of stream s, the keystream of nonces[s], to outs[s], for s < n. len need
 * not be a multiple of 16. Block numbers are taken modulo 2^32 (the 32-bit
 * counter never carries into the nonce); a caller that needs fresh
 * keystream keeps ctr + ceil(len / 16) <= 2^32. The outputs must not
 * overlap each other, the nonces or the key. n = 0 or len = 0 writes
 * nothing. */
void mlkem_aesctr_streams(const mlkem_aes_key *key,
                          const uint8_t (*nonces)[MLKEM_AESCTR_NONCEBYTES],
                          size_t n, uint32_t ctr, uint8_t *const *outs,
                          size_t len);

/* One stream from block 0, with its own key: out = the first len bytes of
 * AES-256-CTR keystream under key and nonce (Kyber-90s'
 * aes256ctr_prf). Expands the key for the dispatched implementation and
 * wipes it. */
void mlkem_aes256ctr(uint8_t *out, size_t len, const uint8_t key[32],
                     const uint8_t nonce[MLKEM_AESCTR_NONCEBYTES]);

/* The implementations (only those built into this library are defined:
 * see src/CMakeLists.txt). */
extern const mlkem_aes_impl mlkem_aes_portable;
extern const mlkem_aes_impl mlkem_aes_x86_aesni;
extern const mlkem_aes_impl mlkem_aes_x86_vaes256;
extern const mlkem_aes_impl mlkem_aes_x86_vaes512;
extern const mlkem_aes_impl mlkem_aes_armv8;

/* The @spec{FIPS197} round keys (@spec{FIPS197, sec. 5.2}, KeyExpansion: w[0 ..
 * 4 Nr + 3], the first 4 (Nr + 1) words of rk, for a key of key_bytes = 16 or
 * 32 bytes) computed with the bitsliced S-box (constant time), or with the
 * given SubWord: the key schedule's recurrence written once, for both key
 * sizes, for the implementations whose instructions have no
 * key-expansion step of their own. */
void mlkem_aes_expand_bytes(uint8_t rk[15][16], const uint8_t *k,
                            size_t key_bytes);
void mlkem_aes_expand_with(uint8_t rk[15][16], const uint8_t *k,
                           size_t key_bytes, uint32_t (*sub_word)(uint32_t));

#endif
