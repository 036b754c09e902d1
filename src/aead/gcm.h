/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * gcm.h - AES-128-GCM and AES-256-GCM (@spec{SP800-38D}) with 96-bit IVs
 * and 128-bit tags, the AEADs 0x0001 and 0x0002 of @spec{RFC9180} (HPKE)
 * @spec{RFC9180, sec. 7.3} and of @spec{RFC5116} (AEAD_AES_128_GCM,
 * AEAD_AES_256_GCM). Internal: mlkem_aead_seal / mlkem_aead_open
 * (mlkem_hazmat.h) call the one-shot functions; HPKE keeps a context's key
 * expanded (mlkem_aes_gcm_key).
 *
 * Ciphertext layout (@spec{RFC5116, sec. 5.1}): C || T, the encryption of the
 * plaintext (as long as it) followed by the 16-byte tag.
 *
 * With a 96-bit IV the pre-counter block is J0 = IV || 0^31 || 1
 * (@spec{SP800-38D, Alg. 4}, step 2); block i of the plaintext (from 0) is
 * encrypted with the counter block IV || BE32(2 + i), which is aes/aes.h's
 * counter block, and the tag is T = E_K(J0) ^ GHASH_H(A || 0* || C || 0* ||
 * [len(A)]_64 || [len(C)]_64) with H = E_K(0^128) (steps 1, 4-6).
 *
 * Limits (@spec{SP800-38D, sec. 5.2.1.1}): len(P) <= 2^39 - 256 bits, len(A) <=
 * 2^64 - 1 bits, i.e. a plaintext of at most 2^36 - 32 bytes (the 32-bit
 * counter runs from 2 to 2^32 - 1 and never wraps) and an aad below 2^61 bytes;
 * beyond them the functions fail with MLKEM_ERR_AEAD_LENGTH.
 *
 * Implementations (mlkem_gcm_impl below): the portable one (the bitsliced
 * AES of aes_portable.c, a constant-time GHASH on 64-bit integer
 * multiplications: gcm_portable.c), AES-NI with PCLMULQDQ and VAES with
 * VPCLMULQDQ on 256-bit vectors (x86-64), the Armv8 AES and PMULL
 * instructions (AArch64); chosen once per process (gcm_select.c).
 *
 * Constant time: no implementation branches on or indexes memory by the
 * key, H, the plaintext, the counter blocks' keystream or the GHASH state;
 * lengths, the nonce and the aad are public. The tag comparison of open
 * reads every byte (mlkem_ct_memneq); only its result is public.
 */
#ifndef MLKEM_AEAD_GCM_H
#define MLKEM_AEAD_GCM_H

#include <stddef.h>
#include <stdint.h>

#include "aes/aes.h"

#define MLKEM_GCM_NONCE_BYTES 12
#define MLKEM_GCM_TAG_BYTES 16
#define MLKEM_GCM_MAX_PT_BYTES ((UINT64_C(1) << 36) - 32)
#define MLKEM_GCM_MAX_AAD_BYTES ((UINT64_C(1) << 61) - 1)

/* The powers of H an implementation may precompute: the most blocks its
 * GHASH aggregates before one reduction (VAES-256: 16 blocks, eight
 * 256-bit vectors, per step). A 512-bit implementation (32 blocks) would
 * raise it to 32. */
#define MLKEM_GCM_POWERS 16
/* Bytes of GHASH key material in a key: the powers and, beside each, its
 * two 64-bit halves XORed (for Karatsuba's middle product). */
#define MLKEM_GCM_HKEY_BYTES (2 * 16 * MLKEM_GCM_POWERS)

struct mlkem_gcm_impl;

/* An expanded AES-GCM key: the AES round keys in the form of the AES
 * implementation that goes with the GCM one, and the GHASH key H (with
 * its powers) in the GCM implementation's form. Holds secrets: wipe it
 * with mlkem_aes_gcm_wipe. Valid in the process that made it (the
 * implementations are chosen per process). */
typedef struct {
  const struct mlkem_gcm_impl *impl;
  mlkem_aes_key aes;
  union {
    uint64_t u64[MLKEM_GCM_HKEY_BYTES / 8]; /* aligned for 64-bit loads */
    uint8_t b[MLKEM_GCM_HKEY_BYTES];
  } h;
} mlkem_aes_gcm_key;

/* ---- The key-expanded form (HPKE contexts keep one per context) ------- */

/* Expands key (key_len = 16: AES-128-GCM; 32: AES-256-GCM) for the
 * implementation this process uses: the AES round keys, H = E_K(0^128)
 * and its powers. Returns 0, or MLKEM_ERR_AEAD_LENGTH for another key
 * length (k zeroed). */
int mlkem_aes_gcm_init(mlkem_aes_gcm_key *k, const uint8_t *key,
                       size_t key_len);
/* The same with a given implementation (tests, benchmarks). */
int mlkem_aes_gcm_init_impl(mlkem_aes_gcm_key *k, const uint8_t *key,
                            size_t key_len, const struct mlkem_gcm_impl *impl);

/* Seals pt (pt_len bytes) with the aad (aad_len bytes) under k and the
 * 12-byte nonce: writes pt_len + 16 bytes to ct (ciphertext || tag).
 * ct == pt is allowed (in place); any other overlap is not. aad and pt may
 * be NULL when their lengths are 0 (the caller checks the pointers).
 * Returns 0, or MLKEM_ERR_AEAD_LENGTH beyond the limits (ct zeroed when
 * pt_len + 16 is a size). Never use a nonce twice under one key. */
