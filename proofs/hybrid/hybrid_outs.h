/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * hybrid_outs.h - the outputs of a hybrid call for the harnesses of
 * hybrid_enter.c and hybrid_leave.c: one or two, each NULL or a buffer of
 * its own of any length up to 2^20 bytes (every caller passes one or two
 * outputs of constant lengths, X-Wing's expanded key the longest, a few
 * kilobytes; all_zero's index is 32 bits wide).
 */
#ifndef MLKEM_PROOFS_HYBRID_OUTS_H
#define MLKEM_PROOFS_HYBRID_OUTS_H

#include <stdlib.h>

#include "harness.h"
#include "hybrid/hybrid.c"

static mlkem_hybrid_out any_out(void) {
  mlkem_hybrid_out o;
  size_t len;
  __CPROVER_assume(len <= ((size_t)1 << 20));
  o.len = len;
  o.p = nondet_int() == 0 ? NULL : malloc(len);
  return o;
}

static mlkem_hybrid_out *any_outs(size_t *n) {
  mlkem_hybrid_out *outs = malloc(2 * sizeof *outs);
  __CPROVER_assume(outs != NULL);
  outs[0] = any_out();
  outs[1] = any_out();
  *n = nondet_int() == 0 ? 1 : 2;
  return outs;
}

#endif
