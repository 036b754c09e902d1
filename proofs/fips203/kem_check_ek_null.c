/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * kem_check_ek (fips203/kem.c) for a NULL ek: its contract's other case
 * (kem_check_ek.c), MLKEM_ERR_NULL_ARGUMENT, nothing read or written.
 * @enforce mlkem_k{K}_kem_check_ek
 * @replace mlkem_k{K}_kpke_decode_t_hat mlkem_backend_get
 * @source src/fips203/kpke.c
 * @sets 2 3 4
 * @solver z3
 */
#include "fips203/kem.c"

#include "frontend.h"

void harness(void) {
  (void)MLKEM_NS(kem_check_ek)(NULL);
}
