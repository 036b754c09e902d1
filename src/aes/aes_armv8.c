/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * aes_armv8.c - AES-256 with the Armv8 AES instructions: AESE (AddRoundKey,
 * SubBytes and ShiftRows) and AESMC (MixColumns), CTR eight blocks at a
 * time so that eight independent chains hide their latency. Built with
 * -march=armv8-a+crypto only; aes_select.c runs it only where
 * mlkem_cpu_has_arm_aes().
 */
#include <arm_neon.h>
#include <string.h>

#include "aes/aes.h"
#include "platform/bytes.h"
#include "platform/ct.h"

/* SubWord (@spec{FIPS197, sec. 5.2}): AESE with a zero round key on the word
 * repeated in all four columns, where ShiftRows moves nothing. */
static uint32_t sub_word(uint32_t w) {
  uint8x16_t v = vaeseq_u8(vreinterpretq_u8_u32(vdupq_n_u32(w)), vdupq_n_u8(0));
  return vgetq_lane_u32(vreinterpretq_u32_u8(v), 0);
}

static void expand(mlkem_aes256_key *key, const uint8_t k[32]) {
  mlkem_aes256_expand_with(key->u.rk, k, sub_word);
}

#define WIDTH 8

static void ctr_group(const mlkem_aes256_key *key, const uint8_t *const nonce[],
                      const uint32_t ctr[], uint8_t *const dst[],
                      size_t count) {
  uint8x16_t b[WIDTH], rk;
  size_t i;
  unsigned r;
  for (i = 0; i < WIDTH; i++) {
    uint8_t cb[16] = {0};
    if (i < count) {
      memcpy(cb, nonce[i], 12);
      mlkem_store32_be(cb + 12, ctr[i]);
    }
    b[i] = vld1q_u8(cb);
  }
  /* Rounds 1..13: AESE applies round key r-1, AESMC the round's
   * MixColumns; the last AESE applies round key 13, then key 14. */
  for (r = 0; r < 13; r++) {
    rk = vld1q_u8(key->u.rk[r]);
    for (i = 0; i < WIDTH; i++) b[i] = vaesmcq_u8(vaeseq_u8(b[i], rk));
  }
  rk = vld1q_u8(key->u.rk[13]);
  for (i = 0; i < WIDTH; i++) b[i] = vaeseq_u8(b[i], rk);
  rk = vld1q_u8(key->u.rk[14]);
  for (i = 0; i < count; i++) vst1q_u8(dst[i], veorq_u8(b[i], rk));
}

const mlkem_aes_impl mlkem_aes_armv8 = {"armv8-aes", WIDTH, expand, ctr_group,
                                        NULL};
