/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The JSON reader's strings (cli/json.c, parse_string_raw), for every text
 * of up to JSON_PROOF_MAX_LEN (16) bytes (every escape, \uXXXX and a
 * surrogate pair among them) and every position at a quote: no read
 * outside the text (a string that is not closed is an error, not a read
 * past the end), no write outside the buffer; the decoded string has
 * fewer bytes than the text it came from, and a NUL after them; on every
 * error NULL, the flag set, *len_out as it was, the buffer freed.
 * sbuf_put, sbuf_put_utf8 and hex4 inlined (their bodies).
 * @enforce parse_string_raw
 * @replace fail
 * @unwind parse_string_raw.0:17 hex4.0:5
 * @flags --malloc-may-fail --malloc-fail-null
 */
#include "json_harness.h"

#include "../../cli/json.c"

void harness(void) {
  parser *ps;
  size_t *len_out;
  link_free();
  (void)parse_string_raw(ps, len_out);
}
