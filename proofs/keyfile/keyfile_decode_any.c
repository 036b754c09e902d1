/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The format detection of the key-file reader (keyfile.c, decode_any,
 * with is_raw_size, the work of mlkem_keyfile_decode_in): PEM, raw bytes
 * of a key's size, DER, or an error naming both. For every input of every
 * length and content, every table of two key types of any sizes within
 * the key's arrays, and any raw type named (one of the table's, none, or
 * another pointer): no access outside the input, the key, the error or
 * the table, only *key, *err and the encoding written, an error code or
 * success returned.
 *
 * Replaced: the PEM sniffer by its contract (pem_looks_like_pem.c); the
 * PEM and DER key-file readers (mlkem_keyfile_decode_pem_in,
 * mlkem_keyfile_decode_der_in) by their contracts (keyfile_decode_pem.c,
 * keyfile_decode_der.c); the reading of raw bytes (decode_raw) by its
 * contract (keyfile_decode_raw.c); the DER reader's header parser
 * (parse_header) by its contract (der_parse_header.c); the message of a
 * wrong length (raw_sizes) by its contract, not proven: it writes only
 * within its buffer; the error reporter by the stub of
 * proofs/include/keyfile_types.h. The table's loops are unwound to their
 * exact bound (2 types and the end).
 * @enforce decode_any
 * @replace mlkem_pem_looks_like_pem mlkem_keyfile_decode_pem_in
 * @replace mlkem_keyfile_decode_der_in decode_raw parse_header raw_sizes
 * @unwind entry_of.0:3 is_raw_size.0:3
 * @source src/keyfile/der.c src/keyfile/pem.c src/platform/ct.c
 */
#include "keyfile_types.h"

#include "keyfile/keyfile.c"

void harness(void) {
  mlkem_keyfile_key *key;
  const uint8_t *in;
  size_t len;
  int *encoding;
  mlkem_keyfile_error *err;
  mlkem_keyfile_alg other;
  any_types();
  (void)decode_any(
      table, key, in, len,
      nondet_int() == 0 ? NULL : pick(&choice.alg, &seed_only.alg, &other),
      encoding, err);
}
