/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * avx2.h - the AVX2 backend's operations, one per entry of mlkem_backend
 * (backend/backend.h states each contract).
 *
 * The AVX2 backend keeps the portable backend's NTT-domain layout (the
 * standard coefficient order) and computes exactly the same 16-bit
 * representatives with the same reductions, so every operation is
 * bit-for-bit equal to its portable counterpart on every input within the
 * documented bounds (tests/test_diff_*.c check this), and AVX2 and
 * portable operations can be mixed freely.
 *
 * These files are compiled with -mavx2 -mbmi -mbmi2 (and only these); nothing
 * here may run unless dispatch.c found AVX2 on the CPU and in the OS.
 */
#ifndef MLKEM_AVX2_H
#define MLKEM_AVX2_H

#include <stdint.h>

#include "backend/backend.h"

void mlkem_avx2_ntt(mlkem_poly *p);
void mlkem_avx2_invntt(mlkem_poly *p);
void mlkem_avx2_basemul_acc(mlkem_poly *r, const mlkem_poly *a,
                            const mlkem_poly *b, unsigned k, unsigned from,
                            unsigned to);
void mlkem_avx2_add_reduce(mlkem_poly *r, const mlkem_poly *a, unsigned from,
                           unsigned to);
void mlkem_avx2_add(mlkem_poly *r, const mlkem_poly *a);
void mlkem_avx2_sub_from(mlkem_poly *r, const mlkem_poly *a);

void mlkem_avx2_encode12(uint8_t out[MLKEM_POLYBYTES], const mlkem_poly *a,
                         unsigned from, unsigned to);
unsigned mlkem_avx2_decode12(mlkem_poly *r, const uint8_t in[MLKEM_POLYBYTES]);
void mlkem_avx2_compress_encode(uint8_t *out, const mlkem_poly *a, unsigned d);
void mlkem_avx2_decode_decompress(mlkem_poly *r, const uint8_t *in, unsigned d);
void mlkem_avx2_compress_encode_msg(uint8_t out[32], const mlkem_poly *a);
void mlkem_avx2_decode_decompress_msg(mlkem_poly *r, const uint8_t in[32]);

void mlkem_avx2_cbd(mlkem_poly *r, const uint8_t *buf, unsigned eta);
void mlkem_avx2_rej_uniform(mlkem_poly *r, unsigned *ctr, const uint64_t *lane,
                            size_t stride, unsigned len);

#endif
