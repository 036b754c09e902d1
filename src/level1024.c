/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* level1024.c - K-PKE, its schedule and ML-KEM compiled for ML-KEM-1024 (k =
 * 4); see level.h. */
#define MLKEM_K 4
#include "kpke.c"
#include "kpke_schedule.c"
#include "kem.c"
