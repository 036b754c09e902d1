/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * aead/chacha20_neon.c - ChaCha20 (@spec{RFC8439, sec. 2.4}) with AArch64
 * NEON: four blocks at a time in 128-bit vectors, in the vertical layout
 * of chacha20_rounds.h (vector i holds word i of the four blocks). The
 * rotation by 16 is a swap of 16-bit halves (REV32), the others a shift
 * left and a shift right-and-insert (SHL, SRI); a 4 x 4 transpose (TRN1,
 * TRN2 on 32- then 64-bit elements) turns lanes into blocks. NEON is part
 * of every AArch64 CPU: no flags and no run-time check.
 */
#include <arm_neon.h>
#include <string.h>

#include "aead/chacha20.h"
#include "aead/chacha20_rounds.h"
#include "platform/ct.h"

#define CHACHA_SPLAT(i) vdupq_n_u32(w[i])
#define CHACHA_ADD(a, b) vaddq_u32(a, b)
#define CHACHA_XOR(a, b) veorq_u32(a, b)
#define CHACHA_ROL16(a) \
  vreinterpretq_u32_u16(vrev32q_u16(vreinterpretq_u16_u32(a)))
#define CHACHA_ROL12(a) vsriq_n_u32(vshlq_n_u32(a, 12), a, 20)
#define CHACHA_ROL8(a) vsriq_n_u32(vshlq_n_u32(a, 8), a, 24)
#define CHACHA_ROL7(a) vsriq_n_u32(vshlq_n_u32(a, 7), a, 25)

#define TRANSPOSE4(a, b, c, d)                                               \
  do {                                                                       \
    uint32x4_t t0_ = vtrn1q_u32(a, b), t1_ = vtrn2q_u32(a, b);               \
    uint32x4_t t2_ = vtrn1q_u32(c, d), t3_ = vtrn2q_u32(c, d);               \
    a = vreinterpretq_u32_u64(                                               \
        vtrn1q_u64(vreinterpretq_u64_u32(t0_), vreinterpretq_u64_u32(t2_))); \
    b = vreinterpretq_u32_u64(                                               \
        vtrn1q_u64(vreinterpretq_u64_u32(t1_), vreinterpretq_u64_u32(t3_))); \
    c = vreinterpretq_u32_u64(                                               \
        vtrn2q_u64(vreinterpretq_u64_u32(t0_), vreinterpretq_u64_u32(t2_))); \
    d = vreinterpretq_u32_u64(                                               \
        vtrn2q_u64(vreinterpretq_u64_u32(t1_), vreinterpretq_u64_u32(t3_))); \
  } while (0)

/* out[0 .. 16) = in[0 .. 16) XOR v (v's words little-endian, as the
 * lanes of a little-endian AArch64 load). */
static inline void xor_store(uint8_t *out, const uint8_t *in, uint32x4_t v) {
  uint8x16_t m = vld1q_u8(in);
  vst1q_u8(out, veorq_u8(m, vreinterpretq_u8_u32(v)));
}

/* 256 bytes: out = in XOR blocks ctr .. ctr + 3 of the stream of w. */
static void blocks4(uint8_t *out, const uint8_t *in, const uint32_t w[16],
                    uint32_t ctr) {
  static const uint32_t lanes[4] = {0, 1, 2, 3};
  const uint32x4_t ctrs = vaddq_u32(vdupq_n_u32(ctr), vld1q_u32(lanes));
  CHACHA_STATE_DECLARE(uint32x4_t, ctrs);
  int i;
  for (i = 0; i < 10; i++) CHACHA_DOUBLE_ROUND();
  CHACHA_STATE_ADD(ctrs);
  CHACHA_TRANSPOSE_STORE4(TRANSPOSE4, xor_store, out, in);
}

void mlkem_chacha20_xor_neon(uint8_t *out, const uint8_t *in, size_t len,
                             const mlkem_chacha20_state *st) {
  uint32_t ctr = st->w[12];
  for (; len >= 256; len -= 256, in += 256, out += 256, ctr += 4)
    blocks4(out, in, st->w, ctr);
  if (len > 0) mlkem_chacha20_xor_last(out, in, len, st->w, ctr, blocks4);
}
