/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * backend/contracts.c - the checks of the backend contracts
 * (backend/contracts.h), one requires/ensures pair per operation,
 * generated from the clauses backend/backend.h lists under the operation
 * (MLKEM_BOUNDS_<op>), the same clauses the CBMC proofs take as its
 * contract (docs/PROOFS.md): the two cannot drift apart. Compiled
 * only into builds with MLKEM_CONTRACTS (src/CMakeLists.txt): they read
 * every coefficient on every call, and a violation aborts.
 */
#include "backend/contracts.h"

#ifndef MLKEM_CONTRACTS
#error "backend/contracts.c is built only with MLKEM_CONTRACTS"
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void (*mlkem_contract_handler)(const char *op, const char *what);

void mlkem_contract_violated(const char *op, const char *what) {
  if (mlkem_contract_handler != NULL) {
    mlkem_contract_handler(op, what);
    return;
  }
  fprintf(stderr, "mlkem: contract of backend operation %s broken: %s\n", op,
          what);
  abort();
}

/* The operation's name in a check function's name, mlkem_requires_<op>
 * or mlkem_ensures_<op>: after the second underscore. */
static const char *op_of(const char *fn) {
  const char *p = strchr(fn, '_');
  p = p != NULL ? strchr(p + 1, '_') : NULL;
  return p != NULL ? p + 1 : fn;
}

static void check(int ok, const char *fn, const char *what) {
  if (!ok) mlkem_contract_violated(op_of(fn), what);
}

/* The bound kinds of backend.h, as checks. A range past the end of the
 * polynomial (or of the 384 bytes) is read only up to the end: the range
 * is another clause's violation, which a test's handler may have let
 * through. */
static unsigned clamp(unsigned to, unsigned end) {
  return to < end ? to : end;
}

static int rt_within(const int16_t *p, unsigned from, unsigned to, int lo,
                     int hi) {
  unsigned i;
  for (i = from; i < clamp(to, MLKEM_N); i++)
    if (p[i] < lo || p[i] > hi) return 0;
  return 1;
}

static int rt_within_each(const mlkem_poly *v, unsigned k, unsigned from,
                          unsigned to, int lo, int hi) {
  unsigned l;
  int ok = 1;
  for (l = 0; l < clamp(k, MLKEM_K_MAX); l++)
    ok &= rt_within(v[l].coeffs, from, to, lo, hi);
  return ok;
}

static int rt_sum_within(const int16_t *p, const int16_t *s, int lo, int hi) {
  unsigned i;
  int ok = 1;
  for (i = 0; i < MLKEM_N; i++) ok &= p[i] + s[i] >= lo && p[i] + s[i] <= hi;
  return ok;
}

static int rt_diff_within(const int16_t *p, const int16_t *s, int lo, int hi) {
  unsigned i;
  int ok = 1;
  for (i = 0; i < MLKEM_N; i++) ok &= p[i] - s[i] >= lo && p[i] - s[i] <= hi;
  return ok;
}

static int rt_one_of(const int16_t *p, int u, int v) {
  unsigned i;
  int ok = 1;
  for (i = 0; i < MLKEM_N; i++) ok &= p[i] == u || p[i] == v;
  return ok;
}

static int rt_q12_below(const uint8_t *b, unsigned from, unsigned to) {
  unsigned i;
  int ok = 1;
  for (i = from / 2; i < clamp(to, MLKEM_N) / 2; i++)
    ok &= MLKEM_Q12_LO(b, i) < MLKEM_Q && MLKEM_Q12_HI(b, i) < MLKEM_Q;
  return ok;
}

static int rt_q12_flag(unsigned flag, const uint8_t *b) {
  unsigned i;
  int over = 0;
  for (i = 0; i < MLKEM_N / 2; i++)
    over |= MLKEM_Q12_LO(b, i) >= MLKEM_Q || MLKEM_Q12_HI(b, i) >= MLKEM_Q;
  return (flag != 0) == over;
}

#define rt_holds(e) (e)

/* One clause as a check, in mlkem_requires_<op> the requires clauses, in
 * mlkem_ensures_<op> the ensures clauses; ensures_exact clauses, which
 * compare with the inputs, are the proofs' alone. */
#define CHECK_(kind, args, what) check(rt_##kind args, __func__, what);
#define IN_requires(kind, args, what) CHECK_(kind, args, what)
#define IN_ensures(kind, args, what)
#define IN_ensures_exact(kind, args, what)
#define OUT_requires(kind, args, what)
#define OUT_ensures(kind, args, what) CHECK_(kind, args, what)
#define OUT_ensures_exact(kind, args, what)
#define IN_CLAUSE_(when, kind, args, what) IN_##when(kind, args, what)
#define OUT_CLAUSE_(when, kind, args, what) OUT_##when(kind, args, what)

/* The check functions of contracts.h, from the clauses of backend.h. A
 * parameter no clause names is unused. */
#if defined(__GNUC__) || defined(__clang__)
#pragma GCC diagnostic ignored "-Wunused-parameter"
#endif
#define DEFINE_REQUIRES_(P, type, name, params, args) \
  void mlkem_requires_##name params {                 \
    MLKEM_BOUNDS_##name(IN_CLAUSE_)                   \
  }
#define DEFINE_ENSURES_(P, type, name, params, args) \
  DEFINE_ENSURES_##type(name, params)
#define DEFINE_ENSURES_void(name, params) \
  void mlkem_ensures_##name params {      \
    MLKEM_BOUNDS_##name(OUT_CLAUSE_)      \
  }
#define DEFINE_ENSURES_unsigned(name, params)                            \
  void mlkem_ensures_##name(unsigned return_value, MLKEM_ARGS_ params) { \
    MLKEM_BOUNDS_##name(OUT_CLAUSE_)                                     \
  }

MLKEM_BACKEND_OPERATIONS(DEFINE_REQUIRES_, _)
MLKEM_BACKEND_OPERATIONS(DEFINE_ENSURES_, _)
