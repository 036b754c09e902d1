/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * acvp_fields.c - the byte-string fields of an ACVP test
 * (acvp_fields.h).
 */
#include "acvp_fields.h"

#include "hex.h"
#include "platform/cbmc.h"
#include "platform/ct.h"

/* What acvp_get_bytes and its decoding ensure (acvp_fields.h). */
/* clang-format off */
#define ACVP_FIELD_ENSURES                                                     \
  ensures(return_value == ACVP_FIELD_OK ||                                     \
          return_value == ACVP_FIELD_MISSING ||                                \
          return_value == ACVP_FIELD_ODD ||                                    \
          return_value == ACVP_FIELD_TOO_LONG ||                               \
          return_value == ACVP_FIELD_NOT_HEX)                                  \
  ensures(return_value == ACVP_FIELD_OK ==> *len <= cap)                       \
  ensures(return_value == ACVP_FIELD_TOO_LONG ==> *len > cap)                  \
  ensures(return_value != ACVP_FIELD_OK &&                                     \
          return_value != ACVP_FIELD_TOO_LONG ==> *len == 0)                   \
  ensures(return_value != ACVP_FIELD_OK ==> all_zero(out, cap))
/* clang-format on */

/* The decoding of a field's value v (NULL if the test has none):
 * acvp_get_bytes' work, apart from the lookup (so that each is proven on
 * its own). */
static int field_bytes(const json_value *v, uint8_t *out, size_t cap,
                       size_t *len)
    __contract__(
      requires(fresh(out, cap) && fresh(len, sizeof *len))
      requires(v == NULL || JSON_LEAF_OK(v))
      assigns(bytes(out, cap), *len)
      ACVP_FIELD_ENSURES
    ) {
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

int acvp_get_bytes(const json_value *test, const char *name, uint8_t *out,
                   size_t cap, size_t *len)
    __contract__(
      requires(fresh(out, cap) && fresh(len, sizeof *len))
      requires(test == NULL || JSON_OBJECT_OK(test))
      requires(JSON_KEY_OK(name))
      assigns(bytes(out, cap), *len)
      ACVP_FIELD_ENSURES
    ) {
  return field_bytes(json_get(test, name), out, cap, len);
}
