/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The JSON tree's typed lookup (cli/json.c, json_get_string), with json_get
 * replaced by its contract (proofs/cli/json_get.c): for every value and
 * name as there, a string member's text or NULL.
 * @enforce json_get_string
 * @replace json_get
 */
#include "json_harness.h"

#include "../../cli/json.c"

void harness(void) {
  const json_value *obj;

  const char *key = proof_name();
  link_free();
  (void)json_get_string(obj, key);
}
