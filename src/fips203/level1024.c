/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* fips203/level1024.c - K-PKE, its schedule and ML-KEM compiled for ML-KEM-1024
 * (k = 4); see level.h. */
#define MLKEM_K 4
#include "fips203/kpke.c"
#include "fips203/kpke_schedule.c"
#include "fips203/kem.c"
#include "fips203/kem_expanded.c"
