/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * painted_stack.h - run a function on a thread whose stack is memory we
 * own, filled with a known byte beforehand, and look at that memory after
 * the thread has ended: how deep the function went (make stack) and what
 * it left behind (test_zeroize).
 *
 * The stack is an mmap'd region given to the thread with
 * pthread_attr_setstack. The thread function reads the stack pointer just
 * before it calls the function under test, so the depth reported is the
 * distance from the caller's stack pointer to the lowest byte that no
 * longer holds the pattern: the function's frames, its return address, and
 * everything it called. Header-only (static functions) so that each
 * program can include it without another library target.
 */
#ifndef MLKEM_PAINTED_STACK_H
#define MLKEM_PAINTED_STACK_H

#if !defined(_GNU_SOURCE)
#define _GNU_SOURCE
#endif

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

/* MSan and ASan must not check the scans: they read stack memory of a
 * finished thread, some of it never written. */
#if defined(__clang__) || defined(__GNUC__)
#define PS_NO_SANITIZE __attribute__((no_sanitize("address", "memory")))
#else
#define PS_NO_SANITIZE
#endif
#if defined(__GNUC__) && !defined(__clang__)
#undef PS_NO_SANITIZE
#define PS_NO_SANITIZE __attribute__((no_sanitize_address))
#endif

#if defined(__GNUC__) || defined(__clang__)
#define PS_UNUSED __attribute__((unused))
#else
#define PS_UNUSED
#endif

typedef struct {
  uint8_t *base; /* lowest address of the stack region */
  size_t size;   /* its size */
  uintptr_t sp;  /* stack pointer at the call of the function */
  void (*fn)(void *);
  void *arg;
} ps_stack;

PS_UNUSED static void *ps_trampoline(void *p) {
  ps_stack *st = (ps_stack *)p;
  void (*volatile fn)(void *) = st->fn;
  uintptr_t sp;
#if (defined(__GNUC__) || defined(__clang__)) && defined(__x86_64__)
  __asm__ volatile("mov %%rsp, %0" : "=r"(sp));
#elif defined(__GNUC__) || defined(__clang__)
  sp = (uintptr_t)__builtin_frame_address(0);
#else
  sp = (uintptr_t)&sp;
#endif
  st->sp = sp;
  fn(st->arg);
  return NULL;
}

/* Fills the region with pattern, runs fn(arg) on it and waits for the
 * thread to end. Returns 0 on success. The region stays mapped (and
 * readable) until ps_free. */
PS_UNUSED static int ps_rerun(ps_stack *st, uint8_t pattern, void (*fn)(void *),
                              void *arg);

PS_UNUSED static int ps_run(ps_stack *st, size_t size, uint8_t pattern,
                            void (*fn)(void *), void *arg) {
  memset(st, 0, sizeof *st);
  st->base = (uint8_t *)mmap(NULL, size, PROT_READ | PROT_WRITE,
                             MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (st->base == (uint8_t *)MAP_FAILED) {
    st->base = NULL;
    return -1;
  }
  st->size = size;
  return ps_rerun(st, pattern, fn, arg);
}

/* ps_run again on the same region (painted afresh): the thread's frames
 * lie at the same addresses as in the run before, so two runs that differ
 * only in a secret leave byte-identical stacks unless something of the
 * secret stays behind. */
PS_UNUSED static int ps_rerun(ps_stack *st, uint8_t pattern, void (*fn)(void *),
                              void *arg) {
  pthread_attr_t attr;
  pthread_t th;
  int rc;
  st->fn = fn;
  st->arg = arg;
  memset(st->base, pattern, st->size);
  if (pthread_attr_init(&attr) != 0) return -1;
  rc = pthread_attr_setstack(&attr, st->base, st->size);
  if (rc == 0) rc = pthread_create(&th, &attr, ps_trampoline, st);
  pthread_attr_destroy(&attr);
  if (rc != 0) return -1;
  return pthread_join(th, NULL) == 0 ? 0 : -1;
}

/* The lowest address in the region that no longer holds pattern (the
 * deepest point the thread reached), as an offset from base. */
PS_UNUSED PS_NO_SANITIZE static size_t ps_lowest(const ps_stack *st,
                                                 uint8_t pattern) {
  const volatile uint8_t *b = st->base;
  size_t i;
  for (i = 0; i < st->size; i++)
    if (b[i] != pattern) return i;
  return st->size;
}

/* Bytes of stack the function used below its caller's stack pointer. */
PS_UNUSED static size_t ps_depth(const ps_stack *st, uint8_t pattern) {
  uintptr_t lowest = (uintptr_t)st->base + ps_lowest(st, pattern);
  return st->sp > lowest ? (size_t)(st->sp - lowest) : 0;
}

PS_UNUSED static void ps_free(ps_stack *st) {
  if (st->base != NULL) munmap(st->base, st->size);
  st->base = NULL;
}

/* What of a secret fn leaves on its stack, found without knowing what to
 * look for: fn runs once on the caller's stack, then three times on one
 * region of `size` bytes, after
 * new_secret(ctx) (a random secret, every other input the same), again
 * with that secret, and after new_secret(ctx) again. A byte of the used
 * stack that differs between the two secrets depends on them, unless it
 * also differs between the two runs with one secret (a register value the
 * thread started with and the library saved on entry, or the dynamic
 * linker's first resolution of a symbol). Returns how many bytes depend
 * on the secret (*depth: how far below the caller's stack pointer the
 * first is; *noise: the bytes left out), or (size_t)-1 if fn could not be
 * run. */
PS_UNUSED PS_NO_SANITIZE static size_t ps_secret_residue(
    size_t size, uint8_t pattern, void (*fn)(void *),
    void (*new_secret)(void *), void *ctx, long *depth, size_t *noise) {
  ps_stack st;
  uint8_t *runs = (uint8_t *)malloc(2 * size);
  size_t lo = size, i, differ = 0;
  unsigned r;
  int ok = runs != NULL;
  const volatile uint8_t *b;
  *depth = 0;
  *noise = 0;
  /* Once on this thread first: the dynamic linker resolves the symbols fn
   * calls on its first call, deeper than fn itself. */
  if (ok) {
    new_secret(ctx);
    fn(NULL);
  }
  ok = ok && ps_run(&st, size, pattern, fn, NULL) == 0;
  for (r = 0; ok && r < 3; r++) {
    if (r > 0) ok = ps_rerun(&st, pattern, fn, NULL) == 0;
    if (!ok) break;
    if (ps_lowest(&st, pattern) < lo) lo = ps_lowest(&st, pattern);
    if (r < 2) memcpy(runs + r * size, (const void *)st.base, size);
    if (r == 1) new_secret(ctx);
  }
  if (ok) {
    b = st.base;
    for (i = lo; (uintptr_t)(st.base + i) < st.sp; i++) {
      if (runs[i] != runs[size + i]) {
        (*noise)++;
        continue;
      }
      if (b[i] == runs[i]) continue;
      if (differ++ == 0) *depth = (long)(st.sp - ((uintptr_t)st.base + i));
    }
  }
  if (runs != NULL && st.base != NULL) ps_free(&st);
  free(runs);
  return ok ? differ : (size_t)-1;
}

#endif /* MLKEM_PAINTED_STACK_H */
