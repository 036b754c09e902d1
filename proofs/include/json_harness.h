/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * json_harness.h - what the harnesses of the JSON reader (cli/json.c)
 * share. CBMC 6.6's `goto-instrument --dfcc` stops ("Numeric exception")
 * on a program that calls free() where the harness does not reach it:
 * --add-library then links no free(), which the contracts' own library
 * needs. So every harness calls link_free() once (free(NULL) does
 * nothing).
 */
#ifndef MLKEM_PROOFS_JSON_HARNESS_H
#define MLKEM_PROOFS_JSON_HARNESS_H

#include <stdlib.h>

#include "../../cli/json.h"
#include "harness.h"

static void link_free(void) {
  free(NULL);
}

size_t nondet_size(void);

/* A name looked up: a string whose object ends at its NUL, of up to
 * JSON_PROOF_MAX_KEY + 1 bytes (the literals of the ACVP runner). */
static char *proof_name(void) {
  size_t n = nondet_size();
  char *s;
  __CPROVER_assume(n >= 1 && n <= JSON_PROOF_MAX_KEY + 1);
  s = malloc(n);
  __CPROVER_assume(s != NULL);
  s[n - 1] = 0;
  return s;
}

#endif
