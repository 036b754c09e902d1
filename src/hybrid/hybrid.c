/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * hybrid.c - how the hybrid functions (xwing.c, x25519mlkem768.c) enter
 * and leave a call (hybrid.h).
 */
#include "hybrid/hybrid.h"

#include "platform/ct.h"
#include "mlkem.h"

const mlkem_x25519_impl *mlkem_hybrid_enter(int missing,
                                            const mlkem_hybrid_out *outs,
                                            size_t nouts, int *err) {
  const mlkem_x25519_impl *x = NULL;
  *err = MLKEM_OK;
  if (missing)
    *err = MLKEM_ERR_NULL_ARGUMENT;
  else if ((x = mlkem_x25519_impl_get()) == NULL)
    *err = MLKEM_ERR_BACKEND;
  if (*err != MLKEM_OK) (void)mlkem_hybrid_leave(*err, outs, nouts);
  return x;
}

int mlkem_hybrid_leave(int err, const mlkem_hybrid_out *outs, size_t nouts) {
  size_t i;
  if (err != MLKEM_OK)
    for (i = 0; i < nouts; i++)
      if (outs[i].p != NULL) mlkem_zeroize(outs[i].p, outs[i].len);
  /* Deep enough for X25519's callees (ct.h), which the hybrids call
   * directly, not through the public functions that scrub after them. */
  mlkem_scrub_stack_deep();
  return err;
}
