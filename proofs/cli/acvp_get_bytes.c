/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The ACVP runner's byte-string fields (cli/acvp_fields.c,
 * acvp_get_bytes), behind every hex field of a test (d, z, ek, m, dk, c):
 * for every field (any type, any string length up to 2^40 digits, any
 * content) and every buffer size cap, no write outside out[0..cap), no
 * read outside the string, a success only with the length within cap,
 * and on every error all cap bytes of out zero. (The bug it excludes was
 * there: cmd_acvp.c decoded up to 3168 bytes into buffers of 32,
 * tests/test_cli_acvp_fields.c.)
 *
 * Replaced: cli_unhex by its contract (proven by proofs/cli/unhex.c),
 * and the JSON tree's
 * lookup json_get by the stub below, whose contract is stated here and
 * not proven (cli/json.c is not proven yet, docs/PROOFS.md): it returns
 * NULL or a value of any type; a string value has str_len bytes and a NUL
 * after them, as json_parse builds them.
 * @enforce acvp_get_bytes
 * @replace cli_unhex
 * @source src/platform/ct.c
 */
#include <stdlib.h>

#include "harness.h"

#include "../../cli/acvp_fields.c"
#include "../../cli/hex.h"

size_t nondet_size(void);

const json_value *json_get(const json_value *v, const char *key) {
  json_value *r;
  size_t n = nondet_size();
  (void)v;
  (void)key;
  if (nondet_int() == 0) return NULL;
  r = malloc(sizeof *r);
  __CPROVER_assume(r != NULL);
  if (r->type == JSON_STRING) {
    __CPROVER_assume(n < ((size_t)1 << 40));
    r->str = malloc(n + 1);
    __CPROVER_assume(r->str != NULL);
    r->str[n] = '\0';
    r->str_len = n;
  }
  return r;
}

void harness(void) {
  const json_value *test;
  const char *name;
  uint8_t *out;
  size_t cap, *len;
  (void)acvp_get_bytes(test, name, out, cap, len);
}
