/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * hybrid/hybrid.h - what X-Wing (xwing.c) and the TLS key shares
 * (x25519mlkem768.c) share: how they enter a call and leave it
 * (hybrid.c).
 */
#ifndef MLKEM_HYBRID_HYBRID_H
#define MLKEM_HYBRID_HYBRID_H

#include <stddef.h>
#include <stdint.h>

#include "mlkem.h"
#include "platform/cbmc.h"
#include "x25519/x25519.h"

/* One output of a call: where and how many bytes. */
typedef struct {
  uint8_t *p;
  size_t len;
} mlkem_hybrid_out;

/* The outputs of a call as the proofs take them (docs/PROOFS.md): one or
 * two (what every caller passes), each NULL or len writable bytes; on
 * error, each all zero. */
#define MLKEM_HYBRID_OUT_OK(o) ((o).p == NULL || writable((o).p, (o).len))
#define MLKEM_HYBRID_OUTS_OK(outs, n)                              \
  (1 <= (n) && (n) <= 2 && readable(outs, (n) * sizeof *(outs)) && \
   MLKEM_HYBRID_OUT_OK((outs)[0]) &&                               \
   ((n) < 2 || MLKEM_HYBRID_OUT_OK((outs)[1])))
#define MLKEM_HYBRID_OUT_ZERO(o) ((o).p == NULL || all_zero((o).p, (o).len))
#define MLKEM_HYBRID_OUTS_ZERO(outs, n) \
  (MLKEM_HYBRID_OUT_ZERO((outs)[0]) &&  \
   ((n) < 2 || MLKEM_HYBRID_OUT_ZERO((outs)[1])))
/* The write set: the outputs, where cond holds. */
#define MLKEM_HYBRID_OUTS_WRITTEN(cond, outs, n)                     \
  (cond) && (outs)[0].p != NULL : bytes((outs)[0].p, (outs)[0].len); \
  (cond) && (n) > 1 && (outs)[1].p != NULL : bytes((outs)[1].p, (outs)[1].len)

/* The X25519 implementation for a call, or NULL with *err set and every
 * non-NULL output zeroed: MLKEM_ERR_NULL_ARGUMENT if `missing`, else
 * MLKEM_ERR_BACKEND when no backend is usable. */
const mlkem_x25519_impl *mlkem_hybrid_enter(int missing,
                                            const mlkem_hybrid_out *outs,
                                            size_t nouts, int *err)
    __contract__(
      requires(MLKEM_HYBRID_OUTS_OK(outs, nouts) && fresh(err, sizeof *err))
      assigns(*err; MLKEM_HYBRID_OUTS_WRITTEN(1, outs, nouts))
      ensures((return_value == NULL || MLKEM_X25519_IMPL_OK(return_value)) &&
              (return_value == NULL) == (*err != 0) &&
              (missing == 0 || *err == MLKEM_ERR_NULL_ARGUMENT) &&
              (*err == 0 || *err == MLKEM_ERR_NULL_ARGUMENT ||
               *err == MLKEM_ERR_BACKEND) &&
              (return_value == NULL ==> MLKEM_HYBRID_OUTS_ZERO(outs, nouts)))
    );

/* Ends a call: on error (err != 0) zeroes every output; wipes the stack
 * below the caller where the hashes' permutations kept their states and
 * X25519's field code the values it derived from a private key.
 * Returns err. */
int mlkem_hybrid_leave(int err, const mlkem_hybrid_out *outs, size_t nouts)
    __contract__(
      requires(MLKEM_HYBRID_OUTS_OK(outs, nouts))
      assigns(MLKEM_HYBRID_OUTS_WRITTEN(err != 0, outs, nouts))
      ensures(return_value == err &&
              (err == 0 || MLKEM_HYBRID_OUTS_ZERO(outs, nouts)))
    );

#endif
