/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Steps 18-19 of K-PKE.KeyGen for the coefficients [from, to) of row i
 * (fips203/kpke.c, keygen_t_hat, FIPS 203 Alg. 13), per parameter set:
 * for every range of whole parts, every row i < k, A-hat's row in
 * [0, q) and s-hat and e-hat[i] below 8q on the range, the products'
 * and add_reduce's requires met, the row's 12-bit values of the range
 * below q in ek (ByteEncode_12 of a reduced t-hat: the key generated
 * passes the modulus check), no write outside t-hat, the row's 384 bytes
 * of ek and (when kept) A-hat transposed's k^2 polynomials. basemul_acc,
 * add_reduce and encode12 are replaced by their contracts; the copy of the
 * row into A-hat transposed is unwound.
 * @enforce keygen_t_hat
 * @replace mlkem_portable_basemul_acc mlkem_portable_add_reduce
 * @replace mlkem_portable_encode12
 * @unwind keygen_t_hat.0:5
 * @sets 2 3 4
 * @flags --object-bits 9
 * @solver z3
 */
#include "fips203/kpke.c"

#include "frontend.h"

void harness(void) {
  mlkem_kpke_keygen_vars *v;
  const mlkem_poly *a_row;
  unsigned i, from, to;
  keygen_t_hat(&mlkem_backend_portable, v, a_row, i, from, to);
}
