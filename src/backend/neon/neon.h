/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * neon.h - the NEON backend's operations, declared from the list of
 * backend/backend.h, which states each one's contract.
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

MLKEM_BACKEND_DECLARE(mlkem_neon)

#endif
