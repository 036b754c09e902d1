/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * t-hat = ByteDecode_12(ek[0 : 384k]) with the modulus check of FIPS 203
 * sec. 7.2 (fips203/kpke.c, mlkem_kpke_decode_t_hat, Alg. 14 l. 2), per
 * parameter set: for every ek, every polynomial of t-hat in [0, q), no
 * access outside ek's 384 k bytes and t's k polynomials, only t written,
 * and the result non-zero **exactly** when a 12-bit value of one of ek's k
 * polynomials is q or more (MLKEM_KPKE_EK_BAD). The one check behind
 * encrypt_finish (the encapsulations, decapsulation's re-encryption) and
 * kem_check_ek. decode12 (whose contract states its flag exactly,
 * proofs/backend/decode12.c) is replaced by its contract; the loop over
 * the k polynomials is unwound. z3 (9.5 s for K = 2, against minutes on
 * SAT).
 * @enforce mlkem_k{K}_kpke_decode_t_hat
 * @replace mlkem_portable_decode12
 * @unwind mlkem_k{K}_kpke_decode_t_hat.0:5
 * K = 4 passes too (87.8 s at a load average of 12 to 16, over CI's
 * budget of about 60 s; docs/PROOFS.md): add 4 to @sets to prove it.
 * @sets 2 3
 * @solver z3
 */
#include "fips203/kpke.c"

#include "frontend.h"

void harness(void) {
  mlkem_poly *t;
  const uint8_t *ek;
  (void)mlkem_kpke_decode_t_hat(&mlkem_backend_portable, t, ek);
}
