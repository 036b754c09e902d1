/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * aes_portable.c - AES (@spec{FIPS197}) in plain C, bitsliced: four blocks
 * in eight 64-bit words, two such sets at a time, with no table and no
 * data-dependent branch or index, so its timing does not depend on the
 * key or the data.
 *
 * Layout. Word q[b] holds bit b of every byte of the four blocks: bit
 * position 16 r + 4 c + j holds state byte (row r, column c) of block j
 * (@spec{FIPS197, sec. 3.4}: input byte 4c + r). With the rows in the top
 * bits, the row rotations of MixColumns are 64-bit rotations, and
 * ShiftRows rotates each row's 16-bit group by a different amount.
 *
 * SubBytes is the Boolean circuit of Boyar and Peralta ("A depth-16
 * circuit for the AES S-box", SEC 2012, IACR ePrint 2011/332: 34 AND and
 * 94 XOR/XNOR gates, names as in the paper), checked here on all 256
 * inputs by test_aes against the S-box computed from its definition.
 *
 * The portable backend uses this code; the SIMD backends use the CPU's AES
 * instructions where it has them (aes_select.c; figures side by side in
 * docs/ARCHITECTURE.md).
 */
#include <string.h>

#include "aes/aes.h"
#include "platform/bytes.h"
#include "platform/ct.h"

/* Independent sets of four blocks processed side by side: every step is a
 * loop over the sets, which gcc and clang turn into 128-bit vector
 * operations (SSE2, NEON) at -O3. Two sets measured 9 x 504 bytes of CTR
 * at about 15.6 rdtsc ticks a byte against 20 for one (gcc 12, this
 * machine; clang 14: 19.0 against 25.0); four were hardly faster (14.8)
 * and waste more of a group on short streams. */
#define SETS 2

/* The S-box on the 64 bytes of each set, bit b of each in q[b]; the
 * paper's input U0 is the most significant bit (q[7]), its output S0
 * likewise. */
