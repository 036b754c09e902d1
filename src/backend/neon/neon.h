/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * neon.h - the NEON backend's operations, one per entry of mlkem_backend
 * (backend/backend.h states each contract).
 *
 * Like the x86-64 backends, the NEON backend keeps the portable backend's
 * NTT-domain layout (the standard coefficient order) and computes exactly
 * the same 16-bit representatives with the same reductions, so every
 * operation is bit-for-bit equal to its portable counterpart on every input
 * within the documented bounds (tests/test_diff_*.c check this).
 *
 * NEON (Advanced SIMD) is part of every AArch64 CPU, so these files are
 * compiled for the generic armv8-a target; only the SHA-3 Keccak
 * (sha3/keccak_neon.h) needs the Armv8.2 extension.
 */
#ifndef MLKEM_NEON_H
#define MLKEM_NEON_H

#include <stdint.h>

#include "backend/backend.h"

void mlkem_neon_ntt(mlkem_poly *p);
void mlkem_neon_invntt(mlkem_poly *p);
void mlkem_neon_basemul_acc(mlkem_poly *r, const mlkem_poly *a,
                            const mlkem_poly *b, unsigned k, unsigned from,
                            unsigned to);
void mlkem_neon_add_reduce(mlkem_poly *r, const mlkem_poly *a, unsigned from,
                           unsigned to);
void mlkem_neon_add(mlkem_poly *r, const mlkem_poly *a);
void mlkem_neon_sub_from(mlkem_poly *r, const mlkem_poly *a);

void mlkem_neon_encode12(uint8_t out[MLKEM_POLYBYTES], const mlkem_poly *a,
                         unsigned from, unsigned to);
unsigned mlkem_neon_decode12(mlkem_poly *r, const uint8_t in[MLKEM_POLYBYTES]);
void mlkem_neon_compress_encode(uint8_t *out, const mlkem_poly *a, unsigned d);
void mlkem_neon_decode_decompress(mlkem_poly *r, const uint8_t *in, unsigned d);
void mlkem_neon_compress_encode_msg(uint8_t out[32], const mlkem_poly *a);
void mlkem_neon_decode_decompress_msg(mlkem_poly *r, const uint8_t in[32]);

void mlkem_neon_cbd(mlkem_poly *r, const uint8_t *buf, unsigned eta);
void mlkem_neon_rej_uniform(mlkem_poly *r, unsigned *ctr, const uint64_t *lane,
                            size_t stride, unsigned len);

#endif
