/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * aead/chacha20_scalar.h - the operations of chacha20_rounds.h on one
 * 32-bit word (one block at a time), for chacha20_portable.c and the
 * test of the quarter round (tests/test_chacha20poly1305.c).
 */
#ifndef MLKEM_AEAD_CHACHA20_SCALAR_H
#define MLKEM_AEAD_CHACHA20_SCALAR_H

#include <stdint.h>

#include "aead/chacha20_rounds.h"

#define CHACHA_ROL32(v, n) ((uint32_t)((v) << (n)) | ((v) >> (32 - (n))))
#define CHACHA_ADD(a, b) ((uint32_t)((a) + (b)))
#define CHACHA_XOR(a, b) ((a) ^ (b))
#define CHACHA_ROL16(a) CHACHA_ROL32(a, 16)
#define CHACHA_ROL12(a) CHACHA_ROL32(a, 12)
#define CHACHA_ROL8(a) CHACHA_ROL32(a, 8)
#define CHACHA_ROL7(a) CHACHA_ROL32(a, 7)

#endif
