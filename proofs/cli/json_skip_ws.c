/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The JSON reader's whitespace (cli/json.c, skip_ws): for every text of
 * up to JSON_PROOF_MAX_LEN (16) bytes and every position in it, no read
 * outside the text; the position moves forward, within the text, to the
 * end or to a character that is not whitespace.
 * @enforce skip_ws
 * @unwind skip_ws.0:17
 */
#include "json_harness.h"

#include "../../cli/json.c"

void harness(void) {
  parser *ps;
  link_free();
  skip_ws(ps);
}
