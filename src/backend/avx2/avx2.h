/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * avx2.h - the AVX2 backend's operations, declared from the list of
 * backend/backend.h, which states each one's contract.
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

MLKEM_BACKEND_DECLARE(mlkem_avx2)

#endif
