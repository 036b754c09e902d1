/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * sample_aes.h - the XOF and PRF of Kyber round 3's "90s" variant
 * (AES-256-CTR, aes/aes.h) as K-PKE uses them: the matrix A-hat sampled
 * from k^2 keystreams under rho, and the noise PRF outputs, several
 * streams per call so that a pipelined AES unit is kept busy.
 *
 * The nonces are those of the round-3 reference (symmetric-aes.c): 12
 * bytes, the XOF's (x, y) or the PRF's N in the first bytes and zeros
 * after; each stream starts at block 0 (aes.h: nonce || BE32(block)).
 */
#ifndef MLKEM_SAMPLE_AES_H
#define MLKEM_SAMPLE_AES_H

#include <stddef.h>
#include <stdint.h>

#include "aes/aes.h"
#include "backend/backend.h"

/* A-hat for rank k (at most MLKEM_K_MAX): a[i k + j] = SampleNTT of the
 * keystream under rho with the nonce (j, i) (
 * @spec{FIPS203, Alg. 13, l. 3-7}, with XOF(rho, j, i) in place of SHAKE128(rho
 * || j || i)), or with (i, j) when transposed
 * (@spec{FIPS203, Alg. 14, l. 4-8}). The rejection step is the backend's, on
 * the keystream as one stream of 3-byte groups, as the reference's rejection
 * loop carries the bytes left over from each 64-byte block to the next. rho is
 * public. key is the caller's, for rho's expansion (the caller reuses it for
 * the noise: one expanded key on the stack, not two). */
void mlkem_matrix_aes(const mlkem_backend *be, mlkem_poly *a, unsigned k,
                      const uint8_t rho[32], int transposed,
                      mlkem_aes256_key *key);

/* PRF(s, N) for N = nonce0 .. nonce0 + n - 1 (n <= 2 MLKEM_K_MAX + 1):
 * the first len bytes of the keystream under s, expanded in key, with
 * the nonce (N), into outs[0 .. n). */
void mlkem_prf_aes(const mlkem_aes256_key *key, unsigned nonce0, unsigned n,
                   uint8_t *const *outs, size_t len);

#endif
