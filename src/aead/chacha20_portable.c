/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * aead/chacha20_portable.c - ChaCha20 (@spec{RFC8439, sec. 2.3 and 2.4}) in
 * plain C, one block at a time, and the state every implementation
 * starts from.
 */
#include "aead/chacha20.h"
#include "aead/chacha20_scalar.h"
#include "platform/bytes.h"
#include "platform/ct.h"

void mlkem_chacha20_state_init_words(mlkem_chacha20_state *st,
                                     const uint32_t key[8],
                                     const uint8_t nonce[12], uint32_t ctr) {
  unsigned i;
  st->w[0] = MLKEM_CHACHA20_C0;
  st->w[1] = MLKEM_CHACHA20_C1;
  st->w[2] = MLKEM_CHACHA20_C2;
  st->w[3] = MLKEM_CHACHA20_C3;
  for (i = 0; i < 8; i++) st->w[4 + i] = key[i];
  st->w[12] = ctr;
  for (i = 0; i < 3; i++) st->w[13 + i] = mlkem_load32_le(nonce + 4 * i);
}

void mlkem_chacha20_state_init(mlkem_chacha20_state *st, const uint8_t key[32],
                               const uint8_t nonce[12], uint32_t ctr) {
  uint32_t k[8];
  unsigned i;
  for (i = 0; i < 8; i++) k[i] = mlkem_load32_le(key + 4 * i);
  mlkem_chacha20_state_init_words(st, k, nonce, ctr);
  mlkem_zeroize(k, sizeof k);
}

#define CHACHA_SPLAT(i) w[i]

/* Keystream block ctr as words: the rounds, then the input added
 * (@spec{RFC8439, sec. 2.3}, the block function's last step). */
static void block_words(uint32_t ks[16], const uint32_t w[16], uint32_t ctr) {
  CHACHA_STATE_DECLARE(uint32_t, ctr);
  unsigned i;
  for (i = 0; i < 10; i++) CHACHA_DOUBLE_ROUND();
  CHACHA_STATE_ADD(ctr);
  ks[0] = x0;
  ks[1] = x1;
  ks[2] = x2;
  ks[3] = x3;
  ks[4] = x4;
  ks[5] = x5;
  ks[6] = x6;
  ks[7] = x7;
  ks[8] = x8;
  ks[9] = x9;
  ks[10] = x10;
  ks[11] = x11;
  ks[12] = x12;
  ks[13] = x13;
  ks[14] = x14;
  ks[15] = x15;
}

void mlkem_chacha20_block(uint8_t out[64], const mlkem_chacha20_state *st) {
  uint32_t ks[16];
  unsigned i;
  block_words(ks, st->w, st->w[12]);
  for (i = 0; i < 16; i++) mlkem_store32_le(out + 4 * i, ks[i]);
  mlkem_zeroize(ks, sizeof ks);
}

void mlkem_chacha20_xor_portable(uint8_t *out, const uint8_t *in, size_t len,
                                 const mlkem_chacha20_state *st) {
  uint32_t ks[16], ctr = st->w[12];
  unsigned i;
  for (; len >= 64; len -= 64, in += 64, out += 64) {
    block_words(ks, st->w, ctr++);
    for (i = 0; i < 16; i++)
      mlkem_store32_le(out + 4 * i, mlkem_load32_le(in + 4 * i) ^ ks[i]);
  }
  if (len > 0) {
    uint8_t last[64];
    block_words(ks, st->w, ctr);
    for (i = 0; i < 16; i++) mlkem_store32_le(last + 4 * i, ks[i]);
    for (i = 0; i < len; i++) out[i] = (uint8_t)(in[i] ^ last[i]);
    mlkem_zeroize(last, sizeof last);
  }
  mlkem_zeroize(ks, sizeof ks);
}
