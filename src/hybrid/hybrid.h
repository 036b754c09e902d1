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

#include "x25519/x25519.h"

/* One output of a call: where and how many bytes. */
typedef struct {
  uint8_t *p;
  size_t len;
} mlkem_hybrid_out;

/* The X25519 implementation for a call, or NULL with *err set and every
 * non-NULL output zeroed: MLKEM_ERR_NULL_ARGUMENT if `missing`, else
 * MLKEM_ERR_BACKEND when no backend is usable. */
const mlkem_x25519_impl *mlkem_hybrid_enter(int missing,
                                            const mlkem_hybrid_out *outs,
                                            size_t nouts, int *err);

/* Ends a call: on error (err != 0) zeroes every output; wipes the stack
 * below the caller where the hashes' permutations kept their states and
 * X25519's field code the values it derived from a private key.
 * Returns err. */
int mlkem_hybrid_leave(int err, const mlkem_hybrid_out *outs, size_t nouts);

#endif
