/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* randombytes.c - randomness from the operating system (see randombytes.h),
 * unless the application supplies it (MLKEM_CUSTOM_RANDOMBYTES, and the
 * freestanding configuration MLKEM_FREESTANDING, which has no operating
 * system). */
#if !defined(MLKEM_CUSTOM_RANDOMBYTES) && !defined(MLKEM_FREESTANDING)

#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE
#endif
#if defined(__APPLE__) && !defined(_DARWIN_C_SOURCE)
#define _DARWIN_C_SOURCE
#endif

#include "platform/randombytes.h"

#if defined(_WIN32)
#include <windows.h>
#include <bcrypt.h>

int mlkem_randombytes(uint8_t *out, size_t len) {
  while (len > 0) {
    ULONG chunk = len > 0x10000000u ? 0x10000000u : (ULONG)len;
    if (!BCRYPT_SUCCESS(
            BCryptGenRandom(NULL, out, chunk, BCRYPT_USE_SYSTEM_PREFERRED_RNG)))
      return -1;
    out += chunk;
    len -= chunk;
  }
  return 0;
}

#elif defined(__linux__)
#include <errno.h>
#include <sys/syscall.h>
#include <unistd.h>

/* MemorySanitizer (make sanitize) cannot see the kernel write through
 * syscall(2), so the bytes are marked initialised explicitly. */
#include "platform/msan.h"

/* getrandom(2) through syscall(2), so that old C libraries without a
 * getrandom() wrapper work too. Blocks only until the kernel's pool is
 * first initialised; retries on EINTR and on short reads. */
int mlkem_randombytes(uint8_t *out, size_t len) {
  while (len > 0) {
    long n = syscall(SYS_getrandom, out, len, 0);
    if (n < 0) {
      if (errno == EINTR) continue;
      return -1;
    }
    MLKEM_MSAN_WRITTEN(out, (size_t)n);
    out += n;
    len -= (size_t)n;
  }
  return 0;
}

#elif defined(__APPLE__) || defined(__OpenBSD__) || defined(__FreeBSD__) || \
    defined(__NetBSD__) || defined(__DragonFly__)
#include <unistd.h>
#if defined(__APPLE__)
#include <sys/random.h>
#endif

/* getentropy() returns at most 256 bytes per call. */
int mlkem_randombytes(uint8_t *out, size_t len) {
  while (len > 0) {
    size_t chunk = len > 256 ? 256 : len;
    if (getentropy(out, chunk) != 0) return -1;
    out += chunk;
    len -= chunk;
  }
  return 0;
}

#else
#error \
    "No operating-system random source known for this platform: build with MLKEM_RANDOMBYTES=custom (or MLKEM_FREESTANDING) and define mlkem_randombytes()."
#endif

#else
/* MLKEM_CUSTOM_RANDOMBYTES or MLKEM_FREESTANDING: the application defines
 * mlkem_randombytes (its contract: mlkem.h). */
typedef int mlkem_randombytes_is_external;
#endif
