/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The JSON reader's UTF-8 encoder (cli/json.c, sbuf_put_utf8): for every
 * code point up to U+10FFFF and every buffer, one to four bytes stored
 * within the buffer (sbuf_put inlined: its body, not its contract), for
 * every buffer of up to 8 bytes (JSON_PROOF_MAX_CAP: the growth is
 * sbuf_put's, proven for every size by its own harness).
 * @define JSON_PROOF_MAX_CAP=8
 * @enforce sbuf_put_utf8
 * @flags --malloc-may-fail --malloc-fail-null
 */
#include "json_harness.h"

#include "../../cli/json.c"

void harness(void) {
  sbuf *b;
  unsigned long cp;
  link_free();
  (void)sbuf_put_utf8(b, cp);
}
