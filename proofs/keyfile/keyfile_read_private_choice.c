/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The ML-KEM private key CHOICE of RFC 9935 (keyfile.c,
 * read_private_choice): seed [0], expandedKey OCTET STRING, or both
 * SEQUENCE { seed, expandedKey }, each the last element of the
 * privateKey. For every span of every length and content, every key type
 * with the CHOICE of any sizes within the key's arrays: no access outside
 * the span, the key or the error, only *key, the reader and *err written,
 * an error code or success returned.
 *
 * Replaced: the DER reader's header parser (parse_header) by its contract
 * (der_parse_header.c; mlkem_der_read and mlkem_der_peek_tag themselves
 * are inlined: mlkem_der_read's contract, proven by der_read.c, costs the
 * solver far more where it is assumed: 52 s for two calls, against 2 s);
 * the loading of the parts
 * (load_seed, load_expanded) and the both form (read_both) by their
 * contracts (keyfile_load_*.c, keyfile_read_both.c); the error reporter by the
 * stub of proofs/include/keyfile_types.h.
 * @enforce read_private_choice
 * @replace parse_header
 * @replace load_seed load_expanded read_both
 * @source src/keyfile/der.c src/platform/ct.c
 */
#include "keyfile_types.h"

#include "keyfile/keyfile.c"

void harness(void) {
  mlkem_keyfile_key *key;
  mlkem_der_reader *r;
  mlkem_keyfile_error *err;
  any_types();
  (void)read_private_choice(key, &choice, r, err);
}
