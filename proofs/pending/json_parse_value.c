/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The JSON reader's values (cli/json.c, parse_value): for every text of
 * up to JSON_PROOF_MAX_LEN (16) bytes, every position and every depth up
 * to JSON_MINI_MAX_DEPTH + 1: a depth beyond JSON_MINI_MAX_DEPTH refused
 * before anything is read, so that parse_array and parse_object (whose
 * contracts take at most JSON_MINI_MAX_DEPTH) are called only within the
 * limit: the recursion is bounded; no read outside the text; a value
 * that took at least a byte, or NULL with the flag set. The values that
 * hold no others are parse_scalar's (proofs/cli/json_parse_scalar.c).
 * @enforce parse_value
 * @replace parse_object parse_array parse_scalar skip_ws fail
 */
#include "json_harness.h"

#include "../../cli/json.c"

void harness(void) {
  parser *ps;
  int depth;
  link_free();
  (void)parse_value(ps, depth);
}
