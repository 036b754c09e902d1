/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * x25519_vectors.h - the published X25519 answers, run against any
 * function with the shape of mlkem_x25519 (the public API in test_x25519,
 * each implementation in test_diff_x25519):
 *
 *   RFC 7748 section 5.2: the two single vectors and the iterated test
 *     (1 and 1,000 iterations; 1,000,000 when asked);
 *   RFC 7748 section 6.1: both public keys from the private keys (through
 *     base, and through x25519 on u = 9), the shared secret both ways;
 *   Wycheproof x25519_test.json (tests/vectors/wycheproof): 518 tests,
 *     the 31 of small order expected to fail with MLKEM_ERR_X25519_ZERO
 *     and an all-zero output.
 */
#ifndef MLKEM_TEST_X25519_VECTORS_H
#define MLKEM_TEST_X25519_VECTORS_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Encodings of points of small order, in lowercase hex, whose X25519 is
 * zero under every scalar (RFC 7748 section 6.1; the protocols that refuse
 * a zero secret refuse them): u = 0 (order 2), 1 and p - 1 = -1 (order 4,
 * on the curve or its twist: x(2P) = (u^2 - 1)^2 / (4u(u^2 + Au + 1)) is 0
 * exactly when u = +-1), the two points of order 8 (listed among the
 * LowOrderPublic points of Wycheproof's x25519_test.json), and p and
 * p + 1, which encode 0 and 1 again (p = 2^255 - 19). */
#define X25519_SMALL_ORDER_POINTS 7
extern const char *const x25519_small_order_hex[X25519_SMALL_ORDER_POINTS];

/* X25519(k, u) into out: 0, or MLKEM_ERR_X25519_ZERO for an all-zero
 * result (out zeroed). */
typedef int (*x25519_fn)(uint8_t out[32], const uint8_t k[32],
                         const uint8_t u[32]);
/* X25519(k, 9) into out: 0. */
typedef int (*x25519_base_fn)(uint8_t out[32], const uint8_t k[32]);

/* The RFC 7748 tests; iterations is 1000 or 1000000 (the published
 * checkpoints: 1, 1,000 and 1,000,000). */
void x25519_check_rfc7748(const char *label, x25519_fn fn, x25519_base_fn base,
                          unsigned long iterations);

/* The Wycheproof tests. */
void x25519_check_wycheproof(const char *label, x25519_fn fn);

/* Both of the above on an implementation of x25519/x25519.h called
 * directly (with mlkem_x25519's zero check added), labelled by its name. */
void x25519_check_impl(const void *impl);

/* impl against ref on n random (scalar, u) pairs, u over all 2^256
 * encodings, for the ladder and the fixed base; reports and returns the
 * number of differing results. */
unsigned long x25519_compare_random(const void *impl, const void *ref,
                                    unsigned long n, const char *seed);

#ifdef __cplusplus
}
#endif

#endif
