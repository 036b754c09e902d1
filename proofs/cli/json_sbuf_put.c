/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The JSON reader's string buffer (cli/json.c, sbuf_put): for every
 * buffer (empty, or len < cap of cap bytes, cap up to 2^40) and every
 * byte, the byte stored at len within the buffer, grown (doubled) where
 * full; on a failed realloc the buffer left as it was.
 * @enforce sbuf_put
 * @flags --malloc-may-fail --malloc-fail-null
 */
#include "json_harness.h"

#include "../../cli/json.c"

void harness(void) {
  sbuf *b;
  char c;
  link_free();
  (void)sbuf_put(b, c);
}
