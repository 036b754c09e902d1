/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * aead/chacha20_rounds.h - the 20 rounds of the ChaCha20 block function
 * (RFC 8439 Section 2.3: ten times a column round and a diagonal round,
 * "inner_block"), written once for every implementation.
 *
 * The state is sixteen variables x0 .. x15, word i of the state in xi.
 * In the portable code a variable is one uint32_t (one block at a time);
 * in the SIMD code it is a vector holding word i of several blocks, one
 * block per lane (the "vertical" layout), so the rounds need no shuffles
 * and every instruction works on all the blocks. A file that includes
 * this one first defines, for its variable type,
 *   CHACHA_ADD(a, b)   the 32-bit sums a + b (mod 2^32),
 *   CHACHA_XOR(a, b)   a XOR b,
 *   CHACHA_ROL16(a), CHACHA_ROL12(a), CHACHA_ROL8(a), CHACHA_ROL7(a)
 *                      rotations of each 32-bit word left by 16, 12, 8, 7,
 * then writes CHACHA_DOUBLE_ROUND() ten times (or in a loop).
 *
 * CHACHA_DOUBLE_ROUND_PAIRED() is the same double round with the quarter
 * rounds taken two at a time, step by step (columns 0 and 1, then 2 and
 * 3, then the diagonals likewise): each pair touches eight of the sixteen
 * words, so a compiler can keep the other eight out of registers without
 * putting a reload on the pair's dependency chain. The AVX2 eight-block
 * code uses it (sixteen 256-bit registers for sixteen words): 4 % faster
 * than CHACHA_DOUBLE_ROUND with gcc 12 (docs/ARCHITECTURE.md).
 */
#ifndef MLKEM_AEAD_CHACHA20_ROUNDS_H
#define MLKEM_AEAD_CHACHA20_ROUNDS_H

/* The quarter round (Section 2.1) on words a, b, c, d. */
#define CHACHA_QUARTER_ROUND(a, b, c, d) \
  do {                                   \
    a = CHACHA_ADD(a, b);                \
    d = CHACHA_XOR(d, a);                \
    d = CHACHA_ROL16(d);                 \
    c = CHACHA_ADD(c, d);                \
    b = CHACHA_XOR(b, c);                \
    b = CHACHA_ROL12(b);                 \
    a = CHACHA_ADD(a, b);                \
    d = CHACHA_XOR(d, a);                \
    d = CHACHA_ROL8(d);                  \
    c = CHACHA_ADD(c, d);                \
    b = CHACHA_XOR(b, c);                \
    b = CHACHA_ROL7(b);                  \
  } while (0)

/* A column round then a diagonal round (Section 2.3, inner_block). */
#define CHACHA_DOUBLE_ROUND()               \
  do {                                      \
    CHACHA_QUARTER_ROUND(x0, x4, x8, x12);  \
    CHACHA_QUARTER_ROUND(x1, x5, x9, x13);  \
    CHACHA_QUARTER_ROUND(x2, x6, x10, x14); \
    CHACHA_QUARTER_ROUND(x3, x7, x11, x15); \
    CHACHA_QUARTER_ROUND(x0, x5, x10, x15); \
    CHACHA_QUARTER_ROUND(x1, x6, x11, x12); \
    CHACHA_QUARTER_ROUND(x2, x7, x8, x13);  \
    CHACHA_QUARTER_ROUND(x3, x4, x9, x14);  \
  } while (0)

/* Two quarter rounds, (a0, b0, c0, d0) and (a1, b1, c1, d1), interleaved
 * step by step. */
#define CHACHA_QUARTER_ROUND2(a0, b0, c0, d0, a1, b1, c1, d1) \
  do {                                                        \
    a0 = CHACHA_ADD(a0, b0);                                  \
    a1 = CHACHA_ADD(a1, b1);                                  \
    d0 = CHACHA_XOR(d0, a0);                                  \
    d1 = CHACHA_XOR(d1, a1);                                  \
    d0 = CHACHA_ROL16(d0);                                    \
    d1 = CHACHA_ROL16(d1);                                    \
    c0 = CHACHA_ADD(c0, d0);                                  \
    c1 = CHACHA_ADD(c1, d1);                                  \
    b0 = CHACHA_XOR(b0, c0);                                  \
    b1 = CHACHA_XOR(b1, c1);                                  \
    b0 = CHACHA_ROL12(b0);                                    \
    b1 = CHACHA_ROL12(b1);                                    \
    a0 = CHACHA_ADD(a0, b0);                                  \
    a1 = CHACHA_ADD(a1, b1);                                  \
    d0 = CHACHA_XOR(d0, a0);                                  \
    d1 = CHACHA_XOR(d1, a1);                                  \
    d0 = CHACHA_ROL8(d0);                                     \
    d1 = CHACHA_ROL8(d1);                                     \
    c0 = CHACHA_ADD(c0, d0);                                  \
    c1 = CHACHA_ADD(c1, d1);                                  \
    b0 = CHACHA_XOR(b0, c0);                                  \
    b1 = CHACHA_XOR(b1, c1);                                  \
    b0 = CHACHA_ROL7(b0);                                     \
    b1 = CHACHA_ROL7(b1);                                     \
  } while (0)

#define CHACHA_DOUBLE_ROUND_PAIRED()                           \
  do {                                                         \
    CHACHA_QUARTER_ROUND2(x0, x4, x8, x12, x1, x5, x9, x13);   \
    CHACHA_QUARTER_ROUND2(x2, x6, x10, x14, x3, x7, x11, x15); \
    CHACHA_QUARTER_ROUND2(x0, x5, x10, x15, x1, x6, x11, x12); \
    CHACHA_QUARTER_ROUND2(x2, x7, x8, x13, x3, x4, x9, x14);   \
  } while (0)

#endif
