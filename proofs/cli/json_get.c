/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The JSON tree's lookup (cli/json.c, json_get), behind every field the
 * ACVP runner reads: for every value (NULL, any type, an object of up to
 * JSON_PROOF_MAX_ITEMS (2) members with names of up to
 * JSON_PROOF_MAX_KEY (3) bytes) and every name looked up (a string in an
 * object of up to 4 bytes: a literal of the runner), no read outside the
 * names or the arrays; NULL, or one of the members.
 * The name is built by proofs/include/json_harness.h.
 * @enforce json_get
 * @unwind json_get.0:3 strcmp.0:5
 */
#include "json_harness.h"

#include "../../cli/json.c"

void harness(void) {
  const json_value *v;
  const char *key = proof_name();
  link_free();
  (void)json_get(v, key);
}
