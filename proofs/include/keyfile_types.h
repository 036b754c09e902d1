/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * keyfile_types.h - what the key-file readers' proofs (proofs/keyfile/
 * keyfile_*.c) share, included before keyfile.c: a table of two key types
 * of any sizes within the key's arrays, one with RFC 9935's privateKey
 * CHOICE and one with a bare seed (X-Wing's), whose cryptography (the key
 * pair of a seed, the checks of ek and dk: SHA-3 and the ML-KEM key
 * generation) is replaced by stubs; and a stub of the error reporter.
 * The stubs' contract: they write only their outputs, every byte of them
 * with any value, and return success or their error.
 */
#ifndef MLKEM_PROOFS_KEYFILE_TYPES_H
#define MLKEM_PROOFS_KEYFILE_TYPES_H

#include <stdlib.h>

#include "harness.h"
#include "keyfile/keyfile_alg.h"

size_t nondet_size(void);

/* The error reporter: sets the code, any message; returns the code. A
 * macro, so that the harnesses include this header before keyfile.c: CBMC's
 * contract instrumentation passes its write set to every function as one
 * more argument, which a variadic callee (mlkem_keyfile_fail's
 * declaration) would read in the wrong place. The message's arguments are
 * not evaluated here. */
static int keyfile_fail(mlkem_keyfile_error *err, int code) {
  if (err == NULL) return code;
  err->code = code;
  __CPROVER_havoc_object(err->msg);
  return code;
}
#define mlkem_keyfile_fail(err, code, ...) keyfile_fail(err, code)

static int stub_expand(const mlkem_keyfile_entry *e, uint8_t *ek, uint8_t *dk,
                       const uint8_t *seed, mlkem_keyfile_error *err) {
  (void)seed;
  (void)err;
  __CPROVER_havoc_slice(ek, e->alg.ek_bytes);
  __CPROVER_havoc_slice(dk, e->alg.dk_bytes);
  return nondet_int() == 0 ? MLKEM_KEYFILE_OK : MLKEM_KEYFILE_ERR_LIBRARY;
}

static int stub_check_ek(const mlkem_keyfile_entry *e, const uint8_t *ek,
                         int raw, mlkem_keyfile_error *err) {
  (void)e;
  (void)ek;
  (void)raw;
  (void)err;
  return nondet_int() == 0 ? MLKEM_KEYFILE_OK : MLKEM_KEYFILE_ERR_INVALID_EK;
}

static int stub_check_dk(const mlkem_keyfile_entry *e, const uint8_t *dk,
                         uint8_t *ek, mlkem_keyfile_error *err) {
  (void)dk;
  (void)err;
  __CPROVER_havoc_slice(ek, e->alg.ek_bytes);
  return nondet_int() == 0 ? MLKEM_KEYFILE_OK : MLKEM_KEYFILE_ERR_INVALID_DK;
}

/* A key type of any sizes within the key's arrays and any OID. */
static void any_type(mlkem_keyfile_entry *e, mlkem_keyfile_priv_syntax priv) {
  e->alg.name = "T";
  e->alg.oid = "1.2";
  e->alg.ek_bytes = nondet_size();
  e->alg.dk_bytes = nondet_size();
  e->alg.seed_bytes = nondet_size();
  __CPROVER_assume(e->alg.ek_bytes <= MLKEM_KEYFILE_MAX_EK_BYTES);
  __CPROVER_assume(e->alg.dk_bytes <= MLKEM_KEYFILE_MAX_DK_BYTES);
  __CPROVER_assume(e->alg.seed_bytes <= MLKEM_KEYFILE_MAX_SEED_BYTES);
  e->oid_len = nondet_size();
  __CPROVER_assume(e->oid_len <= MLKEM_KEYFILE_OID_MAX);
  e->priv = priv;
  e->raw_by_size = nondet_int() & 1;
  e->kem_name = NULL;
  e->family = "F";
  e->expand = stub_expand;
  e->check_ek = stub_check_ek;
  /* A type with the CHOICE has an expanded form (ML-KEM, Kyber); X-Wing,
   * with its bare seed, has none. */
  e->check_dk = priv == MLKEM_KEYFILE_PRIV_CHOICE || nondet_int() == 0
                    ? stub_check_dk
                    : NULL;
}

static mlkem_keyfile_entry choice, seed_only;
static const mlkem_keyfile_entry *table[3];

/* A part of the input of any length below 2^40 bytes and any content,
 * on the heap (its length in *n), as the load_* harnesses take it. */
static const uint8_t *any_part(size_t *n) {
  const uint8_t *p;
  *n = nondet_size();
  __CPROVER_assume(*n < ((size_t)1 << 40));
  p = malloc(*n);
  __CPROVER_assume(p != NULL);
  return p;
}

/* Fills the two entries and the table; call first. (The table is filled
 * here, not by an initialiser: the contract instrumentation gives static
 * objects it does not see written by the harness any value.) */
static void any_types(void) {
  any_type(&choice, MLKEM_KEYFILE_PRIV_CHOICE);
  any_type(&seed_only, MLKEM_KEYFILE_PRIV_SEED);
  table[0] = &choice;
  table[1] = &seed_only;
  table[2] = NULL;
}

#endif
