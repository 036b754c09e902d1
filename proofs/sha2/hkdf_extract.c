/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * HKDF-Extract (sha2/hkdf.c, mlkem_hkdf_extract) for each hash, every salt
 * (empty, NULL, any length) and every list of up to two ikm strings: only
 * the HashLen bytes of prk written, no read outside the salt or the
 * strings. HMAC is replaced by its contracts; the loop over the strings
 * is unwound (two).
 * @enforce mlkem_hkdf_extract
 * @replace mlkem_hmac_init mlkem_hmac_update mlkem_hmac_final
 * @unwind mlkem_hkdf_extract.0:3
 */
#include "sha2/hkdf.c"
#include "spans.h"

void harness(void) {
  uint8_t *prk;
  size_t salt_len, nikm;
  const uint8_t *salt;
  mlkem_span *ikm = any_spans(&nikm);
  __CPROVER_assume(salt_len <= MLKEM_SHA2_PROOF_MAX_BYTES);
  salt = salt_len == 0 && nondet_int() == 0 ? NULL : malloc(salt_len);
  __CPROVER_assume(salt_len == 0 || salt != NULL);
  mlkem_hkdf_extract(any_alg(), prk, salt, salt_len, ikm, nikm);
}
