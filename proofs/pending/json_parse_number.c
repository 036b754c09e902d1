/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The JSON reader's numbers (cli/json.c, parse_number): for every text of
 * up to JSON_PROOF_MAX_LEN (8) bytes (every part: a sign,
 * digits, a fraction, an exponent with its sign) and every position at a sign
 * or a digit, no read outside the text, the copy within the 64-byte buffer (a
 * longer number refused); a number value, or NULL with the flag set. strtod is
 * a stub (below) that reads the NUL-terminated copy and returns any value: the
 * C library's model is not what is proven here.
 * @define JSON_PROOF_MAX_LEN=8
 * @enforce parse_number
 * @replace fail new_value
 * @unwind parse_number.0:9 parse_number.1:9 parse_number.2:9
 */
#include <stdlib.h>

#include "json_harness.h"

double nondet_double(void);

static double proof_strtod(const char *s, char **end) {
  (void)end;
  (void)*s;
  return nondet_double();
}
#define strtod proof_strtod

#include "../../cli/json.c"

void harness(void) {
  parser *ps;
  link_free();
  (void)parse_number(ps);
}
