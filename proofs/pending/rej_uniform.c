/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The rejection step of SampleNTT (backend/portable/sampling.c,
 * mlkem_portable_rej_uniform) against MLKEM_OP_REJ_UNIFORM's contract
 * (backend/backend.h): for every count already sampled, every length of
 * the block up to 168 bytes and every stride of the lanes, no read
 * outside the lanes, no write outside r, the count at most 256 and every
 * coefficient below it in [0, q). The loops have constant bounds (one
 * block of at most 168 bytes) and are unwound.
 * @enforce mlkem_portable_rej_uniform
 * @unwind mlkem_portable_rej_uniform.0:2 mlkem_lane_bytes.0:22 rej_bytes.0:5
 * rej_bytes.1:29 rej_bytes.2:57
 * @solver z3
 */
#include <stdlib.h>

#include "backend/portable/sampling.c"

void harness(void) {
  mlkem_poly r;
  unsigned ctr, len;
  size_t stride;
  uint64_t *lane = malloc((stride * ((len + 7) / 8 - 1) + 1) * 8);
  mlkem_portable_rej_uniform(&r, &ctr, lane, stride, len);
}
