/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * spans.h - a list of up to two byte strings of any lengths (up to
 * MLKEM_HKDF_PROOF_MAX_SPAN) and contents for the HKDF harnesses, each
 * readable within its length (what hkdf.h asks of the caller's lists).
 */
#ifndef MLKEM_PROOFS_SPANS_H
#define MLKEM_PROOFS_SPANS_H

#include <stdlib.h>

#include "harness.h"
#include "sha2/hkdf.h"

static mlkem_span any_span(void) {
  mlkem_span s;
  size_t len;
  __CPROVER_assume(len <= MLKEM_HKDF_PROOF_MAX_SPAN);
  s.len = len;
  s.p = len == 0 && nondet_int() == 0 ? NULL : malloc(len);
  __CPROVER_assume(len == 0 || s.p != NULL);
  return s;
}

static mlkem_span *any_spans(size_t *n) {
  mlkem_span *list = malloc(2 * sizeof(mlkem_span));
  __CPROVER_assume(list != NULL);
  list[0] = any_span();
  list[1] = any_span();
  *n = (size_t)(nondet_int() & 3);
  __CPROVER_assume(*n <= 2);
  return list;
}

static mlkem_sha2_alg any_alg(void) {
  return nondet_int() == 0   ? MLKEM_SHA2_256
         : nondet_int() == 0 ? MLKEM_SHA2_384
                             : MLKEM_SHA2_512;
}

#endif
