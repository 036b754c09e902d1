/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Reading a DER key file (keyfile.c, decode_der): one SEQUENCE, the whole
 * input, holding a PKCS#8 OneAsymmetricKey (its first element an INTEGER)
 * or a SubjectPublicKeyInfo (a SEQUENCE). For every input of every length
 * and content: no access outside the input, the key or the error, only
 * *key and *err written, an error code or success returned.
 *
 * Replaced: the DER reader's header parser (parse_header) by its contract
 * (der_parse_header.c; mlkem_der_read and mlkem_der_peek_tag themselves
 * are inlined: mlkem_der_read's contract, proven by der_read.c, costs the
 * solver far more where it is assumed: 52 s for two calls, against 2 s);
 * read_pkcs8 and read_spki by their
 * contracts (proofs/keyfile/keyfile_read_*.c); the error reporter by the
 * stub of proofs/include/keyfile_types.h.
 * @enforce decode_der
 * @replace parse_header read_pkcs8 read_spki
 * @source src/keyfile/der.c src/platform/ct.c
 */
#include "keyfile_types.h"

#include "keyfile/keyfile.c"

void harness(void) {
  mlkem_keyfile_key *key;
  const uint8_t *in;
  size_t len;
  mlkem_keyfile_error *err;
  any_types();
  (void)decode_der(table, key, in, len, err);
}
