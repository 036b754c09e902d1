/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * harness.h - what the harnesses of proofs/ share: CBMC gives every
 * variable without an initial value, and every result of a function
 * named nondet_*, an arbitrary value; the contracts' requires() then
 * narrow them down.
 */
#ifndef MLKEM_PROOFS_HARNESS_H
#define MLKEM_PROOFS_HARNESS_H

int nondet_int(void);

/* Any one of two or three objects: so that arguments may be the same
 * object or different ones, as callers pass them. For f(r, a, b), with
 * objects x, y, z: r = either(&x, &y), a = &x, b = pick(&x, &y, &z) gives
 * every pattern of aliasing, each once (a symmetric one left out costs the
 * solver much and adds nothing). */
#define either(a, b) (nondet_int() == 0 ? (a) : (b))
#define pick(a, b, c) (nondet_int() == 0 ? (a) : nondet_int() == 0 ? (b) : (c))

#endif
