/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * size_app.c - the smallest program that uses keygen, encaps and decaps of
 * one parameter set (MLKEM_SIZE_SET_512, _768, _1024) or of all three
 * (MLKEM_SIZE_SET_all): linked with --gc-sections, its map shows what an
 * application takes from the freestanding library for them
 * (scripts/cortex_m4_figures.py). Linked, never run.
 */
#include <stdint.h>
#include <string.h>

#include "mlkem.h"

void mlkem_m4_reset(void);
int mlkem_randombytes(uint8_t *out, size_t len);

/* Stands for the application's random source; never run. */
int mlkem_randombytes(uint8_t *out, size_t len) {
  memset(out, 0x42, len);
  return 0;
}

static uint8_t ek[MLKEM1024_EK_BYTES], dk[MLKEM1024_DK_BYTES];
static uint8_t ct[MLKEM1024_CT_BYTES], ss[MLKEM_SS_BYTES];

#define USE_SET(p)                       \
  do {                                   \
    rc |= mlkem##p##_keygen(ek, dk);     \
    rc |= mlkem##p##_encaps(ct, ss, ek); \
    rc |= mlkem##p##_decaps(ss, ct, dk); \
  } while (0)

void mlkem_m4_reset(void) {
  volatile int sink;
  int rc = 0;
#if defined(MLKEM_SIZE_SET_512) || defined(MLKEM_SIZE_SET_all)
  USE_SET(512);
#endif
#if defined(MLKEM_SIZE_SET_768) || defined(MLKEM_SIZE_SET_all)
  USE_SET(768);
#endif
#if defined(MLKEM_SIZE_SET_1024) || defined(MLKEM_SIZE_SET_all)
  USE_SET(1024);
#endif
  sink = rc;
  (void)sink;
  for (;;) {
  }
}

extern uint32_t __stack_top;
__attribute__((section(".vectors"), used)) static const uintptr_t vectors[2] = {
    (uintptr_t)&__stack_top, (uintptr_t)mlkem_m4_reset};
