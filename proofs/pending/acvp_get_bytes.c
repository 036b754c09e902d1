/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The ACVP runner's byte-string fields (cli/acvp_fields.c,
 * acvp_get_bytes): the lookup of the field (json_get) and its decoding
 * (field_bytes), each replaced by its proven contract (proofs/cli/
 * json_get.c, acvp_field_bytes.c): for every test (NULL, any type, an
 * object of up to JSON_PROOF_MAX_ITEMS (2) members, the bound of
 * json_get's proof, each a value of any type, a string of any length up
 * to 2^40 with a NUL after it) and every name the runner passes (a
 * literal: a string whose object ends at its NUL, built by
 * proofs/include/json_harness.h), every buffer: the decoding's contract
 * met by what json_get returns, so its post-conditions (no write outside
 * out[0..cap), success only with the length within cap, on every error
 * all of out zero) hold for acvp_get_bytes.
 * @enforce acvp_get_bytes
 * @replace json_get field_bytes
 * @solver z3
 */
#include "json_harness.h"

#include "../../cli/acvp_fields.c"

void harness(void) {
  const json_value *test;
  const char *name = proof_name();
  uint8_t *out;
  size_t cap, *len;
  (void)acvp_get_bytes(test, name, out, cap, len);
}
