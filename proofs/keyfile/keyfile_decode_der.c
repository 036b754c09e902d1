/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Reading a DER key file (keyfile.c, mlkem_keyfile_decode_der_in, behind
 * mlkem_keyfile_decode_der): the contract every reader carries,
 * MLKEM_KEYFILE_READ_CONTRACT. For every input, of every length and
 * content (and a NULL input), every key and error pointer (NULL or not):
 * only *key and *err written, and on every error all of *key zero.
 *
 * Replaced: the reading itself (decode_der, with PKCS#8 and
 * SubjectPublicKeyInfo below it) by its contract (proven by
 * keyfile_decode_der_body.c: only *key and *err written); the end of the
 * reader (finish_read: the wipe on error) by its contract (proven by
 * keyfile_finish_read.c); mlkem_zeroize by its contract
 * (proofs/platform/zeroize.c); the error reporter by the stub of
 * proofs/include/keyfile_types.h.
 * @enforce mlkem_keyfile_decode_der_in
 * @replace decode_der finish_read mlkem_keyfile_wipe
 * @source src/keyfile/der.c src/platform/ct.c
 */
#include "keyfile_types.h"

#include "keyfile/keyfile.c"

/* A key (a NULL key: keyfile_null_key.c). */
void harness(void) {
  mlkem_keyfile_key key;
  const uint8_t *in;
  size_t len;
  mlkem_keyfile_error *err;
  any_types();
  (void)mlkem_keyfile_decode_der_in(table, &key, in, len, err);
}
