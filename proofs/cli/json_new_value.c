/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * A new value of the JSON reader (cli/json.c, new_value): every byte of
 * it zero but its type, or NULL (calloc may fail here) with the flag set.
 * @enforce new_value
 * @replace fail
 * @flags --malloc-may-fail --malloc-fail-null
 */
#include "json_harness.h"

#include "../../cli/json.c"

void harness(void) {
  parser *ps;
  int type = nondet_int();
  __CPROVER_assume(type >= JSON_NULL && type <= JSON_OBJECT);
  link_free();
  (void)new_value(ps, (json_type)type);
}
