/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Steps 12-15 and 17 of K-PKE.KeyGen for row i (fips203/kpke.c,
 * keygen_e_hat, FIPS 203 Alg. 13), for eta1 = 3 (K = 2) and 2 (K = 3):
 * for every PRF output and every row i < k, e-hat[i] below 8q, no read
 * outside PRF output k + i of the 2k, only e-hat written. cbd and ntt are
 * replaced by their contracts.
 * @enforce keygen_e_hat
 * @replace mlkem_portable_cbd mlkem_portable_ntt
 * @sets 2 3
 * @solver z3
 */
#include "fips203/kpke.c"

#include "frontend.h"

void harness(void) {
  mlkem_kpke_keygen_vars *v;
  unsigned i;
  keygen_e_hat(&mlkem_backend_portable, v, i);
}
