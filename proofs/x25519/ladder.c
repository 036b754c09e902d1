/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The Montgomery ladder (x25519/scalarmult.c, x25519_ladder) over fe51,
 * every step with the field operations replaced by their contracts: from
 * a tight u every step keeps the four coordinates tight, every operand
 * within the bound its operation takes (no 128-bit column overflows, as
 * fe_mul's and fe_sq's own proofs show for such operands), for all 255
 * steps of every scalar. --object-bits 12: the proof holds more than 1024
 * objects (10 bits is too few, an error), and DFCC's object sets are
 * arrays of 2^bits entries, so every further bit costs (16 took twice the
 * time; docs/PROOFS.md, Time).
 * @enforce x25519_ladder
 * @replace fe_add fe_sub fe_mul fe_sq fe_mul_small fe_cswap fe_cmov
 * @replace fe_set_small mlkem_zeroize
 * @loops
 * @check unsigned-overflow
 * @flags --object-bits 12
 */
#include "harness.h"
#include "x25519/fe51.h"
#include "x25519/scalarmult.c"

void harness(void) {
  fe x2, z2, x1;
  uint8_t k[32];
  x25519_ladder(&x2, &z2, k, &x1);
}