static void sub_bytes(uint64_t q[8][SETS]) {
  unsigned j;
  for (j = 0; j < SETS; j++) {
    const uint64_t u0 = q[7][j], u1 = q[6][j], u2 = q[5][j], u3 = q[4][j];
    const uint64_t u4 = q[3][j], u5 = q[2][j], u6 = q[1][j], u7 = q[0][j];
    uint64_t t1, t2, t3, t4, t5, t6, t7, t8, t9, t10, t11, t12, t13, t14, t15,
        t16, t17, t18, t19, t20, t21, t22, t23, t24, t25, t26, t27;
    uint64_t m1, m2, m3, m4, m5, m6, m7, m8, m9, m10, m11, m12, m13, m14, m15,
        m16, m17, m18, m19, m20, m21, m22, m23, m24, m25, m26, m27, m28, m29,
        m30, m31, m32, m33, m34, m35, m36, m37, m38, m39, m40, m41, m42, m43,
        m44, m45, m46, m47, m48, m49, m50, m51, m52, m53, m54, m55, m56, m57,
        m58, m59, m60, m61, m62, m63;
    uint64_t l0, l1, l2, l3, l4, l5, l6, l7, l8, l9, l10, l11, l12, l13, l14,
        l15, l16, l17, l18, l19, l20, l21, l22, l23, l24, l25, l26, l27, l28,
        l29;
    t1 = u0 ^ u3;
    t2 = u0 ^ u5;
    t3 = u0 ^ u6;
    t4 = u3 ^ u5;
    t5 = u4 ^ u6;
    t6 = t1 ^ t5;
    t7 = u1 ^ u2;
    t8 = u7 ^ t6;
    t9 = u7 ^ t7;
    t10 = t6 ^ t7;
    t11 = u1 ^ u5;
    t12 = u2 ^ u5;
    t13 = t3 ^ t4;
    t14 = t6 ^ t11;
    t15 = t5 ^ t11;
    t16 = t5 ^ t12;
    t17 = t9 ^ t16;
    t18 = u3 ^ u7;
    t19 = t7 ^ t18;
    t20 = t1 ^ t19;
    t21 = u6 ^ u7;
    t22 = t7 ^ t21;
    t23 = t2 ^ t22;
    t24 = t2 ^ t10;
    t25 = t20 ^ t17;
    t26 = t3 ^ t16;
    t27 = t1 ^ t12;
    m1 = t13 & t6;
    m2 = t23 & t8;
    m3 = t14 ^ m1;
    m4 = t19 & u7;
    m5 = m4 ^ m1;
    m6 = t3 & t16;
    m7 = t22 & t9;
    m8 = t26 ^ m6;
    m9 = t20 & t17;
    m10 = m9 ^ m6;
    m11 = t1 & t15;
    m12 = t4 & t27;
    m13 = m12 ^ m11;
    m14 = t2 & t10;
    m15 = m14 ^ m11;
    m16 = m3 ^ m2;
    m17 = m5 ^ t24;
    m18 = m8 ^ m7;
    m19 = m10 ^ m15;
    m20 = m16 ^ m13;
    m21 = m17 ^ m15;
    m22 = m18 ^ m13;
    m23 = m19 ^ t25;
    m24 = m22 ^ m23;
    m25 = m22 & m20;
    m26 = m21 ^ m25;
    m27 = m20 ^ m21;
    m28 = m23 ^ m25;
    m29 = m28 & m27;
    m30 = m26 & m24;
    m31 = m20 & m23;
    m32 = m27 & m31;
    m33 = m27 ^ m25;
    m34 = m21 & m22;
    m35 = m24 & m34;
    m36 = m24 ^ m25;
    m37 = m21 ^ m29;
    m38 = m32 ^ m33;
    m39 = m23 ^ m30;
    m40 = m35 ^ m36;
    m41 = m38 ^ m40;
    m42 = m37 ^ m39;
    m43 = m37 ^ m38;
    m44 = m39 ^ m40;
    m45 = m42 ^ m41;
    m46 = m44 & t6;
    m47 = m40 & t8;
    m48 = m39 & u7;
    m49 = m43 & t16;
    m50 = m38 & t9;
    m51 = m37 & t17;
    m52 = m42 & t15;
    m53 = m45 & t27;
    m54 = m41 & t10;
    m55 = m44 & t13;
    m56 = m40 & t23;
    m57 = m39 & t19;
    m58 = m43 & t3;
    m59 = m38 & t22;
    m60 = m37 & t20;
    m61 = m42 & t1;
    m62 = m45 & t4;
    m63 = m41 & t2;
    l0 = m61 ^ m62;
    l1 = m50 ^ m56;
    l2 = m46 ^ m48;
    l3 = m47 ^ m55;
    l4 = m54 ^ m58;
    l5 = m49 ^ m61;
    l6 = m62 ^ l5;
    l7 = m46 ^ l3;
    l8 = m51 ^ m59;
    l9 = m52 ^ m53;
    l10 = m53 ^ l4;
    l11 = m60 ^ l2;
    l12 = m48 ^ m51;
    l13 = m50 ^ l0;
    l14 = m52 ^ m61;
    l15 = m55 ^ l1;
    l16 = m56 ^ l0;
    l17 = m57 ^ l1;
    l18 = m58 ^ l8;
    l19 = m63 ^ l4;
    l20 = l0 ^ l1;
    l21 = l1 ^ l7;
    l22 = l3 ^ l12;
    l23 = l18 ^ l2;
    l24 = l15 ^ l9;
    l25 = l6 ^ l10;
    l26 = l7 ^ l9;
    l27 = l8 ^ l10;
    l28 = l11 ^ l14;
    l29 = l11 ^ l17;
    q[7][j] = l6 ^ l24;
    q[6][j] = ~(l16 ^ l26);
    q[5][j] = ~(l19 ^ l28);
    q[4][j] = l6 ^ l21;
    q[3][j] = l20 ^ l22;
    q[2][j] = l25 ^ l29;
    q[1][j] = ~(l13 ^ l27);
    q[0][j] = ~(l6 ^ l23);
  }
}

/* @spec{FIPS197, sec. 5.1.2}: row r rotated left by r columns, i.e. its
 * 16-bit group rotated right by 4 r bits. */
