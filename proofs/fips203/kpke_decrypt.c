/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * K-PKE.Decrypt (fips203/kpke.c, mlkem_kpke_decrypt, FIPS 203 Alg. 15),
 * per parameter set: for every dk_PKE and ciphertext, s-hat decoded by
 * ByteDecode_12 (decode12's contract: [0, q), whatever the bytes) meets
 * what decryption from s-hat requires, no access outside dk_PKE's 384 k
 * bytes, the ciphertext and m, only m written. decode12 and
 * mlkem_kpke_decrypt_hat (proofs/fips203/kpke_decrypt_hat.c) are replaced
 * by their contracts; the loop over the k polynomials is unwound.
 * @enforce mlkem_k{K}_kpke_decrypt
 * @replace mlkem_portable_decode12 mlkem_k{K}_kpke_decrypt_hat mlkem_zeroize
 * @unwind mlkem_k{K}_kpke_decrypt.0:5
 * @sets 2 3 4
 * @flags --object-bits 9
 * @solver z3
 */
#include "fips203/kpke.c"

#include "frontend.h"

void harness(void) {
  uint8_t *m;
  const uint8_t *dkpke, *ct;
  mlkem_kpke_decrypt(&mlkem_backend_portable, m, dkpke, ct);
}
