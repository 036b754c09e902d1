/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The JSON reader's arrays (cli/json.c, parse_array): for every text of up
 * to JSON_PROOF_MAX_LEN (6) bytes, every position at a [ and every depth
 * up to JSON_MINI_MAX_DEPTH, no read outside the text; each element read
 * by parse_value at depth + 1 (its contract: a depth of at most
 * JSON_MINI_MAX_DEPTH + 1, so the recursion is bounded), every element
 * appended or freed; an array, or NULL with the flag set.
 * @enforce parse_array
 * @replace parse_value append new_value skip_ws fail json_free
 * @define JSON_PROOF_MAX_LEN=6
 * @unwind parse_array.0:7
 * @flags --object-bits 10
 */
#include "json_harness.h"

#include "../../cli/json.c"

void harness(void) {
  parser *ps;
  int depth;
  link_free();
  (void)parse_array(ps, depth);
}
