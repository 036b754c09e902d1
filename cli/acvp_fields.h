/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * acvp_fields.h - the byte-string fields of an ACVP test (hex in the
 * request's JSON), as the ACVP runner (cmd_acvp.c) reads them. Their own
 * file so that the unit test (tests/test_cli_acvp_fields.c) and the CBMC
 * proof (proofs/cli/acvp_get_bytes.c) reach them without the command.
 */
#ifndef MLKEM_CLI_ACVP_FIELDS_H
#define MLKEM_CLI_ACVP_FIELDS_H

#include <stddef.h>
#include <stdint.h>

#include "json.h"

/* Results of acvp_get_bytes. */
enum {
  ACVP_FIELD_OK = 0,
  ACVP_FIELD_MISSING = -1,  /* no member of that name, or not a string */
  ACVP_FIELD_ODD = -2,      /* an odd number of hex digits */
  ACVP_FIELD_TOO_LONG = -3, /* more than cap bytes (*len says how many) */
  ACVP_FIELD_NOT_HEX = -4   /* a character that is not a hex digit */
};

/* The member `name` of the test object `test`, a string of hex digits,
 * decoded into out[0..cap). On ACVP_FIELD_OK, *len is the length of the
 * byte string (at most cap) and out[0..*len) holds it. On
 * ACVP_FIELD_TOO_LONG, *len is the length the field has (more than cap),
 * for the caller's length check or message, and nothing was decoded. On
 * every error all cap bytes of out are zero, and *len is 0 but for
 * ACVP_FIELD_TOO_LONG. */
int acvp_get_bytes(const json_value *test, const char *name, uint8_t *out,
                   size_t cap, size_t *len);

#endif
