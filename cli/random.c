/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * random.c - the operating system's random source (random.h): getentropy
 * where the C library has it (glibc 2.25+, musl, macOS, the BSDs), else
 * /dev/urandom.
 */
#if !defined(_DEFAULT_SOURCE)
#define _DEFAULT_SOURCE /* getentropy in glibc's <unistd.h> */
#endif
#include "random.h"

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#include "platform/ct.h"

#if defined(__APPLE__)
#include <sys/random.h>
#endif

/* MemorySanitizer does not know that getentropy (or read) filled the
 * buffer in every C library, so the tool says so itself. */
#if defined(__has_feature)
#if __has_feature(memory_sanitizer)
#include <sanitizer/msan_interface.h>
#define CLI_FILLED(p, n) __msan_unpoison((p), (n))
#endif
#endif
#ifndef CLI_FILLED
#define CLI_FILLED(p, n) ((void)0)
#endif

static int from_urandom(uint8_t *buf, size_t n) {
  int fd = open("/dev/urandom", O_RDONLY);
  if (fd < 0) return -1;
  while (n > 0) {
    ssize_t r = read(fd, buf, n);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) {
      close(fd);
      return -1;
    }
    buf += r;
    n -= (size_t)r;
  }
  close(fd);
  return 0;
}

int cli_random(uint8_t *buf, size_t n) {
  uint8_t *p = buf;
  size_t left = n;
  while (left > 0) {
    size_t k = left > 256 ? 256 : left; /* getentropy's limit per call */
    if (getentropy(p, k) != 0) {
      if (errno == ENOSYS && from_urandom(p, left) == 0) {
        CLI_FILLED(p, left);
        return 0;
      }
      mlkem_zeroize(buf, n);
      return -1;
    }
    CLI_FILLED(p, k);
    p += k;
    left -= k;
  }
  return 0;
}
