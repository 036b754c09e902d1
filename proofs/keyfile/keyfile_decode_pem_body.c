/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Reading PEM (keyfile.c, decode_pem): the block decoded into a buffer of
 * MLKEM_KEYFILE_MAX_DER bytes, its label checked (PRIVATE KEY or PUBLIC
 * KEY, and the one that fits the key read), the DER in it read, the
 * buffer wiped. For every input of every length and content, and every
 * result of the PEM decoder: no access outside the input, the label, the
 * buffer, the key or the error, only *key and *err written, an error code
 * or success returned.
 *
 * Replaced: the PEM decoder (mlkem_pem_decode) by its contract
 * (MLKEM_PEM_DECODE_CONTRACT, proven for pem_decode by pem_decode.c and
 * assumed for mlkem_pem_decode, which is pem_decode and a stack scrub: on
 * success a label that is a string of its 64 bytes and a length within
 * the buffer); the reading of
 * the DER (decode_der) by its contract (keyfile_decode_der_body.c);
 * mlkem_zeroize by its contract (proofs/platform/zeroize.c); the error
 * reporter by the stub of proofs/include/keyfile_types.h. The comparisons
 * of the label with the two labels are unwound to their bound (the
 * shorter label and its NUL).
 * @enforce decode_pem
 * @replace mlkem_pem_decode decode_der mlkem_zeroize
 * @unwind strcmp.0:13
 * @source src/keyfile/der.c src/keyfile/pem.c src/platform/ct.c
 */
#include "keyfile_types.h"

#include "keyfile/keyfile.c"

void harness(void) {
  mlkem_keyfile_key *key;
  const uint8_t *in;
  size_t len;
  mlkem_keyfile_error *err;
  any_types();
  (void)decode_pem(table, key, in, len, err);
}
