/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The second half of K-PKE.Encrypt (fips203/kpke.c,
 * mlkem_kpke_encrypt_finish, FIPS 203 Alg. 14 l. 2, 18-23), per parameter
 * set: for every ek and every samples whose A-hat is in [0, q) (what
 * SampleNTT's rejection step leaves, MLKEM_KPKE_SAMPLES_OK), t-hat decoded
 * (decode12's contract: [0, q)) meets what the encryption from t-hat
 * requires; and the result is non-zero **exactly** when a 12-bit value of
 * ek's 384 k bytes is q or more: the modulus check of FIPS 203 sec. 7.2,
 * which the encapsulations and kem_check_ek report as
 * MLKEM_ERR_INVALID_EK, computed as t-hat is decoded. The noise is all
 * zero on return, only c and the noise written. The decoding with the
 * flag (mlkem_kpke_decode_t_hat, proofs/fips203/kpke_decode_t_hat.c) and
 * mlkem_kpke_encrypt_hat (proofs/fips203/kpke_encrypt_hat.c) are replaced
 * by their contracts.
 * @enforce mlkem_k{K}_kpke_encrypt_finish
 * @replace mlkem_k{K}_kpke_decode_t_hat mlkem_k{K}_kpke_encrypt_hat
 * @sets 2 3 4
 * @flags --object-bits 9
 * @solver z3
 */
#include "fips203/kpke.c"

#include "frontend.h"

void harness(void) {
  uint8_t *ct;
  const uint8_t *ek, *m;
  mlkem_kpke_encrypt_samples *es;
  (void)mlkem_kpke_encrypt_finish(&mlkem_backend_portable, ct, ek, m, es);
}
