/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The ACVP runner's byte-string fields, their decoding (cli/acvp_fields.c,
 * field_bytes: acvp_get_bytes' work after the lookup), behind every hex
 * field of a test (d, z, ek, m, dk, c): for every value (NULL, any JSON
 * type, any string length up to 2^40 digits, any content) and every
 * buffer size cap, no write outside out[0..cap), no read outside the
 * string, a success only with the length within cap, and on every error
 * all cap bytes of out zero. (The bug it excludes was there: cmd_acvp.c
 * decoded up to 3168 bytes into buffers of 32,
 * tests/test_cli_acvp_fields.c.)
 *
 * Replaced: cli_unhex by its contract (proven by proofs/cli/unhex.c).
 * @enforce field_bytes
 * @replace cli_unhex
 * @source src/platform/ct.c
 */
#include "../../cli/acvp_fields.c"
#include "../../cli/hex.h"

void harness(void) {
  const json_value *v;
  uint8_t *out;
  size_t cap, *len;
  (void)field_bytes(v, out, cap, len);
}
