/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * hex.c - hex out (secrets: no branch or index on the bytes) and in
 * (ciphertexts: public) for the `mlkem` tool (hex.h).
 */
#include "hex.h"

static void hex_digits(const uint8_t *in, size_t n, char *out, char ten) {
  size_t i;
  for (i = 0; i < n; i++) {
    out[2 * i] = mlkem_hex_digit((uint8_t)(in[i] >> 4), ten);
    out[2 * i + 1] = mlkem_hex_digit((uint8_t)(in[i] & 15), ten);
  }
}

void cli_hex(const uint8_t *in, size_t n, char *out) {
  hex_digits(in, n, out, 'a');
  out[2 * n] = '\n';
}

void cli_hex_upper(const uint8_t *in, size_t n, char *out) {
  hex_digits(in, n, out, 'A');
  out[2 * n] = '\0';
}

static int hex_value(uint8_t c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

int cli_unhex(const char *hex, size_t n, uint8_t *out) __contract__(
      requires(n <= SIZE_MAX / 2 && fresh(hex, 2 * n) && fresh(out, n))
      assigns(bytes(out, n))
      ensures(return_value == 0 || return_value == -1)
      ensures(return_value != 0 ==> all_zero(out, n))
    ) {
  size_t i;
  for (i = 0; i < n; i++)
    __loop__(
      assigns(i, bytes(out, n))
      invariant(i <= n)
      decreases(n - i)) {
      int hi = hex_value((uint8_t)hex[2 * i]);
      int lo = hex_value((uint8_t)hex[2 * i + 1]);
      if (hi < 0 || lo < 0) {
        /* An output is zeroed on error, the part decoded included. */
        mlkem_zeroize(out, n);
        return -1;
      }
      out[i] = (uint8_t)(hi << 4 | lo);
    }
  return 0;
}
