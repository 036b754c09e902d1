/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Step 18 of K-PKE.Encrypt for one y[i] (fips203/kpke.c, encrypt_y_hat,
 * FIPS 203 Alg. 14), for eta1 = 3 (K = 2) and 2 (K = 3, 4): for every PRF
 * output, SamplePolyCBD's |x| <= eta within the NTT's |x| <= q, y-hat
 * below 8q (what the products require), no read outside the 64 eta1
 * bytes, only y written. cbd and ntt are replaced by their contracts.
 * @enforce encrypt_y_hat
 * @replace mlkem_portable_cbd mlkem_portable_ntt
 * @sets 2 3
 * @solver z3
 */
#include "fips203/kpke.c"

#include "frontend.h"

void harness(void) {
  mlkem_poly *y;
  const uint8_t *prf;
  encrypt_y_hat(&mlkem_backend_portable, y, prf);
}
