/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * hex.h - hex for the `mlkem` tool (cli/hex.c): shared secrets, ACVP
 * answers, ciphertexts out, ciphertexts in. And the one hex digit written
 * from a secret nibble in this repository, mlkem_hex_digit, which the
 * OpenSSL provider's text form of private keys uses too
 * (provider/encoder.c).
 */
#ifndef MLKEM_CLI_HEX_H
#define MLKEM_CLI_HEX_H

#include <stddef.h>
#include <stdint.h>

#include "platform/ct.h"

/* The hex digit of v (0..15) with no branch on v and no table indexed by
 * it, for secrets: '0' + v, and when v > 9 (the borrow of 9 - v) the
 * distance from '9' + 1 to `ten` ('a' or 'A') more. */
static inline char mlkem_hex_digit(uint8_t v, char ten) {
  uint8_t above9 = mlkem_value_barrier_u8((uint8_t)(((9u - v) >> 8) & 1u));
  return (char)('0' + v + ((0u - above9) & (unsigned)(ten - '0' - 10)));
}

/* Lower-case hex of in[0..n-1] and "\n" into out (2n + 1 bytes). Constant
 * time (mlkem_hex_digit). */
void cli_hex(const uint8_t *in, size_t n, char *out);

/* Upper-case hex of in[0..n-1] and a NUL into out (2n + 1 bytes).
 * Constant time. */
void cli_hex_upper(const uint8_t *in, size_t n, char *out);

/* Decodes the 2n hex digits at hex (either case) into out[0..n-1].
 * Returns 0, or -1 at the first character that is not a hex digit, with
 * out[0..n-1] zeroed. Not constant time: for public data. Proven for every
 * n (docs/PROOFS.md, proofs/cli/unhex.c). */
int cli_unhex(const char *hex, size_t n, uint8_t *out);

#endif
