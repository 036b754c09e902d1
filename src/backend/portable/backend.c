/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* backend.c - the portable backend's operation table. */
#include "backend/portable/portable.h"

#include "sha3/sha3.h"

const mlkem_backend mlkem_backend_portable = {
    "portable",
    mlkem_portable_ntt,
    mlkem_portable_invntt,
    mlkem_portable_basemul_acc,
    mlkem_portable_add_reduce,
    mlkem_portable_add,
    mlkem_portable_sub_from,
    mlkem_portable_encode12,
    mlkem_portable_decode12,
    mlkem_portable_compress_encode,
    mlkem_portable_decode_decompress,
    mlkem_portable_compress_encode_msg,
    mlkem_portable_decode_decompress_msg,
    mlkem_portable_cbd,
    mlkem_portable_rej_uniform,
    &mlkem_keccak_lanes_portable,
};
