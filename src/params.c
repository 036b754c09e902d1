/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* params.c - the three parameter sets of FIPS 203 section 8, Table 2. */
#include "params.h"

#define MLKEM_PARAMS(NAME, K, ETA1, DU, DV)                   \
  {                                                           \
    NAME, K, ETA1, 2, DU, DV, 384 * (K) + 32, 768 * (K) + 96, \
        32 * ((DU) * (K) + (DV)), 384 * (K), 32 * (DU) * (K)  \
  }

const mlkem_params mlkem_params_512 = MLKEM_PARAMS("ML-KEM-512", 2, 3, 10, 4);
const mlkem_params mlkem_params_768 = MLKEM_PARAMS("ML-KEM-768", 3, 2, 10, 4);
const mlkem_params mlkem_params_1024 = MLKEM_PARAMS("ML-KEM-1024", 4, 2, 11, 5);
