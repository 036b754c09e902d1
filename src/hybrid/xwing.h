/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * hybrid/xwing.h - the two steps of X-Wing (xwing.c,
 * draft-connolly-cfrg-xwing-kem-10) that HPKE's MLKEM768-X25519 KEM
 * (src/hpke/kem_xwing.c) composes with the expanded ML-KEM-768 keys.
 */
#ifndef MLKEM_HYBRID_XWING_H
#define MLKEM_HYBRID_XWING_H

#include <stdint.h>

/* expandDecapsulationKey's hash (section 5.2): SHAKE256(sk, 96) = the
 * ML-KEM seed d || z, then the X25519 private key. */
void mlkem_xwing_expand(uint8_t expanded[96], const uint8_t sk[32]);

/* The combiner (section 5.3): ss = SHA3-256(ss_M || ss_X || ct_X || pk_X
 * || XWingLabel). */
void mlkem_xwing_combiner(uint8_t ss[32], const uint8_t ss_m[32],
                          const uint8_t ss_x[32], const uint8_t ct_x[32],
                          const uint8_t pk_x[32]);

#endif
