/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * cbmc.h - the vocabulary of the contracts written on functions and loops
 * for the CBMC proofs (docs/PROOFS.md, make proofs).
 *
 * A function's contract sits between its declarator and its body:
 *
 *   int mlkem_der_read(mlkem_der_reader *r, uint8_t tag, ...)
 *   __contract__(
 *     requires(fresh(r, sizeof *r) && ...)
 *     assigns(whole(r), ...)
 *     ensures(return_value == MLKEM_DER_OK || ...))
 *   { ... }
 *
 * and a loop's between its head and its body:
 *
 *   for (i = 0; i < n; i++)
 *   __loop__(assigns(i, bytes(out, n)) invariant(i <= n) decreases(n - i))
 *   { ... }
 *
 * In every build but the proofs' (which define CBMC), both expand to
 * nothing: the contracts document the code and cost nothing. Under CBMC,
 * requires() is assumed on entry and ensures() checked on return where the
 * function's contract is enforced (the harness's function), and the other
 * way round where a call is replaced by the contract (its callees, proven
 * by their own harnesses). assigns() is the write set: anything else the
 * function writes is a failure. Loop contracts are checked by induction
 * over one arbitrary iteration, so a proof holds for every length, not
 * only up to a bound.
 */
#ifndef MLKEM_CBMC_H
#define MLKEM_CBMC_H

#ifndef CBMC

#define __contract__(...)
#define __loop__(...)

#else

#include <stddef.h>
#include <stdint.h>

#define __contract__(...) __VA_ARGS__
#define __loop__(...) __VA_ARGS__

/* Clauses. */
#define requires(...) __CPROVER_requires(__VA_ARGS__)
#define ensures(...) __CPROVER_ensures(__VA_ARGS__)
#define assigns(...) __CPROVER_assigns(__VA_ARGS__)
#define invariant(...) __CPROVER_loop_invariant(__VA_ARGS__)
#define decreases(...) __CPROVER_decreases(__VA_ARGS__)
/* The objects a function may free (a frees set, as assigns() is a write
 * set). */
#define frees(...) __CPROVER_frees(__VA_ARGS__)

/* Values inside clauses: the result, a value on entry to the function, a
 * value on entry to the loop. */
#define return_value (__CPROVER_return_value)
#define old(...) __CPROVER_old(__VA_ARGS__)
#define loop_entry(...) __CPROVER_loop_entry(__VA_ARGS__)

/* Memory. fresh(p, n): p points to n bytes of an object of its own,
 * separate from every other fresh() of the contract (in requires: the
 * caller passes separate buffers). readable / writable: the n bytes at p
 * are valid memory. whole(x) and bytes(p, n) name write-set entries: the
 * whole object x, or the first n bytes at p. */
#define fresh(p, n) __CPROVER_is_fresh((p), (n))
#define readable(p, n) __CPROVER_r_ok((p), (n))
#define writable(p, n) __CPROVER_w_ok((p), (n))
#define whole(...) __CPROVER_object_whole(__VA_ARGS__)
#define bytes(p, n) __CPROVER_object_upto((p), (n))
#define same_object(p, q) __CPROVER_same_object((p), (q))
/* lo <= p <= hi, all three in one object. Where a contract is assumed (a
 * replaced call's ensures), it also makes a havocked p such a pointer,
 * which a comparison could not: comparing a pointer that may lie outside
 * every object is itself a failed check. */
#define ptr_in_range(lo, p, hi) __CPROVER_pointer_in_range_dfcc((lo), (p), (hi))

/* Quantifiers over an index i in [lo, hi), 32 bits wide (wider ones slow
 * the solvers down without need: no buffer here is near 4 GiB). */
/* clang-format off */
#define MLKEM_CBMC_CAT_(a, b) a##b
#define MLKEM_CBMC_CAT(a, b) MLKEM_CBMC_CAT_(a, b)
#define MLKEM_CBMC_VAR MLKEM_CBMC_CAT(mlkem_cbmc_i_, __COUNTER__)

#define for_all(i, lo, hi, ...)                                              \
  __CPROVER_forall {                                                         \
    uint32_t i;                                                              \
    ((uint32_t)(lo) <= i && i < (uint32_t)(hi)) ==> (__VA_ARGS__)            \
  }
#define exists(i, lo, hi, ...)                                               \
  __CPROVER_exists {                                                         \
    uint32_t i;                                                              \
    ((uint32_t)(lo) <= i && i < (uint32_t)(hi)) && (__VA_ARGS__)             \
  }

/* Every element a[i], lo <= i < hi, within [min, max] (both included, as
 * the bounds are written in backend/backend.h: "|x| < q" is
 * within(a, 0, 256, -q + 1, q - 1)). */
#define all_within_(i, a, lo, hi, min, max)                                  \
  for_all(i, lo, hi, (min) <= (a)[i] && (a)[i] <= (max))
#define all_within(a, lo, hi, min, max)                                      \
  all_within_(MLKEM_CBMC_VAR, a, lo, hi, min, max)

/* Every element a[i], lo <= i < hi, below the bound (unsigned limbs). */
#define all_below_(i, a, lo, hi, bound)                                      \
  for_all(i, lo, hi, (a)[i] < (bound))
#define all_below(a, lo, hi, bound) all_below_(MLKEM_CBMC_VAR, a, lo, hi, bound)

/* The loop invariants' forms of all_within and all_below: every a[k],
 * k < i, within [min, max] (below the bound), stated over the constant
 * range [0, n) with i symbolic, so that CBMC's SAT back-end expands the
 * quantifier into n clauses (it cannot expand one whose range is
 * symbolic, and drops it where it must assume it). */
#define prefix_within_(k, a, i, n, min, max)                                 \
  for_all(k, 0, n, k >= (i) || ((min) <= (a)[k] && (a)[k] <= (max)))
#define prefix_within(a, i, n, min, max)                                     \
  prefix_within_(MLKEM_CBMC_VAR, a, i, n, min, max)
#define prefix_below_(k, a, i, n, bound)                                     \
  for_all(k, 0, n, k >= (i) || (a)[k] < (bound))
#define prefix_below(a, i, n, bound) prefix_below_(MLKEM_CBMC_VAR, a, i, n, bound)

/* The n bytes at p are all zero. */
#define all_zero_(i, p, n) for_all(i, 0, n, ((const uint8_t *)(p))[i] == 0)
#define all_zero(p, n) all_zero_(MLKEM_CBMC_VAR, p, n)
/* clang-format on */

#endif

#endif
