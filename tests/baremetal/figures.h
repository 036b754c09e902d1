/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* figures.h - the embedded figures of the bare-metal image (figures.c). */
#ifndef MLKEM_FIGURES_H
#define MLKEM_FIGURES_H

/* Measures and prints the stack depth of keygen, encaps and decaps of
 * every set, and brackets the same operations with mlkem_m4_mark for the
 * instruction count; returns 0, or 1 if an operation failed. */
int figures_run(void);

/* Called before and after each counted operation; the qemu plugin
 * (scripts/qemu_insn_count.c, mark=) prints its running count each time
 * this function is entered. */
void mlkem_m4_mark(void);

#endif