static uint64_t shift_rows1(uint64_t x) {
  return (x & 0x000000000000FFFFull) | ((x >> 4) & 0x000000000FFF0000ull) |
         ((x << 12) & 0x00000000F0000000ull) |
         ((x >> 8) & 0x000000FF00000000ull) |
         ((x << 8) & 0x0000FF0000000000ull) |
         ((x >> 12) & 0x000F000000000000ull) |
         ((x << 4) & 0xFFF0000000000000ull);
}

static uint64_t rotr64(uint64_t x, unsigned n) {
  return (x >> n) | (x << (64 - n));
}

/* @spec{FIPS197, sec. 5.1.3}: out_r = 2 a_r + 3 a_{r+1} + a_{r+2} + a_{r+3}
 * per column, computed as 2 t_r + a_{r+1} + t_{r+2} with
 * t_r = a_r + a_{r+1}; a rotation by 16 bits moves row r+1 to row r, and
 * the multiplication by 2 (xtime, @spec{FIPS197, sec. 4.2.1}) moves bit planes,
 * folding bit 7 into bits 0, 1, 3, 4 (the polynomial 0x11B). */
static void mix_columns(uint64_t q[8][SETS]) {
  unsigned j;
  for (j = 0; j < SETS; j++) {
    uint64_t a1[8], t[8];
    unsigned i;
    for (i = 0; i < 8; i++) {
      a1[i] = rotr64(q[i][j], 16);
      t[i] = q[i][j] ^ a1[i];
    }
    q[0][j] = t[7] ^ a1[0] ^ rotr64(t[0], 32);
    q[1][j] = t[0] ^ t[7] ^ a1[1] ^ rotr64(t[1], 32);
    q[2][j] = t[1] ^ a1[2] ^ rotr64(t[2], 32);
    q[3][j] = t[2] ^ t[7] ^ a1[3] ^ rotr64(t[3], 32);
    q[4][j] = t[3] ^ t[7] ^ a1[4] ^ rotr64(t[4], 32);
    q[5][j] = t[4] ^ a1[5] ^ rotr64(t[5], 32);
    q[6][j] = t[5] ^ a1[6] ^ rotr64(t[6], 32);
    q[7][j] = t[6] ^ a1[7] ^ rotr64(t[7], 32);
  }
}

static void add_round_key(uint64_t q[8][SETS], const uint64_t rk[8]) {
  unsigned i, j;
  for (i = 0; i < 8; i++)
    for (j = 0; j < SETS; j++) q[i][j] ^= rk[i];
}

static void shift_rows(uint64_t q[8][SETS]) {
  unsigned i, j;
  for (i = 0; i < 8; i++)
    for (j = 0; j < SETS; j++) q[i][j] = shift_rows1(q[i][j]);
}

/* Exchanges the bits of a selected by m, shifted down by n, with those of
 * b selected by m. */
#define SWAPMOVE(a, b, m, n)                  \
  do {                                        \
    uint64_t t_ = (((a) >> (n)) ^ (b)) & (m); \
    (b) ^= t_;                                \
    (a) ^= t_ << (n);                         \
  } while (0)

/* Transposes the 8 x 8 bit matrices of the words: afterwards bit 8 k + j
 * of q[i] is what was bit 8 k + i of q[j]. Its own inverse. */
static void transpose(uint64_t q[8]) {
  SWAPMOVE(q[0], q[1], 0x5555555555555555ull, 1);
  SWAPMOVE(q[2], q[3], 0x5555555555555555ull, 1);
  SWAPMOVE(q[4], q[5], 0x5555555555555555ull, 1);
  SWAPMOVE(q[6], q[7], 0x5555555555555555ull, 1);
  SWAPMOVE(q[0], q[2], 0x3333333333333333ull, 2);
  SWAPMOVE(q[1], q[3], 0x3333333333333333ull, 2);
  SWAPMOVE(q[4], q[6], 0x3333333333333333ull, 2);
  SWAPMOVE(q[5], q[7], 0x3333333333333333ull, 2);
  SWAPMOVE(q[0], q[4], 0x0F0F0F0F0F0F0F0Full, 4);
  SWAPMOVE(q[1], q[5], 0x0F0F0F0F0F0F0F0Full, 4);
  SWAPMOVE(q[2], q[6], 0x0F0F0F0F0F0F0F0Full, 4);
  SWAPMOVE(q[3], q[7], 0x0F0F0F0F0F0F0F0Full, 4);
}

