/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The Montgomery ladder (x25519/scalarmult.c, x25519_ladder) over fe51,
 * every step with the field operations replaced by their contracts: from
 * a tight u every step keeps the four coordinates tight, every operand
 * within the bound its operation takes (no 128-bit column overflows, as
 * fe_mul's and fe_sq's own proofs show for such operands), for all 255
 * steps of every scalar.
 * @enforce x25519_ladder
 * @replace fe_add fe_sub fe_mul fe_sq fe_mul_small fe_cswap fe_cmov
 * @replace fe_set_small mlkem_zeroize
 * @loops
 * @check unsigned-overflow
 * @flags --object-bits 16
 */
#include "harness.h"
#include "x25519/fe51.h"
#include "x25519/scalarmult.c"

void harness(void) {
  fe x2, z2, x1;
  uint8_t k[32];
  x25519_ladder(&x2, &z2, k, &x1);
}
