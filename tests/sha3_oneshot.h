/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * sha3_oneshot.h - the four FIPS 202 functions the library's one-shot
 * entry points give (sha3/sha3.h), by name, for the tests that compare
 * other ways of hashing with them (test_sha3.c, test_sponge.c).
 */
#ifndef MLKEM_TEST_SHA3_ONESHOT_H
#define MLKEM_TEST_SHA3_ONESHOT_H

#include <stddef.h>
#include <stdint.h>

#include "sha3/sha3.h"

enum alg { SHA3_256, SHA3_512, SHAKE128, SHAKE256 };

static inline void oneshot(enum alg a, uint8_t *out, size_t outlen,
                           const uint8_t *in, size_t inlen) {
  switch (a) {
    case SHA3_256:
      mlkem_sha3_256(out, in, inlen);
      break;
    case SHA3_512:
      mlkem_sha3_512(out, in, inlen);
      break;
    case SHAKE128:
      mlkem_shake128(out, outlen, in, inlen);
      break;
    case SHAKE256:
      mlkem_shake256(out, outlen, in, inlen);
      break;
  }
}

#endif
