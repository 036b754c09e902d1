/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * semihost.h - the few Arm semihosting calls the bare-metal test image makes
 * itself, outside newlib: a message and a failing stop from the fault
 * handler, where newlib's stdio may not be usable, and the command line
 * (newlib's start files, which would read it, are not used; the Arm semihosting
 * specification: BKPT 0xAB on M-profile, the operation in r0, its
 * argument in r1).
 */
#ifndef MLKEM_SEMIHOST_H
#define MLKEM_SEMIHOST_H

#include <stdint.h>

#define SEMIHOST_SYS_WRITE0 0x04
#define SEMIHOST_SYS_GET_CMDLINE 0x15
#define SEMIHOST_SYS_EXIT 0x18
#define SEMIHOST_ADP_STOPPED_RUNTIME_ERROR 0x20023

static inline uintptr_t semihost_call(uintptr_t op, uintptr_t arg) {
  register uintptr_t r0 __asm__("r0") = op;
  register uintptr_t r1 __asm__("r1") = arg;
  __asm__ volatile("bkpt 0xab" : "+r"(r0) : "r"(r1) : "memory");
  return r0;
}

static inline void semihost_write0(const char *s) {
  semihost_call(SEMIHOST_SYS_WRITE0, (uintptr_t)s);
}

static inline void semihost_write_u32(uint32_t v) {
  char buf[11];
  int i = 10;
  buf[i] = '\0';
  do {
    buf[--i] = (char)('0' + v % 10);
    v /= 10;
  } while (v != 0);
  semihost_write0(buf + i);
}

/* The command line the host gave (qemu: -semihosting-config arg=...), as
 * a NUL-terminated string in buf, or "" if there is none. */
static inline void semihost_cmdline(char *buf, uint32_t cap) {
  uintptr_t block[2];
  block[0] = (uintptr_t)buf;
  block[1] = cap;
  buf[0] = '\0';
  if (semihost_call(SEMIHOST_SYS_GET_CMDLINE, (uintptr_t)block) != 0)
    buf[0] = '\0';
}

/* Stops the emulator with a non-zero exit status (qemu: 1). */
static inline void semihost_exit_failure(void) {
  for (;;) semihost_call(SEMIHOST_SYS_EXIT, SEMIHOST_ADP_STOPPED_RUNTIME_ERROR);
}

#endif
