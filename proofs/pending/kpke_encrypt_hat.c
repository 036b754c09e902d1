/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * K-PKE.Encrypt from t-hat and A-hat (fips203/kpke.c,
 * mlkem_kpke_encrypt_hat, FIPS 203 Alg. 14 l. 18-23), per parameter set:
 * for every t-hat and A-hat in [0, q) (decoded or sampled), every message
 * and noise, the products' requires met (A-hat's and t-hat's [0, q), and
 * y-hat below 8q by encrypt_y_hat's contract) and the products below q
 * that encrypt_u_end and encrypt_v_end require; no access outside A-hat's
 * k^2 and t-hat's k polynomials, the noise and the ciphertext (row i of
 * c1 at 32 du i, c2 after c1), only c1 || c2 and the noise written, and
 * the noise all zero on return. The steps (encrypt_y_hat,
 * encrypt_u_end, encrypt_v_end: kpke_encrypt_y_hat.c, _u_end.c,
 * _v_end.c), basemul_acc and mlkem_zeroize are replaced by their
 * contracts; the loops over the k rows are unwound; the harness passes the
 * portable table itself (frontend.h).
 * @enforce mlkem_k{K}_kpke_encrypt_hat
 * @replace encrypt_y_hat encrypt_u_end encrypt_v_end
 * @replace mlkem_portable_basemul_acc mlkem_zeroize
 * @unwind mlkem_k{K}_kpke_encrypt_hat.0-1:5
 * @sets 2 3 4
 * @flags --object-bits 10
 * @solver z3
 */
#include "fips203/kpke.c"

#include "frontend.h"

void harness(void) {
  uint8_t *ct;
  const mlkem_poly *t_hat;
  const uint8_t *m;
  mlkem_kpke_encrypt_samples es; /* at and noise, as the callers pass them */
  mlkem_kpke_encrypt_hat(&mlkem_backend_portable, ct, es.at, t_hat, m,
                         &es.noise);
}
