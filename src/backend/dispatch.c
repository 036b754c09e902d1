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
 * party, who could otherwise make every operation fail. It is
 * read with secure_getenv where the C library has it (glibc 2.17 on),
 * otherwise behind getauxval(AT_SECURE) on Linux or issetugid() on the
 * BSDs and macOS.
 *
 * The choice is made once and published to every thread (publish.h).
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
#include "platform/publish.h"

static int always(void) {
  return 1;
}

/* The backends built into this library, fastest first: each with whether
 * the running CPU supports it, and the number that names it in the header
 * of an expanded key (mlkem_backend_id), fixed for good once released. */
static const struct {
  const mlkem_backend *be;
  int (*supported)(void);
  unsigned id;
} backends[] = {
#ifdef MLKEM_HAVE_AVX512
    {&mlkem_backend_avx512, mlkem_cpu_has_avx512, 3},
#endif
#ifdef MLKEM_HAVE_AVX2
    {&mlkem_backend_avx2, mlkem_cpu_has_avx2, 2},
#endif
#ifdef MLKEM_HAVE_NEON
    {&mlkem_backend_neon_sha3, mlkem_cpu_has_sha3, 5},
    /* NEON is part of every AArch64 CPU. */
    {&mlkem_backend_neon, always, 4},
#endif
    {&mlkem_backend_portable, always, 1},
};
#define NBACKENDS (sizeof backends / sizeof backends[0])

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

/* The forced backend if it is built in and supported (else none), or the
 * fastest supported one. */
static const void *choose(void) {
  const char *forced = backend_variable();
  int any = forced == NULL || forced[0] == '\0';
  size_t i;
  for (i = 0; i < NBACKENDS; i++) {
    if (any && backends[i].supported()) return backends[i].be;
    if (!any && strcmp(forced, backends[i].be->name) == 0)
      return backends[i].supported() ? backends[i].be : NULL;
  }
  return NULL;
}

const mlkem_backend *mlkem_backend_get(void) {
  static mlkem_published chosen;
  return mlkem_publish_once(&chosen, choose);
}

unsigned mlkem_backend_id(const mlkem_backend *be) {
  size_t i;
  for (i = 0; i < NBACKENDS; i++)
    if (backends[i].be == be) return backends[i].id;
  return 0;
}
