/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The JSON reader's \uXXXX digits (cli/json.c, hex4): for every text of up
 * to JSON_PROOF_MAX_LEN (16) bytes and every position, the four digits
 * read only when four bytes are left; past them with a value up to
 * 0xFFFF, or unmoved.
 * @enforce hex4
 * @unwind hex4.0:5
 */
#include "json_harness.h"

#include "../../cli/json.c"

void harness(void) {
  parser *ps;
  unsigned long *out;
  link_free();
  (void)hex4(ps, out);
}
