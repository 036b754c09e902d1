/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The JSON reader's digit test (cli/json.c, is_digit).
 * @enforce is_digit
 */
#include "json_harness.h"

#include "../../cli/json.c"

void harness(void) {
  char c;
  link_free();
  (void)is_digit(c);
}
