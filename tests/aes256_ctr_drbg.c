/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* aes256_ctr_drbg.c - AES-256 and the SP 800-90A CTR_DRBG for the KAT
 * tests (see aes256_ctr_drbg.h). Written from FIPS 197 and SP 800-90A. */
#include "aes256_ctr_drbg.h"

#include <string.h>

/* ---------------------------------------------------------------------- */
/* AES-256 (FIPS 197)                                                       */

/* Multiplication by x in GF(2^8) modulo x^8 + x^4 + x^3 + x + 1. */
static uint8_t xtime(uint8_t a) {
  return (uint8_t)((a << 1) ^ ((a & 0x80) ? 0x1B : 0x00));
}

static uint8_t gmul(uint8_t a, uint8_t b) {
  uint8_t r = 0;
  while (b != 0) {
    if (b & 1) r ^= a;
    a = xtime(a);
    b >>= 1;
  }
  return r;
}

static uint8_t rotl8(uint8_t x, unsigned n) {
  return (uint8_t)((x << n) | (x >> (8 - n)));
}

/* The S-box, computed from its definition (FIPS 197 section 5.1.1): the
 * multiplicative inverse in GF(2^8) (0 maps to 0) followed by the affine
 * map b ^ rotl(b,1) ^ rotl(b,2) ^ rotl(b,3) ^ rotl(b,4) ^ 0x63. */
static uint8_t sbox[256];
static int sbox_ready;

static void sbox_init(void) {
  unsigned x;
  if (sbox_ready) return;
  for (x = 0; x < 256; x++) {
    uint8_t inv = 0, b;
    unsigned y;
    if (x != 0) {
      for (y = 1; y < 256; y++) {
        if (gmul((uint8_t)x, (uint8_t)y) == 1) {
          inv = (uint8_t)y;
          break;
        }
      }
    }
    b = inv;
    sbox[x] = (uint8_t)(b ^ rotl8(b, 1) ^ rotl8(b, 2) ^ rotl8(b, 3) ^
                        rotl8(b, 4) ^ 0x63);
  }
  sbox_ready = 1;
}

void aes256_init(aes256_ctx *ctx, const uint8_t key[32]) {
  uint8_t w[60][4];
  uint8_t rcon = 0x01;
  unsigned i, j;
  sbox_init();
  for (i = 0; i < 8; i++) memcpy(w[i], key + 4 * i, 4);
  for (i = 8; i < 60; i++) {
    uint8_t t[4];
    memcpy(t, w[i - 1], 4);
    if (i % 8 == 0) {
      /* RotWord, SubWord, Rcon */
      uint8_t t0 = t[0];
      t[0] = (uint8_t)(sbox[t[1]] ^ rcon);
      t[1] = sbox[t[2]];
      t[2] = sbox[t[3]];
      t[3] = sbox[t0];
      rcon = xtime(rcon);
    } else if (i % 8 == 4) {
      for (j = 0; j < 4; j++) t[j] = sbox[t[j]];
    }
    for (j = 0; j < 4; j++) w[i][j] = (uint8_t)(w[i - 8][j] ^ t[j]);
  }
  for (i = 0; i < 15; i++) {
    for (j = 0; j < 4; j++) memcpy(ctx->rk[i] + 4 * j, w[4 * i + j], 4);
  }
}

/* The state is kept as 16 bytes in input order: byte r + 4c is row r,
 * column c. */
static void add_round_key(uint8_t s[16], const uint8_t rk[16]) {
  unsigned i;
  for (i = 0; i < 16; i++) s[i] ^= rk[i];
}

static void sub_bytes(uint8_t s[16]) {
  unsigned i;
  for (i = 0; i < 16; i++) s[i] = sbox[s[i]];
}

static void shift_rows(uint8_t s[16]) {
  uint8_t t[16];
  unsigned r, c;
  for (r = 0; r < 4; r++) {
    for (c = 0; c < 4; c++) t[r + 4 * c] = s[r + 4 * ((c + r) % 4)];
  }
  memcpy(s, t, 16);
}

