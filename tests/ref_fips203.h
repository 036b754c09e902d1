/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ref_fips203.h - an independent FIPS 203 reference for the tests: slow,
 * plain-integer restatements of the standard's arithmetic and encodings,
 * written to be obviously correct rather than fast, and sharing no code
 * with the library (it does not include any library header).
 *
 * The test programs compare the library's optimized routines with these.
 * Each function's comment names the part of FIPS 203 it restates. Values
 * mod q are canonical, in [0, q), unless stated otherwise.
 */
#ifndef MLKEM_REF_FIPS203_H
#define MLKEM_REF_FIPS203_H

#include <stdint.h>

#define REF_FIPS203_Q 3329 /* q */
#define REF_FIPS203_N 256  /* n, coefficients per polynomial */

/* Canonical residue of any 64-bit integer: a mod q in [0, q). */
int64_t ref_mod_q(int64_t a);

/* BitRev7 (FIPS 203 section 4.3): the 7-bit value i with its bits
 * reversed. */
unsigned ref_bitrev7(unsigned i);

/* base^e mod q by square-and-multiply (for zeta = 17 and its powers,
 * FIPS 203 section 4.3 and Appendix A). */
int64_t ref_pow_mod_q(int64_t base, unsigned e);

/* Compress_d (FIPS 203 equation 4.7): round(2^d x / q) mod 2^d, as the
 * exact integer floor((2^(d+1) x + q) / (2q)) mod 2^d, for 0 <= x < q. */
uint32_t ref_compress(uint32_t x, unsigned d);

/* Decompress_d (FIPS 203 equation 4.8): round(q y / 2^d), halves up, as
 * floor((2 q y + 2^d) / 2^(d+1)), for 0 <= y < 2^d. */
uint32_t ref_decompress(uint32_t y, unsigned d);

/* ByteEncode_d (FIPS 203 Algorithm 5, through BitsToBytes, Algorithm 3):
 * 256 d-bit values (only their low d bits are used) to 32 d bytes,
 * 1 <= d <= 12. */
void ref_byte_encode(uint8_t *out, const uint32_t f[REF_FIPS203_N], unsigned d);

/* ByteDecode_d (FIPS 203 Algorithm 6, through BytesToBits, Algorithm 4):
 * 32 d bytes to 256 d-bit values, 1 <= d <= 12, without the final
 * reduction mod q that Algorithm 6 applies for d = 12 (values mod 2^d). */
void ref_byte_decode(uint32_t f[REF_FIPS203_N], const uint8_t *in, unsigned d);

#endif
