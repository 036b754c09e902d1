/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* backend.c - the portable backend's operation table. */
#include "backend/portable/portable.h"

#include "backend/contracts.h"
#include "sha3/sha3.h"

MLKEM_BACKEND_CONTRACT_WRAPPERS(mlkem_portable)

const mlkem_backend mlkem_backend_portable = MLKEM_BACKEND_TABLE(
    "portable", mlkem_portable, &mlkem_keccak_lanes_portable);