static void mix_columns(uint8_t s[16]) {
  unsigned c;
  for (c = 0; c < 4; c++) {
    uint8_t *col = s + 4 * c;
    uint8_t a0 = col[0], a1 = col[1], a2 = col[2], a3 = col[3];
    col[0] = (uint8_t)(gmul(a0, 2) ^ gmul(a1, 3) ^ a2 ^ a3);
    col[1] = (uint8_t)(a0 ^ gmul(a1, 2) ^ gmul(a2, 3) ^ a3);
    col[2] = (uint8_t)(a0 ^ a1 ^ gmul(a2, 2) ^ gmul(a3, 3));
    col[3] = (uint8_t)(gmul(a0, 3) ^ a1 ^ a2 ^ gmul(a3, 2));
  }
}

void aes256_encrypt_block(const aes256_ctx *ctx, uint8_t out[16],
                          const uint8_t in[16]) {
  uint8_t s[16];
  unsigned round;
  memcpy(s, in, 16);
  add_round_key(s, ctx->rk[0]);
  for (round = 1; round < 14; round++) {
    sub_bytes(s);
    shift_rows(s);
    mix_columns(s);
    add_round_key(s, ctx->rk[round]);
  }
  sub_bytes(s);
  shift_rows(s);
  add_round_key(s, ctx->rk[14]);
  memcpy(out, s, 16);
}

/* ---------------------------------------------------------------------- */
/* CTR_DRBG (SP 800-90A section 10.2.1), AES-256, no derivation function   */

/* V = (V + 1) mod 2^128, big-endian. */
static void increment_v(uint8_t v[16]) {
  int i;
  for (i = 15; i >= 0; i--) {
    if (++v[i] != 0) break;
  }
}

/* CTR_DRBG_Update (10.2.1.2) with provided_data of 48 bytes or NULL
 * (all zero). */
static void drbg_update(ctr_drbg *drbg, const uint8_t *provided) {
  aes256_ctx aes;
  uint8_t temp[48];
  unsigned i;
  aes256_init(&aes, drbg->key);
  for (i = 0; i < 3; i++) {
    increment_v(drbg->v);
    aes256_encrypt_block(&aes, temp + 16 * i, drbg->v);
  }
  if (provided != NULL) {
    for (i = 0; i < 48; i++) temp[i] ^= provided[i];
  }
  memcpy(drbg->key, temp, 32);
  memcpy(drbg->v, temp + 32, 16);
}

void ctr_drbg_init(ctr_drbg *drbg, const uint8_t entropy[48],
                   const uint8_t *personalization) {
  uint8_t seed_material[48];
  unsigned i;
  memcpy(seed_material, entropy, 48);
  if (personalization != NULL) {
    for (i = 0; i < 48; i++) seed_material[i] ^= personalization[i];
  }
  memset(drbg->key, 0, sizeof drbg->key);
  memset(drbg->v, 0, sizeof drbg->v);
  drbg_update(drbg, seed_material);
  drbg->reseed_counter = 1;
}

void ctr_drbg_generate(ctr_drbg *drbg, uint8_t *out, size_t len) {
  aes256_ctx aes;
  uint8_t block[16];
  aes256_init(&aes, drbg->key);
  while (len > 0) {
    size_t n = len < 16 ? len : 16;
    increment_v(drbg->v);
    aes256_encrypt_block(&aes, block, drbg->v);
    memcpy(out, block, n);
    out += n;
    len -= n;
  }
  drbg_update(drbg, NULL);
  drbg->reseed_counter++;
}

void aes256_ctr_keystream(uint8_t *out, size_t len, const uint8_t key[32],
                          const uint8_t nonce[12], uint32_t ctr) {
  aes256_ctx ctx;
  uint8_t in[16], ks[16];
  size_t off;
  aes256_init(&ctx, key);
  memcpy(in, nonce, 12);
  for (off = 0; off < len; off += 16, ctr++) {
    size_t n = len - off < 16 ? len - off : 16;
    in[12] = (uint8_t)(ctr >> 24);
    in[13] = (uint8_t)(ctr >> 16);
    in[14] = (uint8_t)(ctr >> 8);
    in[15] = (uint8_t)ctr;
    aes256_encrypt_block(&ctx, ks, in);
    memcpy(out + off, ks, n);
  }
}
