/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * SamplePolyCBD_eta (backend/portable/sampling.c, mlkem_portable_cbd)
 * against MLKEM_OP_CBD's contract (backend/backend.h): for eta in {2, 3}
 * and every input, only the 64 eta bytes read, every coefficient within
 * [-eta, eta]. The loops over the words carry loop contracts (the
 * coefficients so far within [-eta, eta]); the loops within a word are
 * unwound.
 * @enforce mlkem_portable_cbd
 * @loops
 * @unwind cbd2.0:9 cbd3.0:5
 * @solver sat
 * @check conversion
 */
#include <stdlib.h>

#include "backend/portable/sampling.c"

void harness(void) {
  mlkem_poly r;
  unsigned eta;
  uint8_t *buf = malloc(64 * eta);
  mlkem_portable_cbd(&r, buf, eta);
}
