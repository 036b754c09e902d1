/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The JSON reader (cli/json.c, json_parse): for every text of up to
 * JSON_PROOF_MAX_LEN (16) bytes and every message buffer (NULL or up to
 * 8 bytes), no access outside them; the root read at depth 0, a tree or
 * NULL (trailing characters freed and refused).
 * @enforce json_parse
 * @replace parse_value skip_ws fail json_free
 */
#include "json_harness.h"

#include "../../cli/json.c"

void harness(void) {
  const char *text;
  size_t len, errlen;
  char *err;
  link_free();
  (void)json_parse(text, len, err, errlen);
}
