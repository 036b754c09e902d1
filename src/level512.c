/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* level512.c - K-PKE, its schedule and ML-KEM compiled for ML-KEM-512 (k = 2);
 * see level.h. */
#define MLKEM_K 2
#include "kpke.c"
#include "kpke_schedule.c"
#include "kem.c"
