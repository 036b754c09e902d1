/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * aead/poly1305_portable.c - Poly1305 (@spec{RFC8439, sec. 2.5}) in scalar C,
 * radix 2^64 (poly1305_scalar.h), and the parts every implementation
 * shares: the key, the last partial block and the tag, and the powers of
 * r the SIMD implementations start from.
 */
#include "aead/poly1305.h"
#include "aead/poly1305_scalar.h"
#include "platform/bytes.h"
#include "platform/ct.h"

#include <string.h>

void mlkem_poly1305_init(mlkem_poly1305 *st, const uint8_t key[32]) {
  /* @spec{RFC8439, sec. 2.5.1}: r &= 0x0ffffffc0ffffffc0ffffffc0fffffff. */
  st->r[0] = mlkem_load64_le(key) & 0x0ffffffc0fffffffull;
  st->r[1] = mlkem_load64_le(key + 8) & 0x0ffffffc0ffffffcull;
  st->s[0] = mlkem_load64_le(key + 16);
  st->s[1] = mlkem_load64_le(key + 24);
  st->h[0] = st->h[1] = st->h[2] = 0;
  st->have_pow26 = 0;
}

void mlkem_poly1305_blocks_portable(mlkem_poly1305 *st, const uint8_t *m,
                                    size_t nblocks) {
  uint64_t h[3], r0 = st->r[0], r1 = st->r[1], s1 = r1 + (r1 >> 2);
  h[0] = st->h[0];
  h[1] = st->h[1];
  h[2] = st->h[2];
  for (; nblocks > 0; nblocks--, m += 16) {
    poly1305_add(h, mlkem_load64_le(m), mlkem_load64_le(m + 8), 1);
    poly1305_mul(h, r0, r1, s1);
  }
  st->h[0] = h[0];
  st->h[1] = h[1];
  st->h[2] = h[2];
}

void mlkem_poly1305_final(mlkem_poly1305 *st, uint8_t tag[16],
                          const uint8_t *last, size_t len) {
  mlkem_u128 t;
  if (len > 0) {
    /* The partial block with a one byte appended, then zeros: the
     * "add one bit beyond the number of octets" of @spec{RFC8439, sec. 2.5.1}.
     * */
    uint8_t b[16];
    uint64_t r1 = st->r[1];
    memset(b, 0, sizeof b);
    memcpy(b, last, len);
    b[len] = 1;
    poly1305_add(st->h, mlkem_load64_le(b), mlkem_load64_le(b + 8), 0);
    poly1305_mul(st->h, st->r[0], r1, r1 + (r1 >> 2));
    mlkem_zeroize(b, sizeof b);
  }
  poly1305_reduce_full(st->h);
  /* tag = (h + s) mod 2^128. */
  t = mlkem_add64(mlkem_u128_of(st->h[0]), st->s[0]);
  mlkem_store64_le(tag, mlkem_lo64(t));
  mlkem_store64_le(tag + 8, st->h[1] + st->s[1] + mlkem_hi64(t));
  mlkem_zeroize(st, sizeof *st);
}

void mlkem_poly1305_powers26(mlkem_poly1305 *st) {
  uint64_t r0 = st->r[0], r1 = st->r[1], s1 = r1 + (r1 >> 2), v[3];
  const uint64_t m26 = (1u << 26) - 1;
  unsigned i;
  v[0] = r0;
  v[1] = r1;
  v[2] = 0;
  for (i = 0; i < 4; i++) {
    if (i > 0) {
      poly1305_mul(v, r0, r1, s1);
      poly1305_reduce_full(v);
    }
    /* v < 2^130 in five 26-bit limbs. */
    st->pow26[i][0] = (uint32_t)(v[0] & m26);
    st->pow26[i][1] = (uint32_t)((v[0] >> 26) & m26);
    st->pow26[i][2] = (uint32_t)(((v[0] >> 52) | (v[1] << 12)) & m26);
    st->pow26[i][3] = (uint32_t)((v[1] >> 14) & m26);
    st->pow26[i][4] = (uint32_t)((v[1] >> 40) | (v[2] << 24));
  }
  st->have_pow26 = 1;
  mlkem_zeroize(v, sizeof v);
}
