/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The format detection of the key-file reader (keyfile.c,
 * mlkem_keyfile_decode_in, with is_raw_size, decode_raw, raw_kind and
 * load_raw): PEM, raw bytes of a key's size, DER, or an error naming
 * both. For every input of every length and content, every key type of
 * any sizes within the key's arrays, any raw type named (one of the
 * table's, none, or another pointer), and every result of the
 * cryptographic checks: no access outside the input, the key or the
 * error, only *key and *err written, and on every error the whole key
 * zero.
 *
 * Replaced: the DER reader and the PEM sniffer by their contracts
 * (proofs/keyfile/der_*.c, pem_looks_like_pem.c); the DER key-file reader
 * mlkem_keyfile_decode_der_in by its contract (proofs/keyfile/
 * keyfile_decode_der.c); the PEM key-file reader
 * mlkem_keyfile_decode_pem_in by its contract, the same, NOT proven yet
 * (decode_pem: mlkem_pem_decode into a 4096-byte buffer, then the DER
 * reader); raw_sizes by its contract (not proven: it writes only within
 * its buffer); the cryptography and the error reporter by the stubs of
 * proofs/include/keyfile_types.h. The table's loops are unwound to their
 * exact bound (2 types and the end).
 * @enforce mlkem_keyfile_decode_in
 * @replace mlkem_der_read mlkem_der_peek_tag mlkem_pem_looks_like_pem
 * @replace mlkem_keyfile_decode_der_in mlkem_keyfile_decode_pem_in
 * @replace raw_sizes
 * @unwind entry_of.0:3 is_raw_size.0:3 decode_raw.0:3 decode_raw.1:3
 * @source src/keyfile/der.c src/keyfile/pem.c src/platform/ct.c
 * @flags --object-bits 9
 */
#include "keyfile/keyfile.c"

#include "keyfile_types.h"

void harness(void) {
  mlkem_keyfile_key *key;
  const uint8_t *in;
  size_t len;
  mlkem_keyfile_error *err;
  mlkem_keyfile_alg other;
  any_types();
  (void)mlkem_keyfile_decode_in(
      table, key, in, len,
      nondet_int() == 0 ? NULL : pick(&choice.alg, &seed_only.alg, &other),
      err);
}
