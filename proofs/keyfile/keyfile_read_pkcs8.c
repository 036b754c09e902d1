/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The OneAsymmetricKey of RFC 5958 after its outer SEQUENCE (keyfile.c,
 * read_pkcs8): the version (0, in its minimal encoding),
 * the AlgorithmIdentifier (an OID of the table, no parameters), the privateKey
 * OCTET STRING, nothing after it; its contents X-Wing's bare seed or RFC 9935's
 * CHOICE, as the type says. For every span of every length and content, every
 * key type of any sizes within the key's arrays and any OID of up to 16 bytes:
 * no access outside the span, the key, the error or the table, only *key, the
 * reader and *err written, an error code or success returned.
 *
 * Replaced: the DER reader's header parser (parse_header) by its contract
 * (der_parse_header.c; mlkem_der_read and mlkem_der_peek_tag themselves
 * are inlined: mlkem_der_read's contract, proven by der_read.c, costs the
 * solver far more where it is assumed: 52 s for two calls, against 2 s);
 * read_algorithm, load_seed and read_private_choice by their contracts
 * (keyfile_read_algorithm.c, keyfile_load_seed.c,
 * keyfile_read_private_choice.c); the error reporter by the stub of
 * proofs/include/keyfile_types.h.
 * @enforce read_pkcs8
 * @replace parse_header read_algorithm load_seed read_private_choice
 * @source src/keyfile/der.c src/platform/ct.c
 */
#include "keyfile_types.h"

#include "keyfile/keyfile.c"

void harness(void) {
  mlkem_keyfile_key *key;
  mlkem_der_reader *seq;
  mlkem_keyfile_error *err;
  any_types();
  (void)read_pkcs8(table, key, seq, err);
}
