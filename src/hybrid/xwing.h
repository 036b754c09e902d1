/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * hybrid/xwing.h - the steps of X-Wing (xwing.c,
 * @spec{XWING}) that HPKE's MLKEM768-X25519 KEM
 * (src/hpke/kem_xwing.c) composes with the expanded ML-KEM-768 keys.
 */
#ifndef MLKEM_HYBRID_XWING_H
#define MLKEM_HYBRID_XWING_H

#include <stdint.h>

#include "x25519/x25519.h"

/* expandDecapsulationKey's hash (@spec{XWING, sec. 5.2}): SHAKE256(sk, 96) =
 * the ML-KEM seed d || z, then the X25519 private key. */
void mlkem_xwing_expand(uint8_t expanded[96], const uint8_t sk[32]);

/* After ML-KEM's part (its shared secret ss_m), X25519's and the combiner
 * (@spec{XWING, sec. 5.3}: SHA3-256(ss_M || ss_X || ct_X || pk_X ||
 * XWingLabel)): for Encapsulate (5.4), ct_X = X25519(ek_X, 9) and ss_X =
 * X25519(ek_X, pk_X), ek_X the last 32 bytes of eseed; for Decapsulate (5.5),
 * ss_X = X25519(sk_X, ct_X), a point of small order giving zeros (no error). */
void mlkem_xwing_encaps_x25519(const mlkem_x25519_impl *x, uint8_t ct_x[32],
                               uint8_t ss[32], const uint8_t ss_m[32],
                               const uint8_t pk_x[32], const uint8_t ek_x[32]);
void mlkem_xwing_decaps_x25519(const mlkem_x25519_impl *x, uint8_t ss[32],
                               const uint8_t ss_m[32], const uint8_t ct_x[32],
                               const uint8_t sk_x[32], const uint8_t pk_x[32]);

#endif
