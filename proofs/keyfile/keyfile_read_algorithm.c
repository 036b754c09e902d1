/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The AlgorithmIdentifier of a PKCS#8 or SubjectPublicKeyInfo (keyfile.c,
 * read_algorithm): a SEQUENCE holding an OBJECT IDENTIFIER, the OID of a
 * type of the table, and no parameters. For every span of every length
 * and content, every table of two key types with any OIDs of up to 16
 * bytes: no access outside the span, the table or the error, only the
 * reader, *e and *err written, an error code or success returned, and on
 * success *e one of the table's types.
 *
 * Replaced: the DER reader's header parser (parse_header) by its contract
 * (proofs/keyfile/der_parse_header.c; mlkem_der_read itself is inlined:
 * its contract, proven by der_read.c, costs the solver much more where it
 * is assumed); the composing of an unknown OID's message
 * (mlkem_der_oid_to_text, known_oids) by their contracts, not proven: they
 * write only within their buffer; the error reporter by the stub of
 * proofs/include/keyfile_types.h. The table's lookup and the OID's
 * comparison are unwound to their exact bounds (2 types and the end; OIDs
 * of at most 16 bytes).
 * @enforce read_algorithm
 * @replace parse_header mlkem_der_oid_to_text known_oids
 * @unwind read_algorithm.0:3 memcmp.0:17
 * @source src/keyfile/der.c src/platform/ct.c
 */
#include "keyfile_types.h"

#include "keyfile/keyfile.c"

void harness(void) {
  mlkem_der_reader *r;
  const mlkem_keyfile_entry **e;
  mlkem_keyfile_error *err;
  any_types();
  (void)read_algorithm(table, r, e, err);
}
