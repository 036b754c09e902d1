/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_cli_acvp_fields.c - the ACVP runner's byte-string fields
 * (cli/acvp_fields.c, acvp_get_bytes, included here with the JSON reader
 * and the hex reader): a field decodes into the caller's buffer only if it
 * fits; a field longer than the buffer, missing, of odd length or not hex
 * is an error with all of the buffer zero (the post-condition of its CBMC
 * proof, proofs/cli/acvp_get_bytes.c). Before, the runner decoded any
 * field of up to ACVP_MAX_BYTES (3168) bytes into buffers of the length it
 * then checked: a 64-byte "m" wrote 32 bytes past its 32; a longer field
 * returned success with nothing written.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "test_util.h"

#include "../cli/acvp_fields.c"
#include "../cli/hex.c"
#include "../cli/json.c"

int main(void) {
  static const char doc[] =
      "{\"m\": \"00ff10ab\", \"long\": \"00112233445566778899\", "
      "\"odd\": \"00f\", \"bad\": \"00fg\", \"num\": 5}";
  static const uint8_t want[4] = {0x00, 0xFF, 0x10, 0xAB};
  static const char *fails[] = {"long", "odd", "bad", "num", "absent"};
  static const int codes[] = {ACVP_FIELD_TOO_LONG, ACVP_FIELD_ODD,
                              ACVP_FIELD_NOT_HEX, ACVP_FIELD_MISSING,
                              ACVP_FIELD_MISSING};
  /* out[0..4) is the buffer; out[4..8) a guard that must stay as it is. */
  uint8_t out[8], guard[4];
  char err[160];
  size_t len, i;
  json_value *v = json_parse(doc, strlen(doc), err, sizeof err);

  CHECKF(v != NULL, "test document parsed (%s)", err);
  if (v == NULL) return test_summary("test_cli_acvp_fields");
  memset(guard, TEST_FILL, sizeof guard);

  memset(out, TEST_FILL, sizeof out);
  len = 99;
  CHECK(acvp_get_bytes(v, "m", out, 4, &len) == ACVP_FIELD_OK);
  CHECK(len == 4);
  CHECK_MEM(out, want, sizeof want, "the field decoded");
  CHECK_MEM(out + 4, guard, sizeof guard, "nothing written past the field");

  /* A shorter field than the buffer: its bytes, the rest untouched. */
  memset(out, TEST_FILL, sizeof out);
  CHECK(acvp_get_bytes(v, "m", out, 6, &len) == ACVP_FIELD_OK && len == 4);
  CHECK_MEM(out, want, sizeof want, "a short field decoded");

  for (i = 0; i < sizeof fails / sizeof fails[0]; i++) {
    memset(out, TEST_FILL, sizeof out);
    len = 99;
    CHECKF(acvp_get_bytes(v, fails[i], out, 4, &len) == codes[i],
           "\"%s\" refused with its code", fails[i]);
    CHECKF(test_all_bytes(out, 4, 0), "\"%s\": the buffer zeroed", fails[i]);
    CHECKF(memcmp(out + 4, guard, sizeof guard) == 0,
           "\"%s\": nothing written past the buffer", fails[i]);
    CHECKF(len == (codes[i] == ACVP_FIELD_TOO_LONG ? 10u : 0u),
           "\"%s\": the length reported", fails[i]);
  }
  /* Not an object: missing. */
  memset(out, TEST_FILL, sizeof out);
  CHECK(acvp_get_bytes(v->items[0], "m", out, 4, &len) == ACVP_FIELD_MISSING);
  CHECK(test_all_bytes(out, 4, 0));
  json_free(v);
  printf(
      "acvp_get_bytes: a field decoded only into a buffer it fits; a long, "
      "odd, bad or missing field refused with the buffer zeroed\n");
  return test_summary("test_cli_acvp_fields");
}
