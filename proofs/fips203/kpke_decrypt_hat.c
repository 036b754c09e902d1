/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * K-PKE.Decrypt from s-hat (fips203/kpke.c, mlkem_kpke_decrypt_hat,
 * FIPS 203 Alg. 15 l. 3-7), per parameter set: for every s-hat in [0, q)
 * (decoded) and every ciphertext, each backend operation's requires met by
 * what the steps before it ensure (u' and v' in [0, q), NTT(u') below 8q,
 * the product below q, NTT^-1 below q, v' - w below 2q for
 * Compress_1), no access outside the ciphertext's c1 and c2, s-hat's k
 * polynomials and the 32 bytes of m, only m written. The operations are
 * replaced by their contracts (backend/backend.h, proven for the portable
 * backend in proofs/backend/ or pending); the loop over the k polynomials
 * is unwound. The harness passes the portable table itself, so that
 * CBMC resolves each call through it to the one operation.
 * @enforce mlkem_k{K}_kpke_decrypt_hat
 * @replace mlkem_portable_ntt mlkem_portable_invntt
 * @replace mlkem_portable_basemul_acc mlkem_portable_sub_from
 * @replace mlkem_portable_decode_decompress
 * @replace mlkem_portable_compress_encode_msg mlkem_zeroize
 * @unwind mlkem_k{K}_kpke_decrypt_hat.0:5
 * @sets 2 3 4
 * @flags --object-bits 9
 * @solver z3
 */
#include "fips203/kpke.c"

#include "frontend.h"

void harness(void) {
  uint8_t *m;
  const mlkem_poly *s_hat;
  const uint8_t *ct;
  mlkem_kpke_decrypt_hat(&mlkem_backend_portable, m, s_hat, ct);
}
