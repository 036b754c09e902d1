/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* level768.c - K-PKE, its schedule and ML-KEM compiled for ML-KEM-768 (k = 3);
 * see level.h. */
#define MLKEM_K 3
#include "kpke.c"
#include "kpke_schedule.c"
#include "kem.c"
