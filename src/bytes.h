/*
 * bytes.h - little-endian loads and stores of 24-, 32- and 64-bit words.
 *
 * FIPS 202 lanes and the bit strings of FIPS 203 are little-endian. These
 * are written with shifts so they are right on any host; compilers reduce
 * them to plain unaligned loads and stores on little-endian machines.
 */
#ifndef MLKEM_BYTES_H
#define MLKEM_BYTES_H

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

static inline void mlkem_store64_le(uint8_t *p, uint64_t v) {
#ifdef MLKEM_LITTLE_ENDIAN
  memcpy(p, &v, sizeof v);
#else
  unsigned i;
  for (i = 0; i < 8; i++) p[i] = (uint8_t)(v >> (8 * i));
#endif
}

#endif