/* The four bytes of x in the even bytes of the result. */
static uint64_t spread(uint32_t x) {
  uint64_t y = x;
  y = (y | y << 16) & 0x0000FFFF0000FFFFull;
  return (y | y << 8) & 0x00FF00FF00FF00FFull;
}

/* The even bytes of y, the inverse of spread. */
static uint32_t gather(uint64_t y) {
  y &= 0x00FF00FF00FF00FFull;
  y = (y | y >> 8) & 0x0000FFFF0000FFFFull;
  return (uint32_t)(y | y >> 16);
}

/* Four 16-byte blocks into the bitsliced layout. Before the transpose,
 * word 4 h + j holds block j's columns h and h + 2, bytes interleaved
 * (byte 2 r + g is row r of column h + 2 g), so that afterwards bit
 * 8 (2 r + g) + 4 h + j = 16 r + 4 (2 g + h) + j of q[b] is bit b of
 * (row r, column 2 g + h) of block j. */
static void load4(uint64_t q[8], const uint8_t *const in[4]) {
  unsigned j;
  for (j = 0; j < 4; j++) {
    q[j] = spread(mlkem_load32_le(in[j])) | spread(mlkem_load32_le(in[j] + 8))
                                                << 8;
    q[4 + j] = spread(mlkem_load32_le(in[j] + 4)) |
               spread(mlkem_load32_le(in[j] + 12)) << 8;
  }
  transpose(q);
}

/* The inverse of load4 (q is destroyed). */
static void store4(uint8_t *const out[4], uint64_t q[8]) {
  unsigned j;
  transpose(q);
  for (j = 0; j < 4; j++) {
    mlkem_store32_le(out[j], gather(q[j]));
    mlkem_store32_le(out[j] + 8, gather(q[j] >> 8));
    mlkem_store32_le(out[j] + 4, gather(q[4 + j]));
    mlkem_store32_le(out[j] + 12, gather(q[4 + j] >> 8));
  }
}

/* @spec{FIPS197, sec. 5.1} (Cipher) with Nr = rounds, on every set. */
static void encrypt(uint64_t q[8][SETS], const uint64_t rk[15][8],
                    unsigned rounds)
    __contract__(
      requires(fresh(q, sizeof(uint64_t[8][SETS])) &&
               readable(rk, sizeof(uint64_t[15][8])) &&
               (rounds == MLKEM_AES128_ROUNDS || rounds == MLKEM_AES256_ROUNDS))
      assigns(bytes(q, sizeof(uint64_t[8][SETS])))
    ) {
  unsigned r;
  add_round_key(q, rk[0]);
  for (r = 1; r < rounds; r++) {
    sub_bytes(q);
    shift_rows(q);
    mix_columns(q);
    add_round_key(q, rk[r]);
  }
  sub_bytes(q);
  shift_rows(q);
  add_round_key(q, rk[rounds]);
}

/* SubWord (@spec{FIPS197, sec. 5.2}): the S-box on the four bytes of a word,
 * bit b of byte i placed at bit i of plane b. */
static uint32_t sub_word(uint32_t x) __contract__(assigns()) {
  uint64_t q[8][SETS] = {{0}};
  uint32_t y = 0;
  unsigned b;
  for (b = 0; b < 8; b++) {
    uint32_t t = (x >> b) & 0x01010101u;
    q[b][0] = (t | t >> 7 | t >> 14 | t >> 21) & 0xFu;
  }
  sub_bytes(q);
  for (b = 0; b < 8; b++) {
    uint32_t s = (uint32_t)q[b][0];
    y |= ((s & 1u) | (s & 2u) << 7 | (s & 4u) << 14 | (s & 8u) << 21) << b;
  }
  mlkem_zeroize(q, sizeof q);
  return y;
}

/* @spec{FIPS197, sec. 5.2} (KeyExpansion) with Nk = 4 (AES-128) or 8
 * (AES-256), both powers of two, so i mod Nk is a mask: words
 * little-endian, so RotWord is a rotation right by 8 bits and Rcon[i/Nk]
 * the low byte, x^(i/Nk - 1) in GF(2^8) (AES-128 reaches x^9 = 0x36). The
 * extra SubWord at i mod Nk = 4 is AES-256's (Nk > 6). */
