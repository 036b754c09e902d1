/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * backend/contracts.h - the contracts of backend/backend.h as checks, in
 * builds with MLKEM_CONTRACTS defined and backend/contracts.c added (the
 * copy of the library that tests/test_contracts links; a debug build of
 * an application may do the same). Without it, nothing here generates
 * code.
 *
 * For every operation op of the list there is mlkem_requires_op, called
 * with the operation's arguments before it runs, and mlkem_ensures_op,
 * called with them after it ran (decode12's with its result first). Each
 * checks the bounds its contract states and reports a violation to
 * mlkem_contract_violated. MLKEM_BACKEND_CONTRACT_WRAPPERS(P), in a
 * backend's backend.c, defines P_op_checked for every op: requires, the
 * operation, ensures. MLKEM_BACKEND_TABLE puts those in the table, so
 * every call through a table is checked, whoever makes it.
 */
#ifndef MLKEM_BACKEND_CONTRACTS_H
#define MLKEM_BACKEND_CONTRACTS_H

#include "backend/backend.h"

#ifdef MLKEM_CONTRACTS

#define MLKEM_ARGS_(...) __VA_ARGS__

#define MLKEM_REQUIRES_DECLARE_(P, type, name, params, args) \
  void mlkem_requires_##name params;
#define MLKEM_ENSURES_DECLARE_(P, type, name, params, args) \
  MLKEM_ENSURES_DECLARE_##type(name, params)
#define MLKEM_ENSURES_DECLARE_void(name, params) \
  void mlkem_ensures_##name params;
#define MLKEM_ENSURES_DECLARE_unsigned(name, params) \
  void mlkem_ensures_##name(unsigned return_value, MLKEM_ARGS_ params);

MLKEM_BACKEND_OPERATIONS(MLKEM_REQUIRES_DECLARE_, _)
MLKEM_BACKEND_OPERATIONS(MLKEM_ENSURES_DECLARE_, _)

/* The wrapper of one operation; the body depends on whether it returns a
 * value (the list has void and unsigned operations). */
#define MLKEM_CONTRACT_WRAPPER_(P, type, name, params, args) \
  static type P##_##name##_checked params {                  \
    MLKEM_CONTRACT_CALL_##type(P##_##name, name, args)       \
  }
#define MLKEM_CONTRACT_CALL_void(f, name, args) \
  mlkem_requires_##name args;                   \
  f args;                                       \
  mlkem_ensures_##name args;
#define MLKEM_CONTRACT_CALL_unsigned(f, name, args) \
  unsigned result;                                  \
  mlkem_requires_##name args;                       \
  result = f args;                                  \
  mlkem_ensures_##name(result, MLKEM_ARGS_ args);   \
  return result;

#define MLKEM_BACKEND_CONTRACT_WRAPPERS(P) \
  MLKEM_BACKEND_OPERATIONS(MLKEM_CONTRACT_WRAPPER_, P)

/* MLKEM_BACKEND_TABLE's entries (backend.h): the wrappers. */
#undef MLKEM_OP_ENTRY_
#define MLKEM_OP_ENTRY_(P, type, name, params, args) \
  .name = P##_##name##_checked,

/* Reports that the contract of operation op was broken (what: which
 * bound). Calls mlkem_contract_handler if set, else prints the report to
 * stderr and aborts. */
void mlkem_contract_violated(const char *op, const char *what);

/* For tests of the checks themselves: called instead of aborting. */
extern void (*mlkem_contract_handler)(const char *op, const char *what);

#else

#define MLKEM_BACKEND_CONTRACT_WRAPPERS(P)

#endif

#endif
