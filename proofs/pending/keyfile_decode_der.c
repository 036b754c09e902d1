/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Reading a DER key file (keyfile.c, mlkem_keyfile_decode_der_in, with
 * decode_der, read_pkcs8, read_spki, read_algorithm, read_private_choice
 * and load_seed / load_expanded / load_both / load_public): PKCS#8
 * OneAsymmetricKey with RFC 9935's privateKey CHOICE (seed [0],
 * expandedKey, both) or X-Wing's bare seed, and SubjectPublicKeyInfo. For
 * every input, of every length (the DER reader's contracts hold for every
 * length, so no bound is needed) and content, every key type of any sizes
 * within the key's arrays and any OID of up to 16 bytes, and every result
 * of the cryptographic checks: no access outside the input, the key, the
 * error or the table, only *key and *err written, and on every error the
 * whole key zero.
 *
 * Replaced: the DER reader (mlkem_der_read, mlkem_der_peek_tag) by its
 * contracts (proofs/keyfile/der_*.c). The cryptography a reader calls
 * through its type's entry (the key pair of a seed, the checks of ek and
 * dk, which run SHA-3 and the ML-KEM key generation) by the stubs of
 * proofs/include/keyfile_types.h, whose contract is: they write only their
 * outputs, every byte of them with any value, and return success or
 * their error; and the composing of error messages (mlkem_keyfile_fail,
 * a stub there that sets the code and any message; known_oids and
 * mlkem_der_oid_to_text, by their contracts, not proven: they write only
 * within their buffer) and mlkem_ct_memneq (its contract in ct.h, not
 * proven: it reads a and b, writes nothing, returns 0 or 0xFF). Not
 * modelled: mlkem_kem_by_name (the entries name no KEM: key->kem NULL).
 * The table's lookup and the OID's comparison are unwound to their exact
 * bounds (2 types and the end; OIDs of at most 16 bytes).
 * @enforce mlkem_keyfile_decode_der_in
 * @replace mlkem_der_read mlkem_der_peek_tag mlkem_der_oid_to_text
 * @replace known_oids mlkem_ct_memneq
 * @unwind read_algorithm.0:3 memcmp.0:17
 * @source src/keyfile/der.c src/platform/ct.c
 * @flags --object-bits 9
 */
#include "keyfile/keyfile.c"

#include "keyfile_types.h"

void harness(void) {
  mlkem_keyfile_key *key;
  const uint8_t *in;
  size_t len;
  mlkem_keyfile_error *err;
  any_types();
  (void)mlkem_keyfile_decode_der_in(table, key, in, len, err);
}
