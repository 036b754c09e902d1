/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * aead/chacha20_neon.c - ChaCha20 (RFC 8439 Section 2.4) with AArch64
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
#include "ct.h"

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
  uint32x4_t x0 = vdupq_n_u32(w[0]), x1 = vdupq_n_u32(w[1]);
  uint32x4_t x2 = vdupq_n_u32(w[2]), x3 = vdupq_n_u32(w[3]);
  uint32x4_t x4 = vdupq_n_u32(w[4]), x5 = vdupq_n_u32(w[5]);
  uint32x4_t x6 = vdupq_n_u32(w[6]), x7 = vdupq_n_u32(w[7]);
  uint32x4_t x8 = vdupq_n_u32(w[8]), x9 = vdupq_n_u32(w[9]);
  uint32x4_t x10 = vdupq_n_u32(w[10]), x11 = vdupq_n_u32(w[11]);
  uint32x4_t x12 = ctrs, x13 = vdupq_n_u32(w[13]);
  uint32x4_t x14 = vdupq_n_u32(w[14]), x15 = vdupq_n_u32(w[15]);
  int i;
  for (i = 0; i < 10; i++) CHACHA_DOUBLE_ROUND();
  x0 = vaddq_u32(x0, vdupq_n_u32(w[0]));
  x1 = vaddq_u32(x1, vdupq_n_u32(w[1]));
  x2 = vaddq_u32(x2, vdupq_n_u32(w[2]));
  x3 = vaddq_u32(x3, vdupq_n_u32(w[3]));
  x4 = vaddq_u32(x4, vdupq_n_u32(w[4]));
  x5 = vaddq_u32(x5, vdupq_n_u32(w[5]));
  x6 = vaddq_u32(x6, vdupq_n_u32(w[6]));
  x7 = vaddq_u32(x7, vdupq_n_u32(w[7]));
  x8 = vaddq_u32(x8, vdupq_n_u32(w[8]));
  x9 = vaddq_u32(x9, vdupq_n_u32(w[9]));
  x10 = vaddq_u32(x10, vdupq_n_u32(w[10]));
  x11 = vaddq_u32(x11, vdupq_n_u32(w[11]));
  x12 = vaddq_u32(x12, ctrs);
  x13 = vaddq_u32(x13, vdupq_n_u32(w[13]));
  x14 = vaddq_u32(x14, vdupq_n_u32(w[14]));
  x15 = vaddq_u32(x15, vdupq_n_u32(w[15]));
  TRANSPOSE4(x0, x1, x2, x3);
  TRANSPOSE4(x4, x5, x6, x7);
  TRANSPOSE4(x8, x9, x10, x11);
  TRANSPOSE4(x12, x13, x14, x15);
  xor_store(out + 0, in + 0, x0);
  xor_store(out + 16, in + 16, x4);
  xor_store(out + 32, in + 32, x8);
  xor_store(out + 48, in + 48, x12);
  xor_store(out + 64, in + 64, x1);
  xor_store(out + 80, in + 80, x5);
  xor_store(out + 96, in + 96, x9);
  xor_store(out + 112, in + 112, x13);
  xor_store(out + 128, in + 128, x2);
  xor_store(out + 144, in + 144, x6);
  xor_store(out + 160, in + 160, x10);
  xor_store(out + 176, in + 176, x14);
  xor_store(out + 192, in + 192, x3);
  xor_store(out + 208, in + 208, x7);
  xor_store(out + 224, in + 224, x11);
  xor_store(out + 240, in + 240, x15);
}

void mlkem_chacha20_xor_neon(uint8_t *out, const uint8_t *in, size_t len,
                             const mlkem_chacha20_state *st) {
  uint32_t ctr = st->w[12];
  for (; len >= 256; len -= 256, in += 256, out += 256, ctr += 4)
    blocks4(out, in, st->w, ctr);
  if (len > 0) {
    uint8_t buf[256];
    memcpy(buf, in, len);
    blocks4(buf, buf, st->w, ctr);
    memcpy(out, buf, len);
    mlkem_zeroize(buf, sizeof buf);
  }
}
