/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* backend.c - the NEON backend's operation tables: the same operations,
 * with the scalar Keccak ("neon") or the two-way SHA-3 Keccak
 * ("neon-sha3", chosen by dispatch.c only where the CPU has it). */
#if defined(__aarch64__)
#include "backend/neon/neon.h"

#include "backend/contracts.h"
#include "sha3/keccak_neon.h"

MLKEM_BACKEND_CONTRACT_WRAPPERS(mlkem_neon)

const mlkem_backend mlkem_backend_neon =
    MLKEM_BACKEND_TABLE("neon", mlkem_neon, &mlkem_keccak_lanes_portable);

const mlkem_backend mlkem_backend_neon_sha3 =
    MLKEM_BACKEND_TABLE("neon-sha3", mlkem_neon, &mlkem_keccak_lanes_neon_sha3);
#endif
