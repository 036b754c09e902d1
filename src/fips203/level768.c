/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* fips203/level768.c - K-PKE, its schedule and ML-KEM compiled for ML-KEM-768
 * (k = 3); see level.h. */
#define MLKEM_K 3
#include "fips203/kpke.c"
#include "fips203/kpke_schedule.c"
#include "fips203/kem.c"
#include "fips203/kem_expanded.c"
