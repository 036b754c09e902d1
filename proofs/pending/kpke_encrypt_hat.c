/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * K-PKE.Encrypt from t-hat and A-hat (fips203/kpke.c,
 * mlkem_kpke_encrypt_hat, FIPS 203 Alg. 14 l. 18-23, with encrypt_y_hat,
 * encrypt_u_end and encrypt_v_end), per parameter set: for every t-hat
 * and A-hat in [0, q) (decoded or sampled), every message and noise, each
 * backend operation's requires met by what the steps before it ensure
 * (CBD's |x| <= eta within the NTT's |x| <= q; the NTT's |x| < 8q and
 * A-hat's [0, q) for the products; the products below q for NTT^-1;
 * NTT^-1 + e1, and NTT^-1 + e2 + Decompress_1(m), below 2q for
 * Compress_du and Compress_dv), no access outside A-hat's k^2 and t-hat's k
 * polynomials, the noise and the ciphertext, only c1 || c2 and the noise
 * written, and the noise all zero on return. The operations are replaced
 * by their contracts (backend/backend.h); the loops over the k rows are
 * unwound; the harness passes the portable table itself (frontend.h).
 * @enforce mlkem_k{K}_kpke_encrypt_hat
 * @replace mlkem_portable_ntt mlkem_portable_invntt mlkem_portable_cbd
 * @replace mlkem_portable_basemul_acc mlkem_portable_add
 * @replace mlkem_portable_compress_encode
 * @replace mlkem_portable_decode_decompress_msg mlkem_zeroize
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
