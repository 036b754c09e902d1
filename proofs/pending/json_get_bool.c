/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The JSON tree's typed lookup (cli/json.c, json_get_bool), with json_get
 * replaced by its contract (proofs/cli/json_get.c): for every value and
 * name as there, *out 0 or 1 where the member is a boolean, left as it was
 * otherwise.
 * @enforce json_get_bool
 * @replace json_get
 */
#include "json_harness.h"

#include "../../cli/json.c"

void harness(void) {
  const json_value *obj;
  int *out;
  const char *key = proof_name();
  link_free();
  (void)json_get_bool(obj, key, out);
}
