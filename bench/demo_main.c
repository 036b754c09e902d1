/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* demo_main.c - the mlkem_demo program (make demo): see examples/demo.c. */
#include "programs.h"

int main(void) {
  return mlkem_demo_run();
}
