/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Steps 8-11 and 16 of K-PKE.KeyGen (fips203/kpke.c, keygen_s_hat,
 * FIPS 203 Alg. 13), per parameter set: for every PRF output, s[N] =
 * SamplePolyCBD_eta1 (|x| <= eta1) within the NTT's |x| <= q, s-hat below
 * 8q (what the products of t-hat require), no read outside the k PRF
 * outputs of 64 eta1 bytes, only s-hat written, k polynomials and no
 * more. cbd and ntt are replaced by their contracts; the loop is unwound.
 * @enforce keygen_s_hat
 * @replace mlkem_portable_cbd mlkem_portable_ntt
 * @unwind keygen_s_hat.0:5
 * @sets 2 3 4
 * @solver z3
 */
#include "fips203/kpke.c"

#include "frontend.h"

void harness(void) {
  mlkem_kpke_keygen_vars *v;
  keygen_s_hat(&mlkem_backend_portable, v);
}
