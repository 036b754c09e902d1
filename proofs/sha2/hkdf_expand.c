/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * HKDF-Expand (sha2/hkdf.c, mlkem_hkdf_expand, and so the
 * mlkem_hkdf_expand_keyed it runs on the keyed state) for each hash, every
 * output length (up to 255 HashLen, and beyond: -1 with nothing written), every
 * key and every list of up to two info strings: no byte written outside
 * the len bytes of out (the last block's copy cut to what is left), no
 * read outside the key or the strings. HMAC is replaced by its contracts;
 * the loop over the blocks carries a loop contract, the one over the info
 * strings is unwound (two). --object-bits 9: more than 256 objects, and
 * no more bits than they need (DFCC's object sets are arrays of 2^bits
 * entries: 10 took 3.5 times as long; docs/PROOFS.md, Time).
 * @enforce mlkem_hkdf_expand
 * @replace mlkem_hmac_init mlkem_hmac_update mlkem_hmac_final
 * @replace mlkem_hmac_wipe mlkem_zeroize
 * @source src/sha2/sha2.c
 * @loops
 * @unwind mlkem_hkdf_expand_keyed.0:3
 * @flags --object-bits 9
 */
#include "sha2/hkdf.c"
#include "spans.h"

void harness(void) {
  uint8_t *out;
  size_t len, prk_len, ninfo;
  const uint8_t *prk;
  mlkem_span *info = any_spans(&ninfo);
  __CPROVER_assume(prk_len <= MLKEM_SHA2_PROOF_MAX_BYTES);
  prk = prk_len == 0 && nondet_int() == 0 ? NULL : malloc(prk_len);
  __CPROVER_assume(prk_len == 0 || prk != NULL);
  (void)mlkem_hkdf_expand(any_alg(), out, len, prk, prk_len, info, ninfo);
}
