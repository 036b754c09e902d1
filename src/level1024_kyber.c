/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* level1024_kyber.c - Kyber round 3's 90s schedule and KEM compiled for
 * rank 4; see level.h. */
#define MLKEM_K 4
#include "kpke_schedule_90s.c"
#include "kyber_kem.c"
