/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * bytes.h - little-endian loads and stores of 24-, 32- and 64-bit words,
 * and the bytes of Keccak lanes.
 *
 * FIPS 202 lanes and the bit strings of FIPS 203 are little-endian. These
 * are written with shifts so they are right on any host; compilers reduce
 * them to plain unaligned loads and stores on little-endian machines.
 */
#ifndef MLKEM_BYTES_H
#define MLKEM_BYTES_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* On hosts known to be little-endian a word is its bytes: memcpy compiles
 * to one unaligned load or store. Elsewhere the shifts below. */
#if defined(__BYTE_ORDER__) && defined(__ORDER_LITTLE_ENDIAN__) && \
    __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define MLKEM_LITTLE_ENDIAN 1
#endif

static inline uint32_t mlkem_load24_le(const uint8_t *p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16;
}

static inline uint32_t mlkem_load32_le(const uint8_t *p) {
  return mlkem_load24_le(p) | (uint32_t)p[3] << 24;
}

static inline uint64_t mlkem_load64_le(const uint8_t *p) {
#ifdef MLKEM_LITTLE_ENDIAN
  uint64_t v;
  memcpy(&v, p, sizeof v);
  return v;
#else
  return (uint64_t)mlkem_load32_le(p) | (uint64_t)mlkem_load32_le(p + 4) << 32;
#endif
}

static inline void mlkem_store32_le(uint8_t *p, uint32_t v) {
#ifdef MLKEM_LITTLE_ENDIAN
  memcpy(p, &v, sizeof v);
#else
  unsigned i;
  for (i = 0; i < 4; i++) p[i] = (uint8_t)(v >> (8 * i));
#endif
}

static inline void mlkem_store64_le(uint8_t *p, uint64_t v) {
#ifdef MLKEM_LITTLE_ENDIAN
  memcpy(p, &v, sizeof v);
#else
  unsigned i;
  for (i = 0; i < 8; i++) p[i] = (uint8_t)(v >> (8 * i));
#endif
}

/* Big-endian words: SHA-2 (@spec{FIPS180-4, sec. 3.1}) and the block counter
 * of CTR mode as Kyber's "90s" variant lays it out. */
static inline uint32_t mlkem_load32_be(const uint8_t *p) {
  return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 |
         (uint32_t)p[3];
}

static inline void mlkem_store32_be(uint8_t *p, uint32_t v) {
  p[0] = (uint8_t)(v >> 24);
  p[1] = (uint8_t)(v >> 16);
  p[2] = (uint8_t)(v >> 8);
  p[3] = (uint8_t)v;
}

static inline uint64_t mlkem_load64_be(const uint8_t *p) {
  return (uint64_t)mlkem_load32_be(p) << 32 | mlkem_load32_be(p + 4);
}

static inline void mlkem_store64_be(uint8_t *p, uint64_t v) {
  mlkem_store32_be(p, (uint32_t)(v >> 32));
  mlkem_store32_be(p + 4, (uint32_t)v);
}

/* The bytes of a sponge block as the scheduler hands it to a sink
 * (sha3.h): byte j is byte j % 8 of lane[stride * (j / 8)], the lanes
 * little-endian (FIPS 202 Section B.1). Copies the first n of them to out
 * (the lane pointer steps and the loop is unrolled, so that each whole word
 * is one load and one store; the scheduler copies its output blocks out
 * with it). */
static inline void mlkem_lane_bytes(uint8_t *out, const uint64_t *lane,
                                    size_t stride, size_t n) {
  size_t i;
#if defined(__GNUC__) || defined(__clang__)
#pragma GCC unroll 8
#endif
  for (i = 0; i < n / 8; i++, lane += stride, out += 8)
    mlkem_store64_le(out, *lane);
  if (n % 8 != 0) {
    uint8_t last[8];
    mlkem_store64_le(last, *lane);
    memcpy(out, last, n % 8);
  }
}

#endif
