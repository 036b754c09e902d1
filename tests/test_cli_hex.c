/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_cli_hex.c - the `mlkem` tool's hex reader (cli/hex.c, cli_unhex,
 * included here): digits of either case decode to their bytes, and a
 * character that is not a hex digit anywhere makes it return -1 with all
 * n bytes of the output zero, the part decoded before it included (the
 * post-condition its CBMC proof states, proofs/cli/unhex.c; before, the
 * bytes decoded so far were left in the output).
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "test_util.h"

#include "../cli/hex.c"

int main(void) {
  /* The bytes written out by hand: 0x00 0xFF 0x10 0xAB 0x9c. */
  static const uint8_t want[5] = {0x00, 0xFF, 0x10, 0xAB, 0x9C};
  static const char *bad[] = {"00ff10ab9g", "00ff1Xab9c", "z0ff10ab9c",
                              "00ff10ab9 ", "00ff10ab:c", "00ff10ab/c"};
  uint8_t out[5];
  size_t i;

  memset(out, TEST_FILL, sizeof out);
  CHECK(cli_unhex("00fF10aB9c", 5, out) == 0);
  CHECK_MEM(out, want, sizeof want, "hex of either case");

  for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    memset(out, TEST_FILL, sizeof out);
    CHECKF(cli_unhex(bad[i], 5, out) == -1, "%s refused", bad[i]);
    CHECKF(test_all_bytes(out, sizeof out, 0), "%s: output zeroed", bad[i]);
  }

  /* n = 0 reads nothing and succeeds. */
  CHECK(cli_unhex("", 0, out) == 0);
  printf(
      "cli_unhex: either case decoded; every bad digit refused with the "
      "output zeroed\n");
  return test_summary("test_cli_hex");
}
