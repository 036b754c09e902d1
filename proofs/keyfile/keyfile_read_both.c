/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The both form of RFC 9935's CHOICE (keyfile.c, read_both): SEQUENCE {
 * seed OCTET STRING, expandedKey OCTET STRING }, the last element of the
 * privateKey, and nothing after the expandedKey in it. For every span of
 * every length and content and every key type with the CHOICE of any
 * sizes within the key's arrays: no access outside the span, the key or
 * the error, only *key, the reader and *err written, an error code or
 * success returned.
 *
 * Replaced: the DER reader's header parser (parse_header) by its contract
 * (der_parse_header.c; mlkem_der_read itself is inlined, as in
 * keyfile_read_private_choice.c); load_both by its contract
 * (keyfile_load_both.c); the error reporter by the stub of
 * proofs/include/keyfile_types.h.
 * @enforce read_both
 * @replace parse_header load_both
 * @source src/keyfile/der.c src/platform/ct.c
 */
#include "keyfile_types.h"

#include "keyfile/keyfile.c"

void harness(void) {
  mlkem_keyfile_key *key;
  mlkem_der_reader *r;
  mlkem_keyfile_error *err;
  any_types();
  (void)read_both(key, &choice, r, err);
}
