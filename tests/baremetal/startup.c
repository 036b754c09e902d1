/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * startup.c - what the bare-metal test image (tests/baremetal/README.md)
 * runs before main on the MPS2 AN386 board model (Cortex-M4): the vector
 * table, the reset handler (data copied, bss zeroed, newlib's semihosting
 * opened), a heap for newlib's malloc in the board's PSRAM
 * (mps2_an386.ld), and a fault handler that reports over semihosting and
 * stops the emulator with a failure. Not part of the library, which needs
 * none of it.
 */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "semihost.h"

extern uint32_t __data_load, __data_start, __data_end;
extern uint32_t __bss_start, __bss_end, __stack_top;
extern char __heap_start, __heap_end;
void initialise_monitor_handles(void); /* newlib's librdimon */
int main(void);

void mlkem_m4_reset(void);
void mlkem_m4_fault(void);
void *_sbrk(ptrdiff_t incr);

/* The Cortex-M4 vector table: the initial stack pointer, then the reset
 * handler and the exceptions (all faults stop the run; no interrupt is
 * enabled). */
__attribute__((section(".vectors"),
               used)) static const uintptr_t vectors[16] = {
    (uintptr_t)&__stack_top,
    (uintptr_t)mlkem_m4_reset,
    (uintptr_t)mlkem_m4_fault,
    (uintptr_t)mlkem_m4_fault,
    (uintptr_t)mlkem_m4_fault,
    (uintptr_t)mlkem_m4_fault,
    (uintptr_t)mlkem_m4_fault,
    0,
    0,
    0,
    0,
    (uintptr_t)mlkem_m4_fault,
    (uintptr_t)mlkem_m4_fault,
    0,
    (uintptr_t)mlkem_m4_fault,
    (uintptr_t)mlkem_m4_fault,
};

void mlkem_m4_reset(void) {
  const uint32_t *src = &__data_load;
  uint32_t *dst;
  for (dst = &__data_start; dst < &__data_end;) *dst++ = *src++;
  for (dst = &__bss_start; dst < &__bss_end;) *dst++ = 0;
  initialise_monitor_handles();
  exit(main());
}

void mlkem_m4_fault(void) {
  uint32_t ipsr;
  __asm__ volatile("mrs %0, ipsr" : "=r"(ipsr));
  semihost_write0("cortex-m4: fault (exception ");
  semihost_write_u32(ipsr & 0x1FF);
  semihost_write0("): stopped\n");
  semihost_exit_failure();
}

/* newlib's malloc grows its heap here: the board's PSRAM. */
void *_sbrk(ptrdiff_t incr) {
  static char *brk = &__heap_start;
  char *p = brk;
  if (incr < 0 || incr > &__heap_end - brk) {
    errno = ENOMEM;
    return (void *)-1;
  }
  brk += incr;
  return p;
}
