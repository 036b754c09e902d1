/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* backend.c - the NEON backend's operation tables: the same operations,
 * with the scalar Keccak ("neon") or the two-way SHA-3 Keccak
 * ("neon-sha3", chosen by dispatch.c only where the CPU has it). */
#if defined(__aarch64__)
#include "backend/neon/neon.h"

#include "sha3/keccak_neon.h"

#define NEON_OPERATIONS                                                     \
  mlkem_neon_ntt, mlkem_neon_invntt, mlkem_neon_basemul_acc,                \
      mlkem_neon_add_reduce, mlkem_neon_add, mlkem_neon_sub_from,           \
      mlkem_neon_encode12, mlkem_neon_decode12, mlkem_neon_compress_encode, \
      mlkem_neon_decode_decompress, mlkem_neon_compress_encode_msg,         \
      mlkem_neon_decode_decompress_msg, mlkem_neon_cbd, mlkem_neon_rej_uniform

const mlkem_backend mlkem_backend_neon = {
    "neon",
    NEON_OPERATIONS,
    &mlkem_keccak_lanes_portable,
};

const mlkem_backend mlkem_backend_neon_sha3 = {
    "neon-sha3",
    NEON_OPERATIONS,
    &mlkem_keccak_lanes_neon_sha3,
};
#endif
