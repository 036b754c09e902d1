/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The tool's hex reader (cli/hex.c, cli_unhex), behind ciphertexts read as
 * hex and every hex field of the ACVP runner's JSON: for every length n
 * (up to SIZE_MAX / 2, so that the 2n digits are an object) and every
 * content, no read outside the 2n digits, no write outside the n bytes of
 * out, and on a character that is not a hex digit all n bytes of out
 * zero.
 * @enforce cli_unhex
 * @source src/platform/ct.c
 * @loops
 */
#include "../../cli/hex.c"

void harness(void) {
  const char *hex;
  size_t n;
  uint8_t *out;
  (void)cli_unhex(hex, n, out);
}
