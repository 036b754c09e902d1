/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The key from both forms (keyfile.c, load_both): the seed's and the
 * expanded key's lengths checked against the type's, both copied into the
 * key, the key pair of the seed generated into buffers of the largest
 * sizes, compared with the expanded key read, its ek kept only if they
 * agree, the buffers wiped. For every two parts of every length and
 * content (in one object, as in a file, or two), every key type of any
 * sizes within the key's arrays, and every result of the cryptography and
 * the comparison: no access outside the parts, the key, the buffers or
 * the error, only *key and *err written, an error code or success
 * returned.
 *
 * Replaced: mlkem_zeroize by its contract (proofs/platform/zeroize.c);
 * mlkem_ct_memneq by its contract in ct.h (not proven: it reads its two
 * spans, writes nothing, returns 0 or 0xFF); the cryptography and the
 * error reporter by the stubs of proofs/include/keyfile_types.h (their
 * contract is stated there).
 * @enforce load_both
 * @replace mlkem_zeroize mlkem_ct_memneq
 * @source src/platform/ct.c
 */
#include "keyfile_types.h"

#include "keyfile/keyfile.c"

void harness(void) {
  mlkem_keyfile_key *key;
  mlkem_keyfile_error *err;
  size_t n = nondet_size(), seed_n = nondet_size(), dk_n = nondet_size();
  const uint8_t *p, *seed, *dk;
  __CPROVER_assume(n < ((size_t)1 << 40) && seed_n <= n && dk_n <= n);
  p = malloc(n);
  __CPROVER_assume(p != NULL);
  seed = p + (n - seed_n);
  dk = nondet_int() == 0 ? p : malloc(dk_n);
  __CPROVER_assume(dk != NULL);
  any_types();
  (void)load_both(key, either(&choice, &seed_only), seed, seed_n, dk, dk_n,
                  err);
}
