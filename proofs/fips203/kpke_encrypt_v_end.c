/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Steps 20-21 and 23 of K-PKE.Encrypt (fips203/kpke.c, encrypt_v_end,
 * FIPS 203 Alg. 14), for dv = 4 (K = 2, 3) and 5 (K = 4): for every
 * product below q, PRF output and message, NTT^-1's |x| < q met, then
 * NTT^-1 + e2 (|x| <= 2) and + Decompress_1(m) (0 or (q + 1) / 2) within
 * add's |x| < 2q (add's exact sum carries the first bound to the
 * second), exactly the 32 dv bytes of c2 written, besides u and the
 * scratch e. The operations are replaced by their contracts.
 * @enforce encrypt_v_end
 * @replace mlkem_portable_invntt mlkem_portable_cbd mlkem_portable_add
 * @replace mlkem_portable_decode_decompress_msg
 * @replace mlkem_portable_compress_encode
 * @sets 2 4
 * @solver z3
 */
#include "fips203/kpke.c"

#include "frontend.h"

void harness(void) {
  uint8_t *c;
  mlkem_poly *u, *e;
  const uint8_t *e2, *m;
  encrypt_v_end(&mlkem_backend_portable, c, u, e2, m, e);
}
