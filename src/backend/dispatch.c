/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * dispatch.c - chooses the backend once per process.
 *
 * Without MLKEM_BACKEND in the environment: the fastest backend that was
 * built in and that the CPU and OS support. With MLKEM_BACKEND=name: that
 * backend if it is built in and supported, otherwise none at all (every
 * operation then fails with MLKEM_ERR_BACKEND), so that a test or a
 * diagnosis never silently runs on another backend than the one it asked
 * for, and never executes an instruction the CPU lacks.
 *
 * A privileged process ignores the variable: one that runs set-user-ID or
 * set-group-ID, or with capabilities gained at exec (what the kernel
 * reports as AT_SECURE), has an environment chosen by a less privileged
 * party, who could otherwise make every operation fail (issue 23). It is
 * read with secure_getenv where the C library has it (glibc 2.17 on),
 * otherwise behind getauxval(AT_SECURE) on Linux or issetugid() on the
 * BSDs and macOS.
 *
 * The choice is a pure function of the CPU and the environment, so threads
 * racing through the first call compute the same answer; the result is
 * published with an atomic store.
 */
/* secure_getenv is a GNU extension; this file alone asks for it. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/auxv.h>
#endif
#if defined(__APPLE__) || defined(__FreeBSD__) || defined(__NetBSD__) || \
    defined(__OpenBSD__) || defined(__DragonFly__)
#include <unistd.h>
#endif

#include "backend/backend.h"
#include "platform/cpu.h"

/* chosen is valid once chosen_ready is set (NULL then means "the forced
 * backend is not available"). */
static const mlkem_backend *chosen;
static int chosen_ready;

#if defined(__GNUC__) || defined(__clang__)
#define LOAD_ACQUIRE(x) __atomic_load_n(&(x), __ATOMIC_ACQUIRE)
#define STORE_RELEASE(x, v) __atomic_store_n(&(x), (v), __ATOMIC_RELEASE)
#define STORE_RELAXED(x, v) __atomic_store_n(&(x), (v), __ATOMIC_RELAXED)
#define LOAD_RELAXED(x) __atomic_load_n(&(x), __ATOMIC_RELAXED)
#else
#define LOAD_ACQUIRE(x) (*(volatile int *)&(x))
#define STORE_RELEASE(x, v) (*(volatile int *)&(x) = (v))
#define STORE_RELAXED(x, v) (*(const mlkem_backend *volatile *)&(x) = (v))
#define LOAD_RELAXED(x) (*(const mlkem_backend *volatile *)&(x))
#endif

/* The backends built into this library, fastest first, with whether the
 * running CPU supports each. */
static const mlkem_backend *lookup(const char *name, int *supported) {
#ifdef MLKEM_HAVE_AVX512
  if (strcmp(name, "avx512") == 0) {
    *supported = mlkem_cpu_has_avx512();
    return &mlkem_backend_avx512;
  }
#endif
#ifdef MLKEM_HAVE_AVX2
  if (strcmp(name, "avx2") == 0) {
    *supported = mlkem_cpu_has_avx2();
    return &mlkem_backend_avx2;
  }
#endif
#ifdef MLKEM_HAVE_NEON
  if (strcmp(name, "neon-sha3") == 0) {
    *supported = mlkem_cpu_has_sha3();
    return &mlkem_backend_neon_sha3;
  }
  if (strcmp(name, "neon") == 0) {
    *supported = 1; /* NEON is part of every AArch64 CPU */
    return &mlkem_backend_neon;
  }
#endif
  if (strcmp(name, "portable") == 0) {
    *supported = 1;
    return &mlkem_backend_portable;
  }
  *supported = 0;
  return NULL;
}

/* MLKEM_BACKEND, or NULL in a privileged process (see the top). */
static const char *backend_variable(void) {
#if defined(__GLIBC__) && \
    (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 17))
  return secure_getenv("MLKEM_BACKEND");
#elif defined(__linux__) && defined(AT_SECURE)
  return getauxval(AT_SECURE) != 0 ? NULL : getenv("MLKEM_BACKEND");
#elif defined(__APPLE__) || defined(__FreeBSD__) || defined(__NetBSD__) || \
    defined(__OpenBSD__) || defined(__DragonFly__)
  return issetugid() ? NULL : getenv("MLKEM_BACKEND");
#else
  return getenv("MLKEM_BACKEND");
#endif
}

static const mlkem_backend *choose(void) {
  const char *forced = backend_variable();
  int supported;
  if (forced != NULL && forced[0] != '\0') {
    const mlkem_backend *be = lookup(forced, &supported);
    return supported ? be : NULL;
  }
#ifdef MLKEM_HAVE_AVX512
  if (mlkem_cpu_has_avx512()) return &mlkem_backend_avx512;
#endif
#ifdef MLKEM_HAVE_AVX2
  if (mlkem_cpu_has_avx2()) return &mlkem_backend_avx2;
#endif
#ifdef MLKEM_HAVE_NEON
  return mlkem_cpu_has_sha3() ? &mlkem_backend_neon_sha3 : &mlkem_backend_neon;
#else
  return &mlkem_backend_portable;
#endif
}

const mlkem_backend *mlkem_backend_get(void) {
  const mlkem_backend *be;
  if (LOAD_ACQUIRE(chosen_ready)) return LOAD_RELAXED(chosen);
  be = choose();
  STORE_RELAXED(chosen, be);
  STORE_RELEASE(chosen_ready, 1);
  return be;
}

unsigned mlkem_backend_id(const mlkem_backend *be) {
  if (be == &mlkem_backend_portable) return 1;
#ifdef MLKEM_HAVE_AVX2
  if (be == &mlkem_backend_avx2) return 2;
#endif
#ifdef MLKEM_HAVE_AVX512
  if (be == &mlkem_backend_avx512) return 3;
#endif
#ifdef MLKEM_HAVE_NEON
  if (be == &mlkem_backend_neon) return 4;
  if (be == &mlkem_backend_neon_sha3) return 5;
#endif
  return 0;
}
