/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * acvp_fields.c - the byte-string fields of an ACVP test
 * (acvp_fields.h).
 */
#include "acvp_fields.h"

#include "hex.h"
#include "platform/cbmc.h"
#include "platform/ct.h"

int acvp_get_bytes(const json_value *test, const char *name, uint8_t *out,
                   size_t cap, size_t *len)
    __contract__(
      requires(fresh(out, cap) && fresh(len, sizeof *len))
      requires(test == NULL || fresh(test, sizeof *test))
      assigns(bytes(out, cap), *len)
      ensures(return_value == ACVP_FIELD_OK ||
              return_value == ACVP_FIELD_MISSING ||
              return_value == ACVP_FIELD_ODD ||
              return_value == ACVP_FIELD_TOO_LONG ||
              return_value == ACVP_FIELD_NOT_HEX)
      ensures(return_value == ACVP_FIELD_OK ==> *len <= cap)
      ensures(return_value == ACVP_FIELD_TOO_LONG ==> *len > cap)
      ensures(return_value != ACVP_FIELD_OK &&
              return_value != ACVP_FIELD_TOO_LONG ==> *len == 0)
      ensures(return_value != ACVP_FIELD_OK ==> all_zero(out, cap))
    ) {
  const json_value *v = json_get(test, name);
  *len = 0;
  if (v == NULL || v->type != JSON_STRING) {
    mlkem_zeroize(out, cap);
    return ACVP_FIELD_MISSING;
  }
  if (v->str_len % 2 != 0) {
    mlkem_zeroize(out, cap);
    return ACVP_FIELD_ODD;
  }
  if (v->str_len / 2 > cap) {
    /* Checked against the caller's buffer, before anything is decoded
     * (before, cmd_acvp.c decoded up to ACVP_MAX_BYTES whatever the
     * buffer, and checked the length after: a 64-byte "m" overran its
     * 32 bytes; a field longer still returned success with nothing
     * written). */
    *len = v->str_len / 2;
    mlkem_zeroize(out, cap);
    return ACVP_FIELD_TOO_LONG;
  }
  if (cli_unhex(v->str, v->str_len / 2, out) != 0) {
    mlkem_zeroize(out, cap);
    return ACVP_FIELD_NOT_HEX;
  }
  *len = v->str_len / 2;
  return ACVP_FIELD_OK;
}
