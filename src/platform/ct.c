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

void mlkem_scrub_vector_registers(void) {
#if (defined(__GNUC__) || defined(__clang__)) && defined(__x86_64__) && \
    !defined(_WIN32)
  __asm__ __volatile__(
      "pxor %%xmm0, %%xmm0\n\tpxor %%xmm1, %%xmm1\n\t"
      "pxor %%xmm2, %%xmm2\n\tpxor %%xmm3, %%xmm3\n\t"
      "pxor %%xmm4, %%xmm4\n\tpxor %%xmm5, %%xmm5\n\t"
      "pxor %%xmm6, %%xmm6\n\tpxor %%xmm7, %%xmm7\n\t"
      "pxor %%xmm8, %%xmm8\n\tpxor %%xmm9, %%xmm9\n\t"
      "pxor %%xmm10, %%xmm10\n\tpxor %%xmm11, %%xmm11\n\t"
      "pxor %%xmm12, %%xmm12\n\tpxor %%xmm13, %%xmm13\n\t"
      "pxor %%xmm14, %%xmm14\n\tpxor %%xmm15, %%xmm15"
      :
      :
      : "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8",
        "xmm9", "xmm10", "xmm11", "xmm12", "xmm13", "xmm14", "xmm15");
#elif (defined(__GNUC__) || defined(__clang__)) && defined(__aarch64__)
  /* All 32 clobbered: the compiler saves and restores d8-d15 (callee-saved
   * low halves) around this. */
  __asm__ __volatile__(
      "movi v0.16b, #0\n\tmovi v1.16b, #0\n\tmovi v2.16b, #0\n\t"
      "movi v3.16b, #0\n\tmovi v4.16b, #0\n\tmovi v5.16b, #0\n\t"
      "movi v6.16b, #0\n\tmovi v7.16b, #0\n\tmovi v8.16b, #0\n\t"
      "movi v9.16b, #0\n\tmovi v10.16b, #0\n\tmovi v11.16b, #0\n\t"
      "movi v12.16b, #0\n\tmovi v13.16b, #0\n\tmovi v14.16b, #0\n\t"
      "movi v15.16b, #0\n\tmovi v16.16b, #0\n\tmovi v17.16b, #0\n\t"
      "movi v18.16b, #0\n\tmovi v19.16b, #0\n\tmovi v20.16b, #0\n\t"
      "movi v21.16b, #0\n\tmovi v22.16b, #0\n\tmovi v23.16b, #0\n\t"
      "movi v24.16b, #0\n\tmovi v25.16b, #0\n\tmovi v26.16b, #0\n\t"
      "movi v27.16b, #0\n\tmovi v28.16b, #0\n\tmovi v29.16b, #0\n\t"
      "movi v30.16b, #0\n\tmovi v31.16b, #0"
      :
      :
      : "v0", "v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9", "v10",
        "v11", "v12", "v13", "v14", "v15", "v16", "v17", "v18", "v19", "v20",
        "v21", "v22", "v23", "v24", "v25", "v26", "v27", "v28", "v29", "v30",
        "v31");
#endif
}
