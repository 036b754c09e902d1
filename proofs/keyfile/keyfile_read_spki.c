/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The SubjectPublicKeyInfo of RFC 5280 after its outer SEQUENCE (keyfile.c,
 * read_spki): the AlgorithmIdentifier (an OID of the
 * table, no parameters) and the subjectPublicKey BIT STRING, with no unused
 * bits, the last element. For every span of every length and content, every key
 * type of any sizes within the key's arrays and any OID of up to 16 bytes: no
 * access outside the span, the key, the error or the table, only *key,
 * the reader and *err written, an error code or success returned.
 *
 * Replaced: the DER reader's header parser (parse_header) by its contract
 * (der_parse_header.c; mlkem_der_read and mlkem_der_peek_tag themselves
 * are inlined: mlkem_der_read's contract, proven by der_read.c, costs the
 * solver far more where it is assumed: 52 s for two calls, against 2 s);
 * read_algorithm and load_public by their contracts
 * (keyfile_read_algorithm.c, keyfile_load_public.c); the error reporter by the
 * stub of proofs/include/keyfile_types.h.
 * @enforce read_spki
 * @replace parse_header read_algorithm load_public
 * @source src/keyfile/der.c src/platform/ct.c
 */
#include "keyfile_types.h"

#include "keyfile/keyfile.c"

void harness(void) {
  mlkem_keyfile_key *key;
  mlkem_der_reader *seq;
  mlkem_keyfile_error *err;
  any_types();
  (void)read_spki(table, key, seq, err);
}
