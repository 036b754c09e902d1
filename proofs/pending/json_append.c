/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The JSON reader's members (cli/json.c, append): for every array or
 * object of count members (items and, for an object, keys: arrays of
 * count pointers), the item (and key) stored at count, the arrays grown
 * by one; on a failed realloc the flag set, the count as it was, the
 * item and key freed. For every count below 8 (JSON_PROOF_MAX_COUNT: the
 * C library model's realloc copies the arrays, whose symbolic size cost
 * the solver more than 200 s).
 * @define JSON_PROOF_MAX_COUNT=8
 * @enforce append
 * @replace fail json_free
 * @flags --malloc-may-fail --malloc-fail-null
 */
#include "json_harness.h"

#include "../../cli/json.c"

void harness(void) {
  parser *ps;
  json_value *v, *item;
  char *key;
  link_free();
  (void)append(ps, v, item, key);
}