int mlkem_aes_gcm_seal_key(const mlkem_aes_gcm_key *k, uint8_t *ct,
                           const uint8_t nonce[MLKEM_GCM_NONCE_BYTES],
                           const uint8_t *aad, size_t aad_len,
                           const uint8_t *pt, size_t pt_len);

/* Opens ct (ct_len bytes: ciphertext || tag): writes ct_len - 16 bytes to
 * pt and returns 0 if the tag is right. Returns MLKEM_ERR_AEAD_TAG if not
 * (the tag is compared in constant time), with all ct_len - 16 bytes of
 * pt zeroed: no plaintext is released. MLKEM_ERR_AEAD_LENGTH if ct_len <
 * 16 or beyond the limits (pt zeroed). pt == ct is allowed (a failure
 * then zeroes the ciphertext); any other overlap is not. */
int mlkem_aes_gcm_open_key(const mlkem_aes_gcm_key *k, uint8_t *pt,
                           const uint8_t nonce[MLKEM_GCM_NONCE_BYTES],
                           const uint8_t *aad, size_t aad_len,
                           const uint8_t *ct, size_t ct_len);

/* Zeroes the expanded key. */
void mlkem_aes_gcm_wipe(mlkem_aes_gcm_key *k);

/* ---- One shot (AEAD.md's interface; mlkem_aead_seal / _open) ---------- */

/* mlkem_aes_gcm_init, then seal or open, then the wipe. A wrong key_len
 * fails with MLKEM_ERR_AEAD_LENGTH (outputs zeroed). */
int mlkem_aes_gcm_seal(uint8_t *ct, const uint8_t *key, size_t key_len,
                       const uint8_t nonce[MLKEM_GCM_NONCE_BYTES],
                       const uint8_t *aad, size_t aad_len, const uint8_t *pt,
                       size_t pt_len);
int mlkem_aes_gcm_open(uint8_t *pt, const uint8_t *key, size_t key_len,
                       const uint8_t nonce[MLKEM_GCM_NONCE_BYTES],
                       const uint8_t *aad, size_t aad_len, const uint8_t *ct,
                       size_t ct_len);

/* ---- Implementations -------------------------------------------------- */
/*
 * GHASH's field GF(2^128) (@spec{SP800-38D, sec. 6.3}): a block b_0 .. b_127
 * (b_0 the most significant bit of byte 0) is the polynomial
 * sum b_i x^i modulo g = x^128 + x^7 + x^2 + x + 1. The implementations
 * compute in the bit-reflected form: the block read as a big-endian
 * 128-bit integer V, whose bit 127 - i is b_i, so V(y) = y^127 b(1/y).
 * The carry-less product of two such integers is y^127 times the
 * reflected product modulo g* = y^128 g(1/y) = y^128 + y^127 + y^126 +
 * y^121 + 1, so the key is taken as Hs = y V_H mod g* (V_H shifted left
 * by one bit, g* folded in when bit 127 falls out), and then
 *   V_X * Hs * y^-128 mod g* = V_(X H):
 * a 256-bit carry-less product followed by a Montgomery reduction by
 * y^128 in two 64-bit folds, each a carry-less product with
 * (g* - y^128 - 1) / y^64 = y^63 + y^62 + y^57 (the 64-bit constant
 * 0xC200000000000000). The same multiplication gives the powers:
 * Hs^(a) * Hs^(b) * y^-128 = Hs^(a+b).
 */

/* One GCM implementation. The blocks of a call are whole 16-byte blocks;
 * x is the GHASH state (@spec{SP800-38D, Alg. 2}'s Y, a block in GCM's byte
 * order), updated in place: X_i = (X_(i-1) ^ B_i) H.
 *  init:  the GHASH key in k->h from hs = (high, low 64 bits of Hs),
 *         above; k->aes already expanded.
 *  ghash: x over nblocks blocks of in.
 *  crypt: out = in ^ keystream for nblocks blocks, block i with the
 *         counter block nonce || BE32(ctr + i) (GCTR,
 *         @spec{SP800-38D, Alg. 3}), and x over the ciphertext: out when
 *         encrypting (decrypting 0), in when decrypting (1). out == in is
 *         allowed. */
typedef struct mlkem_gcm_impl {
  const char *name;
  const mlkem_aes_impl *aes; /* the form of k->aes; its ctr_group for the
                              * single blocks (H, E_K(J0), a last partial
                              * block) */
  void (*init)(mlkem_aes_gcm_key *k, const uint64_t hs[2]);
  void (*ghash)(const mlkem_aes_gcm_key *k, uint8_t x[16], const uint8_t *in,
                size_t nblocks);
  void (*crypt)(const mlkem_aes_gcm_key *k, uint8_t x[16],
                const uint8_t nonce[MLKEM_GCM_NONCE_BYTES], uint32_t ctr,
                uint8_t *out, const uint8_t *in, size_t nblocks,
                int decrypting);
} mlkem_gcm_impl;

/* The implementation for this process, following the ML-KEM backend as
 * aes_select.c does (gcm_select.c). Never NULL. */
const mlkem_gcm_impl *mlkem_gcm_impl_get(void);

/* Every implementation built in and usable on this CPU, portable first;
 * writes up to cap pointers to list and returns how many. */
size_t mlkem_gcm_impls(const mlkem_gcm_impl **list, size_t cap);

/* The implementations (only those built into this library are defined:
 * src/CMakeLists.txt). */
extern const mlkem_gcm_impl mlkem_gcm_portable;
extern const mlkem_gcm_impl mlkem_gcm_x86_aesni;
extern const mlkem_gcm_impl mlkem_gcm_x86_vaes256;
extern const mlkem_gcm_impl mlkem_gcm_armv8;

#endif
