/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The JSON reader's true, false and null (cli/json.c, literal): for
 * every text of up to JSON_PROOF_MAX_LEN (16) bytes, every position and
 * every word of 1 to 5 bytes, no read outside the text or the word; past
 * the word, or unmoved.
 * @enforce literal
 * @unwind memcmp.0:6
 */
#include "json_harness.h"

#include "../../cli/json.c"

void harness(void) {
  parser *ps;
  const char *word;
  size_t n;
  link_free();
  (void)literal(ps, word, n);
}
