/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The JSON reader's objects (cli/json.c, parse_object): for every text of
 * up to JSON_PROOF_MAX_LEN (10) bytes, every position at a { and every
 * depth up to JSON_MINI_MAX_DEPTH, no read outside the text; each name
 * read by parse_string_raw and compared (strcmp) with those before it
 * within their strings, each value by parse_value at depth + 1 (its
 * contract: the recursion is bounded), every member appended (append
 * inlined: the names kept) or freed; an object, or NULL with the flag set.
 * @enforce parse_object
 * @replace parse_value parse_string_raw new_value skip_ws fail json_free
 * @define JSON_PROOF_MAX_LEN=10
 * @unwind parse_object.0:4 parse_object.1:4 strcmp.0:11
 * @flags --malloc-may-fail --malloc-fail-null
 */
#include "json_harness.h"

#include "../../cli/json.c"

void harness(void) {
  parser *ps;
  int depth;
  link_free();
  (void)parse_object(ps, depth);
}
