/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* ct.c - constant-time comparison, selection and wiping (see ct.h). */
#include "platform/ct.h"

#include <string.h>

#if !MLKEM_ASM_BARRIER
volatile uint8_t mlkem_ct_opt_blocker_u8 = 0;
volatile uint64_t mlkem_ct_opt_blocker_u64 = 0;
#endif

uint8_t mlkem_ct_memneq(const uint8_t *a, const uint8_t *b, size_t len) {
  uint8_t acc = 0;
  size_t i;
  for (i = 0; i < len; i++) acc |= (uint8_t)(a[i] ^ b[i]);
  /* acc != 0 -> 0xFF, acc == 0 -> 0x00, without a comparison: the borrow of
   * (0 - acc) as a 16-bit value is 1 exactly when acc is non-zero. */
  acc = mlkem_value_barrier_u8(acc);
  return (uint8_t)(((uint16_t)(0u - (uint16_t)acc)) >> 8);
}

void mlkem_ct_cmov(uint8_t *dst, const uint8_t *src, size_t len, uint8_t mask) {
  size_t i;
  mask = mlkem_value_barrier_u8(mask);
  for (i = 0; i < len; i++) dst[i] ^= (uint8_t)(mask & (dst[i] ^ src[i]));
}

/* Wiping: GCC and clang honour an empty asm statement that claims to read
 * the memory; elsewhere, calling memset through a volatile pointer stops
 * the compiler from proving the store dead. */
#if defined(__GNUC__) || defined(__clang__)
void mlkem_zeroize(void *p, size_t len) {
  memset(p, 0, len);
  __asm__ __volatile__("" : : "r"(p) : "memory");
}
#else
static void *(*const volatile mlkem_memset_ptr)(void *, int, size_t) = memset;
void mlkem_zeroize(void *p, size_t len) {
  mlkem_memset_ptr(p, 0, len);
}
#endif

/* A separate function (never inlined: it is called from other files) whose
 * frame lies where the caller's callees had theirs. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((noinline))
#endif
void mlkem_scrub_stack(void) {
  uint8_t area[MLKEM_SCRUB_BYTES];
  mlkem_zeroize(area, sizeof area);
}

#if defined(__GNUC__) || defined(__clang__)
__attribute__((noinline))
#endif
void mlkem_scrub_stack_wide(void) {
  uint8_t area[MLKEM_SCRUB_WIDE_BYTES];
  mlkem_zeroize(area, sizeof area);
}

#if defined(__GNUC__) || defined(__clang__)
__attribute__((noinline))
#endif
void mlkem_scrub_stack_deep(void) {
  uint8_t area[MLKEM_SCRUB_DEEP_BYTES];
  mlkem_zeroize(area, sizeof area);
}
