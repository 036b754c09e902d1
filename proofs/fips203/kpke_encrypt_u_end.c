/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Steps 19 and 22 of K-PKE.Encrypt for one row of u (fips203/kpke.c,
 * encrypt_u_end, FIPS 203 Alg. 14), for du = 10 (K = 2, 3) and 11 (K = 4):
 * for every product below q and every PRF output, NTT^-1's |x| < q
 * met, NTT^-1 + e1 (CBD's |x| <= 2) within add's and Compress_du's
 * |x| < 2q, exactly the 32 du bytes of the row's c1 written, besides u and
 * the scratch e. The operations are replaced by their contracts.
 * @enforce encrypt_u_end
 * @replace mlkem_portable_invntt mlkem_portable_cbd mlkem_portable_add
 * @replace mlkem_portable_compress_encode
 * @sets 2 4
 * @solver z3
 */
#include "fips203/kpke.c"

#include "frontend.h"

void harness(void) {
  uint8_t *c;
  mlkem_poly *u, *e;
  const uint8_t *e1;
  encrypt_u_end(&mlkem_backend_portable, c, u, e1, e);
}
