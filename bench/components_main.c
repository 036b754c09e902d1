/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* components_main.c - the mlkem_components program (make bench-components):
 * see components.c. */
#include "programs.h"

int main(int argc, char **argv) {
  return mlkem_components_run(argc, (const char *const *)argv);
}
