/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * avx512.h - the AVX-512 backend's operations, declared from the list
 * of backend/backend.h, which states each one's contract.
 *
 * The AVX-512 backend keeps the portable backend's NTT-domain layout (the
 * standard coefficient order) and computes exactly the same 16-bit
 * representatives with the same reductions, so every operation is
 * bit-for-bit equal to its portable counterpart on every input within the
 * documented bounds (tests/test_diff_*.c check this), and AVX-512 and
 * portable operations can be mixed freely.
 *
 * These files are compiled with -mavx512f -mavx512vl -mavx512bw
 * -mavx512dq -mavx512vbmi -mavx512vbmi2 -mavx512ifma -mavx2 -mbmi2 (and
 * only these);
 * nothing here may run unless dispatch.c found all of those on the CPU and
 * ZMM state enabled by the OS.
 */
#ifndef MLKEM_AVX512_H
#define MLKEM_AVX512_H

#include <stdint.h>

#include "backend/backend.h"

MLKEM_BACKEND_DECLARE(mlkem_avx512)

#endif
