/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The end of ML-KEM.Decaps (fips203/kem.c, mlkem_kem_decaps_select with
 * mlkem_kem_decaps_choose, FIPS 203 Alg. 18 l. 9-11), per parameter set:
 * for every c and c', K' copied into ss and replaced by K-bar where c' is
 * not c (mlkem_ct_cmov, its real loop unwound), no read outside c, c'
 * and the 32 bytes of K-bar, only ss and the wiped buffers (c', m' || h,
 * K' || r', K-bar) written. mlkem_ct_memneq (0 or 0xFF: assumed, ct.h)
 * and mlkem_zeroize (proofs/platform/zeroize.c) are replaced by their
 * contracts.
 * @enforce mlkem_k{K}_kem_decaps_select
 * @replace mlkem_ct_memneq mlkem_zeroize
 * @source src/platform/ct.c
 * @unwind mlkem_ct_cmov.0:33
 * @sets 2 3 4
 * @solver z3
 */
#include "fips203/kem.c"

#include "frontend.h"

void harness(void) {
  uint8_t *ss, *ct2, *in, *kr, *kbar;
  const uint8_t *c;
  mlkem_kem_decaps_select(ss, c, ct2, in, kr, kbar);
}
