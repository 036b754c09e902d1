/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The JSON reader's error (cli/json.c, fail): for every text of up to
 * JSON_PROOF_MAX_LEN (16) bytes, every position and every message buffer
 * (NULL, or up to 8 bytes: the C library's snprintf is modelled as
 * writing any bytes up to a NUL within the buffer), no access outside
 * the text or the buffer; the flag set. The line and column loop runs
 * over the text up to the position.
 *
 * snprintf is replaced by a stub (below) that writes any bytes, a NUL
 * last, into the buffer, as the C library's model does: CBMC's contract
 * instrumentation passes a write set as one more argument, which the
 * model's variadic vsnprintf reads as its own (docs/PROOFS.md).
 * @enforce fail
 * @unwind fail.0:17 proof_snprintf.0:9
 */
#include <stdio.h>

#include "json_harness.h"

char nondet_char(void);

static int proof_snprintf(char *s, size_t n) {
  size_t i;
  for (i = 0; i < n; i++) s[i] = i + 1 == n ? 0 : nondet_char();
  return 0;
}
#define snprintf(s, n, ...) proof_snprintf(s, n)

#include "../../cli/json.c"

void harness(void) {
  parser *ps;
  const char *what;
  link_free();
  fail(ps, what);
}
