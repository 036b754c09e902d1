/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * publish.h - a value chosen once per process and published to every
 * thread: the backend (backend/dispatch.c), and the AES, SHA-2 and X25519
 * implementations that follow it (aes_select.c, sha2_select.c,
 * x25519_dispatch.c).
 *
 * Each choice is a pure function of the CPU and the environment, so
 * threads racing through the first call compute the same value and may
 * all store it; the value is stored before the flag that says it is
 * there (release), and read after the flag (acquire). NULL is a value
 * like any other (no backend usable).
 */
#ifndef MLKEM_PUBLISH_H
#define MLKEM_PUBLISH_H

#if defined(__GNUC__) || defined(__clang__)
#define MLKEM_LOAD_ACQUIRE_(x) __atomic_load_n(&(x), __ATOMIC_ACQUIRE)
#define MLKEM_STORE_RELEASE_(x, v) __atomic_store_n(&(x), (v), __ATOMIC_RELEASE)
#define MLKEM_LOAD_RELAXED_(x) __atomic_load_n(&(x), __ATOMIC_RELAXED)
#define MLKEM_STORE_RELAXED_(x, v) __atomic_store_n(&(x), (v), __ATOMIC_RELAXED)
#else
#define MLKEM_LOAD_ACQUIRE_(x) (*(volatile int *)&(x))
#define MLKEM_STORE_RELEASE_(x, v) (*(volatile int *)&(x) = (v))
#define MLKEM_LOAD_RELAXED_(x) (*(const void *volatile *)&(x))
#define MLKEM_STORE_RELAXED_(x, v) (*(const void *volatile *)&(x) = (v))
#endif

/* A published choice: static storage, zero-initialised (not chosen). */
typedef struct {
  const void *value;
  int ready;
} mlkem_published;

/* The first call's half of mlkem_publish_once (publish.c): choose() and
 * publish its value. Out of line, so that the choice stays out of the
 * callers, whose every call takes the other half. */
const void *mlkem_publish_choose(mlkem_published *p,
                                 const void *(*choose)(void));

/* The value of p, chosen by choose() on the first call. */
static inline const void *mlkem_publish_once(mlkem_published *p,
                                             const void *(*choose)(void)) {
  if (MLKEM_LOAD_ACQUIRE_(p->ready)) return MLKEM_LOAD_RELAXED_(p->value);
  return mlkem_publish_choose(p, choose);
}

#endif