void mlkem_aes_expand_with(uint8_t rk[15][16], const uint8_t *k,
                           size_t key_bytes, uint32_t (*sub)(uint32_t))
    __contract__(
      requires(fresh(rk, 15 * 16) &&
               (key_bytes == MLKEM_AES128_KEYBYTES ||
                key_bytes == MLKEM_AES256_KEYBYTES) &&
               readable(k, key_bytes))
      assigns(bytes(rk, 15 * 16))
    ) {
  const unsigned nk = (unsigned)key_bytes / 4,
                 nwords = 4 * (MLKEM_AES_ROUNDS_OF(key_bytes) + 1);
  uint32_t w[4 * (MLKEM_AES256_ROUNDS + 1)], rcon = 1;
  unsigned i;
  for (i = 0; i < nk; i++) w[i] = mlkem_load32_le(k + 4 * i);
  for (i = nk; i < nwords; i++) {
    uint32_t t = w[i - 1];
    if ((i & (nk - 1)) == 0) {
      t = sub(t >> 8 | t << 24) ^ rcon;
      rcon = (rcon << 1) ^ (0x11Bu & (0u - (rcon >> 7)));
    } else if (nk > 6 && (i & (nk - 1)) == 4) {
      t = sub(t);
    }
    w[i] = w[i - nk] ^ t;
  }
  for (i = 0; i < nwords; i++) mlkem_store32_le(&rk[i / 4][4 * (i % 4)], w[i]);
  mlkem_zeroize(w, sizeof w);
}

void mlkem_aes_expand_bytes(uint8_t rk[15][16], const uint8_t *k,
                            size_t key_bytes) {
  mlkem_aes_expand_with(rk, k, key_bytes, sub_word);
}

static void expand(mlkem_aes_key *key, const uint8_t *k) __contract__(
      requires(fresh(key, sizeof *key) &&
               (key->rounds == MLKEM_AES128_ROUNDS ||
                key->rounds == MLKEM_AES256_ROUNDS) &&
               readable(k, 4 * ((size_t)key->rounds - 6)))
      assigns(bytes(&key->u, sizeof key->u))
      ensures(key->rounds == old(key->rounds))
    ) {
  uint8_t rk[15][16];
  unsigned r;
  mlkem_aes_expand_bytes(rk, k, 4 * ((size_t)key->rounds - 6));
  for (r = 0; r <= key->rounds; r++) {
    const uint8_t *const same[4] = {rk[r], rk[r], rk[r], rk[r]};
    load4(key->u.bs[r], same);
  }
  mlkem_zeroize(rk, sizeof rk);
}

static void ctr_group(const mlkem_aes_key *key, const uint8_t *const nonce[],
                      const uint32_t ctr[], uint8_t *const dst[], size_t count)
    MLKEM_AES_CTR_GROUP_CONTRACT(4 * SETS) {
  uint8_t blocks[4 * SETS][16], spare[16];
  uint64_t q[8][SETS], w[8];
  size_t i;
  unsigned j, b;
  for (i = 0; i < 4 * SETS; i++) {
    if (i < count) {
      memcpy(blocks[i], nonce[i], 12);
      mlkem_store32_be(blocks[i] + 12, ctr[i]);
    } else {
      memset(blocks[i], 0, 16);
    }
  }
  for (j = 0; j < SETS; j++) {
    const uint8_t *in[4] = {blocks[4 * j], blocks[4 * j + 1], blocks[4 * j + 2],
                            blocks[4 * j + 3]};
    load4(w, in);
    for (b = 0; b < 8; b++) q[b][j] = w[b];
  }
  encrypt(q, key->u.bs, key->rounds);
  for (j = 0; j < SETS; j++) {
    uint8_t *out[4];
    for (i = 0; i < 4; i++) out[i] = 4 * j + i < count ? dst[4 * j + i] : spare;
    for (b = 0; b < 8; b++) w[b] = q[b][j];
    store4(out, w);
  }
  mlkem_zeroize(q, sizeof q);
  mlkem_zeroize(w, sizeof w);
  mlkem_zeroize(spare, sizeof spare);
}

const mlkem_aes_impl mlkem_aes_portable = {"portable", 4 * SETS, expand,
                                           ctr_group, NULL};
