/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* kyber/level1024.c - Kyber round 3's symmetric suites and KEM compiled for
 * rank 4; see level.h. */
#define MLKEM_K 4
#include "kyber/sym_shake.c"
#include "kyber/sym_90s.c"
#include "kyber/kyber_kem.c"
