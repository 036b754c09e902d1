/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The JSON reader's values that hold no others (cli/json.c,
 * parse_scalar): for every text of up to JSON_PROOF_MAX_LEN (16) bytes
 * and every position before its end: a string (parse_string_raw's, its
 * length kept), true, false, null or a number (parse_number's), each
 * past at least a byte; or NULL with the flag set, the string freed where
 * no value could be made.
 * @enforce parse_scalar
 * @replace parse_string_raw parse_number literal new_value fail
 * @flags --malloc-may-fail --malloc-fail-null
 */
#include "json_harness.h"

#include "../../cli/json.c"

void harness(void) {
  parser *ps;
  link_free();
  (void)parse_scalar(ps);
}
